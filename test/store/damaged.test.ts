/**
 * Damaged, special and unwritable snapshot files (issue 22, items 8, 9 and 15): whatever the file,
 * every public function answers or throws a `LegisearchError` with an honest status and code, and
 * `checkIntegrity` reports damage instead of throwing.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, existsSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { CORPUS_NAMES, LegisearchError, type Snapshot, openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { sharedTempDir, tempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const PAGE = 4096

/** What a call did: its value, or the `LegisearchError` it threw (anything else fails the test). */
type Outcome = { ok: true } | { ok: false; status: number; code: string; message: string }

async function outcomeOf(fn: () => unknown): Promise<Outcome> {
  try {
    const value = fn()
    if (value instanceof Promise) await value
    // An iterator reads its pages as it goes: read them all.
    if (value !== null && typeof value === 'object' && Symbol.iterator in value) for (const _ of value as Iterable<unknown>) continue
    return { ok: true }
  } catch (e) {
    if (!(e instanceof LegisearchError)) throw new Error(`a ${(e as Error).name} escaped: ${String((e as Error).message)}`, { cause: e })
    return { ok: false, status: e.status, code: e.code, message: e.message }
  }
}

/** One call of every public method of a snapshot (`close` last), with arguments that reach the file. */
function calls(snap: Snapshot): [string, () => unknown][] {
  const searches = CORPUS_NAMES.map((c): [string, () => unknown] => [
    `search${c[0]?.toUpperCase()}${c.slice(1)}`,
    () => (snap as unknown as Record<string, (q: unknown) => unknown>)[`search${c[0]?.toUpperCase()}${c.slice(1)}`]?.({ q: 'reforma' }),
  ])
  return [
    ['counts', () => snap.counts()],
    ['info', () => snap.info()],
    ['ingests', () => snap.ingests()],
    ['checkIntegrity', () => snap.checkIntegrity()],
    ...searches,
    ['search', () => snap.search('propositions', { q: 'tributária' })],
    ['searchAll', () => snap.searchAll('dou', { q: 'portaria' })],
    ['searchEverything', () => snap.searchEverything({ q: 'reforma' })],
    ['getStakeholder', () => snap.getStakeholder('stk-0001')],
    ['getDocument', () => snap.getDocument('dou', 'dou-0000030', { clientId: 'acme' })],
    ['findStakeholders', () => snap.findStakeholders({ q: 'Silva' })],
    ['listMonitors', () => snap.listMonitors('acme')],
    ['listAllMonitors', () => snap.listAllMonitors()],
    ['getMonitor', () => snap.getMonitor('acme', 'm-unknown')],
    ['createMonitor', () => snap.createMonitor('acme', 'Nova')],
    ['saveToMonitor', () => snap.saveToMonitor('acme', 'm-unknown', 'dou', 'd1')],
    ['removeFromMonitor', () => snap.removeFromMonitor('acme', 'm-unknown', 'dou', 'd1')],
    ['deleteMonitor', () => snap.deleteMonitor('acme', 'm-unknown')],
    ['createApiKey', () => snap.createApiKey({ client: 'ACME', plan: 'standard' })],
    ['listApiKeys', () => snap.listApiKeys()],
    ['verifyApiKey', () => snap.verifyApiKey('lsk_unknown')],
    ['revokeApiKey', () => snap.revokeApiKey('k-unknown')],
    ['screen', () => snap.screen([{ name: 'Saif al-Adel' }])],
    ['screenReport', () => snap.screenReport({ entries: [{ name: 'Saif al-Adel' }] })],
    ['listWatchlist', () => snap.listWatchlist({ search: 'al' })],
    ['getDesignation', () => snap.getDesignation('QDi.001')],
    ['getDesignationHistory', () => snap.getDesignationHistory('QDi.001')],
    ['heldWatchlistRemovals', () => snap.heldWatchlistRemovals()],
    ['acceptWatchlistRemovals', () => snap.acceptWatchlistRemovals({ reason: 'test' })],
    ['importNarrativeTranslations', () => snap.importNarrativeTranslations([{ sourceRefNumber: 'QDi.001', lang: 'pt', text: 'x' }])],
    ['reconcileWatchlist', () => snap.reconcileWatchlist('<CONSOLIDATED_LIST dateGenerated="2026-01-01T00:00:00Z"/>')],
    ['upsert', () => snap.upsert('propositions', untyped([...generate('propositions', 2, { seed: 99 })] as unknown[]))],
    ['upsertStakeholders', () => snap.upsert('stakeholders', untyped([...generate('stakeholders', 2, { seed: 99 })] as unknown[]))],
    ['remove', () => snap.remove('dou', ['d1', 'd2'])],
    ['ingest', () => snap.ingest('camara', [join(tempDirOf(snap), 'missing.csv')])],
    ['saveSearch', () => snap.saveSearch('acme', 'm-unknown', { collection: 'dou', query: { q: 'portaria' } })],
    ['listSavedSearches', () => snap.listSavedSearches('acme', 'm-unknown')],
    ['deleteSavedSearch', () => snap.deleteSavedSearch('acme', 'm-unknown', 's-unknown')],
    ['checkAlerts', () => snap.checkAlerts('acme')],
    ['checkAlertsAndNotify', () => snap.checkAlertsAndNotify('acme').deliveries],
    ['close', () => snap.close()],
  ]
}

const tempDirOf = (snap: Snapshot) => join(snap.path, '..')

/** Methods the table above must call: every function of Snapshot.prototype but the private helpers. */
const PRIVATE = new Set(['constructor', 'entrance', 'writable', 'assertOpen', 'prepareIndexes'])

/** The damages: each makes a copy of the sound file and harms it. */
const DAMAGES: Record<string, (file: string) => void> = {
  'truncated to half': (file) => truncateSync(file, Math.floor(readFileSync(file).length / 2 / PAGE) * PAGE),
  'truncated to 100 bytes': (file) => truncateSync(file, 100),
  'XOR of 4 KB in the middle': (file) => {
    const bytes = readFileSync(file)
    const middle = Math.floor(bytes.length / 2)
    for (let i = middle; i < middle + PAGE; i++) bytes[i] = (bytes[i] as number) ^ 0xa5
    writeFileSync(file, bytes)
  },
  'a page zeroed': (file) => {
    // A page of a B-tree (not a blob's overflow page, whose bytes SQLite cannot judge) from a third of the file on.
    const db = new Database(file, { readonly: true })
    const third = Math.floor(readFileSync(file).length / PAGE / 3)
    const pageno = db
      .prepare("SELECT min(pageno) FROM dbstat WHERE pagetype IN ('internal', 'leaf') AND pageno > ?")
      .pluck()
      .get(third) as number
    db.close()
    const bytes = readFileSync(file)
    const page = pageno - 1
    bytes.fill(0, page * PAGE, (page + 1) * PAGE)
    writeFileSync(file, bytes)
  },
}

describe('a damaged snapshot', () => {
  const dir = sharedTempDir()
  const sound = () => join(dir(), 'sound.db')

  const build = () => {
    if (existsSync(sound())) return
    const snap = openSnapshot(sound())
    snap.upsert('stakeholders', untyped([...generate('stakeholders', 40)] as unknown[]))
    for (const c of CORPUS_NAMES) snap.upsert(c, untyped([...generate(c, 60)] as unknown[]))
    const m = snap.createMonitor('acme', 'Leituras')
    snap.saveToMonitor('acme', m.id, 'dou', (snap.searchDou({ limit: 1 }).results[0] as { id: string }).id)
    snap.createApiKey({ client: 'ACME', plan: 'basic' })
    snap.close()
    expect(existsSync(`${sound()}-wal`)).toBe(false)
  }

  it('the table of calls names every public method', () => {
    build()
    const snap = openSnapshot(sound(), { readonly: true })
    const named = new Set(calls(snap).map(([name]) => name))
    snap.close()
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(snap)).filter((n) => !PRIVATE.has(n))
    expect(methods.filter((m) => !named.has(m))).toEqual([])
  })

  for (const [damage, harm] of Object.entries(DAMAGES)) {
    for (const readonly of [false, true]) {
      it(`${damage}, opened ${readonly ? 'readonly' : 'writable'}: only LegisearchError escapes, 500 \`corrupt\` naming the file; checkIntegrity reports`, async () => {
        build()
        const file = join(dir(), `${damage.replace(/\W+/g, '-')}-${readonly}.db`)
        copyFileSync(sound(), file)
        harm(file)
        const opened = await outcomeOf(() => openSnapshot(file, { readonly }))
        if (!opened.ok) {
          // A file cut short is known damaged from its header: refused at the door.
          expect([opened.status, opened.code]).toEqual([500, 'corrupt'])
          expect(opened.message).toContain(file)
          expect(opened.message).toMatch(/damaged.*restore it from a copy.*ingest/)
          expect(damage).toMatch(/truncated/)
          return
        }
        const snap = openSnapshot(file, { readonly })
        const report = snap.checkIntegrity()
        expect(report.ok).toBe(false)
        expect(report.problems.length).toBeGreaterThan(0)
        const outcomes: [string, Outcome][] = []
        for (const [name, call] of calls(snap)) outcomes.push([name, await outcomeOf(call)])
        for (const [name, o] of outcomes) {
          if (o.ok) continue
          // An honest code: never a bare 500 `internal_error` for a damaged file.
          expect([name, o.code]).not.toEqual([name, 'internal_error'])
          if (o.status === 500) {
            expect([name, o.code]).toEqual([name, 'corrupt'])
            expect(o.message).toContain(file)
            expect(o.message).toMatch(/restore it from a copy/)
          }
        }
        // Once damage is known, no write goes on: it could spread the damage.
        const upsert = outcomes.find(([n]) => n === 'upsert')?.[1]
        expect(upsert).toMatchObject(readonly ? { status: 403, code: 'forbidden' } : { status: 500, code: 'corrupt' })
        const createMonitor = outcomes.find(([n]) => n === 'createMonitor')?.[1]
        expect(createMonitor?.ok).toBe(false)
      })
    }
  }
})

describe('a path that is not a regular file', () => {
  it('/dev/null, /dev/zero, /proc/self/status and a directory: 400 `invalid_parameters` "not a regular file", in both modes', () => {
    const paths = ['/dev/null', '/dev/zero', '/proc/self/status', tempDir()].filter((p) => existsSync(p))
    expect(paths.length).toBeGreaterThan(1)
    for (const path of paths) {
      for (const readonly of [false, true]) {
        const e = errorOf(() => openSnapshot(path, { readonly }))
        expect([path, readonly, e.status, e.code]).toEqual([path, readonly, 400, 'invalid_parameters'])
        expect(e.message).toContain(path)
        expect(e.message).toMatch(/not a regular file/)
      }
    }
  })
})

describe('a foreign SQLite file in WAL mode', () => {
  it('is refused read-only and writable, leaving no -wal or -shm beside it', () => {
    const dir = tempDir()
    const file = join(dir, 'other.db')
    const other = new Database(file)
    other.pragma('journal_mode = WAL')
    other.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('keep me')")
    other.close()
    expect(readdirSync(dir)).toEqual(['other.db'])
    for (const readonly of [true, false]) {
      const e = errorOf(() => openSnapshot(file, { readonly }))
      expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
      expect(e.message).toMatch(/SQLite database but not a legisearch snapshot/)
      expect(readdirSync(dir)).toEqual(['other.db'])
    }
  })

  it('an empty file opened read-only is said to be empty, not "needs a schema upgrade"', () => {
    const file = join(tempDir(), 'empty.db')
    writeFileSync(file, '')
    const e = errorOf(() => openSnapshot(file, { readonly: true }))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/is empty/)
    expect(e.message).not.toMatch(/schema upgrade/)
  })
})

// Root ignores file modes: the read-only cases run in a child process as `nobody` (uid 65534).
const CHILD = fileURLToPath(new URL('../fixtures/readonly-child.ts', import.meta.url))
const isRoot = process.getuid?.() === 0
const setpriv = isRoot ? spawnSync('setpriv', ['--version']).status === 0 : true
type Step = { op: string; ok: boolean; value?: unknown; status?: number; code?: string; message?: string; name?: string }

/** Runs the child fixture on `file` as a user without write access (nobody when we are root). */
function asNonRoot(file: string, mode: 'readonly' | 'writable'): Record<string, Step> {
  const node = [process.execPath, '--import', 'tsx', CHILD, file, mode]
  const [cmd, ...args] = isRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...node] : node
  const run = spawnSync(cmd as string, args, {
    encoding: 'utf8',
    env: { ...process.env, HOME: '/tmp' },
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
  })
  if (run.status !== 0) throw new Error(`child exited ${run.status}: ${run.stderr}`)
  return Object.fromEntries((JSON.parse(run.stdout) as Step[]).map((s) => [s.op, s]))
}

describe.skipIf(!setpriv)('a snapshot this process cannot write (run as a non-root user)', () => {
  const makeSnapshot = (dir: string) => {
    const file = join(dir, 'snap.db')
    const snap = openSnapshot(file)
    snap.upsert('bacen', [{ id: 'b1', title: 'Crédito rural', date: '2024-01-02' }])
    snap.close()
    return file
  }

  it('a read-only file opened writable: searches work, every write is 403 `forbidden` naming the file', () => {
    const dir = tempDir()
    chmodSync(dir, 0o777)
    const file = makeSnapshot(dir)
    chmodSync(file, 0o444)
    for (const mode of ['writable', 'readonly'] as const) {
      const steps = asNonRoot(file, mode)
      expect(steps['open']).toMatchObject({ ok: true, value: true })
      expect(steps['search']).toMatchObject({ ok: true, value: 1 })
      for (const write of ['upsert', 'createMonitor']) {
        expect(steps[write]).toMatchObject({ ok: false, name: 'LegisearchError', status: 403, code: 'forbidden' })
        expect(steps[write]?.message).toContain(file)
      }
      if (mode === 'writable') expect(steps['upsert']?.message).toMatch(/read-only for this process/)
      expect(steps['counts']).toMatchObject({ ok: true, value: 1 })
    }
  })

  it('a writable file whose -wal and -shm another user’s connection holds: opened for reading, checkIntegrity reports', () => {
    const dir = tempDir()
    chmodSync(dir, 0o777)
    const file = makeSnapshot(dir)
    chmodSync(file, 0o666)
    // A connection of this (root) process keeps the -wal and -shm, 0644, beside the file.
    const holder = openSnapshot(file)
    try {
      holder.counts()
      expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true)
      // SQLite makes them with the file's mode; another user's umask or chmod leaves them 0644.
      chmodSync(`${file}-wal`, 0o644)
      chmodSync(`${file}-shm`, 0o644)
      const steps = asNonRoot(file, 'writable')
      expect(steps['open']).toMatchObject({ ok: true, value: true })
      expect(steps['search']).toMatchObject({ ok: true, value: 1 })
      expect(steps['upsert']).toMatchObject({ ok: false, name: 'LegisearchError', status: 403, code: 'forbidden' })
      expect(steps['checkIntegrity']).toMatchObject({ ok: true, value: true })
    } finally {
      holder.close()
    }
  })

  it('a valid snapshot in a read-only directory: not "not an SQLite database", but 403 naming the directory (or it opens)', () => {
    const dir = tempDir()
    chmodSync(dir, 0o755)
    const file = makeSnapshot(dir)
    for (const mode of ['readonly', 'writable'] as const) {
      const steps = asNonRoot(file, mode)
      const open = steps['open'] as Step
      if (open.ok) {
        expect(steps['search']).toMatchObject({ ok: true, value: 1 })
        continue
      }
      expect(open).toMatchObject({ name: 'LegisearchError', status: 403, code: 'forbidden' })
      expect(open.message).not.toMatch(/not an SQLite database/)
      expect(open.message).toContain(dir)
      expect(open.message).toMatch(/directory .* is read-only for this process/)
    }
  })
})
