import { describe, expect, it } from 'vitest'
import { readList } from './independent-diff.js'
import { LATEST, at, dropRecords, editRecord, file, real, refOf, tempSnapshotWithList, useVariantDir, withDate } from './safety-support.js'

// Reconciliation safety (DECISIONS §6): a designation absent from one version and back in a later
// one is relisted, with delistedOn cleared.

describe('reconciliation safety: relisting', () => {
  useVariantDir()

  it('a relisting (absent from one version, back in the next) is relisted with delistedOn cleared', () => {
    const snap = tempSnapshotWithList(LATEST)
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

  it('a relisted designation whose content changed meanwhile: status, delistedOn, then the content changes (narratives as published)', () => {
    const snap = tempSnapshotWithList(LATEST)
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
})
