/**
 * `npx tsx bench/records-size.ts <snapshot.db> [--work dir] [--queries 'a,b'] [--pages 300]`
 *
 * Where a snapshot's bytes go, and what storing records deflated against a per-corpus dictionary
 * (store/record-codec.ts) saves and costs (issue 24). Never touches the file given: it is copied
 * to `--work`, compacted as it is (`VACUUM INTO`: live pages only), its records rewritten with the
 * codec, compacted again. Reports per table (dbstat), bytes per record per corpus, and the read
 * cost of a page of 20 and of 200 random records (read, decoded, parsed: `DocumentRows.records` and
 * `JSON.parse`) and of whole searches, TEXT vs BLOB, in CPU µs, rounds alternating between the files.
 */
import Database from 'better-sqlite3'
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Snapshot, openSnapshot } from '../packages/legisearch/src/index.js'
import { DocumentRows } from '../packages/legisearch/src/store/documents.js'
import recordDicts from '../packages/legisearch/src/store/migrations/0009-record-dicts.js'
import { recompressRecords } from '../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../packages/legisearch/src/store/statements.js'

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

/**
 * CPU µs per call of each case, on both files: rounds alternate between the files (the machine's
 * load falls on both alike); per case and file, the best and the median round's mean.
 */
function interleaved(cases: { name: string; text: () => void; blob: () => void }[], rounds: number, calls: number): string[][] {
  const rows: string[][] = []
  for (const c of cases) {
    const t: Record<'text' | 'blob', number[]> = { text: [], blob: [] }
    for (let i = 0; i < calls; i++) {
      c.text()
      c.blob()
    }
    for (let r = 0; r < rounds; r++) {
      for (const which of ['text', 'blob'] as const) {
        const t0 = process.cpuUsage()
        for (let i = 0; i < calls; i++) c[which]()
        const u = process.cpuUsage(t0)
        t[which].push((u.user + u.system) / calls)
      }
    }
    const stat = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b)
      return { best: s[0] as number, median: s[Math.floor(s.length / 2)] as number }
    }
    const a = stat(t.text)
    const b = stat(t.blob)
    rows.push([
      c.name,
      `${a.best.toFixed(0)} / ${a.median.toFixed(0)}`,
      `${b.best.toFixed(0)} / ${b.median.toFixed(0)}`,
      `${(b.median - a.median).toFixed(0)} (${(((b.median - a.median) / a.median) * 100).toFixed(0)} %)`,
    ])
  }
  return rows
}

function readCosts(text: string, blob: string): string[][] {
  const dbs = [new Database(text, { readonly: true }), new Database(blob, { readonly: true })] as const
  try {
    const rows = dbs.map((db) => new DocumentRows(new Statements(db)))
    const cases: { name: string; text: () => void; blob: () => void }[] = []
    for (const corpus of CORPORA) {
      const ids = dbs[0].prepare('SELECT rowid FROM docs WHERE corpus = ?').pluck().all(corpus) as number[]
      for (const size of [20, 200]) {
        let k = 0
        const page = () => Array.from({ length: size }, () => ids[(k = (k + 7919) % ids.length)] as number)
        const read = (r: DocumentRows) => () => {
          for (const x of r.records(corpus, page()).values()) JSON.parse(x.record)
        }
        cases.push({ name: `${corpus}, ${size} records`, text: read(rows[0] as DocumentRows), blob: read(rows[1] as DocumentRows) })
      }
    }
    return interleaved(cases, 15, Math.ceil(PAGES / 15))
  } finally {
    for (const db of dbs) db.close()
  }
}

function searchCosts(text: string, blob: string): string[][] {
  const snaps = [openSnapshot(text, { readonly: true }), openSnapshot(blob, { readonly: true })] as const
  try {
    const cases: { name: string; text: () => void; blob: () => void }[] = []
    const add = (name: string, fn: (snap: Snapshot) => unknown) => cases.push({ name, text: () => fn(snaps[0]), blob: () => fn(snaps[1]) })
    for (const q of args.queries.split(',')) {
      add(`propositions "${q}", page 1`, (s) => s.searchPropositions({ q, limit: 20 }))
      add(`propositions "${q}", newest, page 5`, (s) => s.searchPropositions({ q, limit: 20, page: 5, sort: 'newest' }))
      add(`dou "${q}", page 1`, (s) => s.search('dou', { q, limit: 20 }))
    }
    return interleaved(cases, 9, 10)
  } finally {
    for (const s of snaps) s.close()
  }
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
console.log('\n| page read, CPU µs (best / median round) | TEXT | BLOB | BLOB − TEXT (median) |\n| --- | ---: | ---: | ---: |')
for (const r of readCosts(before, after)) console.log(`| ${r.join(' | ')} |`)
console.log('\n| search, CPU µs (best / median round) | TEXT | BLOB | BLOB − TEXT (median) |\n| --- | ---: | ---: | ---: |')
for (const r of searchCosts(before, after)) console.log(`| ${r.join(' | ')} |`)
rmSync(copy, { force: true })
