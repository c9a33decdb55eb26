import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from '../../src/index.js'

const WRITER = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url))
const BATCH = 1500

/** Runs the writer until it has announced `batches` batches, waits `delayMs` more, then SIGKILLs it. */
function killMidWrite(path: string, batches: number, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path, String(BATCH)], { stdio: ['ignore', 'pipe', 'pipe'] })
    let seen = 0
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      seen += (d.toString().match(/batch/g) ?? []).length
      if (seen === batches) setTimeout(() => child.kill('SIGKILL'), delayMs)
    })
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited without being killed: ${err}`))))
  })
}

describe('a process killed in the middle of an upsert', () => {
  it('leaves a snapshot whose index agrees with its records, holding only whole calls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-crash-'))
    const path = join(dir, 'snap.db')
    // Kill at different points: early in a batch, later in a batch, and again on the reopened file.
    for (const [batches, delay] of [[2, 40], [3, 150], [2, 90]] as const) {
      await killMidWrite(path, batches, delay)
      const snap = openSnapshot(path)
      try {
        expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
        const total = snap.counts().notices
        // Every call is one transaction: only whole batches survive.
        expect(total % BATCH).toBe(0)
        expect(total).toBeGreaterThan(0)
        // The index answers for exactly the surviving records, batch by batch.
        const everything = snap.searchNotices({ q: 'tributária' })
        expect(everything.pagination.total).toBe(total)
        const one = snap.searchNotices({ q: 'marcador0' })
        expect(one.pagination.total).toBe(BATCH)
      } finally {
        snap.close()
      }
    }
  })
})
