import type Database from 'better-sqlite3'

/** Prepared statements of one connection, keyed by their SQL: each is compiled once. */
export class Statements {
  private readonly cache = new Map<string, Database.Statement>()
  constructor(readonly db: Database.Database) {}

  /** The prepared statement of `sql`, compiled on first use. */
  prepared(sql: string): Database.Statement {
    let s = this.cache.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      // Dynamic SQL varies with IN-list lengths; keep the cache from growing without bound.
      if (this.cache.size > 500) this.cache.clear()
      this.cache.set(sql, s)
    }
    return s
  }
}
