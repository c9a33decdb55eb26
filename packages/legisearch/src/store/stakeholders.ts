import type { Statements } from './statements.js'

/** The rows of stakeholders: id, name and the record as JSON. Callers wrap writes in one transaction. */
export class StakeholderRows {
  constructor(private readonly st: Statements) {}

  /** The record (JSON) of an id, or undefined. */
  record(id: string): string | undefined {
    return (this.st.prepared('SELECT record FROM stakeholders WHERE id = ?').get(id) as { record: string } | undefined)?.record
  }

  /** Every record (JSON). */
  all(): string[] {
    return (this.st.prepared('SELECT record FROM stakeholders').all() as { record: string }[]).map((r) => r.record)
  }

  count(): number {
    return (this.st.prepared('SELECT count(*) AS n FROM stakeholders').get() as { n: number }).n
  }

  /** Inserts or replaces; returns how many were new. */
  put(rows: readonly { id: string; name: string; record: string }[]): number {
    const exists = this.st.prepared('SELECT 1 FROM stakeholders WHERE id = ?')
    const upsert = this.st.prepared(
      'INSERT INTO stakeholders (id, name, record) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, record = excluded.record',
    )
    let inserted = 0
    for (const r of rows) {
      if (!exists.get(r.id)) inserted++
      upsert.run(r.id, r.name, r.record)
    }
    this.bumpVersion()
    return inserted
  }

  /** Deletes by id; returns how many existed. */
  delete(ids: readonly string[]): number {
    const del = this.st.prepared('DELETE FROM stakeholders WHERE id = ?')
    const removed = ids.reduce((n, id) => n + del.run(id).changes, 0)
    this.bumpVersion()
    return removed
  }

  /** Counts stakeholder writes in the file, so every connection's name index sees them. */
  version(): number {
    const row = this.st.prepared("SELECT value FROM meta WHERE key = 'stakeholders_version'").get() as { value: number } | undefined
    return row?.value ?? 0
  }

  private bumpVersion(): void {
    this.st
      .prepared("INSERT INTO meta (key, value) VALUES ('stakeholders_version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1")
      .run()
  }
}
