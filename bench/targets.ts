/**
 * Reads a report written by `bench/run.ts` and checks its search classes against the latency
 * targets of the benchmark issue (page 1, exact total: p50 ≤ 5 ms and p99 ≤ 50 ms) and the
 * "within 2× of the FTS5 floor" target, so the summary in `RESULTS.md` is derived from the tables
 * rather than written by hand.
 *
 * Usage: `tsx bench/targets.ts <report.md> [--p50 5] [--p99 50] [--ratio 2]`
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { p50: { type: 'string', default: '5' }, p99: { type: 'string', default: '50' }, ratio: { type: 'string', default: '2' } },
})
const file = positionals[0]
if (!file) throw new Error('usage: tsx bench/targets.ts <report.md> [--p50 5] [--p99 50] [--ratio 2]')
const P50 = Number(values.p50)
const P99 = Number(values.p99)
const RATIO = Number(values.ratio)

interface Row {
  readonly table: string
  readonly label: string
  readonly p50: number
  readonly p99: number
  readonly floorP50: number
  readonly ratio: number
}

const num = (s: string) => Number(s.replace(/,/g, '').replace(/×$/, ''))
const rows: Row[] = []
let table = ''
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const heading = /^#{2,4} (.*)$/.exec(line)
  if (heading) table = heading[1] as string
  // | class | n | median total | p50 / p95 / p99 | q/s | floor p50 / p95 / p99 | q/s | ratio | …
  const cells = line.split('|').map((c) => c.trim())
  if (cells.length < 10 || !/\d+ \/ [\d.,]+ \/ [\d.,]+/.test(cells[4] ?? '')) continue
  if (table.startsWith('Propositions: all classes')) continue // aggregates, not classes
  // The kind × variant table's base row repeats the kind × mode table's default row.
  if (table.startsWith('Propositions: kind × variant') && /no filters, relevance, page 1/.test(cells[1] ?? '')) continue
  const [p50, , p99] = (cells[4] as string).split(' / ').map(num) as [number, number, number]
  const floor = (cells[6] as string).split(' / ').map(num)
  rows.push({ table, label: cells[1] as string, p50, p99, floorP50: floor[0] ?? Number.NaN, ratio: num(cells[8] as string) })
}

const unique = new Map<string, Row>()
for (const r of rows) unique.set(r.label, r)
const classes = [...unique.values()]
const page1 = classes.filter((r) => !/page 50/.test(r.label))
const missed = page1.filter((r) => r.p50 > P50 || r.p99 > P99)
const met = page1.filter((r) => r.p50 <= P50 && r.p99 <= P99)
const slow = classes.filter((r) => r.ratio > RATIO)

const fmt = (r: Row) => `${r.label}: ${r.p50} / ${r.p99} ms`
console.log(`${file}: ${classes.length} classes, ${page1.length} on page 1.\n`)
console.log(`Page 1, p50 ≤ ${P50} ms and p99 ≤ ${P99} ms: met by ${met.length}, missed by ${missed.length}.`)
console.log(`\nMissed (p50 / p99):\n${missed.map((r) => `- ${fmt(r)}`).join('\n') || '- none'}`)
console.log(`\nMet:\n${met.map((r) => `- ${fmt(r)}`).join('\n') || '- none'}`)
const ratios = classes.map((r) => r.ratio).filter(Number.isFinite)
console.log(
  `\nlegisearch ÷ FTS5 floor at p50, over all ${classes.length} classes: ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×.`,
)
console.log(`Over ${RATIO}×: ${slow.length} class(es)${slow.length ? ':' : '.'}`)
for (const r of slow) console.log(`- ${r.label}: ${r.ratio}× (legisearch ${r.p50} ms, floor ${r.floorP50} ms)`)
const overOneMs = classes.filter((r) => r.p50 >= 1)
const r1 = overOneMs.map((r) => r.ratio)
if (r1.length > 0)
  console.log(`Classes with legisearch p50 ≥ 1 ms (${r1.length}): ${Math.min(...r1).toFixed(2)}–${Math.max(...r1).toFixed(2)}×.`)
