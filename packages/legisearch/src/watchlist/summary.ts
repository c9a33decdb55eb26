import type { Statements } from '../store/statements.js'
import { designationStatusCounts } from '../store/watchlist-designations.js'
import { listVersionCount, newestListRow } from '../store/watchlist-lists.js'
import { type HeldRemovals, heldRemovals } from './held.js'

/** What the watchlist holds: the UN lists ingested, the designations by status, the removals held back. */
export interface WatchlistSummary {
  /** The versions of the UN list reconciled into the watchlist. */
  readonly lists: {
    /** How many were ingested (a version ingested twice counts once). */
    readonly count: number
    /** The `dateGenerated` of the newest (the one the watchlist reflects), or null when none was. */
    readonly newest: string | null
    /** When the newest was observed (its `observedOn`, or the time of its ingest). */
    readonly newestObservedAt: string | null
  }
  /** Designations by status (`listed` includes the removals held back). */
  readonly designations: { readonly listed: number; readonly delisted: number }
  /** The removals the mass-removal guard holds back. */
  readonly heldBack: HeldRemovals
}

/**
 * The watchlist in numbers, from one read.
 *
 * @example watchlistSummary(st) // { lists: { count: 15, newest: '2026-02-27T00:00:09.554Z', … }, designations: { listed: 1003, delisted: 235 }, heldBack: { count: 0, … } }
 */
export function watchlistSummary(st: Statements): WatchlistSummary {
  const newest = newestListRow(st)
  const byStatus = designationStatusCounts(st)
  return {
    lists: { count: listVersionCount(st), newest: newest?.date_generated ?? null, newestObservedAt: newest?.observed_at ?? null },
    designations: { listed: byStatus.get('listed') ?? 0, delisted: byStatus.get('delisted') ?? 0 },
    heldBack: heldRemovals(st),
  }
}
