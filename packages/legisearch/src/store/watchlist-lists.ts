import type { Statements } from './statements.js'

/** One version of the UN list reconciled into the watchlist, as stored (`watchlist_lists`). */
export interface ListRow {
  readonly date_generated: string
  readonly generated_ms: number
  readonly sha256: string
  readonly observed_at: string
}

/** What a reconciliation stores of the list it applied. */
export interface NewListRow {
  readonly dateGenerated: string
  readonly generatedMs: number
  readonly observedAt: string
  readonly sha256: string
  /** The reconciliation report, as JSON. */
  readonly report: string
}

/**
 * The newest list ingested (by `dateGenerated`; of two with the same date, the later ingested), or
 * undefined when none was.
 *
 * @example newestListRow(st)?.date_generated // '2026-02-27T00:00:09.554Z'
 */
export function newestListRow(st: Statements): ListRow | undefined {
  return st
    .prepared('SELECT date_generated, generated_ms, sha256, observed_at FROM watchlist_lists ORDER BY generated_ms DESC, id DESC LIMIT 1')
    .get() as ListRow | undefined
}

/**
 * The list applied last (the one the watchlist reflects now, even when it was a forced older list),
 * or undefined when none was.
 *
 * @example lastAppliedListRow(st)?.sha256
 */
export function lastAppliedListRow(st: Statements): ListRow | undefined {
  return st.prepared('SELECT date_generated, generated_ms, sha256, observed_at FROM watchlist_lists ORDER BY id DESC LIMIT 1').get() as
    ListRow | undefined
}

/**
 * When a list with these bytes was observed, if one was ingested that is older than the newest list,
 * else undefined.
 *
 * @example olderListObservedAt(st, list.sha256) // '2020-03-21T00:00:00.000Z'
 */
export function olderListObservedAt(st: Statements, sha256: string): string | undefined {
  const row = st
    .prepared(
      'SELECT observed_at AS at FROM watchlist_lists WHERE sha256 = ? AND generated_ms < (SELECT max(generated_ms) FROM watchlist_lists) LIMIT 1',
    )
    .get(sha256) as { at: string } | undefined
  return row?.at
}

/**
 * The latest observation of any list ingested, or null.
 *
 * @example lastListObservation(st) // '2026-03-01T00:00:00.000Z'
 */
export function lastListObservation(st: Statements): string | null {
  return (st.prepared('SELECT max(observed_at) AS at FROM watchlist_lists').get() as { at: string | null }).at
}

/**
 * How many versions of the list were ingested (the same bytes twice count once).
 *
 * @example listVersionCount(st) // 15
 */
export function listVersionCount(st: Statements): number {
  return (st.prepared('SELECT count(DISTINCT sha256) AS n FROM watchlist_lists').get() as { n: number }).n
}

/**
 * Records a list a reconciliation applied.
 *
 * @example addListRow(st, { dateGenerated, generatedMs, observedAt, sha256, report: JSON.stringify(report) })
 */
export function addListRow(st: Statements, row: NewListRow): void {
  st.prepared('INSERT INTO watchlist_lists (date_generated, generated_ms, observed_at, sha256, report) VALUES (?, ?, ?, ?, ?)').run(
    row.dateGenerated,
    row.generatedMs,
    row.observedAt,
    row.sha256,
    row.report,
  )
}
