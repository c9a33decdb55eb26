/**
 * Facets and histogram beside the search alone (README "Facets and histogram"): each search of a
 * few shapes (no text: every proposition; a common word; a phrase; a word with filters; relevance)
 * timed alone, then with `facets=all&histogram=month` and with a few facets
 * (`facets=types,parties,states&histogram=month`); warm p50 over `--runs` runs, and the first call
 * with facets (which reads each value's documents from the index once per version).
 * `--write`: also the first count after another writer's upsert and removal (which the bench file keeps: segments change).
 * Uses the bench corpus of `bench/corpus.ts` (`ensureCorpus`; built once under `bench/.work/`).
 *
 *   node --expose-gc --import tsx bench/facets.ts [--size 100000 --dou 200000 --social 50000 --stakeholders 10000] [--runs 15]
 *   node --expose-gc --import tsx bench/facets.ts --size 1000000 --dou 1000 --social 1000 --stakeholders 100000
 */
import { parseArgs } from 'node:util'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import { ensureCorpus } from './corpus.js'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    dou: { type: 'string', default: '200000' },
    social: { type: 'string', default: '50000' },
    stakeholders: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '42' },
    runs: { type: 'string', default: '15' },
    /** Also time the first count after a write (writes to the bench snapshot: 10 propositions added, then removed). */
    write: { type: 'boolean', default: false },
  },
})
const int = (name: string, v: string | undefined): number => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: must be a positive integer, got ${v}`)
  return n
}
const sizes = {
  propositions: int('size', values.size),
  dou: int('dou', values.dou),
  social: int('social', values.social),
  stakeholders: int('stakeholders', values.stakeholders),
}
const runs = int('runs', values.runs)
const corpus = ensureCorpus(sizes, int('seed', values.seed), { rebuild: false, log: (s) => console.error(s) })
const snap = openSnapshot(corpus.path, { readonly: true })
snap.searchPropositions({ limit: 1 })
/** Memory held: heap and array buffers after a full collection (run with `node --expose-gc` for it), and resident. */
const held = () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const m = process.memoryUsage()
  return { live: m.heapUsed + m.arrayBuffers, rss: m.rss }
}
const before = held()

interface Shape {
  readonly name: string
  readonly query: Record<string, string>
  readonly body?: Record<string, unknown>
}
const SHAPES: readonly Shape[] = [
  { name: 'no text (every proposition), newest', query: { sort: 'newest' } },
  { name: 'q=lei, newest', query: { q: 'lei', sort: 'newest' } },
  { name: 'q="reforma tributária", relevance', query: { q: '"reforma tributária"', sort: 'relevance' } },
  { name: 'q=saúde, relevance', query: { q: 'saúde', sort: 'relevance' } },
  {
    name: 'q=lei + types=PL,PEC + created_at 2020..',
    query: { q: 'lei' },
    body: { types: ['PL', 'PEC'], created_at: { from: '2020-01-01' } },
  },
]
const ASKS = [
  { name: 'facets=all&histogram=month', query: { facets: 'all', histogram: 'month' } },
  { name: 'facets=types,parties,states&histogram=month', query: { facets: 'types,parties,states', histogram: 'month' } },
]

/** Wall and CPU time of a call (CPU: this process's user + system time, steadier on a loaded machine). */
const time = (f: () => unknown): { wall: number; cpu: number } => {
  const c = process.cpuUsage()
  const t = performance.now()
  f()
  const wall = performance.now() - t
  const d = process.cpuUsage(c)
  return { wall, cpu: (d.user + d.system) / 1000 }
}
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1))

console.log(`# Facets and histogram at ${sizes.propositions.toLocaleString('en-US')} propositions (${corpus.path})`)
console.log(
  `p50 of ${runs} runs, limit 10, the search alone and with counts interleaved (the same load for both); wall ms (CPU ms); ` +
    `"first" = the first call with those counts after opening (reads the facets' postings, once per stored segment)\n`,
)
console.log('| search | matches | alone ms | ask | first ms | with ms | ratio (wall, CPU) | values |')
console.log('|---|---:|---:|---|---:|---:|---:|---:|')
for (const shape of SHAPES) {
  const search = (extra: Record<string, string> = {}) => snap.searchPropositions({ ...shape.query, ...extra }, shape.body)
  const total = search().pagination.total
  for (let i = 0; i < 3; i++) search()
  const answers = ASKS.map((ask) => {
    let answer: ReturnType<typeof search> | undefined
    const first = time(() => (answer = search(ask.query)))
    const histogramSum = (answer?.histogram ?? []).reduce((n, h) => n + h.count, 0)
    if (histogramSum !== total) throw new Error(`${shape.name}: the histogram sums to ${histogramSum}, the total is ${total}`)
    return { first, values: Object.values(answer?.facets ?? {}).reduce((n, list) => n + list.length, 0) }
  })
  const alone: { wall: number; cpu: number }[] = []
  const withCounts: { wall: number; cpu: number }[][] = ASKS.map(() => [])
  for (let r = 0; r < runs; r++) {
    alone.push(time(() => search()))
    ASKS.forEach((ask, i) => withCounts[i]?.push(time(() => search(ask.query))))
  }
  const a = { wall: p50(alone.map((x) => x.wall)), cpu: p50(alone.map((x) => x.cpu)) }
  ASKS.forEach((ask, i) => {
    const runsWith = withCounts[i] ?? []
    const w = { wall: p50(runsWith.map((x) => x.wall)), cpu: p50(runsWith.map((x) => x.cpu)) }
    const { first, values } = answers[i] as (typeof answers)[number]
    console.log(
      `| ${shape.name} | ${total.toLocaleString('en-US')} | ${ms(a.wall)} (${ms(a.cpu)}) | ${ask.name} | ${ms(first.wall)} | ` +
        `${ms(w.wall)} (${ms(w.cpu)}) | ×${(w.wall / a.wall).toFixed(1)}, ×${(w.cpu / Math.max(a.cpu, 0.01)).toFixed(1)} | ${values.toLocaleString('en-US')} |`,
    )
  })
}
// After a write (another process's upsert of 10 propositions, then their removal): the first count
// reads only the new segments of each facet.
if (values.write) {
  const sample = snap.searchPropositions({ limit: 10, sort: 'older' }).results.map((r) => {
    const { relevance: _r, highlights: _h, savedPropositions: _s, ...record } = r
    return { ...record, id: `bench-facets-${r.id}` }
  })
  const writer = openSnapshot(corpus.path)
  for (const [step, change] of [
    ['after an upsert of 10', () => writer.upsert('propositions', sample as never)],
    [
      'after their removal',
      () =>
        writer.remove(
          'propositions',
          sample.map((r) => r.id),
        ),
    ],
  ] as const) {
    change()
    for (const ask of ASKS) {
      const t = time(() => snap.searchPropositions({ sort: 'newest', ...ask.query } as Record<string, string>))
      const again = time(() => snap.searchPropositions({ sort: 'newest', ...ask.query } as Record<string, string>))
      console.log(`first count ${step} (no text, ${ask.name}): ${ms(t.wall)} ms, then ${ms(again.wall)} ms`)
    }
  }
  writer.close()
}

const mb = (b: number) => `${Math.round(b / 2 ** 20)} MB`
const after = held()
console.log(
  `\nmemory after the first search: ${mb(before.live)} live (heap + buffers), ${mb(before.rss)} resident; after every count above ` +
    `(the facets' forward indexes kept): ${mb(after.live)} live, ${mb(after.rss)} resident` +
    ((globalThis as { gc?: unknown }).gc ? '' : ' (live figures without a full collection: run with node --expose-gc --import tsx)'),
)
snap.close()
