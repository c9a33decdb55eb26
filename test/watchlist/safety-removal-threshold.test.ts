import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { diffLists, readList } from './independent-diff.js'
import {
  LATEST,
  LATEST_GENERATED,
  PREVIOUS,
  at,
  dropRecords,
  editRecord,
  file,
  real,
  refOf,
  stateOf,
  tempSnapshotWithList,
  useVariantDir,
  withDate,
} from './safety-support.js'

// Reconciliation safety (DECISIONS §6): a list that would delist more than 5% of the designations is
// not trusted for its removals: they are held back (reconciliation_blocked) until a list brings
// them back or an operator forces the removals through.

describe('reconciliation safety: removals over the threshold are held back', () => {
  useVariantDir()

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
    const snap = tempSnapshotWithList(PREVIOUS)
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

  it('a list cut to half is held back however long after the previous list (the allowance grows 1% a month up to 25%); 8% of removals are held back the next day and pass half a year later', () => {
    let i = 0
    const half = dropRecords(real(LATEST), () => i++ % 2 === 0)
    for (const [previousDate, date] of [
      [null, '2026-02-28T00:00:00.000Z'],
      // Three years after the previous list: 5% + 37% would be 42%, but the ceiling is 25%.
      ['2023-01-28T00:00:00.000Z', LATEST_GENERATED],
    ] as const) {
      const snap = tempSnapshot()
      snap.reconcileWatchlist(file(previousDate === null ? real(PREVIOUS) : withDate(real(PREVIOUS), previousDate)), {
        observedOn: (previousDate ?? '2026-01-28').slice(0, 10),
      })
      const r = snap.reconcileWatchlist(file(date === LATEST_GENERATED ? half : withDate(half, date)), { observedOn: '2026-03-01' })
      expect(r.delisted).toEqual([])
      expect(r.blocked.length).toBeGreaterThan(450)
      expect(r.warnings.find((w) => w.includes('reconciliation_blocked'))).toMatch(
        previousDate === null ? /\(50\.\d% > the 6\.0% allowed 31 days after/ : /\(50\.\d% > the 25\.0% allowed 37\.\d months after/,
      )
      expect(snap.heldWatchlistRemovals()).toMatchObject({ count: r.blocked.length, since: date, newestList: date })
    }
    // 80 of 999 removed (8.0%): over 5% the next day, within 5% + 1% × 6 months half a year later.
    let k = 0
    const fewer = dropRecords(real(LATEST), (b) => refOf(b).startsWith('IR') && k++ < 80)
    const soon = tempSnapshotWithList(PREVIOUS).reconcileWatchlist(file(withDate(fewer, '2026-01-29T00:00:00.000Z')), {
      observedOn: '2026-02-27',
    })
    expect([soon.blocked.length, soon.delisted.length]).toEqual([80, 0])
    const later = tempSnapshotWithList(PREVIOUS).reconcileWatchlist(file(withDate(fewer, '2026-07-28T00:00:00.000Z')), {
      observedOn: '2026-02-27',
    })
    expect([later.blocked.length, later.delisted.length]).toEqual([0, 80])
  })

  it('a whole regime removed (every Taliban record) is blocked; forced, it is delisted as of the day its absence was first observed', () => {
    const snap = tempSnapshotWithList(PREVIOUS)
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
          // Past the guard: the audit event says how.
          override: 'applied with { force: true }',
        },
      ])
    }
    expect(snap.checkIntegrity().ok).toBe(true)
  })

  it('held back designations: not counted or logged again while absent; back unchanged → previous event restored; back changed → amended; forced → delisted as of the block day', () => {
    const snap = tempSnapshotWithList(LATEST)
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
      `${stillAbsent.length} designations held back by an earlier list are still absent; accept them (acceptWatchlistRemovals(), legisearch watchlist accept-removals) or pass { force: true } to delist them`,
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
        override: 'applied with { force: true }',
      })
    }
    const gf = snap.getDesignation(f)
    expect([gf.status, gf.delistedOn]).toEqual(['delisted', '2026-03-05'])
    expect(snap.listWatchlist({ status: 'delisted', limit: 1 }).total).toBe(stillAbsent.length + 2)
    expect(snap.checkIntegrity().ok).toBe(true)
  })

  it('a held-back designation whose last real event is a relisting gets back lastEventType listed (a relisting is a listing), at that time', () => {
    const snap = tempSnapshotWithList(LATEST)
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
})
