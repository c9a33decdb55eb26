/**
 * The columns of `docs` a search orders and filters by, read for the text index: every document's
 * dates of a corpus at once, into typed arrays indexed by rowid, and one document's id.
 */
import type { Statements } from './statements.js'

/** A corpus's documents' dates, indexed by rowid − `base` (0 where no document of the corpus has that rowid). */
export interface DocDates {
  /** The smallest rowid of the corpus. */
  readonly base: number
  readonly mainMs: Float64Array
  readonly updMs: Float64Array
  readonly mainDay: Int32Array
  readonly updDay: Int32Array
}

/**
 * Every document's dates of a corpus, in one read.
 *
 * @example
 * const { base, mainMs } = readDocDates(st, 'propositions')
 * mainMs[rowid - base] // the document's main date, in ms
 */
export function readDocDates(st: Statements, corpus: string): DocDates {
  const range = st.prepared('SELECT min(rowid) AS lo, max(rowid) AS hi, count(*) AS n FROM docs WHERE corpus = ?').get(corpus) as {
    lo: number | null
    hi: number | null
    n: number
  }
  const base = range.lo ?? 0
  const size = range.hi === null ? 0 : range.hi - base + 1
  const dates = {
    base,
    mainMs: new Float64Array(size),
    updMs: new Float64Array(size),
    mainDay: new Int32Array(size),
    updDay: new Int32Array(size),
  }
  // Where the corpus fills most of its rowid range, the table is read in rowid order (one pass);
  // otherwise through the (corpus, id) index, one look-up per row.
  const sql =
    2 * range.n >= size
      ? 'SELECT rowid, main_ms, upd_ms, main_day, upd_day FROM docs NOT INDEXED WHERE rowid BETWEEN ? AND ? AND corpus = ?'
      : 'SELECT rowid, main_ms, upd_ms, main_day, upd_day FROM docs WHERE rowid BETWEEN ? AND ? AND corpus = ?'
  const rows = st
    .prepared(sql)
    .raw()
    .iterate(base, base + size - 1, corpus) as Iterable<[number, number, number, number, number]>
  for (const [rowid, mainMs, updMs, mainDay, updDay] of rows) {
    const i = rowid - base
    dates.mainMs[i] = mainMs
    dates.updMs[i] = updMs
    dates.mainDay[i] = mainDay
    dates.updDay[i] = updDay
  }
  return dates
}

/**
 * A document's id by rowid ('' when there is none).
 *
 * @example
 * docIdOf(st, 42) // 'PL 2630/2020'
 */
export function docIdOf(st: Statements, rowid: number): string {
  return (st.prepared('SELECT id FROM docs WHERE rowid = ?').pluck().get(rowid) as string | undefined) ?? ''
}
