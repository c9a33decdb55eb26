/**
 * Child process of `bench/lucene.ts`: legisearch's side of the comparison, alone in its process so
 * its open time, first query and peak RSS are its own (not the corpus build's or the query set's).
 * Opens the snapshot read-only, runs the requests `warmups` times, then once more timed.
 *
 * node --import tsx bench/workers/lucene-legisearch.ts <snapshot> <requests.json> <warmups> <out.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { type SearchBody, type Snapshot, openSnapshot } from '../../packages/legisearch/src/index.js'
import { BlockIndex } from '../../packages/legisearch/src/text-index/blocks/block-index.js'
import { Fts5Index } from '../../packages/legisearch/src/text-index/fts5.js'

// The text index's own time in each search (what Lucene's times compare with: no validation, no
// records, no highlights), summed per search by wrapping the implementations' `search`.
let indexMs = 0
for (const proto of [BlockIndex.prototype, Fts5Index.prototype]) {
  const search = proto.search
  proto.search = function (this: typeof proto, ...a: Parameters<typeof search>) {
    const t = performance.now()
    try {
      return search.apply(this, a)
    } finally {
      indexMs += performance.now() - t
    }
  }
}

export interface LegisearchRun {
  readonly openMs: number
  readonly firstQueryMs: number
  readonly rssAfterOpen: number
  readonly peakRss: number
  /** Per search: the whole call, the text index's part of it, and the total. */
  readonly runs: readonly { readonly ms: number; readonly indexMs: number; readonly total: number }[]
}

const [snapshot, requestsPath, warmupsArg, outPath] = process.argv.slice(2)
if (!snapshot || !requestsPath || !warmupsArg || !outPath)
  throw new Error('usage: lucene-legisearch.ts <snapshot> <requests.json> <warmups> <out.json>')
const requests = JSON.parse(readFileSync(requestsPath, 'utf8')) as {
  query: Parameters<Snapshot['searchPropositions']>[0]
  body: SearchBody<'propositions'>
}[]
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
  indexMs = 0
  const t0 = performance.now()
  const answer = search(r)
  const ms = performance.now() - t0
  const inIndex = indexMs
  if (i % 50 === 0) sample()
  return { ms, indexMs: inIndex, total: answer.pagination.total }
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
