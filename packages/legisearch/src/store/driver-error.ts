/**
 * The one translation of the SQLite driver's and the system's errors into `LegisearchError`s, with
 * an honest status and code and the file named: read-only → 403 `forbidden`, damaged → 500
 * `corrupt`, locked → 503 `busy`. Applied once, at the entrance of every public Snapshot function
 * (`guarded`), never by scattered try/catch.
 */
import { shownPath } from '../common/shown.js'
import { accessSync, closeSync, constants, openSync, readSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { LegisearchError, invalid } from '../common/errors.js'

/** The first 16 bytes of every SQLite database file. */
export const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

/** What to do with a damaged snapshot, said by every `corrupt` error. */
const RESTORE = 'restore it from a copy, or build it again (ingest its sources into a new file); checkIntegrity() lists what is damaged'

/**
 * A snapshot file found damaged (500 `corrupt`), naming it, what is wrong, and what to do.
 *
 * @example throw corruptFile('/data/snap.db', 'truncated to 100 bytes')
 */
export function corruptFile(file: string, what: string): LegisearchError {
  const short = damageText(what)
  const error = new LegisearchError('corrupt', `snapshot ${shownPath(file)} is damaged (${short}); nothing was written; ${RESTORE}`)
  DAMAGE.set(error, short)
  return error
}

const DAMAGE = new WeakMap<LegisearchError, string>()

/**
 * What a `corrupt` error says is damaged (without the file and the advice); undefined for other errors.
 *
 * @example damageOf(corruptFile('a.db', 'truncated to 100 bytes')) // 'truncated to 100 bytes'
 */
export function damageOf(error: LegisearchError): string | undefined {
  return DAMAGE.get(error)
}

/**
 * Damage as messages say it: SQLite's reports run to a hundred lines, one line of 200 characters
 * at most is said.
 *
 * @example damageText('*** in database main ***\nTree 41 page 247: …') // '*** in database main *** Tree 41 page 247: …'
 */
export function damageText(what: string): string {
  const line = what.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/**
 * `error` as a `LegisearchError` when it is the SQLite driver's or the system's (`file` is the
 * snapshot it concerns); a `LegisearchError` and any other error (a bug) are returned unchanged.
 *
 * @example fromDriverError(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT'), 'a.db').code // 'corrupt'
 */
export function fromDriverError(error: unknown, file: string): unknown {
  if (error instanceof LegisearchError) return error
  if (error instanceof Database.SqliteError) return fromSqlite(error, file)
  if (isSystemError(error)) return fromSystem(error, file)
  return error
}

/**
 * Runs `fn` (sync, or returning a promise) and turns the driver's and the system's errors it
 * throws into `LegisearchError`s (`fromDriverError`); `seen` is told of each one thrown.
 *
 * @example guarded('a.db', () => db.prepare('SELECT 1').get())
 */
export function guarded<T>(file: string, fn: () => T, seen?: (e: LegisearchError) => void): T {
  const mapped = (e: unknown): unknown => {
    const out = fromDriverError(e, file)
    if (out instanceof LegisearchError) seen?.(out)
    return out
  }
  let value: T
  try {
    value = fn()
  } catch (e) {
    throw mapped(e)
  }
  if (value instanceof Promise) {
    return value.then(undefined, (e: unknown) => {
      throw mapped(e)
    }) as T
  }
  return value
}

function fromSqlite(error: InstanceType<typeof Database.SqliteError>, file: string): LegisearchError {
  const code = error.code
  const is = (base: string) => code === base || code.startsWith(`${base}_`)
  if (is('SQLITE_BUSY') || is('SQLITE_LOCKED')) {
    return new LegisearchError(
      'busy',
      `snapshot ${shownPath(file)} is busy: another connection holds its lock; nothing was written. Retry, or open it with a longer { busyTimeoutMs }`,
    )
  }
  if (code === 'SQLITE_READONLY_DIRECTORY' || (code === 'SQLITE_CANTOPEN' && !writable(dirname(file)))) {
    return new LegisearchError(
      'forbidden',
      `snapshot ${shownPath(file)}: its directory ${shownPath(dirname(file))} is read-only for this process, and SQLite must create its -wal and -shm there, even to read it; nothing was written. Make the directory writable, or copy the file to a writable one`,
    )
  }
  if (is('SQLITE_READONLY') || is('SQLITE_PERM') || is('SQLITE_AUTH')) {
    return new LegisearchError(
      'forbidden',
      `snapshot ${shownPath(file)} is read-only for this process (the file, its -wal or -shm, or its directory cannot be written); nothing was written. Make them writable (searches need only to read them)`,
    )
  }
  if (is('SQLITE_CORRUPT') || code === 'SQLITE_IOERR_SHORT_READ' || (code === 'SQLITE_NOTADB' && startsAsSqlite(file))) {
    return corruptFile(file, `SQLite: ${error.message}`)
  }
  if (code === 'SQLITE_NOTADB')
    return invalid(`path: ${shownPath(file)} is not a legisearch snapshot (not an SQLite database); nothing was written to it`)
  if (is('SQLITE_CANTOPEN')) {
    return invalid(
      `path: cannot open ${shownPath(file)} as a snapshot (SQLite: ${error.message}); check that it is a regular file this process can read`,
    )
  }
  if (is('SQLITE_FULL')) {
    return new LegisearchError(
      'internal_error',
      `snapshot ${shownPath(file)}: the disk is full; nothing was written. Free some space and retry`,
    )
  }
  return new LegisearchError('internal_error', `snapshot ${shownPath(file)}: SQLite failed (${code}: ${error.message})`)
}

type SystemError = Error & { code: string; syscall: string; path?: string }

function isSystemError(error: unknown): error is SystemError {
  const e = error as Partial<SystemError> | null
  return error instanceof Error && typeof e?.code === 'string' && typeof e.syscall === 'string'
}

function fromSystem(error: SystemError, file: string): LegisearchError {
  const path = error.path ?? file
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new LegisearchError(
        'forbidden',
        `${shownPath(path)}: not allowed for this process (${error.code} on ${error.syscall}); nothing was written`,
      )
    case 'ENOENT':
      return new LegisearchError('not_found', `${shownPath(path)}: no such file or directory`)
    case 'EISDIR':
    case 'ENOTDIR':
      return invalid(`path: ${shownPath(path)} is not a regular file (${error.code})`)
    case 'ENAMETOOLONG':
      return invalid(`path: ${shownPath(path)} is too long a name for this system (ENAMETOOLONG: a name of at most 255 bytes per folder)`)
    case 'ELOOP':
      return invalid(`path: ${shownPath(path)} has a loop of symbolic links (ELOOP)`)
    default:
      return new LegisearchError('internal_error', `${shownPath(path)}: ${error.syscall} failed (${error.code})`)
  }
}

/** Whether the file begins as every SQLite database does (a damaged one, then, rather than another kind). */
function startsAsSqlite(file: string): boolean {
  try {
    const fd = openSync(file, 'r')
    try {
      const head = Buffer.alloc(SQLITE_MAGIC.length)
      return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_MAGIC)
    } finally {
      closeSync(fd)
    }
  } catch {
    return false
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}
