import { statSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { LegisearchError, invalid } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import { MIGRATIONS, type Migration } from './migrations/registry.js'
import { APPLICATION_ID, inspectSnapshotFile } from './snapshot-file.js'

export type Db = Database.Database

export { APPLICATION_ID }

/**
 * Data upgrades that a layer above the store runs inside a migration's transaction: after schema
 * step `n` (1-based) runs, `upgrades[n]` does. The text index fills what it derives from its own
 * tables this way (the store knows rows, not the index), so schema `n` always means "upgraded".
 */
export type Upgrades = Readonly<Record<number, (db: Db) => void>>

/**
 * Opens (or, when writable, creates) the snapshot file. Refuses, without writing a byte, any file
 * that is not a legisearch snapshot or was written by a newer schema (see `inspectSnapshotFile`
 * for what is refused before SQLite touches the file). A file this process may not write is opened
 * read-only even when `readonly` is false (`db.readonly` says so); its writes are then refused.
 * The driver's errors are left to the caller's boundary (`guarded`).
 *
 * @example const db = openDatabase('snap.db', false)
 */
export function openDatabase(
  path: string,
  readonly: boolean,
  busyTimeoutMs: number = DEFAULT_BUSY_TIMEOUT_MS,
  upgrades: Upgrades = {},
): Db {
  if (typeof path !== 'string' || path.length === 0) {
    throw invalid('path: must be a non-empty string naming the snapshot file')
  }
  // SQLite would cut the path at a NUL and open another file than the one checked here.
  if (path.includes('\0')) throw invalid('path: must not contain a NUL character')
  const file = path === ':memory:' ? { exists: false, writable: true } : inspectSnapshotFile(path, readonly)
  if (readonly && !file.exists) {
    throw new LegisearchError('not_found', `snapshot file not found: ${shownPath(path)} (a readonly snapshot must already exist)`)
  }
  if (!file.exists && path !== ':memory:') checkFolder(path)
  // A file this process cannot write (its mode, a read-only mount): opened for reading, its writes refused.
  const cannotWrite = !readonly && file.exists && !file.writable
  const db = new Database(path, { readonly: readonly || cannotWrite, fileMustExist: readonly || cannotWrite, timeout: busyTimeoutMs })
  busyTimeouts.set(db, busyTimeoutMs)
  try {
    checkIdentity(db, path)
    if (!db.readonly) {
      db.pragma('journal_mode = WAL')
      db.pragma('synchronous = NORMAL')
      // Ingest inserts into B-trees with many append points (one per filter value) and FTS
      // segments; past ~100k documents SQLite's default 2 MB page cache thrashes (measured: 250k
      // propositions ingest 18% faster with 64 MB). Only writers get it; readers keep the default.
      db.pragma('cache_size = -65536')
    }
    db.pragma('foreign_keys = ON')
    busyMeansNothingWritten(path, busyTimeoutMs, () => migrate(db, path, readonly, upgrades))
    checkTables(db, path)
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

/** A new snapshot's folder must exist (SQLite would not make it): refused naming it, not a bare error of the driver. */
function checkFolder(path: string): void {
  const folder = dirname(path)
  let stats
  try {
    stats = statSync(folder)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT')
      throw new LegisearchError(
        'not_found',
        `path: the folder ${shownPath(folder)} does not exist; make it first, or name a file in a folder that does`,
      )
    if (code === 'ENOTDIR') throw invalid(`path: ${shownPath(folder)} is not a folder`)
    throw e
  }
  if (!stats.isDirectory()) throw invalid(`path: ${shownPath(folder)} is not a folder`)
}

/** How long a writer waits for another connection's write lock before giving up, by default. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000

/**
 * Runs `fn` in one IMMEDIATE transaction: the write lock is taken first (waiting up to the busy
 * timeout for another connection to finish), so a write never fails half-way for a lock. If the
 * lock does not come, nothing of `fn` was written, and the error says so.
 */
export function immediate<T>(db: Db, fn: () => T): T {
  return busyMeansNothingWritten(db.name, busyTimeouts.get(db), () => db.transaction(fn).immediate())
}

/**
 * Begins an IMMEDIATE transaction by hand, for a write that spans awaits (an ingest reading files
 * as streams); the caller commits or rolls back. Waits for the lock as `immediate` does.
 */
export function beginImmediate(db: Db): void {
  busyMeansNothingWritten(db.name, busyTimeouts.get(db), () => db.exec('BEGIN IMMEDIATE'))
}

const busyTimeouts = new WeakMap<Db, number>()

function busyMeansNothingWritten<T>(path: string, timeoutMs: number | undefined, fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof Database.SqliteError && (e.code === 'SQLITE_BUSY' || e.code.startsWith('SQLITE_BUSY_'))) {
      throw new LegisearchError(
        'busy',
        `snapshot ${shownPath(path)} is busy: another connection held its write lock${timeoutMs === undefined ? '' : ` for more than ${timeoutMs} ms`}; nothing was written. Retry, or open it with a longer { busyTimeoutMs }`,
      )
    }
    throw e
  }
}

/** Judged from the file actually opened: an empty database is ours to initialize, anything else must be ours already. */
function checkIdentity(db: Db, path: string): void {
  // Both read in one transaction: another process making the file commits its tables and its
  // application_id at once, and two reads apart could see the one without the other.
  const { appId, objects } = db.transaction(() => ({
    appId: db.pragma('application_id', { simple: true }) as number,
    objects: (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n,
  }))()
  if (appId === APPLICATION_ID) return
  if (appId !== 0 || objects > 0) {
    throw invalid(`path: ${shownPath(path)} is an SQLite database but not a legisearch snapshot; nothing was written to it`)
  }
}

/** The tables every snapshot of the current schema holds. */
const TABLES = [
  'docs',
  'records',
  'facets',
  'corpora',
  'stakeholders',
  'monitors',
  'monitor_items',
  'watchlist_designations',
  'watchlist_events',
  'watchlist_lists',
  'watchlist_translations',
  'meta',
  'sensitive_variants',
  'ingest_log',
  'api_keys',
]

/** Tables a later migration adds, by the schema version that has them (an older file read-only lacks them). */
const TABLES_SINCE: Readonly<Record<string, number>> = { doc_dates: 8, record_dicts: 9, doc_changes: 10, saved_searches: 10 }

/**
 * Refuses a file whose schema version claims tables it lacks (a file from a development build, or
 * one edited by hand), before any search can fail on it with a bare SQLite error. One look-up in
 * `sqlite_master`, no data read.
 */
function checkTables(db: Db, path: string): void {
  const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[])
  const version = db.pragma('user_version', { simple: true }) as number
  const expected = [...TABLES, ...Object.entries(TABLES_SINCE).flatMap(([t, since]) => (version >= since ? [t] : []))]
  const missing = expected.filter((t) => !present.has(t))
  if (missing.length > 0) {
    throw invalid(
      `path: ${shownPath(path)} claims schema ${version} but lacks the table(s) ${missing.join(', ')} (written by a development build, or altered); rebuild the snapshot`,
    )
  }
}

/**
 * The oldest schema a read-only open still reads: migration 7 only adds the audit events' `override`
 * column, which readers take as absent (null); migration 8 the date columns, which readers then
 * read from `docs` chunk by chunk (`store/doc-columns.ts`); migration 9 the records' dictionaries,
 * which a file holding only JSON records never reads; migration 10 the change sequence and saved
 * searches, which a read-only open lists as none (alerts need a writable snapshot).
 */
const READABLE_FROM = 6

function migrate(db: Db, path: string, readonly: boolean, upgrades: Upgrades): void {
  const current = () => db.pragma('user_version', { simple: true }) as number
  const version = current()
  if (version > MIGRATIONS.length) {
    throw invalid(
      `path: ${shownPath(path)} was written by a newer legisearch (schema ${version}; this version knows up to ${MIGRATIONS.length})`,
    )
  }
  if (version === MIGRATIONS.length) return
  // A read-only open (a desktop app's bundled snapshot) reads an older file when the migrations it
  // lacks only add what readers do without.
  if (db.readonly && version >= READABLE_FROM) return
  if (db.readonly && !readonly) {
    throw new LegisearchError(
      'forbidden',
      `path: ${shownPath(path)} needs a schema upgrade (${version} → ${MIGRATIONS.length}), but it is read-only for this process; make it writable and open it again`,
    )
  }
  if (readonly) {
    throw invalid(
      `path: ${shownPath(path)} needs a schema upgrade (${version} → ${MIGRATIONS.length}); open it once without readonly (legisearch upgrade --snapshot ${shownPath(path)})`,
    )
  }
  db.transaction(() => {
    // Read again under the write lock: another process may have migrated the file meanwhile.
    for (let v = current(); v < MIGRATIONS.length; v++) {
      const step = MIGRATIONS[v] as Migration
      if (typeof step === 'string') db.exec(step)
      else step(db)
      upgrades[v + 1]?.(db)
    }
    db.pragma(`application_id = ${APPLICATION_ID}`)
    db.pragma(`user_version = ${MIGRATIONS.length}`)
  }).immediate()
}
