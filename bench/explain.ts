/**
 * Diagnostics for the slowest queries: every SQL statement a search runs, with its time and its
 * EXPLAIN QUERY PLAN. legisearch's statements are caught by wrapping the prepared-statement cache
 * of the open snapshot (its private `st.get(sql)`), so whatever plan the engine chooses at run
 * time is what is shown; when that cache moves, the diagnostic says "unavailable" at run time and
 * never breaks the typecheck of `bench/`.
 */
import type Database from 'better-sqlite3'
import type { Snapshot } from '../packages/legisearch/src/index.js'
import type { BenchQuery } from './queries.js'
import { LIMIT } from './queries.js'

export interface TracedStatement {
  readonly sql: string
  readonly args: readonly unknown[]
  readonly ms: number
}

export interface ExplainedStatement extends TracedStatement {
  readonly plan: readonly string[]
}

/** The query string and body legisearch is called with for a bench query. */
export function requestOf(q: BenchQuery): { query: Record<string, string | number>; body: Record<string, unknown> | undefined } {
  const query: Record<string, string | number> = { q: q.q, sort: q.sort, page: q.page, limit: LIMIT }
  if (q.mode !== 'default') query['modes'] = q.mode
  const body = q.filters
    ? { ...Object.fromEntries(q.filters.lists.map((l) => [l.field, [...l.values]])), created_at: { ...q.filters.created } }
    : undefined
  return { query, body }
}

/** A prepared statement whose `get`/`all`/`run` calls are timed and recorded into `sink` while it is set. */
export function tracedStatement(stmt: Database.Statement, sql: string, sink: () => TracedStatement[] | null): Database.Statement {
  return new Proxy(stmt, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver)
      if ((prop === 'get' || prop === 'all' || prop === 'run') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const t = performance.now()
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args)
          sink()?.push({ sql, args, ms: performance.now() - t })
          return out
        }
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}

/**
 * Records the statements an open snapshot runs. Returns null when the snapshot's statement cache
 * is not where this expects it (a private detail of the engine).
 */
export function traceSnapshot(snap: Snapshot): { run<T>(f: () => T): TracedStatement[] } | null {
  const st = (snap as unknown as { st?: { get?: unknown } }).st
  if (!st || typeof st.get !== 'function') return null
  const original = st.get as (sql: string) => Database.Statement
  let sink: TracedStatement[] | null = null
  st.get = (sql: string) => tracedStatement(original.call(st, sql), sql, () => sink)
  return {
    run<T>(f: () => T): TracedStatement[] {
      sink = []
      try {
        f()
        return sink
      } finally {
        sink = null
      }
    },
  }
}

export function planOf(db: Database.Database, sql: string, args: readonly unknown[]): string[] {
  try {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { id: number; parent: number; detail: string }[]
    const depth = new Map<number, number>()
    return rows.map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1
      depth.set(r.id, d)
      return `${'  '.repeat(d)}${r.detail}`
    })
  } catch (e) {
    return [`(no plan: ${(e as Error).message})`]
  }
}

/** Adds the plans (read on `db`, a connection to the same file) to traced statements. */
export function withPlans(db: Database.Database, statements: readonly TracedStatement[]): ExplainedStatement[] {
  return statements.map((s) => ({ ...s, plan: planOf(db, s.sql, s.args) }))
}
