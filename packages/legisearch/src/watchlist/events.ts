import type { Statements } from '../store/statements.js'
import { addEventRow } from '../store/watchlist-events.js'

/** One entry of a designation's audit history. */
export interface DesignationEvent {
  readonly type: 'listed' | 'relisted' | 'amended' | 'delisted' | 'reconciliation_blocked'
  readonly observedAt: string
  /** The `dateGenerated` of the list that caused it. */
  readonly listDateGenerated: string
  /** Each changed field, before and after: origin fields for `amended`/`relisted`, `status`/`delistedOn` for status changes. */
  readonly changes?: { field: string; before: unknown; after: unknown }[]
  /** How a removal held back by the guard was applied anyway: `applied with { force: true }`, or the operator's acceptance and reason. */
  readonly override?: string
}

/** The `override` note of an event applied past the removal guard by `{ force: true }`. */
export const FORCED = 'applied with { force: true }'

/**
 * The status changes a delisting carries, `delistedOn` being `day`.
 *
 * @example delistChanges('2020-03-21') // [{ field: 'status', before: 'listed', after: 'delisted' }, { field: 'delistedOn', before: null, after: '2020-03-21' }]
 */
export function delistChanges(day: string): NonNullable<DesignationEvent['changes']> {
  return [
    { field: 'status', before: 'listed', after: 'delisted' },
    { field: 'delistedOn', before: null, after: day },
  ]
}

/**
 * Appends one event to a designation's audit history.
 *
 * @example addEvent(st, 'QDi.001', { type: 'listed', observedAt, listDateGenerated: list.dateGenerated })
 */
export function addEvent(st: Statements, ref: string, event: DesignationEvent): void {
  addEventRow(st, {
    ref,
    type: event.type,
    observedAt: event.observedAt,
    listGenerated: event.listDateGenerated,
    changes: event.changes && event.changes.length > 0 ? JSON.stringify(event.changes) : null,
    override: event.override ?? null,
  })
}
