/**
 * kill -9 in the middle of the long writes: a bulk ingest of the Câmara files, a merge of the block
 * index's segments, and the upgrade of an older file (its text index made again). The child process
 * runs the real code with a probe preloaded (test/fixtures/statement-probe.ts) that reports on
 * stderr when a statement of the step in question runs; the test SIGKILLs the child some time after
 * it, and then the snapshot must open, pass `checkIntegrity`, and hold only whole calls.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { MERGE_FACTOR } from '../../packages/legisearch/src/text-index/blocks/merge.js'
import { CASES } from '../ingest/cases.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const fixtureFile = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))
const PROBE = fixtureFile('statement-probe.ts')
const CLI = fileURLToPath(new URL('../../packages/cli/src/index.ts', import.meta.url))
const BATCH = 1500

interface Run {
  /** The child's whole stdout. */
  readonly out: string
  /** The child was killed (it had not ended by itself). */
  readonly killed: boolean
}

/**
 * Runs `node --import tsx --import <probe> …args` with `CRASH_PROBE=pattern`, and SIGKILLs it
 * `delayMs` after the first statement matching `pattern` ran (never, when `delayMs` is undefined).
 */
function run(args: readonly string[], pattern: string, delayMs?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', PROBE, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CRASH_PROBE: pattern },
    })
    let out = ''
    let err = ''
    let armed = false
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
      if (!armed && delayMs !== undefined && /^probe /m.test(err)) {
        armed = true
        setTimeout(() => child.kill('SIGKILL'), delayMs)
      }
    })
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolve({ out, killed: true })
      if (code !== 0) return reject(new Error(`child exited with ${code}: ${err}`))
      resolve({ out, killed: false })
    })
  })
}

/** Runs `attempt(delay)` from `delayMs`, halving the delay until the kill lands before the step ended (`landed`). */
async function killInside<T>(delayMs: number, attempt: (delay: number) => Promise<T>, landed: (r: T) => boolean): Promise<T> {
  for (let delay = delayMs, tries = 0; tries < 8; tries++, delay = Math.floor(delay / 2)) {
    const r = await attempt(delay)
    if (landed(r)) return r
  }
  throw new Error(`no kill landed inside the step in 8 attempts from ${delayMs} ms`)
}

/** Notices of batch `batch`, as test/fixtures/crash-writer.ts writes them. */
function notices(batch: number) {
  return Array.from({ length: BATCH }, (_, i) => ({
    id: `n-${batch}-${i}`,
    title: `Notícia lote${batch} número ${i}`,
    description: `Descrição da notícia sobre reforma tributária e orçamento, lote${batch}`,
    content: `Conteúdo completo ${'palavra '.repeat(40)} marcador${batch}`,
    date: '2024-03-01T10:00:00-03:00',
  }))
}

/** The snapshot passes `checkIntegrity` and holds exactly `batches` whole batches of notices, its index agreeing. */
function expectBatches(path: string, batches: number): void {
  const snap = openSnapshot(path)
  try {
    expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
    expect(snap.counts().notices).toBe(batches * BATCH)
    expect(snap.searchNotices({ q: 'tributária' }).pagination.total).toBe(batches * BATCH)
    for (let k = 0; k <= batches; k++) {
      expect(snap.searchNotices({ q: `marcador${k}` }).pagination.total, `batch ${k}`).toBe(k < batches ? BATCH : 0)
    }
  } finally {
    snap.close()
  }
}

describe('a process killed in the middle of a long write', () => {
  it('a bulk ingest of the Câmara files: nothing of it or all of it, and the file ingests again', async () => {
    const files = CASES.find((c) => c.source === 'camara')?.files ?? []
    // What the whole ingest holds, once without a kill.
    const whole = tempSnapshotPath('whole.db')
    expect((await run([fixtureFile('crash-ingest.ts'), whole, ...files], '^INSERT INTO docs')).killed).toBe(false)
    const full = openSnapshot(whole)
    const expected = { propositions: full.counts().propositions, stakeholders: full.counts().stakeholders }
    full.close()
    expect(expected.propositions).toBe(1493)
    // Killed soon after its first row, midway, late (a kill that came after the end is tried again sooner).
    for (const delay of [50, 400]) {
      const path = tempSnapshotPath('killed.db')
      const killed = await killInside(
        delay,
        (d) => run([fixtureFile('crash-ingest.ts'), path, ...files], '^INSERT INTO docs', d),
        (r) => r.killed && !r.out.includes('done'),
      )
      expect(killed.out).toContain('start')
      const snap = openSnapshot(path)
      try {
        expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
        const counts = snap.counts()
        // One transaction: the kill came before its commit (nothing) or just after it (all).
        const all = counts.propositions === expected.propositions
        expect(all || counts.propositions === 0, `propositions ${counts.propositions}`).toBe(true)
        expect(counts.stakeholders).toBe(all ? expected.stakeholders : 0)
        const report = await snap.ingest('camara', files)
        expect(report.collections.propositions.inserted + report.collections.propositions.unchanged).toBe(expected.propositions)
        expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
      } finally {
        snap.close()
      }
    }
  })

  it('a merge of segments: the write that merges is all there or not at all, and writing goes on', async () => {
    // A fresh file's MERGE_FACTOR-th write merges its segments (in every space of the corpus): the
    // probe is the merge's first statement, reading an input's terms.
    const merging = MERGE_FACTOR - 1
    for (const delay of [0, 40, 160]) {
      const path = tempSnapshotPath('merge.db')
      const killed = await killInside(
        delay,
        (d) => run([fixtureFile('crash-writer.ts'), path, String(BATCH)], '^SELECT term FROM block_terms WHERE segment', d),
        (r) => r.killed && !r.out.includes(`done ${merging}`),
      )
      expect(killed.out).toContain(`start ${merging}`)
      // The merging write is gone (or, killed right after its commit, whole).
      const total = (() => {
        const snap = openSnapshot(path)
        try {
          return snap.counts().notices
        } finally {
          snap.close()
        }
      })()
      expect([merging * BATCH, (merging + 1) * BATCH]).toContain(total)
      expectBatches(path, total / BATCH)
      // And the file takes the write again, merging this time.
      const snap = openSnapshot(path)
      try {
        for (let b = total / BATCH; b <= merging; b++) snap.upsert('notices', notices(b))
      } finally {
        snap.close()
      }
      expectBatches(path, merging + 1)
      const raw = new Database(path, { readonly: true })
      try {
        expect(raw.prepare("SELECT count(*) FROM block_segments WHERE space = 'notices:default'").pluck().get()).toBe(1)
      } finally {
        raw.close()
      }
    }
  })

  it('an upgrade of an older file (its text index made again): the old index or the new one, whole', async () => {
    const path = tempSnapshotPath('older.db')
    const batches = 4
    const snap = openSnapshot(path)
    try {
      for (let b = 0; b < batches; b++) snap.upsert('notices', notices(b))
    } finally {
      snap.close()
    }
    const layoutOf = () => {
      const raw = new Database(path, { readonly: true })
      try {
        return raw.prepare("SELECT layout FROM block_layouts WHERE name = 'notices'").pluck().get() as string
      } finally {
        raw.close()
      }
    }
    const current = layoutOf()
    for (const delay of [0, 100, 400]) {
      // An index in the layout of an earlier version: `legisearch upgrade` drops it and indexes the records again.
      const raw = new Database(path)
      raw.prepare("UPDATE block_layouts SET layout = replace(layout, '\"v\":3', '\"v\":2') WHERE name = 'notices'").run()
      raw.close()
      const older = layoutOf()
      expect(older).not.toBe(current)
      await killInside(
        delay,
        (d) => run([CLI, 'upgrade', '--snapshot', path], 'FROM docs d JOIN records r', d),
        (r) => r.killed && !r.out.includes('up to date'),
      )
      // The upgrade is one transaction: killed inside it, the file still holds the older index.
      expect([older, current]).toContain(layoutOf())
      expectBatches(path, batches)
      expect(layoutOf()).toBe(current)
    }
  })
})
