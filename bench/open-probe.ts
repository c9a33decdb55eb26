/**
 * Child process: how long a fresh process takes to open the snapshot and answer its first query.
 * Prints one JSON line (`OpenProbe`) on stdout.
 *
 * node --import tsx bench/open-probe.ts <snapshot> '<{"corpus":"propositions","query":{…},"body":{…}}>'
 */
import type { CorpusName, SearchBody } from '../packages/legisearch/src/index.js'

export interface OpenProbe {
  /** `import('legisearch')` (from source, through tsx), ms. */
  readonly importMs: number
  readonly openMs: number
  /** The first search after opening: SQLite's page cache is empty. */
  readonly firstQueryMs: number
  /** The same search again, right after. */
  readonly secondQueryMs: number
  /** The first `findStakeholders` (builds the in-memory name index). */
  readonly firstStakeholderMs: number
  readonly firstWatchlistMs: number
  readonly rssAfterOpen: number
  readonly rssAfterFirstQuery: number
}

const [path, requestJson] = process.argv.slice(2)
if (!path || !requestJson) throw new Error('usage: open-probe.ts <snapshot> <request JSON>')
const request = JSON.parse(requestJson) as {
  corpus: CorpusName
  query: Record<string, unknown>
  body?: SearchBody<CorpusName>
  stakeholder: string
  watchlist: string | null
}

const time = (f: () => unknown): number => {
  const t = performance.now()
  f()
  return performance.now() - t
}

const t0 = performance.now()
const { openSnapshot } = await import('../packages/legisearch/src/index.js')
const importMs = performance.now() - t0

let snap: ReturnType<typeof openSnapshot> | undefined
const openMs = time(() => (snap = openSnapshot(path, { readonly: true })))
if (!snap) throw new Error('not opened')
const s = snap
const rssAfterOpen = process.memoryUsage().rss
const firstQueryMs = time(() => s.search(request.corpus, request.query, request.body))
const rssAfterFirstQuery = process.memoryUsage().rss
const secondQueryMs = time(() => s.search(request.corpus, request.query, request.body))
const firstStakeholderMs = time(() => s.findStakeholders({ q: request.stakeholder }))
const firstWatchlistMs = request.watchlist === null ? Number.NaN : time(() => s.listWatchlist({ search: request.watchlist ?? '' }))
s.close()

const probe: OpenProbe = {
  importMs,
  openMs,
  firstQueryMs,
  secondQueryMs,
  firstStakeholderMs,
  firstWatchlistMs,
  rssAfterOpen,
  rssAfterFirstQuery,
}
process.stdout.write(`${JSON.stringify(probe)}\n`)
