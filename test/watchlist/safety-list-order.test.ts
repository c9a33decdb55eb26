import { describe, expect, it } from 'vitest'
import type { Designation } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { readList } from './independent-diff.js'
import {
  DAY,
  HOUR,
  LATEST,
  LATEST_GENERATED,
  OLDER,
  PREVIOUS,
  brasilia,
  editRecord,
  file,
  real,
  refOf,
  stateOf,
  tempSnapshotWithList,
  useVariantDir,
  withDate,
} from './safety-support.js'

// Reconciliation safety (DECISIONS §6): lists are applied in the order of their dateGenerated,
// compared as instants; an older list, or the same dateGenerated with other content, is refused
// unless forced.

describe('reconciliation safety: list order, older and same-date lists, force', () => {
  useVariantDir()

  it('an older list after a newer one is refused, naming both dates, and nothing changes', () => {
    const snap = tempSnapshotWithList(LATEST)
    const before = stateOf(snap)
    const older = readList(real(OLDER)).dateGenerated
    const newer = readList(real(LATEST)).dateGenerated
    const err = errorOf(() => snap.reconcileWatchlist(file(real(OLDER)), { observedOn: '2026-03-01' }))
    expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_parameters' })
    expect(err.message).toContain(older)
    expect(err.message).toContain(newer)
    expect(stateOf(snap)).toEqual(before)
  })

  it('the same dateGenerated with other content is refused, naming the date, unless forced', () => {
    const snap = tempSnapshotWithList(LATEST)
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

  it('a list older than the NEWEST ingested is refused even when newer than the last one applied (forced older list)', () => {
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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
    const snap = tempSnapshotWithList(LATEST)
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

  it('a zone-less dateGenerated a little under 2 days ahead (Brasília time) is accepted', () => {
    const snap = tempSnapshot()
    const iso = brasilia(Date.now() + 2 * DAY - HOUR)
    const r = snap.reconcileWatchlist(file(withDate(real(LATEST), iso)))
    expect([r.applied, r.dateGenerated, r.listed.length]).toEqual([true, iso, 1003])
  })
})
