import { beforeAll, describe, expect, it } from 'vitest'
import { LegisearchError } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { sharedSnapshot, tempSnapshot } from '../helpers/tmp-snapshot.js'
import {
  DAY,
  HOUR,
  LATEST,
  PREVIOUS,
  brasilia,
  editRecord,
  file,
  real,
  stateOf,
  tempSnapshotWithList,
  useVariantDir,
  withDate,
} from './safety-support.js'

// Reconciliation safety (DECISIONS §6): a file that cannot be read as a whole, well-formed UN
// list is refused and changes nothing; a readable one is read whatever its byte order mark or the
// spelling of its encoding declaration.

/** A string as a literal inside a RegExp. */
function literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Deterministic pseudo-random bytes (not valid UTF-8, not XML). */
function garbage(n: number): Buffer {
  const out = Buffer.alloc(n)
  let x = 0x2545f491
  for (let i = 0; i < n; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    out[i] = x & 0xff
  }
  return out
}

describe('reconciliation safety: unreadable, incomplete or oversized files', () => {
  useVariantDir()

  describe('unreadable or incomplete files are refused and change nothing', () => {
    const snap = sharedSnapshot((s) => {
      s.reconcileWatchlist(file(real(PREVIOUS)), { observedOn: '2026-01-28' })
    })
    let before: ReturnType<typeof stateOf>
    beforeAll(() => {
      before = stateOf(snap())
      expect(before.totals).toEqual({ listed: 999, delisted: 0 })
    })

    const cases: { name: string; bytes: () => Buffer; message: RegExp }[] = [
      {
        name: 'truncated in the middle of the file',
        bytes: () => Buffer.from(real(LATEST), 'utf8').subarray(0, Math.floor(Buffer.byteLength(real(LATEST)) / 2)),
        message: /not well-formed XML at line \d+.*truncated/,
      },
      {
        name: 'truncated in the middle of a multi-byte character',
        bytes: () => {
          const buf = Buffer.from(real(LATEST), 'utf8')
          const arabic = buf.indexOf(Buffer.from('<NAME_ORIGINAL_SCRIPT>', 'utf8')) + '<NAME_ORIGINAL_SCRIPT>'.length
          return buf.subarray(0, arabic + 1)
        },
        // Strict UTF-8: the cut character is a decoding error, found before any XML is read.
        message: /^UN list: not valid UTF-8/,
      },
      {
        name: 'truncated right after a </INDIVIDUAL> (no closing tags)',
        bytes: () => {
          const xml = real(LATEST)
          const cut = xml.indexOf('</INDIVIDUAL>', Math.floor(xml.length / 3)) + '</INDIVIDUAL>'.length
          return Buffer.from(xml.slice(0, cut), 'utf8')
        },
        message: /not well-formed XML/,
      },
      {
        name: 'missing only its last closing tag',
        bytes: () => Buffer.from(real(LATEST).replace(/<\/CONSOLIDATED_LIST>\s*$/, ''), 'utf8'),
        message: /not well-formed XML/,
      },
      {
        name: 'cut after an </INDIVIDUAL> with only the closing tags appended (no ENTITIES section at all)',
        bytes: () => {
          const xml = real(LATEST)
          const cut = xml.indexOf('</INDIVIDUAL>', Math.floor(xml.indexOf('</INDIVIDUALS>') * 0.7)) + '</INDIVIDUAL>'.length
          return Buffer.from(`${xml.slice(0, cut)}\n  </INDIVIDUALS>\n</CONSOLIDATED_LIST>\n`, 'utf8')
        },
        message: /ENTITIES/,
      },
      { name: 'garbage bytes', bytes: () => garbage(65_536), message: /^UN list: not valid UTF-8/ },
      {
        name: 'an HTML error page',
        bytes: () =>
          Buffer.from(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>503 Service Unavailable</title>\n</head>\n<body>\n<h1>Service Unavailable</h1>\n<p>The server is temporarily unable to service your request.<br>Please try again later.</p>\n</body>\n</html>\n',
          ),
        message: /^UN list: a DOCTYPE declaration is not allowed/,
      },
      {
        name: 'a well-formed XHTML page',
        bytes: () =>
          Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Maintenance</title></head><body><p>Down for maintenance</p></body></html>\n',
          ),
        message: /^UN list: the root element is not one CONSOLIDATED_LIST/,
      },
      { name: 'an empty file', bytes: () => Buffer.alloc(0), message: /empty/ },
      { name: 'a file of whitespace only', bytes: () => Buffer.from('\n  \r\n\t\n'), message: /empty/ },
      {
        name: 'a real list whose root is not CONSOLIDATED_LIST',
        bytes: () =>
          Buffer.from(
            real(LATEST).replace('<CONSOLIDATED_LIST ', '<SANCTIONS_LIST ').replace('</CONSOLIDATED_LIST>', '</SANCTIONS_LIST>'),
            'utf8',
          ),
        message: /^UN list: the root element is not one CONSOLIDATED_LIST/,
      },
      {
        name: 'a real list with one record without REFERENCE_NUMBER',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.002', (b) => b.replace(/\s*<REFERENCE_NUMBER>[^<]*<\/REFERENCE_NUMBER>/, '')),
            'utf8',
          ),
        message: /REFERENCE_NUMBER/,
      },
      {
        name: 'a real list with one blank REFERENCE_NUMBER',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.002', (b) =>
              b.replace('<REFERENCE_NUMBER>CDi.002</REFERENCE_NUMBER>', '<REFERENCE_NUMBER> </REFERENCE_NUMBER>'),
            ),
            'utf8',
          ),
        message: /REFERENCE_NUMBER/,
      },
      {
        name: 'a real list with one REFERENCE_NUMBER twice',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.002', (b) =>
              b.replace('<REFERENCE_NUMBER>CDi.002</REFERENCE_NUMBER>', '<REFERENCE_NUMBER>CDi.001</REFERENCE_NUMBER>'),
            ),
            'utf8',
          ),
        message: /CDi\.001.*twice/,
      },
      {
        name: 'a real list without dateGenerated',
        bytes: () => Buffer.from(real(LATEST).replace(/ dateGenerated="[^"]*"/, ''), 'utf8'),
        message: /^UN list: the root has no valid ISO 8601 dateGenerated attribute \(got null\)/,
      },
      // Strict decoding: the list is UTF-8; anything else is refused, never read with replacement characters.
      {
        name: 'a real list with one Latin-1 byte in a name (invalid UTF-8)',
        bytes: () => {
          const [head, tail] = real(LATEST).split('<FIRST_NAME>ERIC</FIRST_NAME>') as [string, string]
          return Buffer.concat([Buffer.from(`${head}<FIRST_NAME>ER`), Buffer.from([0xc9]), Buffer.from(`IC</FIRST_NAME>${tail}`)])
        },
        message: /^UN list: not valid UTF-8/,
      },
      {
        name: 'the real list as UTF-16LE with its BOM',
        bytes: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(real(LATEST), 'utf16le')]),
        message: /^UN list: UTF-16 text/,
      },
      {
        name: 'the real list as UTF-16BE with its BOM',
        bytes: () => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(real(LATEST), 'utf16le').swap16()]),
        message: /^UN list: UTF-16 text/,
      },
      {
        name: 'a real list declaring encoding ISO-8859-1',
        bytes: () => Buffer.from(real(LATEST).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'utf8'),
        message: /^UN list: declares encoding ISO-8859-1/,
      },
      {
        name: 'a real list with a DOCTYPE defining an entity used in a name',
        bytes: () =>
          Buffer.from(
            real(LATEST)
              .replace('<CONSOLIDATED_LIST ', '<!DOCTYPE CONSOLIDATED_LIST [<!ENTITY x "INJECTED">]>\n<CONSOLIDATED_LIST ')
              .replace('<FIRST_NAME>ERIC</FIRST_NAME>', '<FIRST_NAME>&x;</FIRST_NAME>'),
            'utf8',
          ),
        message: /^UN list: a DOCTYPE declaration is not allowed/,
      },
      {
        name: 'a real list with a DOCTYPE hidden behind a 5,000-character comment',
        bytes: () =>
          Buffer.from(
            real(LATEST)
              .replace(
                '<CONSOLIDATED_LIST ',
                `<!-- ${'x'.repeat(5000)} --><!DOCTYPE CONSOLIDATED_LIST [<!ENTITY e "EXPANDED">]><CONSOLIDATED_LIST `,
              )
              .replace('<FIRST_NAME>ERIC</FIRST_NAME>', '<FIRST_NAME>&e;ERIC</FIRST_NAME>'),
            'utf8',
          ),
        message: /^UN list: a DOCTYPE declaration is not allowed/,
      },
      {
        name: 'a real list with a lower-case <!doctype>',
        bytes: () => Buffer.from(real(LATEST).replace('<CONSOLIDATED_LIST ', '<!doctype CONSOLIDATED_LIST>\n<CONSOLIDATED_LIST '), 'utf8'),
        message: /^UN list: a DOCTYPE declaration is not allowed/,
      },
      {
        name: 'a real list nested deeper than the XML parser reads (its error is reported)',
        bytes: () => Buffer.from(real(LATEST).replace('<GENDER>', `${'<X>'.repeat(120)}deep${'</X>'.repeat(120)}<GENDER>`), 'utf8'),
        message: /^UN list: cannot be read \(Maximum nested tags exceeded\); nothing was changed$/,
      },
      // Structure: each section once, holding only its records; fields hold plain text; at least one record.
      {
        name: 'a real list with a second INDIVIDUALS section',
        bytes: () => Buffer.from(real(LATEST).replace('</INDIVIDUALS>', '</INDIVIDUALS>\n  <INDIVIDUALS>\n  </INDIVIDUALS>'), 'utf8'),
        message: /^UN list: INDIVIDUALS appears more than once/,
      },
      {
        name: 'a real list with a second, empty ENTITIES section',
        bytes: () => Buffer.from(real(LATEST).replace('</ENTITIES>', '</ENTITIES>\n  <ENTITIES/>'), 'utf8'),
        message: /^UN list: ENTITIES appears more than once/,
      },
      {
        name: 'a real list whose INDIVIDUALS holds another element besides the records',
        bytes: () => Buffer.from(real(LATEST).replace('</INDIVIDUALS>', '  <NOTE>partial export</NOTE>\n  </INDIVIDUALS>'), 'utf8'),
        message: /^UN list: INDIVIDUALS holds <NOTE>, expected only INDIVIDUAL elements/,
      },
      {
        name: 'a real list whose ENTITIES holds stray text between the records',
        bytes: () => Buffer.from(real(LATEST).replace('</ENTITIES>', 'truncated here\n  </ENTITIES>'), 'utf8'),
        message: /^UN list: ENTITIES holds text, expected only ENTITY elements/,
      },
      ...(['&#0;', '&#x1;', '&#xD800;', '&#xFFFE;', '&#1114112;'] as const).map((ref) => ({
        name: `a real list with ${ref} inside a name (a character XML does not allow)`,
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.001', (b) => b.replace('<FIRST_NAME>ERIC</FIRST_NAME>', `<FIRST_NAME>ER${ref}IC</FIRST_NAME>`)),
            'utf8',
          ),
        message: new RegExp(`^UN list: line \\d+ holds ${ref}, a character XML does not allow`),
      })),
      {
        name: 'a real list with markup inside a REFERENCE_NUMBER (the business key)',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.001', (b) =>
              b.replace('<REFERENCE_NUMBER>CDi.001</REFERENCE_NUMBER>', '<REFERENCE_NUMBER><B>CDi.001</B></REFERENCE_NUMBER>'),
            ),
            'utf8',
          ),
        message: /^UN list: INDIVIDUAL #\d+: REFERENCE_NUMBER holds markup or repeats, where the list has plain text; nothing was changed/,
      },
      {
        name: 'a real list with a REFERENCE_NUMBER repeated inside one record',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.001', (b) =>
              b.replace(
                '<REFERENCE_NUMBER>CDi.001</REFERENCE_NUMBER>',
                '<REFERENCE_NUMBER>CDi.001</REFERENCE_NUMBER><REFERENCE_NUMBER>CDi.009</REFERENCE_NUMBER>',
              ),
            ),
            'utf8',
          ),
        message: /^UN list: INDIVIDUAL #\d+: REFERENCE_NUMBER holds markup or repeats/,
      },
      {
        name: 'a real list with markup inside a narrative after the record was read (COMMENTS1 of CDi.001 repeated)',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.001', (b) => b.replace('<COMMENTS1>', '<COMMENTS1>first</COMMENTS1><COMMENTS1>')),
            'utf8',
          ),
        message: /^UN list: CDi\.001: COMMENTS1 holds markup or repeats/,
      },
      {
        name: 'a real list with markup inside a name',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.001', (b) => b.replace('<FIRST_NAME>ERIC</FIRST_NAME>', '<FIRST_NAME><B>ERIC</B></FIRST_NAME>')),
            'utf8',
          ),
        message: /^UN list: CDi\.001: FIRST_NAME holds markup/,
      },
      {
        name: 'a real list with markup inside a narrative',
        bytes: () =>
          Buffer.from(
            editRecord(real(LATEST), 'CDi.002', (b) => b.replace('<COMMENTS1>', '<COMMENTS1><I>Note:</I> ')),
            'utf8',
          ),
        message: /^UN list: CDi\.002: COMMENTS1 holds markup/,
      },
      {
        name: 'a real list with no record at all (both sections emptied)',
        bytes: () =>
          Buffer.from(real(LATEST).replace(/<INDIVIDUALS>[\s\S]*<\/ENTITIES>/, '<INDIVIDUALS>\n  </INDIVIDUALS>\n  <ENTITIES/>'), 'utf8'),
        message: /^UN list: no INDIVIDUAL or ENTITY record at all/,
      },
      // dateGenerated: a strict ISO 8601 date or date-time, not more than 2 days ahead.
      ...[
        'Feb 27 2026',
        '27/02/2026',
        '2026-2-27',
        '20260227',
        '2026-02-30T00:00:00Z',
        '2026-02-27T24:30:00Z',
        '2026-02-27T00:00:09.554+25:00',
      ].map((bad) => ({
        name: `a real list with dateGenerated ${JSON.stringify(bad)}`,
        bytes: () => Buffer.from(withDate(real(LATEST), bad), 'utf8'),
        message: new RegExp(`^UN list: the root has no valid ISO 8601 dateGenerated attribute \\(got ${literal(JSON.stringify(bad))}\\)`),
      })),
      {
        name: 'a real list generated 3 days from now',
        bytes: () => Buffer.from(withDate(real(LATEST), new Date(Date.now() + 3 * DAY).toISOString()), 'utf8'),
        message: /^UN list: dateGenerated \S+ is in the future/,
      },
      {
        // 2 days and 1 hour ahead, written without a zone in Brasília time (UTC−3): read as UTC it
        // would be 2 hours inside the 2-day allowance.
        name: 'a real list generated 2 days and 1 hour from now, written zone-less (Brasília time)',
        bytes: () => Buffer.from(withDate(real(LATEST), brasilia(Date.now() + 2 * DAY + HOUR)), 'utf8'),
        message: /^UN list: dateGenerated \S+ is in the future/,
      },
    ]

    it.each(cases)('$name', ({ bytes, message }) => {
      const err = errorOf(() => snap().reconcileWatchlist(file(bytes()), { observedOn: '2026-02-27' }))
      expect(err).toBeInstanceOf(LegisearchError)
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_parameters' })
      expect(err.message).toMatch(message)
      expect(err.message.length).toBeLessThan(400)
      expect(stateOf(snap())).toEqual(before)
      expect(snap().checkIntegrity().ok).toBe(true)
    })

    it('a malformed file is refused by an empty snapshot too, which stays empty', () => {
      const fresh = tempSnapshot()
      const half = Buffer.from(real(LATEST), 'utf8').subarray(0, 700_000)
      expect(errorOf(() => fresh.reconcileWatchlist(file(half), { observedOn: '2026-02-27' })).message).toMatch(/not well-formed XML/)
      expect(fresh.listWatchlist({}).total).toBe(0)
    })
  })

  it('a file over 100 MB is refused with 413 payload_too_large before it is read; exactly 100 MB is read (and refused as empty)', () => {
    const snap = tempSnapshotWithList(LATEST)
    const before = stateOf(snap)
    const over = errorOf(() => snap.reconcileWatchlist(Buffer.alloc(100 * 1024 * 1024 + 1, 0x20), { observedOn: '2026-03-01' }))
    expect({ status: over.status, code: over.code }).toEqual({ status: 413, code: 'payload_too_large' })
    expect(over.message).toMatch(/^UN list: 104857601 bytes, over the 104857600-byte limit/)
    const limit = errorOf(() => snap.reconcileWatchlist(Buffer.alloc(100 * 1024 * 1024, 0x20), { observedOn: '2026-03-01' }))
    expect({ status: limit.status, code: limit.code, message: limit.message }).toEqual({
      status: 400,
      code: 'invalid_parameters',
      message: 'UN list: the file is empty',
    })
    expect(stateOf(snap)).toEqual(before)
  })

  it('a UTF-8 byte order mark and a lower-case utf8 declaration are read as the same list', () => {
    const snap = tempSnapshotWithList(LATEST)
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(withDate(real(LATEST), '2026-03-01T00:00:00.000Z'), 'utf8')])
    const r1 = snap.reconcileWatchlist(file(bom), { observedOn: '2026-03-01' })
    expect({ applied: r1.applied, amended: r1.amended, listed: r1.listed, unchanged: r1.unchanged }).toEqual({
      applied: true,
      amended: [],
      listed: [],
      unchanged: 1003,
    })
    const lower = withDate(real(LATEST).replace('encoding="UTF-8"', "encoding='utf8'"), '2026-03-02T00:00:00.000Z')
    const r2 = snap.reconcileWatchlist(file(lower), { observedOn: '2026-03-02' })
    expect({ applied: r2.applied, amended: r2.amended, unchanged: r2.unchanged }).toEqual({ applied: true, amended: [], unchanged: 1003 })
  })
})
