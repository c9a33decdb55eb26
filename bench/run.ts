/**
 * `npm run bench [-- --size <propositions>] [--queries <per class>] [--rebuild] [--skip-minisearch] [--out <file>] …`
 * (`--help` lists every flag).
 *
 * Builds (or reuses) the benchmark snapshot, generates the seeded query mix from it, runs it
 * against legisearch and the hand-written FTS5 baseline (interleaved, one child process) and
 * MiniSearch (another child process), probes open and first-query times in fresh processes, then
 * prints the corpus size first and the tables after, and writes them to `--out` (by default
 * `bench/.work/results-<propositions>.md`; the curated `bench/RESULTS.md` is assembled by hand
 * from such reports). Never part of `npm test`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { cpus, freemem, platform, release, totalmem } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { type MatchMode, openSnapshot } from '../packages/legisearch/src/index.js'
import { textIndexName } from '../packages/legisearch/src/text-index/registry.js'
import { Fts5Baseline } from './baselines/fts5.js'
import { BENCH_DIR, type Corpus, type CorpusSizes, ROOT, UN_LIST, WORK_DIR, describeSizes, ensureCorpus } from './corpus.js'
import { requestOf } from './explain.js'
import type { OpenProbe } from './open-probe.js'
import {
  BASE_VARIANT,
  type BenchCorpus,
  type BenchQuery,
  type Design,
  KINDS,
  KIND_LABELS,
  type Kind,
  MODES,
  type QuerySet,
  VARIANTS,
  type Variant,
  buildQuerySet,
  isVariant,
  sameVariant,
  variantLabel,
} from './queries.js'
import { code, int, mb, ms, pcts, qps, ratio, table } from './report.js'
import { type Summary, finiteMedian, median, summarize } from './stats.js'
import type { EnginesResult } from './workers/engines.js'
import type { MiniSearchResult } from './workers/minisearch.js'

const started = performance.now()

// ---------------------------------------------------------------------------------------------
// Flags

/** The default `--out`: one report per size under the gitignored work folder. */
const DEFAULT_OUT = 'bench/.work/results-<size>.md'

/** Every flag: `parseArgs` reads `type`, `short` and `default`; `--help` prints `value`, `shown` and `help` too. */
const FLAGS = {
  size: { type: 'string', default: '100000', value: '<n>', help: 'propositions in the corpus' },
  queries: { type: 'string', default: '200', value: '<n>', help: 'queries per class' },
  rebuild: { type: 'boolean', default: false, help: 'rebuild the snapshot even when a matching one is cached' },
  'skip-minisearch': { type: 'boolean', default: false, help: 'no MiniSearch baseline' },
  'minisearch-variants': {
    type: 'boolean',
    default: false,
    help: 'MiniSearch also runs the filter, `newest` and page-50 variants (by default only the base variant)',
  },
  out: { type: 'string', value: '<file>', shown: DEFAULT_OUT, help: 'where the report is written (it is also printed); <size> is --size' },
  design: { type: 'string', default: 'lean', value: 'lean|full', help: 'which (mode, variant) combinations run' },
  seed: { type: 'string', default: '42', value: '<n>', help: 'generator and query seed' },
  dou: { type: 'string', default: '200000', value: '<n>', help: 'DOU acts in the corpus' },
  social: { type: 'string', default: '50000', value: '<n>', help: 'social posts in the corpus' },
  stakeholders: { type: 'string', default: '10000', value: '<n>', help: 'stakeholders in the corpus' },
  'open-runs': { type: 'string', default: '5', value: '<n>', help: 'fresh processes per open-time probe' },
  'minisearch-heap-mb': { type: 'string', default: '12288', value: '<n>', help: 'V8 heap limit of the MiniSearch process' },
  help: { type: 'boolean', short: 'h', default: false, help: 'print this message and exit' },
} as const

function usageText(): string {
  const rows = Object.entries(FLAGS).map(([name, f]) => {
    const short = 'short' in f ? `-${f.short}, ` : ''
    const flag = `${short}--${name}${'value' in f ? ` ${f.value}` : ''}`
    const def = 'shown' in f ? f.shown : f.type === 'boolean' ? 'off' : String(f.default)
    return [flag, def, f.help]
  })
  const w0 = Math.max(...rows.map((r) => (r[0] as string).length))
  const w1 = Math.max('default'.length, ...rows.map((r) => (r[1] as string).length))
  const line = (r: readonly string[]) => `  ${(r[0] as string).padEnd(w0)}  ${(r[1] as string).padEnd(w1)}  ${r[2] as string}`.trimEnd()
  return [
    'usage: npm run bench -- [flags]   (or: npx tsx bench/run.ts [flags])',
    '',
    'Builds or reuses the benchmark snapshot under bench/.work/, runs the query mix against',
    'legisearch, the hand-written FTS5 floor and MiniSearch, prints the report and writes it to --out.',
    'See bench/README.md.',
    '',
    line(['flag', 'default', '']),
    ...rows.map(line),
    '',
    'Smoke test: --size 2000 --dou 2000 --social 1000 --stakeholders 500 --queries 20',
    '',
  ].join('\n')
}

/** A bad command line: one line on stderr, exit code 2, no stack trace. */
function usageError(message: string): never {
  process.stderr.write(`bench/run.ts: ${message}; see --help\n`)
  process.exit(2)
}

function parseFlags() {
  try {
    return parseArgs({ options: FLAGS, allowPositionals: false, strict: true }).values
  } catch (e) {
    const err = e as { code?: string; message?: string }
    const message = String(err.message ?? e)
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? message
      usageError(`unknown flag ${flag}`)
    }
    if (typeof err.code === 'string' && err.code.startsWith('ERR_PARSE_ARGS_')) usageError(message.split(/\.(?:\s|$)/)[0] ?? message)
    throw e
  }
}
const args = parseFlags()
if (args.help) {
  process.stdout.write(usageText())
  process.exit(0)
}

function positiveInt(name: string, v: string): number {
  const n = Number(v)
  if (!Number.isSafeInteger(n) || n < 0) usageError(`--${name}: must be a non-negative integer (got ${v})`)
  return n
}

const sizes: CorpusSizes = {
  propositions: positiveInt('size', args.size),
  dou: positiveInt('dou', args.dou),
  social: positiveInt('social', args.social),
  stakeholders: positiveInt('stakeholders', args.stakeholders),
}
const perClass = positiveInt('queries', args.queries)
const seed = positiveInt('seed', args.seed)
const openRuns = Math.max(1, positiveInt('open-runs', args['open-runs']))
if (args.design !== 'lean' && args.design !== 'full') usageError(`--design: lean or full (got ${args.design})`)
const design: Design = args.design
const outPath = resolve(ROOT, args.out ?? DEFAULT_OUT.replace('<size>', String(sizes.propositions)))
/** A path as the report names it: relative to the repository when inside it. */
const shownPath = (p: string) => (relative(ROOT, p).startsWith('..') ? p : relative(ROOT, p))
const log = (s: string) => process.stderr.write(`${s}\n`)

// ---------------------------------------------------------------------------------------------
// Machine, corpus

const sqliteVersion = (() => {
  const db = new Database(':memory:')
  try {
    return (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v
  } finally {
    db.close()
  }
})()
const pkgVersion = (name: string): string => {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return '?'
  }
}
const cpu = cpus()
const engineVersion = (() => {
  const git = (...a: string[]) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' })
  const head = git('rev-parse', '--short', 'HEAD')
  if (head.status !== 0) return 'unknown (not a git checkout)'
  const dirty = (git('status', '--porcelain', '--', 'src').stdout ?? '').trim() !== ''
  return `git ${head.stdout.trim()}${dirty ? ' plus uncommitted changes in src/' : ''}`
})()
const machine = [
  `- Machine: ${cpu[0]?.model ?? '?'} × ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} GiB free at start), ${platform()} ${release()}`,
  `- Node ${process.version}, SQLite ${sqliteVersion} (better-sqlite3 ${pkgVersion('better-sqlite3')}), MiniSearch ${pkgVersion('minisearch')}`,
  `- Engine: ${engineVersion}`,
  `- Date: ${new Date().toISOString()}`,
  `- Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\``.replace(/ -- `$/, '`'),
]

log(`legisearch bench: ${describeSizes(sizes)}; ${perClass} queries per class; seed ${seed}`)
const corpus: Corpus = ensureCorpus(sizes, seed, { rebuild: args.rebuild, log })
// The floor reads FTS5 tables: the FTS5 file of the same records (the same file when the library runs FTS5).
const floor: Corpus = textIndexName() === 'fts5' ? corpus : ensureCorpus(sizes, seed, { rebuild: false, log, index: 'fts5' })
const counts = (() => {
  const db = new Database(corpus.path, { readonly: true })
  try {
    const rows = db.prepare('SELECT corpus, count(*) AS n FROM docs GROUP BY corpus').all() as { corpus: string; n: number }[]
    const out: Record<string, number> = Object.fromEntries(rows.map((r) => [r.corpus, r.n]))
    out['stakeholders'] = (db.prepare('SELECT count(*) AS n FROM stakeholders').get() as { n: number }).n
    try {
      out['watchlist'] = (db.prepare('SELECT count(*) AS n FROM watchlist_designations').get() as { n: number }).n
    } catch {
      out['watchlist'] = 0
    }
    return out
  } finally {
    db.close()
  }
})()
const fileBytes = statSync(corpus.path).size

const m = corpus.manifest
const ingestRows = Object.entries(m.ingest).map(([c, s]) => [
  c,
  int(s.records),
  `${(s.ingestMs / 1000).toFixed(1)} s`,
  int(s.records / (s.ingestMs / 1000)),
  `${(s.generateMs / 1000).toFixed(1)} s`,
])
const ingestTotal = Object.values(m.ingest).reduce((a, s) => ({ records: a.records + s.records, ms: a.ms + s.ingestMs }), {
  records: 0,
  ms: 0,
})
ingestRows.push([
  '**all**',
  int(ingestTotal.records),
  `${(ingestTotal.ms / 1000).toFixed(1)} s`,
  int(ingestTotal.records / (ingestTotal.ms / 1000)),
  '',
])

const corpusSection = [
  '## Corpus',
  '',
  `Snapshot \`${relative(ROOT, corpus.path)}\`: **${mb(fileBytes)}** on disk (${int(fileBytes / 2 ** 20)} MiB). ` +
    `Records: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${int(v)}`)
      .join(', ')}.` +
    (corpus.reused ? ` Reused from a build of ${m.builtAt} (its ingest figures below come from that build).` : ' Built in this run.') +
    (corpus.staleSources
      ? ' **The engine or generator sources changed since that build: rerun with `--rebuild` for current ingest figures.**'
      : ''),
  '',
  'Ingest through `snap.upsert` in calls of 10,000 records (each call validated, then written in one transaction); generation time is not included in the rate.' +
    (m.reindexMs !== undefined
      ? ` These rates are of the FTS5 file the ${m.index ?? ''} index's file was copied from: opened writable, the copy indexed its ${int(ingestTotal.records)} records again in ${(m.reindexMs / 1000).toFixed(1)} s (${int(ingestTotal.records / (m.reindexMs / 1000))} records/s) and dropped its FTS5 tables.`
      : ''),
  '',
  table(['collection', 'records', 'ingest time', 'docs/s', 'generation time'], ingestRows),
  '',
  m.watchlist
    ? `Watchlist: the real UN list \`${m.watchlist.file}\` (${int(m.watchlist.designations)} designations), reconciled in ${ms(m.watchlist.ms)} ms.`
    : `Watchlist: no UN list at \`${relative(ROOT, UN_LIST)}\`; the watchlist class is skipped.`,
].join('\n')
// The corpus size comes first.
console.log(`\n${machine.join('\n')}\n\n${corpusSection}\n`)

// ---------------------------------------------------------------------------------------------
// Queries

const tag = relative(WORK_DIR, corpus.path).replace(/\.db$/, '')
const queriesPath = join(WORK_DIR, `${tag}-queries-${perClass}-${design}.json`)
const t1 = performance.now()
const set: QuerySet = buildQuerySet(corpus.path, {
  seed,
  perClass,
  design,
  counts: { propositions: counts['propositions'] ?? 0, dou: counts['dou'] ?? 0, social: counts['social'] ?? 0 },
})
writeFileSync(queriesPath, JSON.stringify(set))
log(
  `query set: ${int(set.search.length)} searches, ${set.stakeholders.length} name lookups, ${set.watchlist.length} watchlist searches (${ms(performance.now() - t1)} ms)`,
)
for (const note of set.notes) log(`  ${note}`)

// ---------------------------------------------------------------------------------------------
// Children

const tsxArgs = ['--import', 'tsx']

function child(
  script: string,
  argv: readonly string[],
  nodeFlags: readonly string[] = [],
  timeoutMs = 0,
): { ok: boolean; stdout: string; why: string } {
  const r = spawnSync(process.execPath, [...nodeFlags, ...tsxArgs, join(BENCH_DIR, script), ...argv], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    ...(timeoutMs > 0 ? { timeout: timeoutMs } : {}),
  })
  const ok = r.status === 0
  const why = r.error ? r.error.message : r.signal ? `killed by ${r.signal}` : `exit code ${String(r.status)}`
  return { ok, stdout: r.stdout ?? '', why }
}

/** JSON turns NaN into null; bring it back. */
function nums(xs: readonly (number | null)[]): number[] {
  return xs.map((x) => (x === null ? Number.NaN : x))
}

log('running legisearch and the FTS5 baseline (interleaved)…')
const enginesOut = join(WORK_DIR, `${tag}-engines.json`)
const t2 = performance.now()
const eng = child('workers/engines.ts', [corpus.path, floor.path, queriesPath, enginesOut])
if (!eng.ok) throw new Error(`engines worker failed: ${eng.why}`)
const E = JSON.parse(readFileSync(enginesOut, 'utf8')) as EnginesResult
const ls = nums(E.search.ls)
const fts = nums(E.search.fts)
log(`  done in ${((performance.now() - t2) / 1000).toFixed(0)} s`)

let M: MiniSearchResult | null = null
let miniNote: string
if (args['skip-minisearch']) {
  miniNote = 'MiniSearch skipped (`--skip-minisearch`).'
} else {
  log('running MiniSearch (its own process)…')
  const miniOut = join(WORK_DIR, `${tag}-minisearch.json`)
  const heap = positiveInt('minisearch-heap-mb', args['minisearch-heap-mb'])
  const t3 = performance.now()
  const flags = args['minisearch-variants'] ? ['--all-variants'] : []
  const r = child(
    'workers/minisearch.ts',
    [corpus.path, queriesPath, miniOut, ...flags],
    ['--expose-gc', `--max-old-space-size=${heap}`],
    60 * 60_000,
  )
  if (r.ok && existsSync(miniOut)) {
    M = JSON.parse(readFileSync(miniOut, 'utf8')) as MiniSearchResult
    miniNote =
      `MiniSearch ${pkgVersion('minisearch')} in its own process (heap limit ${int(heap)} MB): ${int(M.documents)} propositions indexed in ${((M.readMs + M.indexMs) / 1000).toFixed(1)} s ` +
      `(${(M.readMs / 1000).toFixed(1)} s reading and parsing the records from the snapshot, ${(M.indexMs / 1000).toFixed(1)} s \`addAll\`), ` +
      `heap ${mb(M.heapUsed)} after a full GC, RSS ${mb(M.rssAfterBuild)} after the build, peak RSS ${mb(M.peakWhileQuerying)} (the process's maximum, index build included, read after the queries).` +
      (M.json
        ? ` Saved as JSON: ${mb(M.json.bytes)} (\`JSON.stringify\` ${ms(M.json.stringifyMs)} ms); \`MiniSearch.loadJSON\` of that file (its "open") took ${ms(M.json.loadMs)} ms.`
        : '')
    log(`  done in ${((performance.now() - t3) / 1000).toFixed(0)} s`)
  } else {
    miniNote = `**MiniSearch could not load the ${int(sizes.propositions)} propositions** (heap limit ${int(heap)} MB): the child process failed (${r.why}); no MiniSearch figures at this size.`
    log(`  MiniSearch failed: ${r.why}`)
  }
}

// Open time and first query, in fresh processes: with the OS file cache warm, then with the
// snapshot's pages dropped from the OS cache (`dd iflag=nocache count=0`, no root needed).
const firstQuery = set.search.find(
  (q) => q.corpus === 'propositions' && q.kind === 'common' && q.mode === 'default' && isVariant(q, BASE_VARIANT),
)
const probeRequest = JSON.stringify({
  corpus: 'propositions',
  ...(firstQuery ? requestOf(firstQuery) : { query: { q: 'lei' } }),
  stakeholder: set.stakeholders[0]?.q ?? 'silva',
  watchlist: set.watchlist[0]?.search ?? null,
})
function dropCache(): boolean {
  const r = spawnSync('dd', [`if=${corpus.path}`, 'iflag=nocache', 'count=0', 'status=none'], { stdio: 'ignore' })
  return r.status === 0
}
const probes: { warm: OpenProbe[]; cold: OpenProbe[]; coldOk: boolean } = { warm: [], cold: [], coldOk: true }
log(`probing open and first-query times (${openRuns} runs each, warm and dropped OS cache)…`)
for (let i = 0; i < openRuns; i++) {
  for (const kind of ['warm', 'cold'] as const) {
    if (kind === 'cold' && !dropCache()) probes.coldOk = false
    const r = child('open-probe.ts', [corpus.path, probeRequest])
    if (!r.ok) throw new Error(`open probe failed: ${r.why}`)
    const line = r.stdout.trim().split('\n').pop() ?? '{}'
    probes[kind].push(JSON.parse(line) as OpenProbe)
  }
}

// ---------------------------------------------------------------------------------------------
// Tables

const mini = new Map<number, { ms: number; total: number }>()
if (M) M.indices.forEach((idx, k) => mini.set(idx, { ms: M?.ms[k] ?? Number.NaN, total: M?.totals[k] ?? Number.NaN }))

function select(pred: (q: BenchQuery) => boolean): number[] {
  const out: number[] = []
  set.search.forEach((q, i) => {
    if (pred(q)) out.push(i)
  })
  return out
}

const finite = (xs: number[]) => xs.filter((x) => Number.isFinite(x))
function sum(idx: readonly number[], arr: readonly number[]): Summary {
  return summarize(finite(idx.map((i) => arr[i] as number)))
}
function miniSum(idx: readonly number[]): Summary | null {
  const xs = idx.flatMap((i) => (mini.has(i) ? [mini.get(i)?.ms as number] : []))
  return xs.length === 0 ? null : summarize(xs)
}
function totalsOf(idx: readonly number[]): string {
  const t = finite(idx.map((i) => E.search.lsTotal[i] as number)).sort((a, b) => a - b)
  return t.length === 0 ? '—' : int(median(t))
}

const HEADER = [
  'class',
  'n',
  'median total',
  'legisearch p50 / p95 / p99 ms',
  'q/s',
  'FTS5 SQL p50 / p95 / p99 ms',
  'q/s',
  'legisearch ÷ FTS5 (p50)',
  'MiniSearch p50 / p95 / p99 ms',
  'q/s',
]
function row(label: string, idx: readonly number[]): string[] {
  const a = sum(idx, ls)
  const b = sum(idx, fts)
  const c = miniSum(idx)
  return [label, int(idx.length), totalsOf(idx), pcts(a), qps(a), pcts(b), qps(b), ratio(a.p50, b.p50), pcts(c), qps(c)]
}

const propsByMode: string[][] = []
for (const kind of KINDS) {
  for (const mode of MODES) {
    const idx = select((q) => q.corpus === 'propositions' && q.kind === kind && q.mode === mode && isVariant(q, BASE_VARIANT))
    if (idx.length > 0) propsByMode.push(row(`${KIND_LABELS[kind]} · ${mode}`, idx))
  }
}
const propsByVariant: string[][] = []
for (const kind of KINDS) {
  for (const v of VARIANTS) {
    const idx = select((q) => q.corpus === 'propositions' && q.kind === kind && q.mode === 'default' && isVariant(q, v))
    if (idx.length > 0) propsByVariant.push(row(`${KIND_LABELS[kind]} · ${variantLabel(v)}`, idx))
  }
}
// With `--design full`: every other variant in the `keyword` and `sensitive` modes too.
const propsByModeVariant: string[][] = []
for (const kind of KINDS) {
  for (const mode of MODES.filter((m) => m !== 'default')) {
    for (const v of VARIANTS.filter((x) => !sameVariant(x, BASE_VARIANT))) {
      const idx = select((q) => q.corpus === 'propositions' && q.kind === kind && q.mode === mode && isVariant(q, v))
      if (idx.length > 0) propsByModeVariant.push(row(`${KIND_LABELS[kind]} · ${mode} · ${variantLabel(v)}`, idx))
    }
  }
}
const propsAll: string[][] = [
  ['every proposition query', select((q) => q.corpus === 'propositions')] as const,
  ...MODES.map(
    (mode: MatchMode) => [`every proposition query · ${mode}`, select((q) => q.corpus === 'propositions' && q.mode === mode)] as const,
  ),
  ...VARIANTS.map(
    (v: Variant) =>
      [
        `every proposition query · default · ${variantLabel(v)}`,
        select((q) => q.corpus === 'propositions' && q.mode === 'default' && isVariant(q, v)),
      ] as const,
  ),
].flatMap(([label, idx]) => (idx.length > 0 ? [row(label, idx)] : []))
const others: string[][] = []
for (const c of ['dou', 'social'] as BenchCorpus[]) {
  for (const kind of ['common', 'phrase'] as Kind[]) {
    for (const v of VARIANTS) {
      const idx = select((q) => q.corpus === c && q.kind === kind && isVariant(q, v))
      if (idx.length > 0) others.push(row(`${c} · ${KIND_LABELS[kind]} · ${variantLabel(v)}`, idx))
    }
  }
}

const stSum = summarize(finite(nums(E.stakeholders.ms)))
const wlA = summarize(finite(nums(E.watchlist.ls)))
const wlB = summarize(finite(nums(E.watchlist.fts)))
const lookupRows = [
  ['stakeholder lookup by name (`findStakeholders`, limit 10)', int(stSum.n), pcts(stSum), qps(stSum), '—', '—', '—'],
  ...(set.watchlist.length > 0
    ? [
        [
          'watchlist substring search (`listWatchlist`, limit 20)',
          int(wlA.n),
          pcts(wlA),
          qps(wlA),
          pcts(wlB),
          qps(wlB),
          ratio(wlA.p50, wlB.p50),
        ],
      ]
    : []),
]

// Totals agreement.
const disagreements = select(() => true).filter((i) => {
  const a = E.search.lsTotal[i]
  const b = E.search.ftsTotal[i]
  return a === null || b === null || a !== b
})
function describe(q: BenchQuery): string {
  const f = q.filters
    ? `; ${q.filters.lists.map((l) => `${l.field}=${l.values.join(',')}`).join('; ')}; created_at ${q.filters.created.from}..${q.filters.created.to}`
    : ''
  return `${q.corpus} · ${KIND_LABELS[q.kind]} · ${q.mode} · ${q.sort} · page ${q.page}${f}`
}
const errorLines = E.search.errors
  .slice(0, 10)
  .map((e) => `- ${e.engine} on ${code((set.search[e.i] as BenchQuery).q)} (${describe(set.search[e.i] as BenchQuery)}): ${e.message}`)

// Why the watchlist class did not run, if it did not.
const watchlistSkipped: string | null =
  set.watchlist.length > 0
    ? null
    : perClass === 0
      ? '`--queries 0`'
      : !m.watchlist
        ? `no UN list at \`${relative(ROOT, UN_LIST)}\` when the snapshot was built`
        : (counts['watchlist'] ?? 0) === 0
          ? 'the snapshot holds no watchlist designations'
          : 'no listed name of 4 characters or more to draw substrings from'

// Every disagreement with the floor, one line each. The worker records which pages differ, not
// the pages: those queries are run once more here, after all the timing, to show where they differ.
type Pages = { readonly ls: readonly string[]; readonly floor: readonly string[] } | { readonly error: string }
const rerun = (() => {
  const search = new Map<number, Pages>()
  const watchlist = new Map<number, Pages>()
  if (E.search.pageMismatch.length === 0 && E.watchlist.mismatch.length === 0) return { search, watchlist }
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? ''
  let snap: ReturnType<typeof openSnapshot> | null = null
  let base: Fts5Baseline | null = null
  try {
    snap = openSnapshot(corpus.path, { readonly: true })
    base = new Fts5Baseline(floor.path)
  } catch (e) {
    const error = `not re-run: ${message(e)}`
    for (const i of E.search.pageMismatch) search.set(i, { error })
    for (const { i } of E.watchlist.mismatch) watchlist.set(i, { error })
    snap?.close()
    return { search, watchlist }
  }
  const s = snap
  const b = base
  const attempt = (f: () => Pages): Pages => {
    try {
      return f()
    } catch (e) {
      return { error: `re-run failed: ${message(e)}` }
    }
  }
  for (const i of E.search.pageMismatch) {
    const q = set.search[i] as BenchQuery
    const { query, body } = requestOf(q)
    search.set(
      i,
      attempt(() => ({ ls: s.search(q.corpus, query, body).results.map((x) => String(x['id'])), floor: b.search(q).ids })),
    )
  }
  for (const { i } of E.watchlist.mismatch) {
    const w = set.watchlist[i]?.search ?? ''
    watchlist.set(
      i,
      attempt(() => ({ ls: s.listWatchlist({ search: w, limit: 20 }).data.map((d) => d.sourceRefNumber), floor: b.watchlist(w).ids })),
    )
  }
  s.close()
  b.close()
  return { search, watchlist }
})()
/** Both pages from the first position where they differ: up to five ids each. */
function pageCells(p: Pages | undefined): [string, string] {
  if (!p) return ['page not re-run', 'page not re-run']
  if ('error' in p) return [p.error, p.error]
  let k = 0
  while (k < p.ls.length && k < p.floor.length && p.ls[k] === p.floor[k]) k++
  if (k === p.ls.length && k === p.floor.length) return ['pages agree when re-run', 'pages agree when re-run']
  const from = (ids: readonly string[]) => {
    const shown = ids.slice(k, k + 5)
    return `${ids.length} ids; from #${k + 1}: ${shown.length > 0 ? code(`${shown.join(', ')}${ids.length > k + 5 ? ', …' : ''}`) : '(none)'}`
  }
  return [from(p.ls), from(p.floor)]
}
const DISAGREEMENT_HEADER = ['check', 'class', 'q', 'legisearch', 'floor (FTS5 SQL; for the watchlist, the SQL by hand)']
const disagreementRows: string[][] = [
  ...disagreements.map((i) => {
    const q = set.search[i] as BenchQuery
    return [
      'total',
      describe(q),
      code(q.q),
      `total ${int(E.search.lsTotal[i] ?? Number.NaN)}`,
      `total ${int(E.search.ftsTotal[i] ?? Number.NaN)}`,
    ]
  }),
  ...E.search.pageMismatch.map((i) => {
    const q = set.search[i] as BenchQuery
    const [a, b] = pageCells(rerun.search.get(i))
    const total = `total ${int(E.search.lsTotal[i] ?? Number.NaN)}`
    return ['page', describe(q), code(q.q), `${total}; ${a}`, `${total}; ${b}`]
  }),
  ...E.watchlist.mismatch.map(({ i, ls: a, fts: b }) => {
    const [pa, pb] = pageCells(rerun.watchlist.get(i))
    return [
      'watchlist',
      '`listWatchlist`, limit 20',
      code(set.watchlist[i]?.search ?? '?'),
      `total ${int(a ?? Number.NaN)}; ${pa}`,
      `total ${int(b ?? Number.NaN)}; ${pb}`,
    ]
  }),
]
const SHOWN_DISAGREEMENTS = 50
const disagreementsPath = `${outPath.replace(/\.md$/, '')}-disagreements.md`
const disagreementTable = (rows: readonly string[][]) => table(DISAGREEMENT_HEADER, rows, ['l', 'l', 'l', 'l', 'l'])
/** The sentence above the disagreements: `all` for the full list's file. */
function disagreementIntro(all: boolean): string {
  if (disagreementRows.length === 0) return 'No disagreement.'
  const n = int(disagreementRows.length)
  const which =
    all || disagreementRows.length <= SHOWN_DISAGREEMENTS
      ? `Every disagreement (${n}), one per line`
      : `The first ${SHOWN_DISAGREEMENTS} of ${n} disagreements, one per line; all of them are in \`${shownPath(disagreementsPath)}\``
  const pages = E.search.pageMismatch.length + E.watchlist.mismatch.length > 0
  return `${which}${pages ? ' (pages: ids from the first position where they differ, up to five a side, from running those queries once more after the timed run)' : ''}:`
}

const miniAgreement: string[][] = []
if (M) {
  for (const kind of KINDS) {
    // A query legisearch failed on (reported above) has no total to compare.
    const idx = select((q) => q.corpus === 'propositions' && q.kind === kind && q.mode === 'default').filter(
      (i) => mini.has(i) && typeof E.search.lsTotal[i] === 'number',
    )
    const same = idx.filter((i) => mini.get(i)?.total === E.search.lsTotal[i]).length
    const over = idx.filter((i) => (mini.get(i)?.total ?? 0) > (E.search.lsTotal[i] ?? 0)).length
    miniAgreement.push([KIND_LABELS[kind], int(idx.length), int(same), int(over), int(idx.length - same - over)])
  }
}

// Open / first query.
// A probe value that was not measured (NaN, null after JSON: no watchlist) is missing, not 0.
const pm = (xs: OpenProbe[], f: (p: OpenProbe) => number | null) => finiteMedian(xs.map(f))
const openRows = (['warm', 'cold'] as const).map((k) => [
  k === 'warm' ? 'OS file cache warm' : probes.coldOk ? 'snapshot dropped from the OS file cache' : 'cache drop FAILED (same as warm)',
  ms(pm(probes[k], (p) => p.openMs)),
  ms(pm(probes[k], (p) => p.firstQueryMs)),
  ms(pm(probes[k], (p) => p.secondQueryMs)),
  ms(pm(probes[k], (p) => p.firstStakeholderMs)),
  ms(pm(probes[k], (p) => p.firstWatchlistMs)),
  ms(pm(probes[k], (p) => p.importMs)),
  mb(pm(probes[k], (p) => p.rssAfterOpen)),
])

// Slowest.
/** One traced run: the call's time, the share spent in SQL, then each statement with its plan. */
function tracedBlock(
  name: string,
  t: { ms: number; statements: { sql: string; args: readonly unknown[]; ms: number; plan: readonly string[] }[] },
): string[] {
  const sqlMs = t.statements.reduce((a, x) => a + x.ms, 0)
  const clip = (x: string) => (x.length > 600 ? `${x.slice(0, 600)} …` : x)
  const args = (a: readonly unknown[]) => clip(a.map((x) => JSON.stringify(x)).join(', '))
  return [
    `${name}, run again traced: ${ms(t.ms)} ms, of which ${ms(sqlMs)} ms in ${t.statements.length} SQL statement${t.statements.length === 1 ? '' : 's'}:`,
    '',
    '```',
    ...t.statements.flatMap((x, k) => [
      `-- ${k + 1}. ${ms(x.ms)} ms`,
      clip(x.sql),
      `-- args: ${args(x.args)}`,
      ...x.plan.map((l) => `--   ${l}`),
    ]),
    '```',
    '',
  ]
}

const slowest = E.slowest.map((s) => {
  const q = set.search[s.i] as BenchQuery
  const lines = [
    `### ${s.why === 'slowest' ? 'Slowest' : 'Far from the floor'}: ${describe(q)}: ${code(q.q)}`,
    '',
    `In the run: legisearch ${ms(s.lsMs)} ms, FTS5 SQL ${ms(s.ftsMs)} ms; total ${int(E.search.lsTotal[s.i] ?? Number.NaN)}.`,
    '',
  ]
  if (s.legisearch) lines.push(...tracedBlock('legisearch', s.legisearch))
  lines.push(...tracedBlock('FTS5 SQL', s.baseline))
  return lines.join('\n')
})

const queryDesign =
  design === 'lean'
    ? `Each of the ${perClass} texts of a proposition kind runs in the three modes under the base variant (no filters, \`relevance\`, page 1), and in the default mode under the three one-step variants (with filters; \`newest\`; page 50). DOU and social texts run under the base variant. \`--design full\` runs every mode under all eight variants (filters × sort × page), DOU and social too.`
    : `Every text runs in every mode under all eight variants (filters × sort × page).`

const sections = [
  '# legisearch benchmark results',
  '',
  machine.join('\n'),
  `- Run time: ${((performance.now() - started) / 1000 / 60).toFixed(1)} min (this machine is shared: other processes ran during the run, so compare the columns of one table rather than runs)`,
  '',
  corpusSection,
  '',
  '## Open, first query, memory',
  '',
  `Fresh process each time (\`bench/open-probe.ts\`), median of ${openRuns} runs. "First query" is the first search after opening (a common word, default mode, relevance, page 1: ${code(firstQuery?.q ?? 'lei')}); "second" is the same search again.`,
  '',
  table(
    [
      'OS cache',
      'open ms',
      'first query ms',
      'second query ms',
      'first findStakeholders ms',
      'first listWatchlist ms',
      'import legisearch ms',
      'RSS after open',
    ],
    openRows,
  ),
  '',
  `Query process (legisearch and the FTS5 baseline's connection; no MiniSearch): RSS ${mb(E.rss.start)} at start, ${mb(E.rss.afterOpen)} after opening, **peak ${mb(E.rss.peak)}** over all ${int(set.search.length)} searches, the name lookups and the watchlist searches. openSnapshot in that process: ${ms(E.openMs)} ms.`,
  '',
  miniNote,
  '',
  '## Searches',
  '',
  `Limit 20, exact total always. ${queryDesign} legisearch = \`snap.search(…)\` (validation, SQL, highlights, result mapping); FTS5 SQL = the hand-written floor (\`bench/baselines/fts5.ts\`) on the same file; both run interleaved in one process on the same queries. MiniSearch = default mode only, its own process, ${args['minisearch-variants'] ? 'every default-mode class' : 'the base variant only (`--minisearch-variants` adds the others)'}. "median total" is legisearch's. q/s = the class's n ÷ the sum of its n measured latencies, in seconds (the reciprocal of the mean latency, failed calls left out): legisearch's and the floor's calls alternate query by query, and the time between one engine's calls (the other's call) is not in its sum, so it is not a measured throughput of either running alone; MiniSearch's calls run back to back in its own process, its q/s computed the same way.`,
  '',
  'How the words were drawn:',
  '',
  ...set.notes.map((n) => `- ${n}`),
  '',
  '### Propositions: kind × mode (no filters, relevance, page 1)',
  '',
  table(HEADER, propsByMode),
  '',
  '### Propositions: kind × variant (default mode)',
  '',
  'Filters = `types` (1–2 acronyms), `states` (1–2 states) and a `created_at` DateRange of 1–6 years, drawn from real records.',
  '',
  table(HEADER, propsByVariant),
  '',
  ...(propsByModeVariant.length > 0
    ? [
        '### Propositions: kind × mode × variant (`keyword` and `sensitive`, the variants other than the base)',
        '',
        table(HEADER, propsByModeVariant),
        '',
      ]
    : []),
  '### Propositions: all classes together',
  '',
  table(HEADER, propsAll),
  '',
  '### DOU (full-length acts) and social posts (default mode)',
  '',
  "DOU filters = `organizations` (the first link of a real act's hierarchy) and a `created_at` DateRange; social filters = a `created_at` DateRange.",
  '',
  table(HEADER, others),
  '',
  '### Lookups',
  '',
  `Stakeholder names as typed (full name, first + last, a prefix, one letter dropped); the first call, which builds the in-memory name index, took ${ms(E.stakeholders.firstMs)} ms and is not in the figures; ${E.stakeholders.empty} of ${set.stakeholders.length} lookups found nothing. Watchlist: ${watchlistSkipped !== null ? `skipped: ${watchlistSkipped}.` : '4–12-character substrings of real listed names; baseline = the same `instr` over `names_key` by hand.'}`,
  '',
  table(['class', 'n', 'legisearch p50 / p95 / p99 ms', 'q/s', 'SQL by hand p50 / p95 / p99 ms', 'q/s', 'ratio (p50)'], lookupRows),
  '',
  '## Do the answers agree?',
  '',
  `legisearch and the FTS5 baseline: **${int(set.search.length - disagreements.length)} of ${int(set.search.length)} totals agree**` +
    (disagreements.length > 0 ? `; ${int(disagreements.length)} disagree.` : '.') +
    ` Of the queries whose totals agree, ${int(E.search.pageMismatch.length)} returned a different page (ids or order).` +
    (E.search.errors.length > 0
      ? ` ${E.search.errors.length} queries failed${E.search.errors.length > errorLines.length ? ` (the first ${errorLines.length}):` : ':'}`
      : ''),
  ...(errorLines.length > 0 ? ['', ...errorLines] : []),
  '',
  watchlistSkipped !== null
    ? `Watchlist: skipped: ${watchlistSkipped}.`
    : `Watchlist: ${int(set.watchlist.length - E.watchlist.mismatch.length)} of ${int(set.watchlist.length)} totals and pages (refs in order) agree with the SQL by hand.`,
  '',
  disagreementIntro(false),
  ...(disagreementRows.length > 0 ? ['', disagreementTable(disagreementRows.slice(0, SHOWN_DISAGREEMENTS))] : []),
  '',
  ...(M
    ? [
        'legisearch and MiniSearch (default mode; semantics coincide for single words, AND, OR and NOT; phrases and identifiers are ANDs of words in MiniSearch, so its totals there are supersets):',
        '',
        table(['kind', 'queries', 'same total', 'MiniSearch more', 'MiniSearch fewer'], miniAgreement),
        '',
      ]
    : []),
  '## The slowest legisearch queries, and the furthest from the floor',
  '',
  `The slowest query of each of the ${E.slowest.filter((s) => s.why === 'slowest').length} slowest classes, then the median query of each of the ${E.slowest.filter((s) => s.why === 'furthest').length} other classes furthest from the floor (highest legisearch ÷ FTS5 p50, legisearch p50 ≥ 1 ms), each run once more and then traced: every SQL statement it ran, its time and its EXPLAIN QUERY PLAN; what the call spent outside SQL is validation, parsing, highlights and result mapping. ${E.explainNote ?? ''}`,
  '',
  ...slowest.flatMap((s) => [s, '']),
]
const markdown = `${sections
  .join('\n')
  .replace(/\n{3,}/g, '\n\n')
  .trimEnd()}\n`
mkdirSync(dirname(outPath), { recursive: true })
writeFileSync(outPath, markdown)
if (disagreementRows.length > SHOWN_DISAGREEMENTS) {
  const title = `# Every disagreement with the floor: ${shownPath(outPath)}`
  writeFileSync(
    disagreementsPath,
    `${title}\n\n${machine.join('\n')}\n\n${disagreementIntro(true)}\n\n${disagreementTable(disagreementRows)}\n`,
  )
  log(`wrote all ${disagreementRows.length} disagreements to ${shownPath(disagreementsPath)}`)
}
// The console gets the same report, corpus first (already printed above), then the tables.
console.log(markdown.slice(markdown.indexOf('## Open, first query, memory')))
log(`\nwrote ${shownPath(outPath)} in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`)
