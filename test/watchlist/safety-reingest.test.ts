import { describe, expect, it } from 'vitest'
import { LATEST, LATEST_GENERATED, at, file, real, stateOf, tempSnapshotWithList, useVariantDir, withDate } from './safety-support.js'

// Reconciliation safety (DECISIONS §6): a list already ingested, in the same bytes or in other
// bytes holding the same content, is a no-op: applied false, no events, nothing written.

describe('reconciliation safety: the same content again is a no-op', () => {
  useVariantDir()

  it('the same file twice: the second report has applied false, no events, and nothing changes (lastSeenAt too)', () => {
    const snap = tempSnapshotWithList(LATEST)
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

  it('the same content in other bytes (CRLF line endings, other indentation) is a no-op, not refused', () => {
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
})
