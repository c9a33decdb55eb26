/**
 * The first search a fresh process answers, at 100k–1M propositions: after opening the snapshot,
 * and after another process wrote to it (one `upsert` of 10 propositions from a child process
 * between two searches of a long-lived one). Builds a propositions-only snapshot once under
 * `bench/.work/` (cached by size and seed, 10,000 per `upsert`), then runs `bench/open-probe.ts`
 * in `--runs` fresh processes and the after-write probe `--runs` times; prints p50/p99/max.
 *
 *   npx tsx bench/first-search.ts [--size 1000000] [--runs 20] [--seed 42] [--q "reforma tributária"]
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { generate } from '../scripts/generate/index.js'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import type { OpenProbe } from './open-probe.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '20' },
    seed: { type: 'string', default: '42' },
    q: { type: 'string', default: 'reforma tributária' },
    child: { type: 'string' },
  },
})
const size = Number(values.size)
const runs = Number(values.runs)
const seed = Number(values.seed)
if (!Number.isInteger(size) || size < 1) throw new Error(`--size: must be a positive integer, got ${values.size}`)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: must be a positive integer, got ${values.runs}`)
if (!Number.isInteger(seed)) throw new Error(`--seed: must be an integer, got ${values.seed}`)

const stakeholders = [...generate('stakeholders', 2_000, { seed })]

// Child: one upsert of 10 new propositions (another process's write).
if (values.child !== undefined) {
  const [path, round] = values.child.split('#') as [string, string]
  const snap = openSnapshot(path)
  const fresh = [...generate('propositions', 10, { seed: seed + 1 + Number(round), stakeholders })].map((r, i) => ({
    ...r,
    id: `BENCH ${round}-${i}/2026`,
  }))
  snap.upsert('propositions', fresh)
  snap.close()
  process.exit(0)
}

const path = join(HERE, '.work', `first-search-p${size}-seed${seed}.db`)
if (!existsSync(path)) {
  mkdirSync(dirname(path), { recursive: true })
  const building = `${path}.building`
  rmSync(building, { force: true })
  const snap = openSnapshot(building)
  const t = performance.now()
  let batch: unknown[] = []
  let done = 0
  for (const r of generate('propositions', size, { seed, stakeholders })) {
    batch.push(r)
    if (batch.length === 10_000) {
      snap.upsert('propositions', batch as never)
      done += batch.length
      batch = []
      if (done % 100_000 === 0) process.stderr.write(`  built ${done} in ${((performance.now() - t) / 1000).toFixed(0)} s\n`)
    }
  }
  if (batch.length > 0) snap.upsert('propositions', batch as never)
  snap.close()
  renameSync(building, path)
  process.stderr.write(
    `built ${path} (${(statSync(path).size / 2 ** 20).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(0)} s\n`,
  )
}

const request = JSON.stringify({ corpus: 'propositions', query: { q: values.q }, stakeholder: 'silva', watchlist: null })
const probe = (): OpenProbe => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(HERE, 'open-probe.ts'), path, request], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`open-probe failed: ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as OpenProbe
}

const open: OpenProbe[] = []
for (let i = 0; i < runs; i++) open.push(probe())

// After another process's write: this process keeps its snapshot open and searches again.
const snap = openSnapshot(path)
snap.search('propositions', { q: values.q })
const afterWrite: number[] = []
for (let i = 0; i < runs; i++) {
  const w = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--size', String(size), '--seed', String(seed), '--child', `${path}#${i}`],
    {
      encoding: 'utf8',
    },
  )
  if (w.status !== 0) throw new Error(`writer failed: ${w.stderr}`)
  const t = performance.now()
  snap.search('propositions', { q: values.q })
  afterWrite.push(performance.now() - t)
}
snap.remove(
  'propositions',
  Array.from({ length: runs * 10 }, (_, k) => `BENCH ${Math.floor(k / 10)}-${k % 10}/2026`),
)
snap.close()

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number
}
const row = (name: string, xs: number[]) =>
  `| ${name} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`
console.log(
  `${size.toLocaleString('en')} propositions, q: ${JSON.stringify(values.q)}, ${runs} runs, ${(statSync(path).size / 2 ** 20) | 0} MB file`,
)
console.log('| step | p50 ms | p99 ms | max ms |\n|---|---|---|---|')
console.log(
  row(
    'open (fresh process)',
    open.map((p) => p.openMs),
  ),
)
console.log(
  row(
    'first search after open',
    open.map((p) => p.firstQueryMs),
  ),
)
console.log(
  row(
    'the same search again',
    open.map((p) => p.secondQueryMs),
  ),
)
console.log(row('first search after another process wrote', afterWrite))
