/**
 * The snapshot a server answers from, following its path: a new file published under the same
 * name (an atomic rename, see docs/scaling.md) is opened and served from then on, and the old
 * connection closed. Reads are synchronous on their thread, so no read is under way on the old
 * connection when it is swapped.
 */
import { statSync } from 'node:fs'
import type { Snapshot } from 'legisearch'

/** The snapshot a server answers from now (see {@link liveSnapshot}). */
export interface LiveSnapshot {
  /** The snapshot to answer this request from: the file now at the path, checked at most every `watchMs`. */
  current(): Snapshot
  close(): void
}

/** The file a path names now (device and inode), or undefined when there is none (an in-memory database). */
function fileAt(path: string): string | undefined {
  try {
    const s = statSync(path)
    return `${s.dev}:${s.ino}`
  } catch {
    return undefined
  }
}

/**
 * Opens the snapshot at `path` and follows it: at most every `watchMs` (0: never), a request looks
 * at which file the path names; when it is another file, that file is opened and answers from
 * then on, and the previous one is closed. A new file that cannot be opened (not a snapshot, an
 * older version on a read-only server) is told to `log` once and the current one is kept, until
 * another file is published at the path.
 *
 * @example const live = liveSnapshot('current.db', () => openSnapshot('current.db', { readonly: true }), 1000); live.current().searchDou()
 */
export function liveSnapshot(path: string, open: () => Snapshot, watchMs: number, log: (line: string) => void = () => {}): LiveSnapshot {
  let snap = open()
  let file = fileAt(path)
  let lookedAt = Date.now()
  /** A file at the path that could not be opened: told once, not tried again. */
  let refused: string | undefined
  return {
    current() {
      if (watchMs === 0 || file === undefined || Date.now() - lookedAt < watchMs) return snap
      lookedAt = Date.now()
      const now = fileAt(path)
      if (now === undefined || now === file || now === refused) return snap
      try {
        const fresh = open()
        const old = snap
        snap = fresh
        file = now
        old.close()
        log(`serving the new file at ${path}`)
      } catch (e) {
        refused = now
        log(
          `a new file at ${path} could not be opened, still serving the previous one until another file is published there: ${(e as Error).message}`,
        )
      }
      return snap
    },
    close() {
      snap.close()
    },
  }
}
