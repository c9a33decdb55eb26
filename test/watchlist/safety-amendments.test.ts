import { describe, expect, it } from 'vitest'
import { diffLists, readList } from './independent-diff.js'
import {
  LATEST,
  RECORD,
  at,
  editRecord,
  file,
  real,
  refOf,
  stateOf,
  tempSnapshotWithList,
  useVariantDir,
  withDate,
} from './safety-support.js'

// Reconciliation safety (DECISIONS §6): what counts as an amendment. A change of content is one;
// whitespace, order, repetition, character references, a re-issued DATAID or a zone suffix on a
// date are not.

describe('reconciliation safety: what is and is not an amendment', () => {
  useVariantDir()

  it('a narrative edit (one COMMENTS1) is amended, with changes = [{ field: narrative, before, after }]', () => {
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
      const snap = tempSnapshotWithList(LATEST)
      const variant = withDate(edit(real(LATEST)), '2026-03-01T00:00:00.000Z')
      expect(variant).not.toBe(withDate(real(LATEST), '2026-03-01T00:00:00.000Z'))
      expect(diffLists(real(LATEST), variant).changed).toEqual([])
      const r = snap.reconcileWatchlist(file(variant), { observedOn: '2026-03-01' })
      expect({ amended: r.amended, unchanged: r.unchanged }).toEqual({ amended: [], unchanged: 1003 })
    })
  })

  it('a reflowed narrative (line breaks, spaces, `web link: https`) is no amendment; the narrative is kept as now published', () => {
    const snap = tempSnapshotWithList(LATEST)
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
