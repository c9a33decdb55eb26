/**
 * `npx tsx bench/records-size.ts <snapshot.db> [--work dir] [--queries 'a,b'] [--pages 300]`
 *
 * Where a snapshot's bytes go, and what storing records deflated against a per-corpus dictionary
 * (store/record-codec.ts) saves and costs (issue 24). Never touches the file given: it is copied
 * to `--work`, compacted as it is (`VACUUM INTO`: live pages only), its records rewritten with the
 * codec, compacted again. Reports per table (dbstat), bytes per record per corpus, and the read
 * cost of a page of 20 and of 200 records (read, decoded, parsed: `DocumentRows.records` and
 * `JSON.parse`) and of whole searches, TEXT vs BLOB, best-of and median in CPU µs.
 */
import Database from 'better-sqlite3'
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { openSnapshot } from '../src/index.js'
import { DocumentRows } from '../src/store/documents.js'
import recordDicts from '../src/store/migrations/0009-record-dicts.js'
import { recompressRecords } from '../src/store/record-codec.js'
import { Statements } from '../src/store/statements.js'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    work: { type: 'string', default: '/tmp/legisearch-records-size' },
    queries: { type: 'string', default: 'projeto,saúde pública,dispõe sobre,licitação' },
    pages: { type: 'string', default: '300' },
  },
})
const source = positionals[0]
if (source === undefined) throw new Error('usage: npx tsx bench/records-size.ts <snapshot.db>')
const WORK = args.work
mkdirSync(WORK, { recursive: true })
const CORPORA = ['propositions', 'dou', 'social'] as const
const PAGES = Number(args.pages)

const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`

function tables(path: string): Map<string, number> {
  const db = new Database(path, { readonly: true })
  try {
    const rows = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as { name: string; bytes: number }[]
    return new Map(rows.map((r) => [r.name, r.bytes]))
  } finally {
    db.close()
  }
}

function perRecord(path: string): Map<string, { n: number; bytes: number; blobs: number }> {
  const db = new Database(path, { readonly: true })
  try {
    const rows = db
      .prepare(
        "SELECT d.corpus AS corpus, count(*) AS n, sum(length(CAST(r.record AS BLOB))) AS bytes, sum(typeof(r.record) = 'blob') AS blobs FROM docs d JOIN records r ON r.rowid = d.rowid GROUP BY d.corpus",
      )
      .all() as { corpus: string; n: number; bytes: number; blobs: number }[]
    return new Map(rows.map((r) => [r.corpus, r]))
  } finally {
    db.close()
  }
}

/** CPU µs of `fn`, run `n` times: best and median of the runs. */
function cpu(n: number, fn: (i: number) => void): { best: number; median: number } {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = process.cpuUsage()
    fn(i)
    const u = process.cpuUsage(t0)
    times.push(u.user + u.system)
  }
  times.sort((a, b) => a - b)
  return { best: times[0] as number, median: times[Math.floor(n / 2)] as number }
}

function readCosts(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true })
  const out: Record<string, string> = {}
  try {
    const st = new Statements(db)
    const rows = new DocumentRows(st)
    for (const corpus of CORPORA) {
      const ids = (db.prepare('SELECT rowid FROM docs WHERE corpus = ?').pluck().all(corpus) as number[]).filter((_, i) => i % 7 === 3)
      for (const size of [20, 200]) {
        const pick = (i: number) => Array.from({ length: size }, (_, k) => ids[(i * 7919 + k * 104_729) % ids.length] as number)
        // One warm pass, then timed.
        for (let i = 0; i < 20; i++) for (const x of rows.records(corpus, pick(i)).values()) JSON.parse(x.record)
        const t = cpu(size === 20 ? PAGES : Math.ceil(PAGES / 3), (i) => {
          for (const x of rows.records(corpus, pick(i + 100)).values()) JSON.parse(x.record)
        })
        out[`${corpus} ${size}`] = `${t.best.toFixed(0)} / ${t.median.toFixed(0)}`
      }
    }
  } finally {
    db.close()
  }
  return out
}

function searchCosts(path: string): Record<string, string> {
  const snap = openSnapshot(path, { readonly: true })
  const out: Record<string, string> = {}
  try {
    const qs = args.queries.split(',')
    const cases: [string, () => unknown][] = []
    for (const q of qs) {
      cases.push([`propositions "${q}" p1`, () => snap.searchPropositions({ q, limit: 20 })])
      cases.push([`propositions "${q}" newest p5`, () => snap.searchPropositions({ q, limit: 20, page: 5, sort: 'newest' })])
      cases.push([`dou "${q}" p1`, () => snap.search('dou', { q, limit: 20 })])
    }
    for (const [name, fn] of cases) {
      for (let i = 0; i < 5; i++) fn()
      const t = cpu(40, () => fn())
      out[name] = `${t.best.toFixed(0)} / ${t.median.toFixed(0)}`
    }
  } finally {
    snap.close()
  }
  return out
}

const copy = join(WORK, 'copy.db')
const before = join(WORK, 'before.db')
const after = join(WORK, 'after.db')
for (const f of [copy, before, after]) rmSync(f, { force: true })
copyFileSync(source, copy)
{
  const db = new Database(copy)
  db.exec(`VACUUM INTO '${before}'`)
  db.close()
}
{
  const db = new Database(copy)
  const st = new Statements(db)
  const t0 = process.cpuUsage()
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'record_dicts'").get() === undefined) db.exec(recordDicts)
    for (const c of CORPORA) recompressRecords(st, c)
  })()
  const u = process.cpuUsage(t0)
  console.log(`recompressed in ${((u.user + u.system) / 1e6).toFixed(1)} s CPU`)
  db.exec(`VACUUM INTO '${after}'`)
  db.close()
}
console.log(
  `file: given ${mb(statSync(source).size)}, compacted ${mb(statSync(before).size)}, records deflated + compacted ${mb(statSync(after).size)}`,
)
const tb = tables(before)
const ta = tables(after)
console.log('\n| table or index | before | after |\n| --- | ---: | ---: |')
for (const [name, bytes] of [...tb].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`| ${name} | ${mb(bytes)} | ${mb(ta.get(name) ?? 0)} |`)
const rb = perRecord(before)
const ra = perRecord(after)
console.log('\n| corpus | records | bytes/record before | after | ratio | blobs |\n| --- | ---: | ---: | ---: | ---: | ---: |')
for (const c of CORPORA) {
  const x = rb.get(c)
  const y = ra.get(c)
  if (!x || !y) continue
  console.log(
    `| ${c} | ${x.n} | ${(x.bytes / x.n).toFixed(0)} | ${(y.bytes / y.n).toFixed(0)} | ${(x.bytes / y.bytes).toFixed(2)}× | ${y.blobs} |`,
  )
}
const cb = readCosts(before)
const ca = readCosts(after)
console.log('\n| page read (CPU µs, best / median) | TEXT | BLOB |\n| --- | ---: | ---: |')
for (const k of Object.keys(cb)) console.log(`| ${k} records | ${cb[k]} | ${ca[k]} |`)
const sb = searchCosts(before)
const sa = searchCosts(after)
console.log('\n| search (CPU µs, best / median) | TEXT | BLOB |\n| --- | ---: | ---: |')
for (const k of Object.keys(sb)) console.log(`| ${k} | ${sb[k]} | ${sa[k]} |`)
rmSync(copy, { force: true })
