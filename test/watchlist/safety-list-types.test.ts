import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { LATEST, editRecord, file, real, tempSnapshotWithList, useVariantDir, withDate } from './safety-support.js'

// Reconciliation safety (DECISIONS §6): UN_LIST_TYPE values that name no regime of the spec are
// read (a resolution number as its regime) or kept verbatim, with a warning either way.

describe('reconciliation safety: list types outside the spec regimes', () => {
  useVariantDir()

  it("a list type that names a regime by its resolution ('26532022', the 2023 list's Haiti) is read as that regime, with a warning", () => {
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
})
