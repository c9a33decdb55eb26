/**
 * Child process of `bench/lucene.ts`: legisearch's side of the comparison, alone in its process so
 * its open time, first query and peak RSS are its own (not the corpus build's or the query set's).
 * Opens the snapshot read-only, runs the requests `warmups` times, then once more timed.
 *
 * node --import tsx bench/workers/lucene-legisearch.ts <snapshot> <requests.json> <warmups> <out.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { type Snapshot, openSnapshot } from '../../src/index.js'

export interface LegisearchRun {
  readonly openMs: number
  readonly firstQueryMs: number
  readonly rssAfterOpen: number
  readonly peakRss: number
  readonly runs: readonly { readonly ms: number; readonly total: number }[]
}

const [snapshot, requestsPath, warmupsArg, outPath] = process.argv.slice(2)
if (!snapshot || !requestsPath || !warmupsArg || !outPath)
  throw new Error('usage: lucene-legisearch.ts <snapshot> <requests.json> <warmups> <out.json>')
const requests = JSON.parse(readFileSync(requestsPath, 'utf8')) as { query: Parameters<Snapshot['searchPropositions']>[0]; body: unknown }[]
let peakRss = process.memoryUsage().rss
const sample = () => {
  const rss = process.memoryUsage().rss
  if (rss > peakRss) peakRss = rss
}
let t = performance.now()
const snap = openSnapshot(snapshot, { readonly: true })
const openMs = performance.now() - t
const rssAfterOpen = process.memoryUsage().rss
const search = (r: (typeof requests)[number]) => snap.searchPropositions(r.query, r.body)
t = performance.now()
if (requests[0]) search(requests[0])
const firstQueryMs = performance.now() - t
for (let round = 0; round < Number(warmupsArg); round++)
  requests.forEach((r, i) => {
    search(r)
    if (i % 50 === 0) sample()
  })
const runs = requests.map((r, i) => {
  const t0 = performance.now()
  const answer = search(r)
  const ms = performance.now() - t0
  if (i % 50 === 0) sample()
  return { ms, total: answer.pagination.total }
})
sample()
snap.close()
const result: LegisearchRun = {
  openMs,
  firstQueryMs,
  rssAfterOpen,
  peakRss: Math.max(peakRss, process.resourceUsage().maxRSS * 1024),
  runs,
}
writeFileSync(outPath, JSON.stringify(result))
