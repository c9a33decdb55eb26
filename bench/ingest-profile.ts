/**
 * Where ingest time goes: generates propositions with the demo generator (as the benchmark does),
 * ingests them through `snap.upsert` in calls of 10,000 into a fresh snapshot, and times every
 * SQLite statement the library runs (better-sqlite3's `Statement#run/get/all`, wrapped), grouped by
 * what it writes. The transaction's BEGIN and COMMIT are statements too (FTS5 flushes its pending
 * terms and merges segments at COMMIT). What is left of the `upsert` time is the library's own
 * JavaScript: validation (zod), tokenizing, folding and stemming, JSON.
 *
 * Usage: `tsx bench/ingest-profile.ts [--count 100000] [--seed 42]`
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { generate } from '../scripts/generate/index.js'
import { type RecordInput, openSnapshot } from '../packages/legisearch/src/index.js'

const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' }, seed: { type: 'string', default: '42' } } })
const count = Number(values.count)
const seed = Number(values.seed)
if (!Number.isInteger(count) || count < 1) throw new Error(`--count: must be a positive integer, got ${values.count}`)
if (!Number.isInteger(seed)) throw new Error(`--seed: must be an integer, got ${values.seed}`)
const BATCH = 10_000

/** What a statement writes or reads, from its SQL (worked out once per SQL text: the probe must cost little). */
const labels = new Map<string, string>()
function labelOf(sql: string): string {
  let label = labels.get(sql)
  if (label === undefined) labels.set(sql, (label = labelFrom(sql)))
  return label
}

function labelFrom(sql: string): string {
  const s = sql.replace(/\s+/g, ' ').trim()
  const m = /^(INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM|SELECT .*? FROM) (\w+)/i.exec(s)
  if (!m) return s.slice(0, 40)
  const verb = (m[1] as string).split(' ')[0]?.toUpperCase() ?? ''
  const table = (m[2] as string).replace(/^fts_(\w+?)_(default|keyword|sensitive)$/, 'fts ($2)')
  return `${verb} ${table}`
}

// Wrap the statement methods once, on the prototype every statement shares.
const spent = new Map<string, { ms: number; calls: number }>()
const probe = new Database(':memory:')
const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<'run' | 'get' | 'all', (...a: unknown[]) => unknown>
probe.close()
for (const method of ['run', 'get', 'all'] as const) {
  const original = proto[method]
  proto[method] = function (this: { source: string }, ...args: unknown[]) {
    const t = performance.now()
    try {
      return original.apply(this, args)
    } finally {
      const label = labelOf(this.source)
      const e = spent.get(label) ?? { ms: 0, calls: 0 }
      e.ms += performance.now() - t
      e.calls++
      spent.set(label, e)
    }
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ls-ingest-'))
const path = join(dir, 'profile.db')
const snap = openSnapshot(path)
let upsertMs = 0
let upsertCpuMs = 0
let generateMs = 0
try {
  let t = performance.now()
  const stakeholders = [...generate('stakeholders', 10_000, { seed })]
  snap.upsert('stakeholders', stakeholders)
  spent.clear() // only the propositions' statements
  let batch: RecordInput<'propositions'>[] = []
  const flush = (): void => {
    const t0 = performance.now()
    const c0 = process.cpuUsage()
    snap.upsert('propositions', batch)
    const c = process.cpuUsage(c0)
    upsertCpuMs += (c.user + c.system) / 1000
    upsertMs += performance.now() - t0
    batch = []
  }
  t = performance.now()
  for (const r of generate('propositions', count, { seed, stakeholders, fullText: true })) {
    batch.push(r)
    if (batch.length === BATCH) {
      generateMs += performance.now() - t
      flush()
      t = performance.now()
    }
  }
  if (batch.length > 0) {
    generateMs += performance.now() - t
    flush()
  }
} finally {
  snap.close()
}
const bytes = statSync(path).size
rmSync(dir, { recursive: true, force: true })

const perDoc = (ms: number) => ((1000 * ms) / count).toFixed(1)
const rows = [...spent.entries()].sort((a, b) => b[1].ms - a[1].ms)
const sqlMs = rows.reduce((s, [, e]) => s + e.ms, 0)
console.log(
  `${count.toLocaleString('en')} propositions (seed ${seed}) in calls of ${BATCH.toLocaleString('en')}: upsert ${(upsertMs / 1000).toFixed(1)} s, ` +
    `${Math.round(count / (upsertMs / 1000)).toLocaleString('en')} docs/s, ${perDoc(upsertMs)} µs per proposition; file ${(bytes / 1e6).toFixed(0)} MB ` +
    `(generating the records, not counted: ${(generateMs / 1000).toFixed(1)} s). CPU time of the upserts: ${perDoc(upsertCpuMs)} µs per proposition ` +
    `(on a busy machine the wall-clock figures below stretch, this one less).\n`,
)
console.log('| statement | calls per proposition | µs per proposition | share of upsert |')
console.log('| --- | ---: | ---: | ---: |')
for (const [label, e] of rows) {
  console.log(`| ${label} | ${(e.calls / count).toFixed(1)} | ${perDoc(e.ms)} | ${((100 * e.ms) / upsertMs).toFixed(1)} % |`)
}
console.log(`| **all statements** | | **${perDoc(sqlMs)}** | **${((100 * sqlMs) / upsertMs).toFixed(1)} %** |`)
console.log(
  `| the rest: the library's JavaScript (validation, text analysis, JSON) | | ${perDoc(upsertMs - sqlMs)} | ${((100 * (upsertMs - sqlMs)) / upsertMs).toFixed(1)} % |`,
)
