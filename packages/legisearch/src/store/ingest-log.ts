import type { Statements } from './statements.js'

/** One ingest that landed, as logged; `R` is the report's type (the API's `IngestReport`). */
export interface IngestLogEntry<R = unknown> {
  readonly source: string
  readonly files: readonly string[]
  readonly finishedAt: string
  readonly report: R
}

/** The ingest log: a row per ingest that landed (written inside the ingest's own transaction). */
export class IngestLog {
  constructor(private readonly st: Statements) {}

  add(source: string, files: readonly string[], report: unknown): void {
    this.st
      .prepared('INSERT INTO ingest_log (source, files, finished_at, report) VALUES (?, ?, ?, ?)')
      .run(source, JSON.stringify(files), new Date().toISOString(), JSON.stringify(report))
  }

  /** The latest ingest of each source, by source name; `R` is the type of the reports `add` was given. */
  latest<R = unknown>(): IngestLogEntry<R>[] {
    const rows = this.st
      .prepared(
        'SELECT source, files, finished_at, report FROM ingest_log WHERE id IN (SELECT max(id) FROM ingest_log GROUP BY source) ORDER BY source',
      )
      .all() as { source: string; files: string; finished_at: string; report: string }[]
    return rows.map((r) => ({
      source: r.source,
      files: JSON.parse(r.files) as string[],
      finishedAt: r.finished_at,
      report: JSON.parse(r.report) as R,
    }))
  }
}
