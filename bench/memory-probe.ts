/**
 * Memory of a long query run, legisearch alone: runs a cached query set (`bench/.work/*-queries-*.json`,
 * written by `npm run bench`) through `snap.search` in this process and prints RSS and the V8 heap
 * every 4,000 searches, then the heap left after a full GC (what the library keeps alive).
 * Run it with and without a V8 heap cap to see how much of the peak is garbage not yet collected:
 *
 *   node --expose-gc --import tsx bench/memory-probe.ts <snapshot.db> <queries.json>
 *   node --expose-gc --max-old-space-size=128 --import tsx bench/memory-probe.ts <snapshot.db> <queries.json>
 */
import { readFileSync } from 'node:fs'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import { requestOf } from './explain.js'
import type { QuerySet } from './queries.js'

const [path, queriesPath] = process.argv.slice(2)
if (!path || !queriesPath) throw new Error('usage: memory-probe.ts <snapshot.db> <queries.json>')
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`
const maxRss = () => process.resourceUsage().maxRSS * 1024
function show(label: string): void {
  const m = process.memoryUsage()
  console.log(`${label.padEnd(18)} RSS ${mb(m.rss)}, peak RSS ${mb(maxRss())}, V8 heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}`)
}

show('start')
const set = JSON.parse(readFileSync(queriesPath, 'utf8')) as QuerySet
show('query set read')
const snap = openSnapshot(path, { readonly: true })
show('snapshot open')
const t0 = performance.now()
let n = 0
for (const q of set.search) {
  const { query, body } = requestOf(q)
  snap.search(q.corpus, query, body)
  if (++n % 4000 === 0) show(`${n} searches`)
}
const seconds = (performance.now() - t0) / 1000
show('end')
const gc = (globalThis as { gc?: () => void }).gc
if (gc) {
  gc()
  show('after a full GC')
} else console.log('(run with --expose-gc to see the heap after a full GC)')
console.log(`${n} searches in ${seconds.toFixed(1)} s`)
snap.close()
