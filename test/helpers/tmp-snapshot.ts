import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, onTestFinished } from 'vitest'
import { type Snapshot, openSnapshot } from '../../src/index.js'

/** A fresh temporary directory with a snapshot file path inside, and how to dispose of both. */
function openTemp(): { snap: Snapshot; dispose: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legisearch-test-'))
  let snap: Snapshot
  try {
    snap = openSnapshot(path.join(dir, 'snapshot.db'))
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw e
  }
  return {
    snap,
    dispose: () => {
      try {
        snap.close()
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Opens a snapshot in a fresh `mkdtemp` directory; closed and deleted when the current test
 * finishes. Call it inside a test.
 */
export function tempSnapshot(): Snapshot {
  const { snap, dispose } = openTemp()
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
