import type { DesignationRow } from '../store/watchlist-designations.js'
import type { ListRow } from '../store/watchlist-lists.js'
import { FORCED, delistChanges } from './events.js'
import type { ListContent } from './parse.js'
import { type Run, recordEvent, writeDesignation } from './reconcile-run.js'
import type { Designation } from './types.js'

/**
 * The mass-removal guard's defaults (DECISIONS §6). A list may newly remove up to `maxRemovalRatio`
 * of the listed designations, plus `removalRatioPerMonth` for every 30 days since the previous list
 * was generated, never more than `ceiling` (unless `maxRemovalRatio` itself is higher): a daily list
 * cut in half is refused, while the real lists, years apart, bring their official delistings
 * (12.2 % after 32 months, 10.4 % after 18). Removals over the allowance are held back.
 */
export const REMOVAL_GUARD = { maxRemovalRatio: 0.05, removalRatioPerMonth: 0.01, ceiling: 0.25 } as const

/**
 * The share of the listed designations a list generated at `thisMs` may newly remove, when the
 * previous list was generated at `previousMs`.
 *
 * @example removalAllowance(0.05, 0.01, Date.parse('2017-07-03'), Date.parse('2020-03-20')) // 0.25 (32 months: the ceiling)
 */
export function removalAllowance(base: number, perMonth: number, previousMs: number | null, thisMs: number): number {
  const months = previousMs === null ? 0 : Math.max(0, thisMs - previousMs) / (30 * 86_400_000)
  return Math.max(base, Math.min(REMOVAL_GUARD.ceiling, base + perMonth * months))
}

/** `7 days`, `3.2 months`: the time between two lists, for a warning. */
function monthsText(fromMs: number, toMs: number): string {
  const days = Math.max(0, toMs - fromMs) / 86_400_000
  return days < 60 ? `${Math.round(days)} days` : `${(days / 30).toFixed(1)} months`
}

/** The guard's verdict on the designations a list leaves out. */
export interface Removals {
  /** Listed designations the list newly leaves out. */
  readonly fresh: DesignationRow[]
  /** Listed designations an earlier list's removal was held back for, still left out. */
  readonly heldBefore: DesignationRow[]
  /** Whether the fresh removals are over the allowance. */
  readonly overGuard: boolean
  /** Whether they are held back (over the allowance and not forced). */
  readonly block: boolean
}

/**
 * Judges the removals of a list against the allowance (DECISIONS §6), warning when it holds them
 * back or when earlier held-back removals are still absent. `previous` is the list the snapshot
 * reflects now (the last applied: after a forced older list, the newest list's own bytes restore
 * it with the removals of the time between).
 *
 * @example judgeRemovals(run, present, lastApplied, { maxRemovalRatio: 0.05, perMonth: 0.01 }).block // false
 */
export function judgeRemovals(
  run: Run,
  present: ReadonlySet<string>,
  previous: ListRow | undefined,
  limits: { maxRemovalRatio: number; perMonth: number },
): Removals {
  const { list, force } = run
  const rows = [...run.rows.values()]
  const absent = rows.filter((r) => r.status === 'listed' && !present.has(r.ref))
  const heldBefore = absent.filter((r) => (JSON.parse(r.record) as Designation).lastEventType === 'reconciliation_blocked')
  const fresh = absent.filter((r) => !heldBefore.includes(r))
  const listedBefore = rows.filter((r) => r.status === 'listed').length
  const ratio = listedBefore === 0 ? 0 : fresh.length / listedBefore
  const allowance = removalAllowance(limits.maxRemovalRatio, limits.perMonth, previous?.generated_ms ?? null, list.generatedMs)
  const overGuard = fresh.length > 0 && ratio > allowance
  const block = overGuard && !force
  if (block) {
    run.report.warnings.push(
      `this list would remove ${fresh.length} of ${listedBefore} listed designations (${(ratio * 100).toFixed(1)}% > the ${(allowance * 100).toFixed(1)}% allowed ` +
        `${previous ? `${monthsText(previous.generated_ms, list.generatedMs)} after the list of ${previous.date_generated}` : 'for a first list'}); ` +
        'nothing was removed and they are marked reconciliation_blocked. If the removals are real, accept them (acceptWatchlistRemovals(), `legisearch watchlist accept-removals`) or pass { force: true }',
    )
  }
  if (heldBefore.length > 0 && !force) {
    run.report.warnings.push(
      `${heldBefore.length} designations held back by an earlier list are still absent; accept them (acceptWatchlistRemovals(), legisearch watchlist accept-removals) or pass { force: true } to delist them`,
    )
  }
  return { fresh, heldBefore, overGuard, block }
}

/**
 * Applies the guard's verdict: each fresh removal is delisted (as of the observation day) or held
 * back (`reconciliation_blocked`); a forced run also delists the removals held back before, as of
 * the day their absence was first observed.
 *
 * @example applyRemovals(run, judgeRemovals(run, present, lastApplied, limits))
 */
export function applyRemovals(run: Run, removals: Removals): void {
  for (const row of removals.fresh) {
    const prior = JSON.parse(row.record) as Designation
    if (removals.block) holdBack(run, row, prior)
    else delist(run, row, prior, run.obs.day, removals.overGuard ? FORCED : undefined)
  }
  if (run.force) {
    // Removed as of the day the absence was first observed (the held-back event's day).
    for (const row of removals.heldBefore) {
      const prior = JSON.parse(row.record) as Designation
      delist(run, row, prior, prior.lastEventAt.slice(0, 10), FORCED)
    }
  }
}

/** A removal held back: still listed, its last event `reconciliation_blocked`. */
function holdBack(run: Run, row: DesignationRow, prior: Designation): void {
  run.report.blocked.push(row.ref)
  recordEvent(run, row.ref, 'reconciliation_blocked')
  writeDesignation(
    run.st,
    { ...prior, lastEventAt: run.obs.at, lastEventType: 'reconciliation_blocked' },
    JSON.parse(row.content) as ListContent,
    row.fingerprint,
  )
}

/** A removal applied: delisted as of `day`. */
function delist(run: Run, row: DesignationRow, prior: Designation, day: string, override?: string): void {
  run.report.delisted.push(row.ref)
  recordEvent(run, row.ref, 'delisted', delistChanges(day), override)
  writeDesignation(
    run.st,
    { ...prior, status: 'delisted', delistedOn: day, lastEventAt: run.obs.at, lastEventType: 'delisted' },
    JSON.parse(row.content) as ListContent,
    row.fingerprint,
  )
}
