import { describe, expect, it } from 'vitest'
import { errorOf } from '../helpers/errors.js'
import {
  DAY,
  HOUR,
  LATEST,
  at,
  dropRecords,
  file,
  real,
  refOf,
  stateOf,
  tempSnapshotWithList,
  useVariantDir,
  withDate,
} from './safety-support.js'

// Reconciliation safety (DECISIONS §6): the observation (options.observedOn) of a reconciliation:
// never before the last one unless forced, never more than a day ahead, a date read as midnight UTC.

describe('reconciliation safety: observations (options.observedOn)', () => {
  useVariantDir()

  it('an observation earlier than the last one is refused unless forced; the same instant is accepted', () => {
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
})
