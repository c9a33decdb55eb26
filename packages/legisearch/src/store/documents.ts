import { DocChanges, changeProblems } from './doc-changes.js'
import { DateColumnsWriter, dateColumnProblems } from './doc-columns.js'
import { decodeRecord, encodeRecord, recordProblems } from './record-codec.js'
import type { Statements } from './statements.js'

/** One document's row: what sorts, date filters and the page need, apart from the record itself. */
export interface DocumentRow {
  readonly corpus: string
  readonly id: string
  readonly mainMs: number
  readonly mainDay: number
  readonly updMs: number
  readonly updDay: number
  /** The record as JSON. */
  readonly record: string
}

/**
 * The rows of documents: `docs`, `records`, their date columns (`doc_dates`, written by
 * `flushDates` at the end of a write) and the per-corpus counters in `meta` (filter values
 * belong to the text index: `facets` rows are the FTS5 index's). The
 * store knows rows, not corpora or ranking; callers wrap writes in one transaction.
 */
export class DocumentRows {
  /** The dates of the documents `put` and `delete` touched, written by `flushDates`. */
  private readonly dates: DateColumnsWriter
  /** The change sequence of the documents `put` changed (`store/doc-changes.ts`). */
  private readonly changes: DocChanges

  constructor(private readonly st: Statements) {
    this.dates = new DateColumnsWriter(st)
    this.changes = new DocChanges(st)
  }

  /**
   * Writes the date columns of every document put or deleted since the last flush, and the change
   * counter of the write (before the transaction commits).
   */
  flushDates(): void {
    this.dates.flush()
    this.changes.flush()
  }

  /** Forgets the staged dates and change sequence (the transaction is rolling back). */
  discardDates(): void {
    this.dates.discard()
    this.changes.discard()
  }

  /** Up to `limit` documents of a corpus after rowid `after`, in rowid order, with their records (to re-index them). */
  page(corpus: string, after: number, limit: number): { rowid: number; record: string }[] {
    // `+d.corpus`: walked by rowid; through the (corpus, id) index SQLite sorted the whole corpus for each page (1.2 s at 1M).
    const rows = this.st
      .prepared(
        'SELECT d.rowid AS rowid, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE +d.corpus = ? AND d.rowid > ? ORDER BY d.rowid LIMIT ?',
      )
      .all(corpus, after, limit) as { rowid: number; record: string | Buffer }[]
    return rows.map((r) => ({ rowid: r.rowid, record: decodeRecord(this.st, r.record) }))
  }

  /** The rowid of a document, or undefined. */
  rowidOf(corpus: string, id: string): number | undefined {
    return (this.st.prepared('SELECT rowid FROM docs WHERE corpus = ? AND id = ?').get(corpus, id) as { rowid: number } | undefined)?.rowid
  }

  /**
   * Writes a document's row and record; `existing` is its rowid when it is already stored. Unless
   * `changed` is false (a record written again as it was), the document is stamped with the write's
   * change sequence (what alerts list). Returns its rowid.
   */
  put(row: DocumentRow, existing: number | undefined, changed = true): number {
    const st = this.st
    let rowid: number
    if (existing !== undefined) {
      rowid = existing
      st.prepared('UPDATE docs SET main_ms = ?, main_day = ?, upd_ms = ?, upd_day = ? WHERE rowid = ?').run(
        row.mainMs,
        row.mainDay,
        row.updMs,
        row.updDay,
        rowid,
      )
    } else {
      rowid = Number(
        st
          .prepared('INSERT INTO docs (corpus, id, main_ms, main_day, upd_ms, upd_day) VALUES (?, ?, ?, ?, ?, ?)')
          .run(row.corpus, row.id, row.mainMs, row.mainDay, row.updMs, row.updDay).lastInsertRowid,
      )
    }
    st.prepared('INSERT OR REPLACE INTO records (rowid, record) VALUES (?, ?)').run(rowid, encodeRecord(st, row.corpus, row.record))
    this.dates.stage(row.corpus, rowid, row)
    if (changed) this.changes.stamp(rowid)
    return rowid
  }

  /** Deletes a document's row, record and saved references. */
  delete(corpus: string, id: string, rowid: number): void {
    const st = this.st
    st.prepared('DELETE FROM docs WHERE rowid = ?').run(rowid)
    this.dates.stage(corpus, rowid, null)
    st.prepared('DELETE FROM records WHERE rowid = ?').run(rowid)
    this.changes.forget(rowid)
    // A removed document leaves no saved reference behind for a later record with the same id.
    st.prepared('DELETE FROM monitor_items WHERE corpus = ? AND doc_id = ?').run(corpus, id)
  }

  /** The stored record (JSON) of a rowid, or undefined. */
  recordOf(rowid: number): string | undefined {
    const stored = (this.st.prepared('SELECT record FROM records WHERE rowid = ?').get(rowid) as { record: string | Buffer } | undefined)
      ?.record
    return stored === undefined ? undefined : decodeRecord(this.st, stored)
  }

  /** The ids and records of the given rowids that hold a record of `corpus` (a rowid freed and reused by another corpus is not). */
  records(corpus: string, rowids: readonly number[]): Map<number, { id: string; record: string }> {
    if (rowids.length === 0) return new Map()
    // `+d.corpus`: each rowid looked up; through the (corpus, id) index SQLite scanned the whole corpus (115 ms a page at 1M).
    const rows = this.st
      .prepared(
        `SELECT d.rowid AS r, d.id AS id, x.record AS record FROM docs d JOIN records x ON x.rowid = d.rowid WHERE +d.corpus = ? AND d.rowid IN (${rowids.map(() => '?').join(', ')})`,
      )
      .all(corpus, ...rowids) as { r: number; id: string; record: string | Buffer }[]
    return new Map(rows.map((x) => [x.r, { id: x.id, record: decodeRecord(this.st, x.record) }]))
  }

  /** The ids of the given rowids of `corpus`, read 500 at a time (any number of rowids). */
  idsOf(corpus: string, rowids: readonly number[]): Map<number, string> {
    const out = new Map<number, string>()
    for (let at = 0; at < rowids.length; at += 500) {
      const chunk = rowids.slice(at, at + 500)
      const rows = this.st
        .prepared(`SELECT rowid AS r, id FROM docs WHERE +corpus = ? AND rowid IN (${chunk.map(() => '?').join(', ')})`)
        .all(corpus, ...chunk) as { r: number; id: string }[]
      for (const x of rows) out.set(x.r, x.id)
    }
    return out
  }

  /** The corpus date (`main_ms`, what `newest` sorts by) of the given rowids of `corpus`, read 500 at a time. */
  mainMsOf(corpus: string, rowids: readonly number[]): Map<number, number> {
    const out = new Map<number, number>()
    for (let at = 0; at < rowids.length; at += 500) {
      const chunk = rowids.slice(at, at + 500)
      const rows = this.st
        .prepared(`SELECT rowid AS r, main_ms AS ms FROM docs WHERE +corpus = ? AND rowid IN (${chunk.map(() => '?').join(', ')})`)
        .all(corpus, ...chunk) as { r: number; ms: number }[]
      for (const x of rows) out.set(x.r, x.ms)
    }
    return out
  }

  /** Keeps the corpus's record counter in `meta` (see `corpusSize`). */
  addToCount(corpus: string, delta: number): void {
    if (delta === 0) return
    const key = `docs:${corpus}`
    if (!this.st.prepared('SELECT 1 FROM meta WHERE key = ?').get(key)) {
      this.st.prepared('INSERT INTO meta (key, value) SELECT ?, count(*) FROM docs WHERE corpus = ?').run(key, corpus)
    } else {
      this.st.prepared('UPDATE meta SET value = value + ? WHERE key = ?').run(delta, key)
    }
  }

  /** How many documents each corpus holds, counted (not the counters). */
  counts(): Map<string, number> {
    const rows = this.st.prepared('SELECT corpus, count(*) AS n FROM docs GROUP BY corpus').all() as { corpus: string; n: number }[]
    return new Map(rows.map((r) => [r.corpus, r.n]))
  }

  /** What is wrong with a corpus's record counter ([] when nothing). */
  counterProblems(corpus: string): string[] {
    const docs = (this.st.prepared('SELECT count(*) AS n FROM docs WHERE corpus = ?').get(corpus) as { n: number }).n
    const counter = this.st.prepared('SELECT value FROM meta WHERE key = ?').get(`docs:${corpus}`) as { value: number } | undefined
    return counter !== undefined && counter.value !== docs ? [`meta docs:${corpus} says ${counter.value} records, there are ${docs}`] : []
  }

  /** Documents whose date columns say otherwise than their row ([] when none; a file older than the columns has none to check). */
  dateProblems(): string[] {
    return dateColumnProblems(this.st)
  }

  /** Records without their document, documents without their record ([] when nothing). */
  orphanProblems(): string[] {
    const st = this.st
    const problems: string[] = []
    const unpaired = (
      st
        .prepared(
          'SELECT (SELECT count(*) FROM docs WHERE rowid NOT IN (SELECT rowid FROM records)) + (SELECT count(*) FROM records WHERE rowid NOT IN (SELECT rowid FROM docs)) AS n',
        )
        .get() as { n: number }
    ).n
    if (unpaired > 0) problems.push(`records: ${unpaired} documents without their record, or records without their document`)
    problems.push(...changeProblems(st))
    return problems
  }

  /** Stored records that do not decode (see `recordProblems`; [] when none). */
  decodeProblems(): string[] {
    return recordProblems(this.st)
  }
}

/**
 * How many records a corpus holds: a counter kept in `meta` with every write (the search plan
 * asks for it, and a count(*) over a million rows would cost a scan). Computed once when absent.
 */
export function corpusSize(st: Statements, corpus: string): number {
  const row = st.prepared('SELECT value FROM meta WHERE key = ?').get(`docs:${corpus}`) as { value: number } | undefined
  if (row) return row.value
  // A file written before the counter existed: count once per connection (it only steers the plan).
  let counted = fallbackCounts.get(st)
  if (!counted) fallbackCounts.set(st, (counted = new Map()))
  let n = counted.get(corpus)
  if (n === undefined) {
    n = (st.prepared('SELECT count(*) AS n FROM docs WHERE corpus = ?').get(corpus) as { n: number }).n
    counted.set(corpus, n)
  }
  return n
}

const fallbackCounts = new WeakMap<Statements, Map<string, number>>()
