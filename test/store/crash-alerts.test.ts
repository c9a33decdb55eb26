/**
 * A process killed in the middle of an alerts check: the check's "seen" mark and the documents it
 * lists are one transaction, so after the kill either both saved searches are marked (and the
 * next check lists nothing) or neither is (and the next check lists the whole batch again).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const CHECKER = fileURLToPath(new URL('../fixtures/crash-checker.ts', import.meta.url))
/** One page of a check (its largest `limit`): a check lists the whole batch. */
const BATCH = 1000

/** Runs the checker; once check `at` starts, waits `fraction` of the time check `at - 1` took and SIGKILLs it. */
function killDuringCheck(path: string, monitorId: string, at: number, fraction: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHECKER, path, monitorId, String(BATCH)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    const started = new Map<number, number>()
    let checkMs = 0
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      for (const m of d.toString().matchAll(/^(check|checked) (\d+)/gm)) {
        const n = Number(m[2])
        if (m[1] === 'check') started.set(n, performance.now())
        else if (n === at - 1) checkMs = performance.now() - (started.get(n) ?? 0)
        if (m[1] === 'check' && n === at) setTimeout(() => child.kill('SIGKILL'), Math.max(0, checkMs * fraction))
      }
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(out) : reject(new Error(`checker ended without the kill: ${err}`))))
  })
}

describe('a process killed during an alerts check', () => {
  it.each([0.1, 0.5, 0.9])(
    'at %s of a check: both saved searches marked, or neither; the next check lists what is not seen',
    async (fraction) => {
      const path = tempSnapshotPath()
      const snap = openSnapshot(path)
      const m = snap.createMonitor('acme', 'M')
      const every = snap.saveSearch('acme', m.id, { collection: 'notices' })
      const some = snap.saveSearch('acme', m.id, { collection: 'notices', query: { q: 'reforma' } })
      snap.close()
      const at = 2
      const out = await killDuringCheck(path, m.id, at, fraction)
      const db = new Database(path, { readonly: true })
      const seen = db.prepare('SELECT id, seen_seq AS seq FROM saved_searches ORDER BY rowid').all() as { id: string; seq: number }[]
      const counter = (db.prepare("SELECT value FROM meta WHERE key = 'change_seq'").get() as { value: number }).value
      db.close()
      expect(seen.map((s) => s.id)).toEqual([every.id, some.id])
      // One transaction: both marked at the same sequence, whatever the moment of the kill.
      expect(seen[0]?.seq).toBe(seen[1]?.seq)
      const after = openSnapshot(path)
      try {
        const data = after.checkAlerts('acme', m.id, { limit: BATCH }).data
        const committed = seen[0]?.seq === counter
        if (committed) expect(data).toEqual([])
        else {
          // The batch written before the killed check, listed whole by both saved searches.
          expect(out).not.toContain(`checked ${at} `)
          expect(data.filter((a) => a.searchId === every.id)).toHaveLength(BATCH)
          expect(data.filter((a) => a.searchId === some.id)).toHaveLength(BATCH)
          expect(new Set(data.map((a) => a.document.id.split('-')[1]))).toEqual(new Set([String(at)]))
        }
        expect(after.checkAlerts('acme', m.id, { limit: BATCH }).data).toEqual([])
        expect(after.checkIntegrity()).toEqual({ ok: true, problems: [] })
      } finally {
        after.close()
      }
    },
    120_000,
  )
})
