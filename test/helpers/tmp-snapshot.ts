/**
 * The test suite's one helper for temporary snapshots (and the temporary directories around them):
 * every directory is made with `mkdtemp` and deleted when the test, or the `describe` block, that
 * made it finishes.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, onTestFinished } from 'vitest'
import { type OpenOptions, type Snapshot, openSnapshot } from 'legisearch'

function makeDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'legisearch-test-'))
}

function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true })
}

/** A fresh temporary directory with a snapshot file path inside, and how to dispose of both. */
function openTemp(options?: OpenOptions): { snap: Snapshot; dispose: () => void } {
  const dir = makeDir()
  let snap: Snapshot
  try {
    snap = openSnapshot(path.join(dir, 'snapshot.db'), options)
  } catch (e) {
    removeDir(dir)
    throw e
  }
  return {
    snap,
    dispose: () => {
      try {
        snap.close()
      } finally {
        removeDir(dir)
      }
    },
  }
}

/**
 * Opens a snapshot in a fresh `mkdtemp` directory; closed and deleted when the current test
 * finishes, with the open options given. Call it inside a test (or a `beforeEach`).
 */
export function tempSnapshot(options?: OpenOptions): Snapshot {
  const { snap, dispose } = openTemp(options)
  onTestFinished(dispose)
  return snap
}

/**
 * One snapshot for a whole `describe` block: call it in the block's body (not in a test). The
 * snapshot is opened in `beforeAll` (and `setup` runs on it then), closed and deleted in `afterAll`.
 * Returns a getter, valid inside the block's tests.
 */
export function sharedSnapshot(setup?: (snap: Snapshot) => void): () => Snapshot {
  let current: { snap: Snapshot; dispose: () => void } | undefined
  beforeAll(() => {
    current = openTemp()
    setup?.(current.snap)
  })
  afterAll(() => {
    current?.dispose()
    current = undefined
  })
  return () => {
    if (!current) throw new Error('sharedSnapshot(): used outside the tests of its describe block')
    return current.snap
  }
}

/**
 * A fresh, empty `mkdtemp` directory, deleted (with whatever is in it) when the current test
 * finishes. Call it inside a test. Close any snapshot opened in it before the test ends.
 */
export function tempDir(): string {
  const dir = makeDir()
  onTestFinished(() => removeDir(dir))
  return dir
}

/**
 * The path of a file named `name` (not created) in a fresh temporary directory deleted when the
 * current test finishes: for tests that open, write or reopen the file themselves. Call it inside
 * a test; close any snapshot opened on it before the test ends.
 */
export function tempSnapshotPath(name = 'snapshot.db'): string {
  return path.join(tempDir(), name)
}

/**
 * One temporary directory for a whole `describe` block: call it in the block's body (not in a
 * test). Made in `beforeAll`, deleted in `afterAll`; returns a getter, valid inside the block's
 * hooks and tests.
 */
export function sharedTempDir(): () => string {
  let dir: string | undefined
  beforeAll(() => {
    dir = makeDir()
  })
  afterAll(() => {
    if (dir) removeDir(dir)
    dir = undefined
  })
  return () => {
    if (!dir) throw new Error('sharedTempDir(): used outside the hooks and tests of its describe block')
    return dir
  }
}
