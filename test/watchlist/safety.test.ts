import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Designation, LegisearchError, type Snapshot } from '../../src/index.js'
import { errorOf } from '../helpers/errors.js'
import { sharedSnapshot, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { diffLists, readList } from './independent-diff.js'

// The safety rules of reconciliation (DECISIONS §6), each with a REAL list made bad. The real files
// are read in place; every bad variant is written to a temporary directory and read back from there.

const DIR = fileURLToPath(new URL('../../../shared/data/un_sc/', import.meta.url))
const LATEST = 'UN_consolidated_2026-02-27.xml' // 1,003 records, dateGenerated 2026-02-27T00:00:09.554Z
const PREVIOUS = 'consolidated-2026-01-28.xml' // 999 records, dateGenerated 2026-01-28T00:00:11.197Z
const OLDER = 'consolidated-2025-12-10.xml' // 999 records, dateGenerated 2025-12-10T00:00:06.263Z

const cache = new Map<string, string>()
/** A real file's text, read once. */
function real(name: string): string {
  let text = cache.get(name)
  if (text === undefined) {
    text = readFileSync(path.join(DIR, name), 'utf8')
    cache.set(name, text)
  }
  return text
}

let tmp = ''
let written = 0
/** Writes a variant to the temporary directory and reads it back as the Buffer to reconcile. */
function file(content: string | Buffer): Buffer {
  const p = path.join(tmp, `variant-${++written}.xml`)
  writeFileSync(p, content)
  return readFileSync(p)
}

const RECORD = /<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g

function refOf(block: string): string {
  return (/<REFERENCE_NUMBER>([\s\S]*?)<\/REFERENCE_NUMBER>/.exec(block)?.[1] ?? '').trim()
}

/** The list with its dateGenerated replaced. */
function withDate(xml: string, iso: string): string {
  const out = xml.replace(/dateGenerated=(["'])[^"']*\1/, `dateGenerated="${iso}"`)
  expect(out).not.toBe(xml)
  return out
}

/** The list with one record's XML block rewritten. */
function editRecord(xml: string, ref: string, edit: (block: string) => string): string {
  let hits = 0
  const out = xml.replace(RECORD, (block) => {
    if (refOf(block) !== ref) return block
    hits++
    const next = edit(block)
    expect(next, `edit of ${ref} changed nothing`).not.toBe(block)
    return next
  })
  expect(hits, `records with REFERENCE_NUMBER ${ref}`).toBe(1)
  return out
}

/** The list without the records a predicate selects (with the whitespace before each). */
function dropRecords(xml: string, drop: (block: string) => boolean): string {
  return xml.replace(/\s*<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g, (m) => (drop(m) ? '' : m))
}

const at = (day: string) => `${day}T00:00:00.000Z`
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** An instant written as an ISO date-time without zone, in Brasília time (UTC−03:00). */
function brasilia(ms: number): string {
  return new Date(ms - 3 * HOUR).toISOString().slice(0, 19)
}

/** A string as a literal inside a RegExp. */
function literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Everything a caller can see of the watchlist: every designation (both statuses) and every history. */
function stateOf(snap: Snapshot): { designations: Designation[]; histories: Record<string, number>; totals: Record<string, number> } {
  const designations: Designation[] = []
  for (let offset = 0; ; offset += 100) {
    const page = snap.listWatchlist({ limit: 100, offset, sort: 'name' })
    designations.push(...page.data)
    if (designations.length >= page.total || page.data.length === 0) break
  }
  const histories: Record<string, number> = {}
  for (const d of designations) histories[d.sourceRefNumber] = snap.getDesignationHistory(d.sourceRefNumber).length
  return {
    designations,
    histories,
    totals: {
      listed: snap.listWatchlist({ status: 'listed', limit: 1 }).total,
      delisted: snap.listWatchlist({ status: 'delisted', limit: 1 }).total,
    },
  }
}

/** A snapshot of this test holding the real `name`, observed on its day. */
function snapshotWith(name: string): Snapshot {
  const snap = tempSnapshot()
  const day = readList(real(name)).dateGenerated.slice(0, 10)
  const r = snap.reconcileWatchlist(file(real(name)), { observedOn: day })
  expect(r.applied).toBe(true)
  return snap
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

describe.skipIf(!existsSync(DIR))('reconciliation safety rules, on real lists made bad (needs ../shared/data/un_sc)', () => {
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'legisearch-unsc-'))
  })
  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true })
  })

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

  // A file cut at a record boundary and closed again is well-formed and looks complete: only the
  // removal threshold can catch it.
  const partials: { name: string; build: (xml: string) => string }[] = [
    {
      name: 'entities dropped as <ENTITIES/>: cut after an </INDIVIDUAL>, closing tags appended',
      build: (xml) => {
        const cut = xml.indexOf('</INDIVIDUAL>', Math.floor(xml.indexOf('</INDIVIDUALS>') * 0.7)) + '</INDIVIDUAL>'.length
        return `${xml.slice(0, cut)}\n  </INDIVIDUALS>\n  <ENTITIES/>\n</CONSOLIDATED_LIST>\n`
      },
    },
    {
      name: 'entities half gone: cut after an </ENTITY>, closing tags appended',
      build: (xml) => {
        const cut = xml.indexOf('</ENTITY>', Math.floor((xml.indexOf('<ENTITIES>') + xml.length) / 2)) + '</ENTITY>'.length
        return `${xml.slice(0, cut)}\n  </ENTITIES>\n</CONSOLIDATED_LIST>\n`
      },
    },
    {
      // The 2024-era serializer writes an empty element open/close with whitespace inside
      // (`<INDIVIDUAL_DATE_OF_BIRTH>\n    </INDIVIDUAL_DATE_OF_BIRTH>`): an empty section written so is still empty.
      name: 'entities dropped as <ENTITIES>\\n  </ENTITIES> (whitespace inside): cut after an </INDIVIDUAL>, closing tags appended',
      build: (xml) => {
        const cut = xml.indexOf('</INDIVIDUAL>', Math.floor(xml.indexOf('</INDIVIDUALS>') * 0.7)) + '</INDIVIDUAL>'.length
        return `${xml.slice(0, cut)}\n  </INDIVIDUALS>\n  <ENTITIES>\n  </ENTITIES>\n</CONSOLIDATED_LIST>\n`
      },
    },
  ]

  it.each(partials)('a complete-looking partial list is caught by the removal threshold: $name', ({ build }) => {
    const snap = snapshotWith(PREVIOUS)
    const before = stateOf(snap)
    const partial = build(real(LATEST))
    const d = diffLists(real(PREVIOUS), partial)
    const share = d.removed.length / readList(real(PREVIOUS)).records.size
    expect(share).toBeGreaterThan(0.05)

    const r = snap.reconcileWatchlist(file(partial), { observedOn: '2026-02-27' })
    expect(r.applied).toBe(true)
    expect(r.delisted).toEqual([])
    expect([...r.blocked].sort()).toEqual(d.removed)
    expect([...r.listed].sort()).toEqual(d.added)
    expect([...r.amended].sort()).toEqual(d.changed)
    expect(r.warnings.some((w) => w.includes(`${d.removed.length} of 999`) && w.includes('reconciliation_blocked'))).toBe(true)
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(0)
    expect(snap.listWatchlist({ status: 'listed', limit: 1 }).total).toBe(999 + d.added.length)
    for (const ref of d.removed) {
      const g = snap.getDesignation(ref)
      expect({ ref, status: g.status, delistedOn: g.delistedOn, lastEventType: g.lastEventType }).toEqual({
        ref,
        status: 'listed',
        delistedOn: null,
        lastEventType: 'reconciliation_blocked',
      })
      expect(snap.getDesignationHistory(ref).map((e) => e.type)).toEqual(['listed', 'reconciliation_blocked'])
    }
    // The held-back designations keep what they had; only the event moved.
    const kept = before.designations.find((x) => x.sourceRefNumber === d.removed[0])
    const { narrativeTranslated: _t, narrativeTranslatedLang: _l, ...now } = snap.getDesignation(d.removed[0] as string)
    expect({ ...now, lastEventAt: kept?.lastEventAt, lastEventType: kept?.lastEventType }).toEqual(kept)
  })

  it('a whole regime removed (every Taliban record) is blocked; forced, it is delisted as of the day its absence was first observed', () => {
    const snap = snapshotWith(PREVIOUS)
    const prev = readList(real(PREVIOUS))
    const taliban = [...prev.records.values()]
      .filter((r) => r.fields['listType'] === JSON.stringify('Taliban'))
      .map((r) => r.ref)
      .sort()
    const noTaliban = dropRecords(real(LATEST), (b) => /<UN_LIST_TYPE>\s*Taliban\s*<\/UN_LIST_TYPE>/.test(b))
    const d = diffLists(prev, readList(noTaliban))
    expect(d.removed).toEqual(taliban)
    expect(taliban.length / prev.records.size).toBeGreaterThan(0.05)
    const before = stateOf(snap)

    const blocked = snap.reconcileWatchlist(file(noTaliban), { observedOn: '2026-02-27' })
    expect(blocked.applied).toBe(true)
    expect(blocked.delisted).toEqual([])
    expect([...blocked.blocked].sort()).toEqual(taliban)
    expect([...blocked.listed].sort()).toEqual(d.added)
    expect([...blocked.amended].sort()).toEqual(d.changed)
    const warning = blocked.warnings.find((w) => w.includes('reconciliation_blocked'))
    expect(warning).toContain(`${taliban.length} of ${prev.records.size}`)
    expect(warning).toMatch(/force/)
    expect(snap.listWatchlist({ status: 'listed', regime: 'Taliban', limit: 1 }).total).toBe(taliban.length)
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(0)
    for (const ref of taliban) {
      const g = snap.getDesignation(ref)
      expect([ref, g.status, g.delistedOn, g.lastEventType]).toEqual([ref, 'listed', null, 'reconciliation_blocked'])
      expect(snap.getDesignationHistory(ref).at(-1)).toEqual({
        type: 'reconciliation_blocked',
        observedAt: at('2026-02-27'),
        listDateGenerated: d.dateGenerated,
      })
    }
    // Nothing else moved: the other designations are as the added/changed ones of the diff say.
    const moved = new Set([...taliban, ...d.added, ...d.changed])
    const after = stateOf(snap)
    for (const x of before.designations) {
      if (moved.has(x.sourceRefNumber)) continue
      expect(after.histories[x.sourceRefNumber], x.sourceRefNumber).toBe(before.histories[x.sourceRefNumber])
    }

    // The same list again, unforced: already ingested, nothing changes (the held-back stay held back).
    const again = snap.reconcileWatchlist(file(noTaliban), { observedOn: '2026-02-28' })
    expect(again.applied).toBe(false)
    expect(again.warnings).toEqual([`this list (generated ${d.dateGenerated}) was already ingested; nothing was changed`])
    expect(stateOf(snap)).toEqual(after)

    // An operator forces the same list through: now they are delisted, as of 2026-02-27 (the day the
    // absence was first observed, the day of the block event), by an event of the forced run.
    const forced = snap.reconcileWatchlist(file(noTaliban), { observedOn: '2026-02-28', force: true })
    expect(forced.applied).toBe(true)
    expect(forced.blocked).toEqual([])
    expect([...forced.delisted].sort()).toEqual(taliban)
    expect({ listed: forced.listed, relisted: forced.relisted, amended: forced.amended }).toEqual({ listed: [], relisted: [], amended: [] })
    expect(forced.warnings.filter((w) => w.includes('held back') || w.includes('reconciliation_blocked'))).toEqual([])
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(taliban.length)
    expect(snap.listWatchlist({ status: 'listed', regime: 'Taliban', limit: 1 }).total).toBe(0)
    for (const ref of taliban) {
      const g = snap.getDesignation(ref)
      expect([ref, g.status, g.delistedOn, g.lastEventType, g.lastEventAt]).toEqual([
        ref,
        'delisted',
        '2026-02-27',
        'delisted',
        at('2026-02-28'),
      ])
      expect(snap.getDesignationHistory(ref)).toEqual([
        { type: 'listed', observedAt: at('2026-01-28'), listDateGenerated: prev.dateGenerated },
        { type: 'reconciliation_blocked', observedAt: at('2026-02-27'), listDateGenerated: d.dateGenerated },
        {
          type: 'delisted',
          observedAt: at('2026-02-28'),
          listDateGenerated: d.dateGenerated,
          changes: [
            { field: 'status', before: 'listed', after: 'delisted' },
            { field: 'delistedOn', before: null, after: '2026-02-27' },
          ],
        },
      ])
    }
    expect(snap.checkIntegrity().ok).toBe(true)
  })

  it('an older list after a newer one is refused, naming both dates, and nothing changes', () => {
    const snap = snapshotWith(LATEST)
    const before = stateOf(snap)
    const older = readList(real(OLDER)).dateGenerated
    const newer = readList(real(LATEST)).dateGenerated
    const err = errorOf(() => snap.reconcileWatchlist(file(real(OLDER)), { observedOn: '2026-03-01' }))
    expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_parameters' })
    expect(err.message).toContain(older)
    expect(err.message).toContain(newer)
    expect(stateOf(snap)).toEqual(before)
  })

  it('the same file twice: the second report has applied false, no events, and nothing changes (lastSeenAt too)', () => {
    const snap = snapshotWith(LATEST)
    const before = stateOf(snap)
    const again = snap.reconcileWatchlist(file(real(LATEST)), { observedOn: '2026-03-05' })
    expect(again.applied).toBe(false)
    expect({
      listed: again.listed,
      relisted: again.relisted,
      amended: again.amended,
      delisted: again.delisted,
      blocked: again.blocked,
    }).toEqual({
      listed: [],
      relisted: [],
      amended: [],
      delisted: [],
      blocked: [],
    })
    expect(stateOf(snap)).toEqual(before)
  })

  it('a relisting (absent from one version, back in the next) is relisted with delistedOn cleared', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDe.004'
    const without = withDate(
      dropRecords(real(LATEST), (b) => refOf(b) === ref),
      '2026-03-01T00:00:00.000Z',
    )
    const r1 = snap.reconcileWatchlist(file(without), { observedOn: '2026-03-01' })
    expect({ delisted: r1.delisted, blocked: r1.blocked, amended: r1.amended, listed: r1.listed, unchanged: r1.unchanged }).toEqual({
      delisted: [ref],
      blocked: [],
      amended: [],
      listed: [],
      unchanged: 1002,
    })
    const gone = snap.getDesignation(ref)
    expect([gone.status, gone.delistedOn, gone.lastEventType, gone.lastSeenAt]).toEqual([
      'delisted',
      '2026-03-01',
      'delisted',
      at('2026-02-27'),
    ])

    const r2 = snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-03-02T00:00:00.000Z')), { observedOn: '2026-03-02' })
    expect({ relisted: r2.relisted, listed: r2.listed, amended: r2.amended, delisted: r2.delisted, unchanged: r2.unchanged }).toEqual({
      relisted: [ref],
      listed: [],
      amended: [],
      delisted: [],
      unchanged: 1002,
    })
    const back = snap.getDesignation(ref)
    expect({
      status: back.status,
      delistedOn: back.delistedOn,
      firstSeenAt: back.firstSeenAt,
      lastSeenAt: back.lastSeenAt,
      designationId: back.designationId,
    }).toEqual({
      status: 'listed',
      delistedOn: null,
      firstSeenAt: at('2026-02-27'),
      lastSeenAt: at('2026-03-02'),
      designationId: gone.designationId,
    })
    expect(back.lastEventType).toBe('listed')
    expect(back.lastEventAt).toBe(at('2026-03-02'))
    // Status changes carry before/after; the content did not change, so nothing else is listed.
    expect(snap.getDesignationHistory(ref)).toEqual([
      { type: 'listed', observedAt: at('2026-02-27'), listDateGenerated: '2026-02-27T00:00:09.554Z' },
      {
        type: 'delisted',
        observedAt: at('2026-03-01'),
        listDateGenerated: '2026-03-01T00:00:00.000Z',
        changes: [
          { field: 'status', before: 'listed', after: 'delisted' },
          { field: 'delistedOn', before: null, after: '2026-03-01' },
        ],
      },
      {
        type: 'relisted',
        observedAt: at('2026-03-02'),
        listDateGenerated: '2026-03-02T00:00:00.000Z',
        changes: [
          { field: 'status', before: 'delisted', after: 'listed' },
          { field: 'delistedOn', before: '2026-03-01', after: null },
        ],
      },
    ])
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(0)
  })

  it('a narrative edit (one COMMENTS1) is amended, with changes = [{ field: narrative, before, after }]', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDi.001'
    const added = ' He was reported to have moved to Uganda in 2025.'
    const edited = withDate(
      editRecord(real(LATEST), ref, (b) => b.replace(/<\/COMMENTS1>/, `${added}</COMMENTS1>`)),
      '2026-03-01T00:00:00.000Z',
    )
    // The narratives as published (trimmed at the ends), not the whitespace-free form compared.
    const beforeText = readList(real(LATEST)).records.get(ref)?.narrative as string
    const afterText = readList(edited).records.get(ref)?.narrative as string
    expect(beforeText.length).toBeGreaterThan(100)
    expect(afterText).toBe(`${beforeText}${added}`)
    const historyBefore = snap.getDesignationHistory(ref).length

    const r = snap.reconcileWatchlist(file(edited), { observedOn: '2026-03-01' })
    expect({ amended: r.amended, listed: r.listed, delisted: r.delisted, unchanged: r.unchanged }).toEqual({
      amended: [ref],
      listed: [],
      delisted: [],
      unchanged: 1002,
    })
    const history = snap.getDesignationHistory(ref)
    expect(history).toHaveLength(historyBefore + 1)
    expect(history.at(-1)).toEqual({
      type: 'amended',
      observedAt: at('2026-03-01'),
      listDateGenerated: '2026-03-01T00:00:00.000Z',
      changes: [{ field: 'narrative', before: beforeText, after: afterText }],
    })
    const g = snap.getDesignation(ref)
    expect(g.narrative.endsWith(added.trim())).toBe(true)
    expect(g.lastEventType).toBe('amended')
  })

  it('re-indenting a whole file (all whitespace between tags changed) amends nothing', () => {
    const snap = snapshotWith(LATEST)
    const before = stateOf(snap)
    const flat = withDate(real(LATEST).replace(/>\s+</g, '><'), '2026-03-01T00:00:00.000Z')
    let depth = 0
    const tabbed = withDate(
      real(LATEST)
        .replace(/>\s+</g, '><')
        .replace(/<(\/?)([A-Za-z_][\w]*)([^>]*?)(\/?)>/g, (m, close: string, _t: string, _a: string, self: string) => {
          if (close) depth--
          const s = `\r\n${'\t'.repeat(Math.max(depth, 0))}${m}`
          if (!close && !self) depth++
          return s
        }),
      '2026-03-02T00:00:00.000Z',
    )
    for (const [variant, day] of [
      [flat, '2026-03-01'],
      [tabbed, '2026-03-02'],
    ] as const) {
      expect(diffLists(real(LATEST), variant).changed).toEqual([])
      const r = snap.reconcileWatchlist(file(variant), { observedOn: day })
      expect(
        { amended: r.amended, listed: r.listed, relisted: r.relisted, delisted: r.delisted, blocked: r.blocked, unchanged: r.unchanged },
        day,
      ).toEqual({
        amended: [],
        listed: [],
        relisted: [],
        delisted: [],
        blocked: [],
        unchanged: 1003,
      })
    }
    const after = stateOf(snap)
    expect(after.histories).toEqual(before.histories)
    expect(after.designations.map((d) => ({ ...d, lastSeenAt: '' }))).toEqual(before.designations.map((d) => ({ ...d, lastSeenAt: '' })))
  })

  it('a DATAID re-issued under the same reference is not an amendment: sourceDataId follows, ids stay', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'KPe.068'
    const d0 = snap.getDesignation(ref)
    const h0 = snap.getDesignationHistory(ref)
    const reissued = withDate(
      editRecord(real(LATEST), ref, (b) => b.replace(/<DATAID>\s*\d+\s*<\/DATAID>/, '<DATAID>9999991</DATAID>')),
      '2026-03-01T00:00:00.000Z',
    )
    const r = snap.reconcileWatchlist(file(reissued), { observedOn: '2026-03-01' })
    expect({ amended: r.amended, unchanged: r.unchanged }).toEqual({ amended: [], unchanged: 1003 })
    const d1 = snap.getDesignation(ref)
    expect(d1.sourceDataId).toBe('9999991')
    expect(d0.sourceDataId).not.toBe('9999991')
    expect({
      designationId: d1.designationId,
      subjectId: d1.subjectId,
      lastEventType: d1.lastEventType,
      lastEventAt: d1.lastEventAt,
    }).toEqual({
      designationId: d0.designationId,
      subjectId: d0.subjectId,
      lastEventType: d0.lastEventType,
      lastEventAt: d0.lastEventAt,
    })
    expect(snap.getDesignationHistory(ref)).toEqual(h0)
  })

  it('a date with a zone suffix: LISTED_ON 2015-07-01-04:00 is listedOn 2015-07-01, and adding/removing a suffix is no amendment', () => {
    const snap = snapshotWith(LATEST)
    const block =
      real(LATEST)
        .match(RECORD)
        ?.find((b) => refOf(b) === 'SSi.001') ?? ''
    expect(block).toContain('<LISTED_ON>2015-07-01-04:00</LISTED_ON>')
    expect(snap.getDesignation('SSi.001').listedOn).toBe('2015-07-01')
    const cdi001 = snap.getDesignation('CDi.001').listedOn
    expect(cdi001).toBe('2012-12-31')

    let xml = editRecord(real(LATEST), 'SSi.001', (b) =>
      b.replace('<LISTED_ON>2015-07-01-04:00</LISTED_ON>', '<LISTED_ON>2015-07-01</LISTED_ON>'),
    )
    xml = editRecord(xml, 'CDi.001', (b) => b.replace('<LISTED_ON>2012-12-31</LISTED_ON>', '<LISTED_ON>2012-12-31-05:00</LISTED_ON>'))
    const r = snap.reconcileWatchlist(file(withDate(xml, '2026-03-01T00:00:00.000Z')), { observedOn: '2026-03-01' })
    expect({ amended: r.amended, unchanged: r.unchanged }).toEqual({ amended: [], unchanged: 1003 })
    expect(snap.getDesignation('SSi.001').listedOn).toBe('2015-07-01')
    expect(snap.getDesignation('CDi.001').listedOn).toBe('2012-12-31')
    expect(
      snap
        .listWatchlist({ sort: 'listed_on', limit: 100 })
        .data.every((d) => d.listedOn === null || /^\d{4}-\d{2}-\d{2}$/.test(d.listedOn)),
    ).toBe(true)
  })

  it("a list type that names a regime by its resolution ('26532022', the 2023 list's Haiti) is read as that regime, with a warning", () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDi.002'
    const xml = withDate(
      editRecord(real(LATEST), ref, (b) => b.replace('<UN_LIST_TYPE>DRC</UN_LIST_TYPE>', '<UN_LIST_TYPE>26532022</UN_LIST_TYPE>')),
      '2026-03-01T00:00:00.000Z',
    )
    const r = snap.reconcileWatchlist(file(xml), { observedOn: '2026-03-01' })
    expect(r.warnings.filter((w) => w.includes('26532022'))).toEqual([
      `${ref}: UN_LIST_TYPE '26532022' read as the Haiti regime (resolution 2653 (2022) established the Haiti regime)`,
    ])
    expect(snap.getDesignation(ref).regime).toBe('Haiti')
    expect(snap.listWatchlist({ regime: 'Haiti', search: snap.getDesignation(ref).primaryName }).total).toBe(1)
  })

  it('an unknown UN_LIST_TYPE is kept verbatim as the regime and reported in the warnings', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDi.002'
    const xml = withDate(
      editRecord(real(LATEST), ref, (b) =>
        b.replace('<UN_LIST_TYPE>DRC</UN_LIST_TYPE>', '<UN_LIST_TYPE>Atlantis Sanctions</UN_LIST_TYPE>'),
      ),
      '2026-03-01T00:00:00.000Z',
    )
    const r = snap.reconcileWatchlist(file(xml), { observedOn: '2026-03-01' })
    expect(r.amended).toEqual([ref])
    expect(r.warnings.filter((w) => w.includes('Atlantis Sanctions'))).toHaveLength(1)
    expect(r.warnings.find((w) => w.includes('Atlantis Sanctions'))).toContain(ref)
    const g = snap.getDesignation(ref)
    expect(g.regime).toBe('Atlantis Sanctions')
    expect(g.status).toBe('listed')
    expect(snap.getDesignationHistory(ref).at(-1)?.changes).toEqual([{ field: 'listType', before: 'DRC', after: 'Atlantis Sanctions' }])

    // And as the very first list of a snapshot.
    const fresh = tempSnapshot()
    const first = fresh.reconcileWatchlist(file(xml), { observedOn: '2026-03-01' })
    expect(first.listed).toHaveLength(1003)
    expect(first.warnings.some((w) => w.includes(ref) && w.includes('Atlantis Sanctions'))).toBe(true)
    expect(fresh.getDesignation(ref).regime).toBe('Atlantis Sanctions')
  })

  // The content compared for `amended` treats each repeated group as a SET of {child → text} maps,
  // TITLE/DESIGNATION/NATIONALITY as sets, and decodes XML entities: equivalent serialisations of
  // the same record are not amendments.
  describe('equivalent serialisations of the same content are not amendments', () => {
    const cases: { name: string; edit: (xml: string) => string }[] = [
      {
        name: 'the children of an address in another order',
        edit: (xml) =>
          editRecord(xml, 'CDi.001', (b) =>
            b.replace(
              /<COUNTRY>Rwanda<\/COUNTRY>(\s*)<NOTE>as of early 2016<\/NOTE>/,
              '<NOTE>as of early 2016</NOTE>$1<COUNTRY>Rwanda</COUNTRY>',
            ),
          ),
      },
      {
        name: 'the aliases in another order',
        edit: (xml) =>
          editRecord(xml, 'CDi.002', (b) => {
            const aliases = b.match(/<INDIVIDUAL_ALIAS>[\s\S]*?<\/INDIVIDUAL_ALIAS>/g) ?? []
            expect(aliases.length).toBeGreaterThan(1)
            let i = 0
            const reversed = [...aliases].reverse()
            return b.replace(/<INDIVIDUAL_ALIAS>[\s\S]*?<\/INDIVIDUAL_ALIAS>/g, () => reversed[i++] as string)
          }),
      },
      {
        name: 'a NATIONALITY value repeated',
        edit: (xml) => editRecord(xml, 'CDi.001', (b) => b.replace(/<NATIONALITY>(\s*)(<VALUE>[^<]*<\/VALUE>)/, '<NATIONALITY>$1$2$2')),
      },
      {
        name: 'an address repeated',
        edit: (xml) =>
          editRecord(xml, 'CDi.001', (b) => b.replace(/<INDIVIDUAL_ADDRESS>[\s\S]*?<\/INDIVIDUAL_ADDRESS>/, (a) => `${a}${a}`)),
      },
      {
        name: "characters written as character references (&#38; for &amp;, &#x27; for ')",
        edit: (xml) => {
          const start = xml.indexOf('<INDIVIDUALS>')
          const body = xml
            .slice(start)
            .replaceAll('&amp;', '&#38;')
            .replace(/>([^<]*)</g, (_m, t: string) => `>${t.replaceAll("'", '&#x27;')}<`)
          return xml.slice(0, start) + body
        },
      },
    ]

    it.each(cases)('$name', ({ edit }) => {
      const snap = snapshotWith(LATEST)
      const variant = withDate(edit(real(LATEST)), '2026-03-01T00:00:00.000Z')
      expect(variant).not.toBe(withDate(real(LATEST), '2026-03-01T00:00:00.000Z'))
      expect(diffLists(real(LATEST), variant).changed).toEqual([])
      const r = snap.reconcileWatchlist(file(variant), { observedOn: '2026-03-01' })
      expect({ amended: r.amended, unchanged: r.unchanged }).toEqual({ amended: [], unchanged: 1003 })
    })
  })

  it('a file over 100 MB is refused with 413 payload_too_large before it is read; exactly 100 MB is read (and refused as empty)', () => {
    const snap = snapshotWith(LATEST)
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
    const snap = snapshotWith(LATEST)
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

  describe('list order: dateGenerated instants and observations', () => {
    const LATEST_GENERATED = '2026-02-27T00:00:09.554Z'

    it('the same dateGenerated with other content is refused, naming the date, unless forced', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      const ref = 'CDi.001'
      const other = editRecord(real(LATEST), ref, (b) => b.replace(/<\/COMMENTS1>/, ' Reported in Uganda in 2025.</COMMENTS1>'))
      expect(readList(other).dateGenerated).toBe(LATEST_GENERATED)
      const err = errorOf(() => snap.reconcileWatchlist(file(other), { observedOn: '2026-02-28' }))
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_parameters' })
      expect(err.message).toContain(`generated ${LATEST_GENERATED} like the newest list ingested, but with other content`)
      expect(err.message).toMatch(/force: true/)
      expect(stateOf(snap)).toEqual(before)

      // The same instant written with another zone is the same dateGenerated: refused the same way.
      const sameInstant = withDate(other, '2026-02-26T21:00:09.554-03:00')
      const err2 = errorOf(() => snap.reconcileWatchlist(file(sameInstant), { observedOn: '2026-02-28' }))
      expect([err2.status, err2.message]).toEqual([400, expect.stringContaining('like the newest list ingested, but with other content')])
      expect(stateOf(snap)).toEqual(before)

      const forced = snap.reconcileWatchlist(file(other), { observedOn: '2026-02-28', force: true })
      expect({
        applied: forced.applied,
        amended: forced.amended,
        listed: forced.listed,
        delisted: forced.delisted,
        unchanged: forced.unchanged,
      }).toEqual({
        applied: true,
        amended: [ref],
        listed: [],
        delisted: [],
        unchanged: 1002,
      })
      expect(snap.getDesignation(ref).narrative.endsWith('Reported in Uganda in 2025.')).toBe(true)
    })

    it('the same content in other bytes (CRLF line endings, other indentation) is a no-op, not refused', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      for (const copy of [real(LATEST).replace(/\n/g, '\r\n'), real(LATEST).replace(/\n\s+</g, '\n<')]) {
        expect(copy).not.toBe(real(LATEST))
        const r = snap.reconcileWatchlist(file(copy), { observedOn: '2026-03-05' })
        expect({ applied: r.applied, unchanged: r.unchanged, amended: r.amended, warnings: r.warnings }).toEqual({
          applied: false,
          unchanged: 1003,
          amended: [],
          warnings: [`this list (generated ${LATEST_GENERATED}) holds the content already ingested, in other bytes; nothing was changed`],
        })
        expect(stateOf(snap)).toEqual(before)
      }
    })

    it('the same bytes again is a no-op even with another observation day (applied false, a warning, nothing written)', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      const again = snap.reconcileWatchlist(file(real(LATEST)), { observedOn: '2026-03-05' })
      expect(again).toEqual({
        dateGenerated: LATEST_GENERATED,
        observedAt: at('2026-03-05'),
        applied: false,
        listed: [],
        relisted: [],
        amended: [],
        delisted: [],
        blocked: [],
        unchanged: 1003,
        warnings: [`this list (generated ${LATEST_GENERATED}) was already ingested; nothing was changed`],
      })
      expect(stateOf(snap)).toEqual(before)
      // Not recorded as an observation either: an observation between the two is still accepted.
      const next = snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-03-01T00:00:00.000Z')), { observedOn: '2026-03-01' })
      expect(next.applied).toBe(true)
    })

    it('a list older than the NEWEST ingested is refused even when newer than the last one applied (forced older list)', () => {
      const snap = snapshotWith(LATEST)
      const older = readList(real(OLDER)).dateGenerated
      const previous = readList(real(PREVIOUS)).dateGenerated
      expect(older < previous && previous < LATEST_GENERATED).toBe(true)
      const r = snap.reconcileWatchlist(file(real(OLDER)), { observedOn: '2026-03-01', force: true })
      expect(r.applied).toBe(true)
      const before = stateOf(snap)
      const err = errorOf(() => snap.reconcileWatchlist(file(real(PREVIOUS)), { observedOn: '2026-03-02' }))
      expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_parameters' })
      expect(err.message).toContain(`generated ${previous}, older than the newest list ingested (${LATEST_GENERATED})`)
      expect(stateOf(snap)).toEqual(before)
      expect(snap.reconcileWatchlist(file(real(PREVIOUS)), { observedOn: '2026-03-02', force: true }).applied).toBe(true)
    })

    it('after a forced older list, the newest list\'s own bytes are applied again without force (not "other content")', () => {
      const snap = snapshotWith(LATEST)
      const newest = stateOf(snap).designations
      expect(snap.reconcileWatchlist(file(real(OLDER)), { observedOn: '2026-03-01', force: true }).applied).toBe(true)
      const again = snap.reconcileWatchlist(file(real(LATEST)), { observedOn: '2026-03-02' })
      expect(again.applied).toBe(true)
      // The same designations as when the newest list was first applied (their content; observation dates move on).
      const key = (ds: Designation[]) => ds.map((d) => [d.sourceRefNumber, d.status, d.primaryName]).sort()
      expect(key(stateOf(snap).designations)).toEqual(key(newest))
      // Other bytes with the newest date are still refused.
      const err = errorOf(() =>
        snap.reconcileWatchlist(file(editRecord(real(LATEST), refOf(real(LATEST)), (b) => b.replace('</COMMENTS1>', ' x</COMMENTS1>'))), {
          observedOn: '2026-03-03',
        }),
      )
      expect(err.message).toContain('but with other content')
    })

    it('dateGenerated is compared as an instant: zone offsets count, a zone-less time is Brasília time', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      // 2026-02-27T02:00:05+02:00 is 00:00:05Z: 4.5 s before the newest, though it reads later.
      const err = errorOf(() =>
        snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-02-27T02:00:05+02:00')), { observedOn: '2026-02-28' }),
      )
      expect([err.status, err.message]).toEqual([400, expect.stringContaining('older than the newest list ingested')])
      // 2026-02-26T21:00:05 zone-less is 2026-02-27T00:00:05Z: older too.
      const err2 = errorOf(() => snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-02-26T21:00:05')), { observedOn: '2026-02-28' }))
      expect([err2.status, err2.message]).toEqual([400, expect.stringContaining('older than the newest list ingested')])
      expect(stateOf(snap)).toEqual(before)
      // 2026-02-26T21:00:10 zone-less is 2026-02-27T00:00:10Z: 0.446 s newer, though it reads a day earlier.
      const r = snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-02-26T21:00:10')), { observedOn: '2026-02-28' })
      expect({ applied: r.applied, dateGenerated: r.dateGenerated, amended: r.amended, unchanged: r.unchanged }).toEqual({
        applied: true,
        dateGenerated: '2026-02-26T21:00:10',
        amended: [],
        unchanged: 1003,
      })
    })

    it('an observation earlier than the last one is refused unless forced; the same instant is accepted', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      const next = (iso: string) => file(withDate(real(LATEST), iso))
      for (const observedOn of ['2026-02-26', '2026-02-26T23:59:59Z', '2026-02-26T23:59:59.999-00:00']) {
        const err = errorOf(() => snap.reconcileWatchlist(next('2026-03-01T00:00:00.000Z'), { observedOn }))
        expect({ status: err.status, code: err.code }, observedOn).toEqual({ status: 400, code: 'invalid_parameters' })
        expect(err.message, observedOn).toMatch(
          /^options\.observedOn: 2026-02-26T\S+ is before the last observation \(2026-02-27T00:00:00\.000Z\)/,
        )
        expect(err.message, observedOn).toMatch(/force: true/)
      }
      expect(stateOf(snap)).toEqual(before)
      const same = snap.reconcileWatchlist(next('2026-03-01T00:00:00.000Z'), { observedOn: '2026-02-27T00:00:00Z' })
      expect([same.applied, same.observedAt]).toEqual([true, at('2026-02-27')])
      const forced = snap.reconcileWatchlist(next('2026-03-02T00:00:00.000Z'), { observedOn: '2026-02-20', force: true })
      expect([forced.applied, forced.observedAt]).toEqual([true, at('2026-02-20')])
    })

    it('observedOn: a date is midnight UTC; delistedOn is the UTC day of the observation', () => {
      const snap = snapshotWith(LATEST)
      const ref = 'CDe.004'
      // 22:30 in Brasília on 1 March is 01:30 UTC on 2 March.
      const r = snap.reconcileWatchlist(
        file(
          withDate(
            dropRecords(real(LATEST), (b) => refOf(b) === ref),
            '2026-03-01T00:00:00.000Z',
          ),
        ),
        {
          observedOn: '2026-03-01T22:30:00-03:00',
        },
      )
      expect([r.observedAt, r.delisted]).toEqual(['2026-03-02T01:30:00.000Z', [ref]])
      const g = snap.getDesignation(ref)
      expect([g.status, g.delistedOn, g.lastEventAt]).toEqual(['delisted', '2026-03-02', '2026-03-02T01:30:00.000Z'])
      expect(snap.getDesignationHistory(ref).at(-1)?.changes).toEqual([
        { field: 'status', before: 'listed', after: 'delisted' },
        { field: 'delistedOn', before: null, after: '2026-03-02' },
      ])
    })

    it('observedOn more than a day in the future, or not a date, is refused', () => {
      const snap = snapshotWith(LATEST)
      const before = stateOf(snap)
      const list = file(withDate(real(LATEST), '2026-03-01T00:00:00.000Z'))
      const future = new Date(Date.now() + DAY + HOUR).toISOString()
      const futureDay = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10)
      for (const observedOn of [future, futureDay]) {
        const err = errorOf(() => snap.reconcileWatchlist(list, { observedOn }))
        expect([err.status, err.message], observedOn).toEqual([400, `options.observedOn: '${observedOn}' is in the future`])
      }
      for (const observedOn of ['2026-02-30', '27/02/2026', '2026-03-01T25:00:00Z', 'yesterday', '']) {
        const err = errorOf(() => snap.reconcileWatchlist(list, { observedOn }))
        expect([err.status, err.message], observedOn).toEqual([
          400,
          `options.observedOn: '${observedOn}' is not a date YYYY-MM-DD or an ISO 8601 date-time`,
        ])
      }
      expect(stateOf(snap)).toEqual(before)
      // Within a day ahead (clock skew) is accepted.
      const soon = new Date(Date.now() + DAY - HOUR).toISOString()
      expect(snap.reconcileWatchlist(list, { observedOn: soon }).observedAt).toBe(soon)
    })

    it('a zone-less dateGenerated a little under 2 days ahead (Brasília time) is accepted', () => {
      const snap = tempSnapshot()
      const iso = brasilia(Date.now() + 2 * DAY - HOUR)
      const r = snap.reconcileWatchlist(file(withDate(real(LATEST), iso)))
      expect([r.applied, r.dateGenerated, r.listed.length]).toEqual([true, iso, 1003])
    })
  })

  it('held back designations: not counted or logged again while absent; back unchanged → previous event restored; back changed → amended; forced → delisted as of the block day', () => {
    const snap = snapshotWith(LATEST)
    const latest = readList(real(LATEST))
    const isTaliban = (b: string) => /<UN_LIST_TYPE>\s*Taliban\s*<\/UN_LIST_TYPE>/.test(b)
    const taliban = [...latest.records.values()]
      .filter((r) => r.fields['listType'] === JSON.stringify('Taliban'))
      .map((r) => r.ref)
      .sort()
    const [a, b, c] = taliban as [string, string, string]
    const stillAbsent = taliban.slice(3)
    // Counted again, the still-absent would exceed 5% on their own; new removals alone do not.
    expect(stillAbsent.length / 1003).toBeGreaterThan(0.05)
    const e = 'CDe.004'
    const f = 'CDe.005'
    const append = (xml: string, ref: string, text: string) =>
      editRecord(xml, ref, (x) => x.replace(/<\/COMMENTS1>/, ` ${text}</COMMENTS1>`))

    // 03-01: A amended (its last real event becomes `amended`).
    const l1 = append(real(LATEST), a, 'Amended on 1 March.')
    const r1 = snap.reconcileWatchlist(file(withDate(l1, '2026-03-01T00:00:00.000Z')), { observedOn: '2026-03-01' })
    expect(r1.amended).toEqual([a])

    // 03-02: every Taliban record gone: held back.
    const r2 = snap.reconcileWatchlist(file(withDate(dropRecords(l1, isTaliban), '2026-03-02T00:00:00.000Z')), { observedOn: '2026-03-02' })
    expect([...r2.blocked].sort()).toEqual(taliban)
    expect(r2.delisted).toEqual([])

    // 03-03: A (unchanged since 03-01), B (changed) and C (unchanged) are back; the rest still absent; one new removal, E.
    const l3 = dropRecords(append(l1, b, 'Changed while held back.'), (x) => stillAbsent.includes(refOf(x)) || refOf(x) === e)
    const r3 = snap.reconcileWatchlist(file(withDate(l3, '2026-03-03T00:00:00.000Z')), { observedOn: '2026-03-03' })
    expect({
      delisted: r3.delisted,
      blocked: r3.blocked,
      amended: r3.amended,
      listed: r3.listed,
      relisted: r3.relisted,
      unchanged: r3.unchanged,
    }).toEqual({
      delisted: [e], // 1 of 1003 new: under the threshold, although 1 + the still-absent would be over it
      blocked: [],
      amended: [b],
      listed: [],
      relisted: [],
      unchanged: 1003 - stillAbsent.length - 1 - 1,
    })
    expect(r3.warnings.filter((w) => /held back|reconciliation_blocked/.test(w))).toEqual([
      `${stillAbsent.length} designations held back by an earlier list are still absent; pass { force: true } to delist them`,
    ])
    const ga = snap.getDesignation(a)
    expect([ga.status, ga.lastEventType, ga.lastEventAt, ga.lastSeenAt]).toEqual(['listed', 'amended', at('2026-03-01'), at('2026-03-03')])
    const gc = snap.getDesignation(c)
    expect([gc.status, gc.lastEventType, gc.lastEventAt]).toEqual(['listed', 'listed', at('2026-02-27')])
    const gb = snap.getDesignation(b)
    expect([gb.status, gb.lastEventType, gb.lastEventAt]).toEqual(['listed', 'amended', at('2026-03-03')])
    expect(snap.getDesignationHistory(a).map((x) => [x.type, x.observedAt])).toEqual([
      ['listed', at('2026-02-27')],
      ['amended', at('2026-03-01')],
      ['reconciliation_blocked', at('2026-03-02')],
    ])
    expect(snap.getDesignationHistory(b).map((x) => x.type)).toEqual(['listed', 'reconciliation_blocked', 'amended'])
    for (const ref of stillAbsent) {
      const g = snap.getDesignation(ref)
      expect([ref, g.status, g.lastEventType, g.lastEventAt, g.delistedOn]).toEqual([
        ref,
        'listed',
        'reconciliation_blocked',
        at('2026-03-02'),
        null,
      ])
      expect(
        snap.getDesignationHistory(ref).map((x) => x.type),
        ref,
      ).toEqual(['listed', 'reconciliation_blocked'])
    }
    expect(snap.getDesignation(e).delistedOn).toBe('2026-03-03')

    // 03-05, forced (list of 03-04): the still-absent are delisted as of 03-02, the day their absence
    // was first observed; F, a new removal, as of the observation day.
    const l4 = dropRecords(l3, (x) => refOf(x) === f)
    const r4 = snap.reconcileWatchlist(file(withDate(l4, '2026-03-04T00:00:00.000Z')), { observedOn: '2026-03-05', force: true })
    expect([...r4.delisted].sort()).toEqual([f, ...stillAbsent].sort())
    expect(r4.blocked).toEqual([])
    expect(r4.warnings.filter((w) => /held back|reconciliation_blocked/.test(w))).toEqual([])
    for (const ref of stillAbsent) {
      const g = snap.getDesignation(ref)
      expect([ref, g.status, g.delistedOn, g.lastEventType, g.lastEventAt]).toEqual([
        ref,
        'delisted',
        '2026-03-02',
        'delisted',
        at('2026-03-05'),
      ])
      expect(snap.getDesignationHistory(ref).at(-1)).toEqual({
        type: 'delisted',
        observedAt: at('2026-03-05'),
        listDateGenerated: '2026-03-04T00:00:00.000Z',
        changes: [
          { field: 'status', before: 'listed', after: 'delisted' },
          { field: 'delistedOn', before: null, after: '2026-03-02' },
        ],
      })
    }
    const gf = snap.getDesignation(f)
    expect([gf.status, gf.delistedOn]).toEqual(['delisted', '2026-03-05'])
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(stillAbsent.length + 2)
    expect(snap.checkIntegrity().ok).toBe(true)
  })

  it('a held-back designation whose last real event is a relisting gets back lastEventType listed (a relisting is a listing), at that time', () => {
    const snap = snapshotWith(LATEST)
    const x = 'CDe.004'
    const isTaliban = (b: string) => /<UN_LIST_TYPE>\s*Taliban\s*<\/UN_LIST_TYPE>/.test(b)
    const without = dropRecords(real(LATEST), (b) => refOf(b) === x)
    expect(snap.reconcileWatchlist(file(withDate(without, '2026-03-01T00:00:00.000Z')), { observedOn: '2026-03-01' }).delisted).toEqual([x])
    expect(
      snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-03-02T00:00:00.000Z')), { observedOn: '2026-03-02' }).relisted,
    ).toEqual([x])
    const r3 = snap.reconcileWatchlist(file(withDate(dropRecords(without, isTaliban), '2026-03-03T00:00:00.000Z')), {
      observedOn: '2026-03-03',
    })
    expect(r3.blocked).toContain(x)
    expect(snap.getDesignation(x).lastEventType).toBe('reconciliation_blocked')
    const r4 = snap.reconcileWatchlist(file(withDate(real(LATEST), '2026-03-04T00:00:00.000Z')), { observedOn: '2026-03-04' })
    expect({ relisted: r4.relisted, amended: r4.amended, listed: r4.listed, delisted: r4.delisted, unchanged: r4.unchanged }).toEqual({
      relisted: [],
      amended: [],
      listed: [],
      delisted: [],
      unchanged: 1003,
    })
    const g = snap.getDesignation(x)
    expect([g.status, g.lastEventType, g.lastEventAt, g.delistedOn, g.lastSeenAt]).toEqual([
      'listed',
      'listed',
      at('2026-03-02'),
      null,
      at('2026-03-04'),
    ])
    expect(snap.getDesignationHistory(x).map((e) => e.type)).toEqual(['listed', 'delisted', 'relisted', 'reconciliation_blocked'])
  })

  it('a relisted designation whose content changed meanwhile: status, delistedOn, then the content changes (narratives as published)', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDi.002'
    const published = readList(real(LATEST)).records.get(ref)?.narrative as string
    expect(published).toContain('\n')
    snap.reconcileWatchlist(
      file(
        withDate(
          dropRecords(real(LATEST), (b) => refOf(b) === ref),
          '2026-03-01T00:00:00.000Z',
        ),
      ),
      { observedOn: '2026-03-01' },
    )
    const back = editRecord(real(LATEST), ref, (b) => b.replace(/<\/COMMENTS1>/, ' Back on the list.</COMMENTS1>'))
    const r = snap.reconcileWatchlist(file(withDate(back, '2026-03-02T00:00:00.000Z')), { observedOn: '2026-03-02' })
    expect({ relisted: r.relisted, amended: r.amended }).toEqual({ relisted: [ref], amended: [] })
    expect(snap.getDesignationHistory(ref).at(-1)).toEqual({
      type: 'relisted',
      observedAt: at('2026-03-02'),
      listDateGenerated: '2026-03-02T00:00:00.000Z',
      changes: [
        { field: 'status', before: 'delisted', after: 'listed' },
        { field: 'delistedOn', before: '2026-03-01', after: null },
        { field: 'narrative', before: published, after: `${published} Back on the list.` },
      ],
    })
  })

  it('a reflowed narrative (line breaks, spaces, `web link: https`) is no amendment; the narrative is kept as now published', () => {
    const snap = snapshotWith(LATEST)
    const ref = 'CDi.002'
    const h0 = snap.getDesignationHistory(ref)
    const d0 = snap.getDesignation(ref)
    expect(d0.narrative).toContain('web link:https')
    const reflowed = editRecord(real(LATEST), ref, (b) =>
      b.replace(
        /<COMMENTS1>([\s\S]*?)<\/COMMENTS1>/,
        (_m, t: string) =>
          `<COMMENTS1>\n  ${t.replace(/\s+/g, ' ').replace('web link:https', 'web link: https').replace('. ', '.\r\n\t')}  </COMMENTS1>`,
      ),
    )
    expect(diffLists(real(LATEST), reflowed).changed).toEqual([])
    const r = snap.reconcileWatchlist(file(withDate(reflowed, '2026-03-01T00:00:00.000Z')), { observedOn: '2026-03-01' })
    expect({ amended: r.amended, unchanged: r.unchanged }).toEqual({ amended: [], unchanged: 1003 })
    expect(snap.getDesignationHistory(ref)).toEqual(h0)
    const d1 = snap.getDesignation(ref)
    expect(d1.narrative).toBe(readList(reflowed).records.get(ref)?.narrative)
    expect(d1.narrative).not.toBe(d0.narrative)
    expect(d1.narrative).toContain('web link: https')
    expect({ lastEventType: d1.lastEventType, lastEventAt: d1.lastEventAt }).toEqual({
      lastEventType: d0.lastEventType,
      lastEventAt: d0.lastEventAt,
    })
  })
})
