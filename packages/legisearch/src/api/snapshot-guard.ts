import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { LegisearchError, invalid } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import { processShared } from '../common/process-shared.js'
import { corruptFile } from '../store/driver-error.js'

/**
 * Files an `ingest` of this process is writing into (by real path), with how many: a write from
 * another Snapshot of the same file fails at once instead of waiting on a lock only this process's
 * event loop can release. Shared by every copy of the library in the process (its two builds).
 */
const INGESTING = processShared('ingesting', () => new Map<string, number>())
let memoryKeys = 0

/** The file a snapshot path names (its real path once it exists); an in-memory database is its own. */
function fileKey(path: string): string {
  if (path === '' || path === ':memory:' || path.startsWith('file::memory:')) return `memory:${++memoryKeys}`
  try {
    return realpathSync(path)
  } catch {
    return resolve(path)
  }
}

/**
 * What a Snapshot may do now: open or closed, read-only (asked or by its permissions), damaged
 * (writes refused once damage is met), ingesting (its transaction spans awaits, so other calls must
 * not join it, and other Snapshots of the file in this process must not wait on its lock).
 *
 * @example const guard = new SnapshotGuard(path, db.readonly, asked, () => db.open); guard.writable()
 */
export class SnapshotGuard {
  /** The damage a check or a call met, if any: writes are refused from then on. */
  damage: string | undefined
  /** An `ingest` is under way. */
  private ingesting = false
  /** The file, as `INGESTING` knows it. */
  private readonly file: string

  constructor(
    private readonly path: string,
    /** The file is open for reading only (asked, or this process may not write it). */
    readonly readonly: boolean,
    /** `{ readonly: true }` was asked. */
    readonly askedReadonly: boolean,
    private readonly isOpen: () => boolean,
  ) {
    this.file = fileKey(path)
  }

  /** Throws unless the snapshot is open and not ingesting. */
  assertOpen(): void {
    if (!this.isOpen()) throw invalid(`snapshot ${shownPath(this.path)} is closed; open it again with openSnapshot()`)
    if (this.ingesting)
      throw new LegisearchError('busy', `snapshot ${shownPath(this.path)} is ingesting; call again when its ingest() has settled`)
  }

  /** Throws unless a write may start: open, writable, undamaged, no other Snapshot of the file ingesting. */
  writable(): void {
    this.assertOpen()
    if (this.readonly && !this.askedReadonly) {
      throw new LegisearchError(
        'forbidden',
        `snapshot ${shownPath(this.path)} is read-only for this process (its permissions, or its file system, do not let it be written); nothing was written. Searches work; to write, make it writable`,
      )
    }
    if (this.readonly) {
      throw new LegisearchError(
        'forbidden',
        `snapshot ${shownPath(this.path)} is open readonly; open it without { readonly: true } to write`,
      )
    }
    if (this.damage !== undefined) throw corruptFile(this.path, `found earlier: ${this.damage}; writes are refused so as not to spread it`)
    // Another Snapshot of this process holds the file's write lock across awaits: waiting for it
    // here (SQLite's busy wait is synchronous) would stop the very event loop its ingest needs.
    if (INGESTING.has(this.file)) {
      throw new LegisearchError(
        'busy',
        `snapshot ${shownPath(this.path)} is being ingested into by another Snapshot of this process; nothing was written. Retry when its ingest() has settled`,
      )
    }
  }

  /** Throws when an ingest is under way (`close` must wait for it). */
  closable(): void {
    if (this.ingesting)
      throw new LegisearchError('busy', `snapshot ${shownPath(this.path)} is ingesting; close it when its ingest() has settled`)
  }

  /** Runs an ingest, marked as under way (for this Snapshot and for the file) until it settles. */
  async whileIngesting<T>(run: () => Promise<T>): Promise<T> {
    this.ingesting = true
    INGESTING.set(this.file, (INGESTING.get(this.file) ?? 0) + 1)
    try {
      return await run()
    } finally {
      this.ingesting = false
      const left = (INGESTING.get(this.file) ?? 1) - 1
      if (left === 0) INGESTING.delete(this.file)
      else INGESTING.set(this.file, left)
    }
  }
}

/**
 * Wraps every method of a prototype but `except` (and the constructor) in the object's
 * `entrance(fn)`: the error boundary passed by every public method, one wrapper for all.
 *
 * @example passEntrance(Snapshot.prototype, ['entrance', 'writable', 'assertOpen'])
 */
export function passEntrance(prototype: object, except: readonly string[]): void {
  for (const name of Object.getOwnPropertyNames(prototype)) {
    if (name === 'constructor' || except.includes(name)) continue
    const method = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown
    if (typeof method !== 'function') continue
    Object.defineProperty(prototype, name, {
      value: function (this: { entrance: <T>(fn: () => T) => T }, ...args: unknown[]) {
        return this.entrance(() => (method as (...a: unknown[]) => unknown).apply(this, args))
      },
      writable: true,
      configurable: true,
    })
  }
}
