/**
 * Child process: runs the query set against legisearch and the hand-written FTS5 baseline, query
 * by query and interleaved (the order alternates), so both see the same machine state; the floor
 * reads the FTS5 file of the same records. Its own process keeps the peak RSS free of the corpus
 * build and of MiniSearch.
 *
 * node --import tsx bench/workers/engines.ts <snapshot> <fts5 snapshot> <queries.json> <out.json>
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { openSnapshot } from '../../packages/legisearch/src/index.js'
import { Fts5Baseline, type BaselineAnswer } from '../baselines/fts5.js'
import { type ExplainedStatement, requestOf, traceSnapshot, withPlans } from '../explain.js'
import type { BenchQuery, QuerySet } from '../queries.js'

export interface QueryError {
  readonly i: number
  readonly engine: 'legisearch' | 'fts5'
  readonly message: string
}

export interface SlowQuery {
  readonly i: number
  /** `slowest`: the slowest query of one of the slowest classes; `furthest`: the median query of a class far from the floor. */
  readonly why: 'slowest' | 'furthest'
  readonly lsMs: number
  readonly ftsMs: number
  /** The same query run again, traced: the whole call and each statement. */
  readonly legisearch: { readonly ms: number; readonly statements: ExplainedStatement[] } | null
  readonly baseline: { readonly ms: number; readonly statements: ExplainedStatement[] }
}

export interface EnginesResult {
  /** Bytes: at start, after opening the snapshot (and the baseline's connection), peak over the whole run. */
  readonly rss: { readonly start: number; readonly afterOpen: number; readonly peak: number }
  readonly openMs: number
  readonly search: {
    readonly ls: number[]
    readonly fts: number[]
    readonly lsTotal: number[]
    readonly ftsTotal: number[]
    /** Queries whose page (ids, in order) differs although the totals agree. */
    readonly pageMismatch: number[]
    readonly errors: QueryError[]
  }
  readonly stakeholders: { readonly firstMs: number; readonly ms: number[]; readonly empty: number }
  readonly watchlist: { readonly ls: number[]; readonly fts: number[]; readonly mismatch: { i: number; ls: number; fts: number }[] }
  readonly slowest: SlowQuery[]
  readonly explainNote: string | null
}

const [snapshotPath, floorPath, queriesPath, outPath] = process.argv.slice(2)
if (!snapshotPath || !floorPath || !queriesPath || !outPath)
  throw new Error('usage: engines.ts <snapshot> <fts5 snapshot> <queries.json> <out.json>')
const set = JSON.parse(readFileSync(queriesPath, 'utf8')) as QuerySet

const rssStart = process.memoryUsage().rss
const t0 = performance.now()
const snap = openSnapshot(snapshotPath, { readonly: true })
const openMs = performance.now() - t0
const base = new Fts5Baseline(floorPath)
const rssAfterOpen = process.memoryUsage().rss

const requests = set.search.map(requestOf)

function legisearch(i: number): BaselineAnswer {
  const q = set.search[i] as BenchQuery
  const { query, body } = requests[i] as ReturnType<typeof requestOf>
  const r = snap.search(q.corpus, query, body)
  return { total: r.pagination.total, ids: r.results.map((x) => x['id'] as string) }
}

function timed<T>(f: () => T): { ms: number; value: T | Error } {
  const t = performance.now()
  try {
    const value = f()
    return { ms: performance.now() - t, value }
  } catch (e) {
    return { ms: Number.NaN, value: e instanceof Error ? e : new Error(String(e)) }
  }
}

/** One (corpus, kind, mode, variant) class of the query set. */
const classKey = (q: BenchQuery) => `${q.corpus}|${q.kind}|${q.mode}|${q.filters !== null}|${q.sort}|${q.page}`

// Warm-up: one query of every (corpus, kind, mode, variant) group, both engines, not measured.
const seen = new Set<string>()
set.search.forEach((q, i) => {
  const key = classKey(q)
  if (seen.has(key)) return
  seen.add(key)
  timed(() => legisearch(i))
  timed(() => base.search(q))
})

const n = set.search.length
const ls = new Array<number>(n)
const fts = new Array<number>(n)
const lsTotal = new Array<number>(n)
const ftsTotal = new Array<number>(n)
const pageMismatch: number[] = []
const errors: QueryError[] = []
let lastLog = performance.now()
// Which engine goes first alternates within each class (not by query index: a text expands to a
// fixed number of queries, so the index's parity would fix the order per class), so neither always
// finds the pages the other just read.
const runsInClass = new Map<string, number>()
for (let i = 0; i < n; i++) {
  const q = set.search[i] as BenchQuery
  const k = runsInClass.get(classKey(q)) ?? 0
  runsInClass.set(classKey(q), k + 1)
  const a = k % 2 === 0 ? timed(() => legisearch(i)) : null
  const b = timed(() => base.search(q))
  const c = a ?? timed(() => legisearch(i))
  ls[i] = c.ms
  fts[i] = b.ms
  if (c.value instanceof Error) errors.push({ i, engine: 'legisearch', message: c.value.message })
  if (b.value instanceof Error) errors.push({ i, engine: 'fts5', message: b.value.message })
  lsTotal[i] = c.value instanceof Error ? Number.NaN : c.value.total
  ftsTotal[i] = b.value instanceof Error ? Number.NaN : b.value.total
  if (
    !(c.value instanceof Error) &&
    !(b.value instanceof Error) &&
    c.value.total === b.value.total &&
    c.value.ids.join() !== b.value.ids.join()
  ) {
    pageMismatch.push(i)
  }
  if (performance.now() - lastLog > 15_000) {
    lastLog = performance.now()
    process.stderr.write(`  engines: ${i + 1} / ${n} queries\n`)
  }
}

// Stakeholder lookup by name: the first call builds the in-memory name index (timed apart).
const st = timed(() => snap.findStakeholders({ q: set.stakeholders[0]?.q ?? 'silva' }))
const stMs: number[] = []
let stEmpty = 0
for (const s of set.stakeholders) {
  const r = timed(() => snap.findStakeholders({ q: s.q, limit: 10 }))
  stMs.push(r.ms)
  if (!(r.value instanceof Error) && r.value.length === 0) stEmpty++
}

// Watchlist substring search, against the same SQL written by hand.
const wl: number[] = []
const wlBase: number[] = []
const wlMismatch: { i: number; ls: number; fts: number }[] = []
set.watchlist.forEach((w, i) => {
  const first = i % 2 === 0 ? timed(() => snap.listWatchlist({ search: w.search, limit: 20 })) : null
  const b = timed(() => base.watchlist(w.search))
  const a = first ?? timed(() => snap.listWatchlist({ search: w.search, limit: 20 }))
  wl.push(a.ms)
  wlBase.push(b.ms)
  const at = a.value instanceof Error ? Number.NaN : a.value.total
  const bt = b.value instanceof Error ? Number.NaN : b.value.total
  // The page too (refs in order), not only the total.
  const samePage =
    !(a.value instanceof Error) && !(b.value instanceof Error) && a.value.data.map((d) => d.sourceRefNumber).join() === b.value.ids.join()
  if (at !== bt || !samePage) wlMismatch.push({ i, ls: at, fts: bt })
})

const peak = process.resourceUsage().maxRSS * 1024

// Explained: the slowest query of each of the 6 slowest classes, and the median query of each of
// the 4 classes furthest from the floor (highest p50 ratio, legisearch p50 ≥ 1 ms). Each is run
// once more untraced, then traced.
const tracer = traceSnapshot(snap)
const classes = new Map<string, number[]>()
ls.forEach((t, i) => {
  if (!Number.isFinite(t)) return
  const q = set.search[i] as BenchQuery
  const key = classKey(q)
  const list = classes.get(key) ?? []
  list.push(i)
  classes.set(key, list)
})
const at = (xs: readonly number[], i: number) => xs[i] as number
const medianIndex = (idx: readonly number[], times: readonly number[]) => {
  const sorted = [...idx].sort((a, b) => at(times, a) - at(times, b))
  return sorted[Math.floor((sorted.length - 1) / 2)] as number
}
const slowestOf = (idx: readonly number[]) => idx.reduce((m, i) => (at(ls, i) > at(ls, m) ? i : m), idx[0] as number)
const bySlowest = [...classes.entries()].sort((a, b) => at(ls, slowestOf(b[1])) - at(ls, slowestOf(a[1]))).slice(0, 6)
const taken = new Set(bySlowest.map(([k]) => k))
const byRatio = [...classes.entries()]
  .filter(([k, idx]) => !taken.has(k) && at(ls, medianIndex(idx, ls)) >= 1)
  .map(([k, idx]) => ({ k, idx, r: at(ls, medianIndex(idx, ls)) / Math.max(1e-3, at(fts, medianIndex(idx, fts))) }))
  .sort((a, b) => b.r - a.r)
  .slice(0, 4)
const picks: { i: number; why: SlowQuery['why'] }[] = [
  ...bySlowest.map(([, idx]) => ({ i: slowestOf(idx), why: 'slowest' as const })),
  ...byRatio.map(({ idx }) => ({ i: medianIndex(idx, ls), why: 'furthest' as const })),
]
function traced(run: (f: () => unknown) => import('../explain.js').TracedStatement[], f: () => unknown) {
  f()
  const t = performance.now()
  const statements = run(f)
  const ms = performance.now() - t
  return { ms, statements: withPlans(base.connection, statements) }
}
const slowest: SlowQuery[] = picks.map(({ i, why }) => {
  const q = set.search[i] as BenchQuery
  let lsTrace: SlowQuery['legisearch'] = null
  if (tracer) {
    try {
      lsTrace = traced(
        (f) => tracer.run(f),
        () => legisearch(i),
      )
    } catch {
      lsTrace = null
    }
  }
  return {
    i,
    why,
    lsMs: at(ls, i),
    ftsMs: at(fts, i),
    legisearch: lsTrace,
    baseline: traced(
      (f) => base.trace(f),
      () => base.search(q),
    ),
  }
})

snap.close()
base.close()

const result: EnginesResult = {
  rss: { start: rssStart, afterOpen: rssAfterOpen, peak },
  openMs,
  search: { ls, fts, lsTotal, ftsTotal, pageMismatch, errors },
  stakeholders: { firstMs: st.ms, ms: stMs, empty: stEmpty },
  watchlist: { ls: wl, fts: wlBase, mismatch: wlMismatch },
  slowest,
  explainNote: tracer ? null : "legisearch's statement cache moved: its SQL could not be traced",
}
writeFileSync(outPath, JSON.stringify(result))
