import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { MERGE_FACTOR } from '../../packages/legisearch/src/text-index/blocks/merge.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const WRITER = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url))
const BATCH = 1500

interface Kill {
  /** The batch whose `upsert` had started and not finished when the kill landed, if any. */
  midBatch: number | undefined
  /** Batches that finished (their `done` line was printed) before the kill. */
  done: number
}

/**
 * Runs the writer; once batch `batch` starts, waits `fraction` of the time the batch before took
 * (start to done, as seen here) and SIGKILLs it. The writer's whole output then tells where the kill landed.
 */
function killDuringBatch(path: string, batch: number, fraction: number): Promise<Kill> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path, String(BATCH)], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    const startedAt = new Map<number, number>()
    let batchMs = 0
    let armed = false
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      const text = d.toString()
      out += text
      for (const [, what, n] of text.matchAll(/(start|done) (\d+)/g)) {
        const k = Number(n)
        if (what === 'start') startedAt.set(k, performance.now())
        else batchMs = performance.now() - (startedAt.get(k) ?? performance.now())
        if (what === 'start' && k === batch && !armed) {
          armed = true
          setTimeout(() => child.kill('SIGKILL'), Math.max(1, batchMs * fraction))
        }
      }
    })
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited without being killed: ${err}`))
      const lines = out.trim().split('\n')
      const last = lines[lines.length - 1] ?? ''
      const started = /^start (\d+)$/.exec(last)
      resolve({ midBatch: started ? Number(started[1]) : undefined, done: lines.filter((l) => l.startsWith('done')).length })
    })
  })
}

describe('a process killed in the middle of an upsert', () => {
  it('leaves a snapshot whose index agrees with its records, holding only whole calls', async () => {
    const path = tempSnapshotPath('snap.db')
    let most = 0
    // Kill early, midway and late in a batch, the last time on a reopened file. A kill that missed
    // the write (the batch finished first) is retried sooner, so every round kills inside an upsert.
    for (const [batch, fraction] of [
      [2, 0.2],
      [3, 0.5],
      [2, 0.8],
    ] as const) {
      let kill: Kill | undefined
      for (let attempt = 0, f = fraction; attempt < 6 && kill?.midBatch === undefined; attempt++, f /= 2) {
        kill = await killDuringBatch(path, batch, f)
      }
      const killed = kill?.midBatch
      if (killed === undefined) throw new Error('no kill landed inside an upsert in 6 attempts')
      most = Math.max(most, kill?.done ?? 0)
      const snap = openSnapshot(path)
      try {
        expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
        const total = snap.counts().notices
        // Every call is one transaction: only whole batches survive. The killed batch is all there
        // (the kill came after its commit, e.g. during the WAL checkpoint that follows it) or not
        // at all; runs reuse ids from 0, so earlier runs' batches stay counted.
        expect(total % BATCH).toBe(0)
        expect([most * BATCH, Math.max(most, killed + 1) * BATCH]).toContain(total)
        most = total / BATCH
        // The index answers for exactly the surviving records, batch by batch.
        expect(snap.searchNotices({ q: 'tributária' }).pagination.total).toBe(total)
        for (let k = 0; k <= most; k++) {
          expect(snap.searchNotices({ q: `marcador${k}` }).pagination.total, `batch ${k}`).toBe(k < most ? BATCH : 0)
        }
        // Batches of one size make the block index merge its segments every MERGE_FACTOR writes (a
        // merge a large part of such a write's time), so kills land in merges as well as in segment
        // builds (test/store/crash-bulk.test.ts kills merges on purpose). Fewer segments than
        // batches: merges ran on this very file.
        const raw = new Database(path, { readonly: true })
        try {
          const segments = raw.prepare("SELECT count(*) FROM block_segments WHERE space = 'notices:default'").pluck().get() as number
          if (most >= MERGE_FACTOR) expect(segments).toBeLessThan(most)
        } finally {
          raw.close()
        }
      } finally {
        snap.close()
      }
    }
  })
})
