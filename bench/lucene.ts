/**
 * `npx tsx bench/lucene.ts [--size 100000] [--queries 100] [--design lean|full] [--out file]`
 *
 * Lucene 8 beside legisearch on the same propositions and the same queries, in the same run (issue
 * 13): every proposition class of the design (`lean`: the three modes under the base variant and
 * the default mode under the one-step variants; `full`: every mode under all eight variants) as a
 * ratio to Lucene at p50 and p99, both with the exact total; Lucene's index build time and size;
 * and whether both engines agree on every total.
 *
 * Needs a JDK and Lucene 8's jars (Debian: `apt-get install openjdk-17-jdk-headless liblucene8-java`);
 * without them it says so and stops. The Java program is `baselines/lucene/LuceneBench.java`: it is
 * compiled here, into the gitignored work folder. Never part of `npm test`.
 *
 * Text: the bench writes each proposition's title, summary and identifier string as the words
 * legisearch's tokenizer splits them, joined by spaces; Lucene indexes each three times, once per
 * mode: folded, lower-cased and stemmed with its own PortugueseLightStemFilter (legisearch's
 * default mode is that stemmer's rules on folded words), folded and lower-cased (`keyword`), as
 * written (`sensitive`). Filters: the `types` and `states` lists and the DateRange, as filter clauses.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { fold, tokenize } from '../packages/legisearch/src/index.js'
import { miniDoc } from './baselines/minisearch.js'
import { textIndexName } from '../packages/legisearch/src/text-index/registry.js'
import { BENCH_DIR, WORK_DIR, ensureCorpus } from './corpus.js'
import { requestOf } from './explain.js'
import { type BenchQuery, type Design, type Item, KIND_LABELS, type QuerySet, buildQuerySet, variantLabel } from './queries.js'
import { int, mb, ms, table } from './report.js'
import { summarize } from './stats.js'
import type { LegisearchRun } from './workers/lucene-legisearch.js'
import { decodeRecord, loadDictionaries } from '../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../packages/legisearch/src/store/statements.js'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '100' },
    design: { type: 'string', default: 'lean' },
    warmups: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
})
const size = Number(args.size)
const log = (s: string) => process.stderr.write(`${s}\n`)

const JAVA_DIR = '/usr/share/java'
/** Lucene 8's jars as Debian installs them (`lucene-core-8.7.0.jar`, or an unversioned link). */
const JARS = ['lucene-core', 'lucene-analyzers-common', 'lucene-queries'].map((name) => {
  const found = existsSync(JAVA_DIR) ? readdirSync(JAVA_DIR).filter((f) => new RegExp(`^${name}(-8[\\d.]*)?\\.jar$`).test(f)) : []
  return join(JAVA_DIR, found.sort().at(-1) ?? `${name}.jar`)
})
const javac = spawnSync('javac', ['-version'], { encoding: 'utf8' })
if (javac.status !== 0 || !JARS.every((j) => existsSync(j))) {
  log(
    'bench/lucene.ts: skipped — needs a JDK (javac) and Lucene 8 (/usr/share/java/lucene-core.jar …); on Debian: apt-get install openjdk-17-jdk-headless liblucene8-java',
  )
  process.exit(0)
}

const corpus = ensureCorpus({ propositions: size, dou: 1000, social: 1000, stakeholders: Math.max(100, size / 10) }, 42, {
  rebuild: false,
  log,
})
const dir = join(WORK_DIR, `lucene-${size}`)
mkdirSync(dir, { recursive: true })

// The documents, as Lucene gets them.
const words = (s: string) =>
  tokenize(s)
    .map((t) => t.text)
    .join(' ')
const clean = (s: string) => s.replace(/[\t\n\r]/g, ' ')
const docsPath = join(dir, 'docs.tsv')
{
  const t = performance.now()
  const db = new Database(corpus.path, { readonly: true })
  const st = new Statements(db)
  loadDictionaries(st)
  const lines: string[] = []
  for (const row of db
    .prepare(
      "SELECT d.main_ms AS ms, d.main_day AS day, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE d.corpus = 'propositions' ORDER BY d.rowid",
    )
    .iterate() as Iterable<{ ms: number; day: number; record: string | Buffer }>) {
    // The same document MiniSearch gets: its identifier string, folded type and states.
    const d = miniDoc(JSON.parse(decodeRecord(st, row.record)) as Parameters<typeof miniDoc>[0], row.ms, row.day)
    lines.push(
      [d.id, row.ms, row.day, d.types, d.states.join(','), clean(words(d.title)), clean(words(d.summary)), clean(words(d.ident))].join(
        '\t',
      ),
    )
  }
  db.close()
  writeFileSync(docsPath, `${lines.join('\n')}\n`)
  log(`wrote ${int(lines.length)} documents for Lucene (${ms(performance.now() - t)} ms)`)
}

// The queries: the proposition classes of the bench's query set, in every mode the design runs.
const set: QuerySet = buildQuerySet(corpus.path, {
  seed: 7,
  perClass: Number(args.queries),
  design: args.design as Design,
  counts: { propositions: size, dou: 1000, social: 1000 },
})
const queries = set.search.filter((q) => q.corpus === 'propositions')
// An identifier typed in `q` also matches the folded identifier string, in every mode: marked "@ ".
const item = (i: Item) => `${i.identifier === undefined ? '' : '@ '}${clean(i.words.join(' '))}`
const textOf = (q: BenchQuery) => {
  const positive = q.text.groups.map((g) => g.map(item).join(' || ')).join(' && ')
  const negative = q.text.exclude.map(item).join(' || ')
  return negative === '' ? positive : positive === '' ? `!! ${negative}` : `${positive} !! ${negative}`
}
const day = (d: string) => d.replaceAll('-', '')
const queriesPath = join(dir, 'queries.tsv')
writeFileSync(
  queriesPath,
  `${queries
    .map((q, i) => {
      const list = (field: string) =>
        q.filters?.lists
          .find((l) => l.field === field)
          ?.values.map((v) => fold(v).trim())
          .join(',') || '-'
      return [
        i,
        q.sort,
        q.page,
        list('types'),
        list('states'),
        q.filters ? day(q.filters.created.from) : '-',
        q.filters ? day(q.filters.created.to) : '-',
        textOf(q),
        q.mode,
      ].join('\t')
    })
    .join('\n')}\n`,
)

// Lucene: compile, index, query (a child JVM each).
const classes = join(dir, 'classes')
mkdirSync(classes, { recursive: true })
const cp = [...JARS, classes].join(':')
const compiled = spawnSync('javac', ['-cp', cp, '-d', classes, join(BENCH_DIR, 'baselines', 'lucene', 'LuceneBench.java')], {
  encoding: 'utf8',
})
if (compiled.status !== 0) throw new Error(`javac failed:\n${compiled.stderr}`)
const indexDir = join(dir, 'index')
rmSync(indexDir, { recursive: true, force: true })
const java = (...a: string[]) => {
  const r = spawnSync('java', ['-Xmx4g', '-cp', cp, 'LuceneBench', ...a], { encoding: 'utf8', maxBuffer: 1 << 26 })
  if (r.status !== 0) throw new Error(`java ${a[0]} failed:\n${r.stderr}`)
  return r.stdout
}
log('Lucene: indexing…')
const built = JSON.parse(java('index', indexDir, docsPath)) as { documents: number; ms: number }
const indexBytes = readdirSync(indexDir).reduce((n, f) => n + statSync(join(indexDir, f)).size, 0)
log(`Lucene: ${int(built.documents)} documents in ${ms(built.ms)} ms (${mb(indexBytes)}); querying…`)
const lucenePath = join(dir, 'lucene-out.tsv')
java('query', indexDir, queriesPath, lucenePath, args.warmups)
const lucene = readFileSync(lucenePath, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [i, ns, total] = line.split('\t')
    return { i: Number(i), ms: Number(ns) / 1e6, total: Number(total) }
  })

// legisearch: the same queries, after the same warm-up, in a child process of its own.
log('legisearch: querying…')
const requestsPath = join(dir, 'requests.json')
writeFileSync(requestsPath, JSON.stringify(queries.map(requestOf)))
const legisearchOut = join(dir, 'legisearch-out.json')
const worker = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(BENCH_DIR, 'workers', 'lucene-legisearch.ts'), corpus.path, requestsPath, args.warmups, legisearchOut],
  { stdio: ['ignore', 'inherit', 'inherit'] },
)
if (worker.status !== 0) throw new Error(`legisearch's query process failed (status ${worker.status})`)
const L = JSON.parse(readFileSync(legisearchOut, 'utf8')) as LegisearchRun
const ours = L.runs

// Per class: p50 and p99 of both, and the ratio.
const classes_ = new Map<string, number[]>()
queries.forEach((q, i) => {
  const key = `${KIND_LABELS[q.kind]} — ${q.mode}, ${variantLabel({ filters: q.filters !== null, sort: q.sort, page: q.page })}`
  classes_.set(key, [...(classes_.get(key) ?? []), i])
})
let disagree = 0
const within = { p50: 0, p99: 0 }
const rows = [...classes_].map(([label, idx]) => {
  const l = summarize(idx.map((i) => lucene[i]?.ms ?? Number.NaN))
  const o = summarize(idx.map((i) => ours[i]?.ms ?? Number.NaN))
  const x = summarize(idx.map((i) => ours[i]?.indexMs ?? Number.NaN))
  const diff = idx.filter((i) => lucene[i]?.total !== ours[i]?.total).length
  disagree += diff
  if (x.p50 <= 2 * l.p50) within.p50++
  if (x.p99 <= 2 * l.p99) within.p99++
  return [
    label,
    String(idx.length),
    ms(l.p50),
    ms(l.p99),
    ms(o.p50),
    ms(o.p99),
    `${(o.p50 / l.p50).toFixed(1)}×`,
    `${(o.p99 / l.p99).toFixed(1)}×`,
    ms(x.p50),
    ms(x.p99),
    `${(x.p50 / l.p50).toFixed(1)}×`,
    `${(x.p99 / l.p99).toFixed(1)}×`,
    String(diff),
  ]
})
const report = [
  `# legisearch (${textIndexName() === 'blocks' ? 'block index' : 'FTS5 index'}) beside Lucene 8, ${int(size)} propositions, ${new Date().toISOString().slice(0, 10)}`,
  '',
  `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
    `${spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0]}. Design \`${args.design}\`, limit 20, the exact total on every search. ` +
    `"legisearch" is the whole library call (validation, the index, the page's records read and parsed, highlights); "its index" is the part spent in the text index's \`search\` (the page's rowids and the total), what Lucene's times cover; ` +
    `${args.warmups} warm-up pass over the whole set in each engine. Lucene: ${int(built.documents)} documents indexed in ${ms(built.ms)} ms ` +
    `(${int((built.documents / built.ms) * 1000)} docs/s, one thread, force-merged to one segment), ${mb(indexBytes)} on disk.`,
  '',
  table(
    [
      'class',
      'queries',
      'Lucene p50',
      'Lucene p99',
      'legisearch p50',
      'legisearch p99',
      'ratio p50',
      'ratio p99',
      'its index p50',
      'its index p99',
      'index ratio p50',
      'index ratio p99',
      'totals that differ',
    ],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  ),
  '',
  `legisearch (${textIndexName()} index), in its own process: snapshot ${mb(statSync(corpus.path).size)} on disk; ` +
    `open ${ms(L.openMs)} ms, first query ${ms(L.firstQueryMs)} ms, RSS ${mb(L.rssAfterOpen)} after opening and **peak ${mb(L.peakRss)}** over the warm-up and the timed pass. ` +
    (corpus.manifest.reindexMs !== undefined
      ? `Its index was built by opening a copy of the FTS5 file writable: ${int(corpus.manifest.sizes.propositions + corpus.manifest.sizes.dou + corpus.manifest.sizes.social)} records indexed in ${(corpus.manifest.reindexMs / 1000).toFixed(0)} s.`
      : ''),
  '',
  `Classes whose index time is within 2× of Lucene's: ${within.p50} of ${rows.length} at p50, ${within.p99} of ${rows.length} at p99.`,
  '',
  `Totals that differ: ${disagree} of ${queries.length} (Lucene's analysis is its own PortugueseLightStemFilter on folded words; legisearch's stemmer follows its rules).`,
  '',
].join('\n')
const out = args.out ?? join(WORK_DIR, `lucene-${size}-${textIndexName()}.md`)
writeFileSync(out, report)
process.stdout.write(report)
