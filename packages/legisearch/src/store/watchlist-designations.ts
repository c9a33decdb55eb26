import type { Statements } from './statements.js'

/** A designation as reconciliation reads it: its status, the list content it was stored with, and the record. */
export interface DesignationRow {
  readonly ref: string
  readonly status: 'listed' | 'delisted'
  /** The list's content for it, as JSON. */
  readonly content: string
  readonly fingerprint: string
  /** The designation record, as JSON. */
  readonly record: string
}

/** Every column a reconciliation writes of a designation (the searchable ones beside the record). */
export interface DesignationWrite {
  readonly ref: string
  readonly status: 'listed' | 'delisted'
  readonly subjectType: string
  readonly regime: string
  readonly listedOn: string | null
  readonly lastUpdatedOn: string | null
  readonly nameSort: string
  readonly namesKey: string
  /** 1 when the subject is reported deceased. */
  readonly deceased: 0 | 1
  /** The measures, lower case, as a JSON array. */
  readonly measures: string
  readonly content: string
  readonly fingerprint: string
  readonly record: string
}

/** A designation held back by the removal guard, with the list that held it back. */
export interface HeldRow {
  readonly ref: string
  readonly record: string
  /** The `dateGenerated` of the list whose absence was held back, or null. */
  readonly blockedBy: string | null
}

/** Which designations `GET /watchlist` lists: each given field must match (all of them). */
export interface DesignationFilter {
  /** A normalized name key the designation's names must contain. */
  readonly namesKey?: string
  readonly status?: string
  readonly subjectType?: string
  readonly regime?: string
  /** A measure, lower case, the designation must carry. */
  readonly measure?: string
  readonly hideDeceased?: boolean
}

/** The orders `GET /watchlist` lists designations in. */
export type DesignationOrder = 'recently_changed' | 'name' | 'listed_on'

const ORDER_SQL: Readonly<Record<DesignationOrder, string>> = {
  recently_changed: 'last_updated_on IS NULL, last_updated_on DESC, ref ASC',
  name: 'name_sort ASC, ref ASC',
  listed_on: 'listed_on IS NULL, listed_on DESC, ref ASC',
}

/** The WHERE clause of a filter and its arguments. */
function whereOf(f: DesignationFilter): { sql: string; args: (string | number)[] } {
  const where: string[] = []
  const args: (string | number)[] = []
  if (f.namesKey !== undefined) {
    where.push('instr(names_key, ?) > 0')
    args.push(f.namesKey)
  }
  for (const [column, value] of [
    ['status', f.status],
    ['subject_type', f.subjectType],
    ['regime', f.regime],
  ] as const) {
    if (value === undefined) continue
    where.push(`${column} = ?`)
    args.push(value)
  }
  if (f.measure !== undefined) {
    where.push('EXISTS (SELECT 1 FROM json_each(measures) WHERE value = ?)')
    args.push(f.measure)
  }
  if (f.hideDeceased) where.push('deceased = 0')
  return { sql: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', args }
}

/**
 * How many designations a filter matches.
 *
 * @example countDesignations(st, { status: 'listed' }) // 1003
 */
export function countDesignations(st: Statements, filter: DesignationFilter): number {
  const where = whereOf(filter)
  return (st.prepared(`SELECT count(*) AS n FROM watchlist_designations ${where.sql}`).get(...where.args) as { n: number }).n
}

/**
 * One page of the records a filter matches, as JSON, in `order`.
 *
 * @example designationRecordPage(st, { regime: 'isil_al_qaida' }, 'name', 10, 0).length // 10
 */
export function designationRecordPage(
  st: Statements,
  filter: DesignationFilter,
  order: DesignationOrder,
  limit: number,
  offset: number,
): string[] {
  const where = whereOf(filter)
  const rows = st
    .prepared(`SELECT record FROM watchlist_designations ${where.sql} ORDER BY ${ORDER_SQL[order]} LIMIT ? OFFSET ?`)
    .all(...where.args, limit, offset) as { record: string }[]
  return rows.map((r) => r.record)
}

/**
 * One designation's record, as JSON, or undefined for an unknown ref.
 *
 * @example designationRecord(st, 'QDi.001') // '{"sourceRefNumber":"QDi.001",…}'
 */
export function designationRecord(st: Statements, ref: string): string | undefined {
  return (st.prepared('SELECT record FROM watchlist_designations WHERE ref = ?').get(ref) as { record: string } | undefined)?.record
}

/**
 * Every designation, as reconciliation compares them with a list.
 *
 * @example designationRows(st).length // 1238
 */
export function designationRows(st: Statements): DesignationRow[] {
  return st.prepared('SELECT ref, status, content, fingerprint, record FROM watchlist_designations').all() as DesignationRow[]
}

/**
 * Inserts a designation, or replaces every column of the one stored under its ref.
 *
 * @example writeDesignationRow(st, { ref: 'QDi.001', status: 'listed', … })
 */
export function writeDesignationRow(st: Statements, row: DesignationWrite): void {
  st.prepared(
    `INSERT INTO watchlist_designations (ref, status, subject_type, regime, listed_on, last_updated_on, name_sort, names_key, deceased, measures, content, fingerprint, record)
       VALUES (@ref, @status, @subjectType, @regime, @listedOn, @lastUpdatedOn, @nameSort, @namesKey, @deceased, @measures, @content, @fingerprint, @record)
       ON CONFLICT (ref) DO UPDATE SET status = excluded.status, subject_type = excluded.subject_type, regime = excluded.regime,
         listed_on = excluded.listed_on, last_updated_on = excluded.last_updated_on, name_sort = excluded.name_sort,
         names_key = excluded.names_key, deceased = excluded.deceased, measures = excluded.measures, content = excluded.content,
         fingerprint = excluded.fingerprint, record = excluded.record`,
  ).run(row)
}

/**
 * Marks a designation delisted, with its new record (JSON).
 *
 * @example delistDesignationRow(st, 'QDi.001', JSON.stringify(next))
 */
export function delistDesignationRow(st: Statements, ref: string, record: string): void {
  st.prepared("UPDATE watchlist_designations SET status = 'delisted', record = ? WHERE ref = ?").run(record, ref)
}

/**
 * How many designations there are of each status.
 *
 * @example designationStatusCounts(st).get('listed') // 1003
 */
export function designationStatusCounts(st: Statements): Map<string, number> {
  const rows = st.prepared('SELECT status, count(*) AS n FROM watchlist_designations GROUP BY status').all() as {
    status: string
    n: number
  }[]
  return new Map(rows.map((r) => [r.status, r.n]))
}

/**
 * The designations held back by the removal guard (still `listed`, last event `reconciliation_blocked`), by ref.
 *
 * @example heldRows(st).map((r) => r.ref) // ['CDe.001', …]
 */
export function heldRows(st: Statements): HeldRow[] {
  return st
    .prepared(
      `SELECT d.ref, d.record,
              (SELECT e.list_generated FROM watchlist_events e WHERE e.ref = d.ref AND e.type = 'reconciliation_blocked' ORDER BY e.id DESC LIMIT 1) AS blockedBy
         FROM watchlist_designations d
        WHERE d.status = 'listed' AND json_extract(d.record, '$.lastEventType') = 'reconciliation_blocked'
        ORDER BY d.ref`,
    )
    .all() as HeldRow[]
}
