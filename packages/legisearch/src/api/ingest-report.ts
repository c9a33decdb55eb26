import type { Collection } from '../ingest/define.js'
import type { SourceName } from '../ingest/registry.js'
import type { ReconcileReport } from '../watchlist/reconcile.js'

/** What one ingest did, per collection; `skipped` lists records a source left out, by file and line (0 where a record has none: a DOU act). */
export interface IngestReport {
  readonly source: SourceName
  readonly files: readonly string[]
  /**
   * Per collection the source writes. For the watchlist: `inserted` = designations listed for the
   * first time, `updated` = relisted, amended, delisted or held back, `unchanged` = the rest.
   */
  readonly collections: Readonly<Record<Collection, { inserted: number; updated: number; unchanged: number }>>
  /** For the UN list: each list's reconciliation report, oldest first (as `reconcileWatchlist` returns it). */
  readonly lists?: readonly ReconcileReport[]
  readonly skipped: readonly { readonly file: string; readonly line: number; readonly why: string }[]
}
