import * as z from 'zod'
import { invalid } from '../common/errors.js'
import { checkOptions } from '../common/validate.js'
import { parseInstant } from '../common/dates.js'
import { type Db, immediate } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { type HeldRow, delistDesignationRow, heldRows } from '../store/watchlist-designations.js'
import { lastListObservation, newestListRow } from '../store/watchlist-lists.js'
import { addEvent, delistChanges } from './events.js'
import { observation } from './observation.js'
import type { Designation } from './types.js'

/** Removals the mass-removal guard holds back: designations still `listed` though absent from the lists since. */
export interface HeldRemovals {
  /** How many designations are held back. */
  readonly count: number
  /** Their reference numbers, sorted. */
  readonly refs: string[]
  /** The `dateGenerated` of the earliest list whose removals are still held back, or null when none are. */
  readonly since: string | null
  /** The `dateGenerated` of the newest list ingested (the last to confirm their absence), or null. */
  readonly newestList: string | null
}

/** The `dateGenerated` of the newest list ingested, or null. */
function newestList(st: Statements): string | null {
  return newestListRow(st)?.date_generated ?? null
}

/**
 * The removals held back by the guard, and since which list.
 *
 * @example heldRemovals(st) // { count: 211, refs: ['CDe.001', …], since: '2020-03-20T19:09:21.822-04:00', newestList: '…' }
 */
export function heldRemovals(st: Statements): HeldRemovals {
  const rows = heldRows(st)
  let since: string | null = null
  for (const r of rows) {
    if (r.blockedBy === null) continue
    if (since === null || (parseInstant(r.blockedBy) ?? 0) < (parseInstant(since) ?? 0)) since = r.blockedBy
  }
  return { count: rows.length, refs: rows.map((r) => r.ref), since, newestList: newestList(st) }
}

/** The options of `acceptWatchlistRemovals`. */
export const acceptRemovalsOptionsSchema = z.strictObject({
  /** Only these held-back designations (default: every one). */
  refs: z
    .array(z.string({ error: 'must be a reference number such as QDi.001' }).trim().min(1, 'must be a reference number such as QDi.001'), {
      error: 'must be an array of reference numbers',
    })
    .min(1, 'must name at least one reference (omit it to accept every held-back removal)')
    .optional(),
  /** Why the operator accepts them; kept in each audit event. */
  reason: z.string({ error: 'must be a string' }).trim().min(1, 'must not be blank').max(500, 'must be at most 500 characters').optional(),
  /** When they were accepted: `YYYY-MM-DD` or an ISO date-time, not before the last observation. Default: now. */
  observedOn: z.string({ error: 'must be a date YYYY-MM-DD or an ISO 8601 date-time' }).optional(),
  /**
   * The `dateGenerated` of the newest list the operator reviewed (as `heldWatchlistRemovals` gave
   * it): refused if a list was ingested since, so removals nobody reviewed are not accepted.
   */
  newestList: z.string({ error: 'must be the dateGenerated of the newest list ingested, as heldWatchlistRemovals() gives it' }).optional(),
})

export type AcceptRemovalsOptions = z.input<typeof acceptRemovalsOptionsSchema>

/** What `acceptWatchlistRemovals` did. */
export interface AcceptRemovalsReport {
  /** The designations delisted, sorted. */
  readonly delisted: string[]
  readonly observedAt: string
  /** Held-back removals left as they are (when `refs` named only some). */
  readonly stillHeld: number
}

/**
 * An operator's acceptance of held-back removals (DECISIONS §6: "an operator can force it"): each
 * is delisted as of the day its absence was first observed, with a `delisted` audit event whose
 * `override` says it was accepted and why. One transaction; a ref that is not held back → 400.
 */
export function acceptHeldRemovals(db: Db, st: Statements, options?: AcceptRemovalsOptions): AcceptRemovalsReport {
  const given = checkOptions(acceptRemovalsOptionsSchema, options)
  const obs = observation(given.observedOn)
  return immediate(db, () => {
    const rows = heldRows(st)
    const byRef = new Map(rows.map((r) => [r.ref, r]))
    const chosen = given.refs === undefined ? rows : [...new Set(given.refs)].map((ref) => byRef.get(ref) ?? ref)
    const missing = chosen.filter((r): r is string => typeof r === 'string')
    if (missing.length > 0) {
      throw invalid(
        `options.refs: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not held back by the removal guard (held back now: ${rows.length === 0 ? 'none' : rows.length}); nothing was changed`,
        ['refs'],
      )
    }
    const list = newestList(st) ?? ''
    if (given.newestList !== undefined && given.newestList !== list) {
      throw invalid(
        `options.newestList: the newest list ingested is ${list === '' ? 'none' : `the list of ${list}`}, not ${given.newestList}: review what it holds back (heldWatchlistRemovals()) and accept again; nothing was changed`,
        ['newestList'],
      )
    }
    const lastObserved = lastListObservation(st)
    if (lastObserved !== null && obs.at < lastObserved) {
      throw invalid(`options.observedOn: ${obs.at} is before the last observation (${lastObserved}); nothing was changed`, ['observedOn'])
    }
    const override = `accepted by an operator${given.reason === undefined ? '' : `: ${given.reason}`}`
    const delisted: string[] = []
    for (const row of chosen as HeldRow[]) {
      const prior = JSON.parse(row.record) as Designation
      // The held-back event's day: when the absence was first observed.
      const day = prior.lastEventAt.slice(0, 10)
      addEvent(st, row.ref, { type: 'delisted', observedAt: obs.at, listDateGenerated: list, changes: delistChanges(day), override })
      const next: Designation = { ...prior, status: 'delisted', delistedOn: day, lastEventAt: obs.at, lastEventType: 'delisted' }
      delistDesignationRow(st, row.ref, JSON.stringify(next))
      delisted.push(row.ref)
    }
    return { delisted: delisted.sort(), observedAt: obs.at, stillHeld: rows.length - delisted.length }
  })
}
