/**
 * Child process: MiniSearch 7 over the snapshot's propositions (read from the same file), then the
 * default-mode proposition queries of the set. Its own process, so its heap never inflates
 * legisearch's RSS, and an out-of-memory failure at 1M documents is reported instead of fatal.
 *
 * node --expose-gc --max-old-space-size=<MB> --import tsx bench/workers/minisearch.ts <snapshot> <queries.json> <out.json> [--all-variants] [--no-json]
 *
 * By default only the base variant (no filters, relevance, page 1) runs: MiniSearch is slow on
 * ANDs of frequent words, and the one-step variants would triple its share of the run.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import MiniSearch from 'minisearch'
import { type MiniDoc, miniDoc, newIndex, search } from '../baselines/minisearch.js'
import { BASE_VARIANT, type BenchQuery, type QuerySet, isVariant } from '../queries.js'
import { decodeRecord, loadDictionaries } from '../../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'

export interface MiniSearchResult {
  readonly documents: number
  /** Reading and parsing the records from the snapshot, ms. */
  readonly readMs: number
  /** `add` of every document, ms. */
  readonly indexMs: number
  /** After the build and a full GC, bytes. */
  readonly heapUsed: number
  readonly rssAfterBuild: number
  /** Peak RSS up to the end of the queries (before the JSON round trip below), bytes. */
  readonly peakWhileQuerying: number
  /** Indexes (in the query set) of the queries run, with their times and totals. */
  readonly indices: number[]
  readonly ms: number[]
  readonly totals: number[]
  /** Saving the index as JSON and loading it back: what "opening" a MiniSearch index costs. */
  readonly json: { readonly bytes: number; readonly stringifyMs: number; readonly loadMs: number } | null
}

const [snapshotPath, queriesPath, outPath, ...flags] = process.argv.slice(2)
if (!snapshotPath || !queriesPath || !outPath)
  throw new Error('usage: minisearch.ts <snapshot> <queries.json> <out.json> [--all-variants] [--no-json]')
const allVariants = flags.includes('--all-variants')
const set = JSON.parse(readFileSync(queriesPath, 'utf8')) as QuerySet
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})

const db = new Database(snapshotPath, { readonly: true, fileMustExist: true })
const st = new Statements(db)
loadDictionaries(st)
const index = newIndex()
let readMs = 0
let indexMs = 0
let documents = 0
let t = performance.now()
let batch: MiniDoc[] = []
const flush = (): void => {
  readMs += performance.now() - t
  const t1 = performance.now()
  index.addAll(batch)
  indexMs += performance.now() - t1
  documents += batch.length
  batch = []
  t = performance.now()
}
for (const row of db
  .prepare(
    "SELECT d.main_ms AS main_ms, d.main_day AS main_day, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE d.corpus = 'propositions' ORDER BY d.rowid",
  )
  .iterate() as Iterable<{
  main_ms: number
  main_day: number
  record: string | Buffer
}>) {
  batch.push(miniDoc(JSON.parse(decodeRecord(st, row.record)) as Parameters<typeof miniDoc>[0], row.main_ms, row.main_day))
  if (batch.length === 10_000) flush()
}
flush()
db.close()
gc()
const heapUsed = process.memoryUsage().heapUsed
const rssAfterBuild = process.memoryUsage().rss

const indices: number[] = []
set.search.forEach((q, i) => {
  if (q.corpus === 'propositions' && q.mode === 'default' && (allVariants || isVariant(q, BASE_VARIANT))) indices.push(i)
})
// Warm-up: the first query of each class, not measured.
const warmed = new Set<string>()
for (const i of indices) {
  const q = set.search[i] as BenchQuery
  const key = `${q.kind}|${q.filters !== null}|${q.sort}|${q.page}`
  if (warmed.has(key)) continue
  warmed.add(key)
  search(index, q)
}
const ms: number[] = []
const totals: number[] = []
let lastLog = performance.now()
for (const i of indices) {
  const q = set.search[i] as BenchQuery
  const t0 = performance.now()
  const r = search(index, q)
  ms.push(performance.now() - t0)
  totals.push(r.total)
  if (performance.now() - lastLog > 15_000) {
    lastLog = performance.now()
    process.stderr.write(`  minisearch: ${ms.length} / ${indices.length} queries\n`)
  }
}
const peakWhileQuerying = process.resourceUsage().maxRSS * 1024

let json: MiniSearchResult['json'] = null
if (!flags.includes('--no-json')) {
  const dir = mkdtempSync(join(tmpdir(), 'legisearch-bench-'))
  try {
    const t1 = performance.now()
    const text = JSON.stringify(index)
    const stringifyMs = performance.now() - t1
    const file = join(dir, 'index.json')
    writeFileSync(file, text)
    const bytes = statSync(file).size
    const t2 = performance.now()
    MiniSearch.loadJSON<MiniDoc>(readFileSync(file, 'utf8'), {
      fields: ['title', 'summary', 'ident'],
      storeFields: ['ms', 'day', 'types', 'states'],
    })
    json = { bytes, stringifyMs, loadMs: performance.now() - t2 }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const result: MiniSearchResult = { documents, readMs, indexMs, heapUsed, rssAfterBuild, peakWhileQuerying, indices, ms, totals, json }
writeFileSync(outPath, JSON.stringify(result))
