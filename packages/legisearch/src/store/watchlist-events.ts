import type { Statements } from './statements.js'

/** One entry of a designation's audit history, as stored (`watchlist_events`). */
export interface EventRow {
  readonly type: string
  readonly observed_at: string
  readonly list_generated: string
  /** The changes, as JSON, or null. */
  readonly changes: string | null
  /** Absent in a file of schema 6 opened read-only (see store/database.ts). */
  readonly override?: string | null
}

/** An event to append: `ref` and the stored columns. */
export interface NewEventRow {
  readonly ref: string
  readonly type: string
  readonly observedAt: string
  readonly listGenerated: string
  readonly changes: string | null
  readonly override: string | null
}

/**
 * Appends one event to a designation's audit history.
 *
 * @example addEventRow(st, { ref: 'QDi.001', type: 'listed', observedAt, listGenerated, changes: null, override: null })
 */
export function addEventRow(st: Statements, e: NewEventRow): void {
  st.prepared('INSERT INTO watchlist_events (ref, type, observed_at, list_generated, changes, override) VALUES (?, ?, ?, ?, ?, ?)').run(
    e.ref,
    e.type,
    e.observedAt,
    e.listGenerated,
    e.changes,
    e.override,
  )
}

/**
 * A designation's audit history, oldest first.
 *
 * @example eventRows(st, 'QDi.001').map((e) => e.type) // ['listed', 'amended']
 */
export function eventRows(st: Statements, ref: string): EventRow[] {
  // Every column: a file of schema 6, read-only, has no `override` yet (see store/database.ts).
  return st.prepared('SELECT * FROM watchlist_events WHERE ref = ? ORDER BY id').all(ref) as EventRow[]
}

/**
 * A designation's last event that is not a held-back removal (`reconciliation_blocked`), or undefined.
 *
 * @example lastRealEventRow(st, 'QDi.001')?.type // 'amended'
 */
export function lastRealEventRow(st: Statements, ref: string): Pick<EventRow, 'type' | 'observed_at'> | undefined {
  return st
    .prepared("SELECT type, observed_at FROM watchlist_events WHERE ref = ? AND type <> 'reconciliation_blocked' ORDER BY id DESC LIMIT 1")
    .get(ref) as Pick<EventRow, 'type' | 'observed_at'> | undefined
}
