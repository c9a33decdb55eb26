import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const CHILD = fileURLToPath(new URL('../fixtures/concurrent-writer.ts', import.meta.url))

/** Runs a child of the fixture; resolves with its output once it exits, calls `onLine` for each line as it comes. */
function child(args: string[], onLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    p.stdout.on('data', (d: Buffer) => {
      const text = d.toString()
      out += text
      for (const line of text.split('\n')) if (line) onLine?.(line)
    })
    p.stderr.on('data', (d: Buffer) => (err += d.toString()))
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child ${args[0]} exited ${code}: ${err}`))))
  })
}

describe('concurrent processes on one snapshot', () => {
  it('writers wait for each other: 3 processes × 40 batches all land, and a reader only ever sees whole batches', async () => {
    const path = tempSnapshotPath()
    openSnapshot(path).close()
    const BATCH = 50
    const stop = join(path, '..', 'stop')
    const reader = child(['reader', path, stop])
    const writers = await Promise.all(['a', 'b', 'c'].map((w) => child(['writer', path, w, '40', String(BATCH)])))
    writeFileSync(stop, '')
    const seen = await reader

    for (const out of writers) {
      expect(out.split('\n').filter((l) => l.startsWith('error'))).toEqual([])
      expect(out.split('\n').filter((l) => l.startsWith('done'))).toHaveLength(40)
    }
    const snap = openSnapshot(path, { readonly: true })
    expect(snap.counts().notices).toBe(3 * 40 * BATCH)
    expect(snap.searchNotices({ q: 'reforma' }).pagination.total).toBe(3 * 40 * BATCH)
    expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
    snap.close()

    expect(seen).toMatch(/^seen /)
    const totals = seen.trim().split(' ').slice(1).map(Number)
    expect(totals.length).toBeGreaterThan(0)
    // Each upsert is one transaction: a reader sees none or all of a batch, and never goes back.
    for (const [i, t] of totals.entries()) {
      expect(t % BATCH).toBe(0)
      if (i > 0) expect(t).toBeGreaterThanOrEqual(totals[i - 1] as number)
    }
  })

  it('processes opening a new file at once all open it (the schema and the indexes are made once, under the lock)', async () => {
    for (let round = 0; round < 3; round++) {
      const path = tempSnapshotPath(`round-${round}.db`)
      const outs = await Promise.all(['a', 'b', 'c', 'd'].map((w) => child(['writer', path, w, '1', '10'])))
      for (const out of outs) expect(out.trim().split('\n')).toEqual(['done 0', 'end'])
      const snap = openSnapshot(path, { readonly: true })
      expect(snap.counts().notices).toBe(40)
      expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
      snap.close()
    }
  })

  it('a writer that cannot get the lock in busyTimeoutMs fails with busy, having written nothing; a retry after lands', async () => {
    const path = tempSnapshotPath()
    openSnapshot(path).close()
    const snap = openSnapshot(path, { busyTimeoutMs: 100 })
    const record = { id: 'n1', title: 'reforma', date: '2024-03-01' }
    let refused: ReturnType<typeof errorOf> | undefined
    const locker = child(['locker', path, '1500'], (line) => {
      if (line === 'locked') refused = errorOf(() => snap.upsert('notices', [record]))
    })
    await locker
    expect(refused?.status).toBe(503)
    expect(refused?.code).toBe('busy')
    expect(refused?.message).toMatch(/is busy: another connection held its write lock for more than 100 ms; nothing was written/)
    expect(snap.counts().notices).toBe(0)
    expect(snap.upsert('notices', [record])).toEqual({ inserted: 1, updated: 0 })
    snap.close()
  })

  it('busyTimeoutMs must be an integer number of milliseconds', () => {
    const path = tempSnapshotPath()
    expect(errorOf(() => openSnapshot(path, { busyTimeoutMs: -1 })).message).toBe(
      'options.busyTimeoutMs: must be an integer number of milliseconds from 0 to 600000',
    )
    expect(errorOf(() => openSnapshot(path, { busyTimeoutMs: '5' as unknown as number })).code).toBe('invalid_parameters')
  })
})
