/**
 * How long one UN Security Council Consolidated List takes to ingest (issue 27), on the real lists
 * of test/fixtures/un_sc, with the built library (packages/legisearch/dist, as an application runs
 * it; `npm run build -w packages/legisearch` first):
 *
 * 1. Fresh process: the newest list (2026-02-27, 1,003 designations) into a new snapshot, each run
 *    in a new process: the library's import, `openSnapshot`, then `snap.ingest('un', [file])` (read,
 *    parse, extract, write: what `legisearch ingest un` and `fetch un --ingest` do after the
 *    download). The first call in a process loads the watchlist's code (a chunk of its own).
 * 2. Same process: that ingest again `--runs` times in one process, each into a new snapshot
 *    (after one unmeasured call), and its parts: `parseUnConsolidatedList` alone, then
 *    `reconcileWatchlist` of the parsed list.
 * 3. Replay: the 15 lists in date order into one snapshot (as test/watchlist/replay.test.ts does),
 *    `reconcileWatchlist(file's bytes, { observedOn: its date })`, each list timed.
 *
 * 4. Reading the list (the snapshot of part 2, the 2026 list alone): `listWatchlist({ search })`
 *    with each listed designation's primary name (1,003 searches, limit 20), `listWatchlist({
 *    measure: 'travel ban', hideDeceased: true })` 200 times, `getDesignation(ref)` of every ref.
 *
 * p50 (linear interpolation), min and max; the report is printed.
 *
 *   npx tsx bench/watchlist-ingest.ts [--runs 10]
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { fixture, fixtureDir } from '../test/helpers/fixtures.js'

type Lib = typeof import('../packages/legisearch/src/index.js')

const SELF = fileURLToPath(import.meta.url)
const DIST = fileURLToPath(new URL('../packages/legisearch/dist/index.js', import.meta.url))
const NEWEST = 'un_sc/UN_consolidated_2026-02-27.xml'

/** The child of part 1: imports the built library, opens a new snapshot, ingests the list once. */
async function child(db: string, file: string): Promise<void> {
  const t0 = performance.now()
  const lib = (await import(DIST)) as Lib
  const t1 = performance.now()
  const snap = lib.openSnapshot(db)
  const t2 = performance.now()
  const report = await snap.ingest('un', [file])
  const t3 = performance.now()
  snap.close()
  const listed = report.collections.watchlist.inserted
  process.stdout.write(JSON.stringify({ importMs: t1 - t0, openMs: t2 - t1, ingestMs: t3 - t2, listed }))
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as string, process.argv[4] as string)
  process.exit(0)
}

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const runs = Number(values.runs)
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`--runs: must be a positive integer (got ${values.runs})`)
if (!existsSync(DIST)) throw new Error(`${DIST} is missing: npm run build -w packages/legisearch first`)

/** p50 (linear interpolation), min and max of `xs`, in ms. */
function stats(xs: readonly number[]): { p50: number; min: number; max: number } {
  const s = [...xs].sort((a, b) => a - b)
  const at = (s.length - 1) / 2
  const lo = s[Math.floor(at)] as number
  const hi = s[Math.ceil(at)] as number
  return { p50: lo + (hi - lo) * (at - Math.floor(at)), min: s[0] as number, max: s[s.length - 1] as number }
}

const row = (label: string, xs: readonly number[]) => {
  const { p50, min, max } = stats(xs)
  const f = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(0))
  return `| ${label} | ${xs.length} | ${f(p50)} ms | ${f(min)} ms | ${f(max)} ms |`
}

const load = () => loadavg()[0]?.toFixed(1) ?? '?'
const startLoad = load()
const dir = mkdtempSync(join(tmpdir(), 'legisearch-bench-un-'))
const newest = fixture(NEWEST)
const lines: string[] = [
  `legisearch UN list ingest, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  `The newest list: \`test/fixtures/${NEWEST}\` (${(statSync(newest).size / 1e6).toFixed(1)} MB); the built library (packages/legisearch/dist).`,
  '',
  '| what | runs | p50 | min | max |',
  '|---|---:|---:|---:|---:|',
]
try {
  // 1. A fresh process per run.
  const fresh: { importMs: number; openMs: number; ingestMs: number; listed: number }[] = []
  for (let i = 0; i < runs; i++) {
    const db = join(dir, `fresh-${i}.db`)
    const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', db, newest], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(r.stderr)
    fresh.push(JSON.parse(r.stdout) as (typeof fresh)[number])
  }
  if (fresh.some((f) => f.listed !== 1003))
    throw new Error(`expected 1003 designations listed, got ${fresh.map((f) => f.listed).join(', ')}`)
  lines.push(
    row(
      "fresh process: `snap.ingest('un', [file])`, the first call",
      fresh.map((f) => f.ingestMs),
    ),
  )
  lines.push(
    row(
      'fresh process: import + open + that ingest',
      fresh.map((f) => f.importMs + f.openMs + f.ingestMs),
    ),
  )

  // 2. One process, after one unmeasured call.
  const lib = (await import(DIST)) as Lib
  const once = async (name: string) => {
    const snap = lib.openSnapshot(join(dir, name))
    const t = performance.now()
    await snap.ingest('un', [newest])
    const ms = performance.now() - t
    snap.close()
    return ms
  }
  await once('warm-up.db')
  const ingest: number[] = []
  const parse: number[] = []
  const reconcile: number[] = []
  for (let i = 0; i < runs; i++) {
    ingest.push(await once(`same-${i}.db`))
    const snap = lib.openSnapshot(join(dir, `parts-${i}.db`))
    const t0 = performance.now()
    const list = lib.parseUnConsolidatedList(readFileSync(newest))
    const t1 = performance.now()
    snap.reconcileWatchlist(list, { observedOn: '2026-02-27' })
    const t2 = performance.now()
    snap.close()
    parse.push(t1 - t0)
    reconcile.push(t2 - t1)
  }
  lines.push(row("same process: `snap.ingest('un', [file])`", ingest))
  lines.push(row('same process: `parseUnConsolidatedList` (read + parse)', parse))
  lines.push(row('same process: `reconcileWatchlist(parsed)` (extract + write)', reconcile))

  // 4. Reading the list.
  {
    const snap = lib.openSnapshot(join(dir, `parts-0.db`), { readonly: true })
    const refs: { ref: string; name: string }[] = []
    for (let offset = 0; ; offset += 100) {
      const page = snap.listWatchlist({ status: 'listed', sort: 'name', limit: 100, offset })
      refs.push(...page.data.map((d) => ({ ref: d.sourceRefNumber, name: d.primaryName })))
      if (page.data.length < 100) break
    }
    const timed = (f: () => unknown) => {
      const t = performance.now()
      f()
      return performance.now() - t
    }
    snap.listWatchlist({ search: 'warm up' })
    lines.push(
      row(
        '`listWatchlist({ search: <a primary name>, limit: 20 })`',
        refs.map((r) => timed(() => snap.listWatchlist({ search: r.name, limit: 20 }))),
      ),
    )
    lines.push(
      row(
        "`listWatchlist({ measure: 'travel ban', hideDeceased: true })`",
        Array.from({ length: 200 }, () => timed(() => snap.listWatchlist({ measure: 'travel ban', hideDeceased: true }))),
      ),
    )
    lines.push(
      row(
        '`getDesignation(ref)`',
        refs.map((r) => timed(() => snap.getDesignation(r.ref))),
      ),
    )
    snap.close()
  }

  // 3. The 15 lists in date order into one snapshot.
  const unDir = fixtureDir('un_sc')
  const files = readdirSync(unDir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => ({ file: join(unDir, f), day: /(\d{4}-\d{2}-\d{2})\.xml$/.exec(f)?.[1] ?? '' }))
    .sort((a, b) => a.day.localeCompare(b.day))
  const snap = lib.openSnapshot(join(dir, 'replay.db'))
  const replay: number[] = []
  const each: string[] = []
  for (const { file, day } of files) {
    const xml = readFileSync(file)
    const t = performance.now()
    const r = snap.reconcileWatchlist(xml, { observedOn: day })
    const ms = performance.now() - t
    replay.push(ms)
    each.push(
      `${basename(file)} ${ms.toFixed(0)} ms (${r.listed.length + r.relisted.length + r.amended.length + r.delisted.length} events)`,
    )
  }
  snap.close()
  lines.push(row(`replay: the ${files.length} lists in order, \`reconcileWatchlist\` each`, replay))
  lines.push('', `Replay, list by list: ${each.join('; ')}.`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
lines.push('', `Load average (1 min) at the start and at the end: ${startLoad}, ${load()}.`)
console.log(lines.join('\n'))
