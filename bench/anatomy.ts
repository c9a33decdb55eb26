/**
 * Where the time of a frequent-word search goes, measured on the FTS5 table alone (no library
 * code): for words drawn across the document-frequency range of the propositions' default-mode
 * index, the time to
 * - count the matches (`count(*) … MATCH`: walks the word's doclist),
 * - rank them (`ORDER BY bm25(…) LIMIT 20`: walks the doclist AND scores every match),
 * - rank them as a search does: joined to `docs`, ties broken by date then id (the order the
 *   library and the floor give), which adds a row look-up and a sort key per match,
 * - read the word's document frequency from `fts5vocab` (what an approximate total would cost).
 * It shows what bounds a relevance-ordered page with an exact total: both walks grow with the
 * number of matches, whatever the engine around them does.
 *
 * Usage: `tsx bench/anatomy.ts <snapshot.db> [--words 24] [--repeat 5]`
 */
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { median } from './stats.js'

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { words: { type: 'string', default: '24' }, repeat: { type: 'string', default: '5' } },
})
const path = positionals[0]
if (!path) throw new Error('usage: tsx bench/anatomy.ts <snapshot.db> [--words 24] [--repeat 5]')
const nWords = Number(values.words)
const repeat = Number(values.repeat)
if (!Number.isInteger(nWords) || nWords < 1) throw new Error(`--words: must be a positive integer, got ${values.words}`)
if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`--repeat: must be a positive integer, got ${values.repeat}`)

const db = new Database(path, { readonly: true, fileMustExist: true })
const table = 'fts_propositions_default'
db.exec(`CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, ${table}, 'row')`)
const docs = (db.prepare(`SELECT value FROM meta WHERE key = 'docs:propositions'`).get() as { value: number }).value

// Words spread over the frequency range: every k-th of the words in at least 1% of the documents.
const frequent = db.prepare('SELECT term, doc FROM temp.vocab WHERE doc >= ? ORDER BY doc DESC').all(Math.ceil(docs / 100)) as {
  term: string
  doc: number
}[]
const step = Math.max(1, Math.floor(frequent.length / nWords))
const words = frequent.filter((_, i) => i % step === 0).slice(0, nWords)

const count = db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck()
/** The propositions' BM25 weights (title, summary, ident, identkey), as `src/corpora/propositions` sets them. */
const WEIGHTS = '3, 1, 2, 1'
const rank = db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY bm25(${table}, ${WEIGHTS}) LIMIT 20`).pluck()
const page = db
  .prepare(
    `SELECT d.rowid FROM (SELECT rowid, bm25(${table}, ${WEIGHTS}) AS score FROM ${table} WHERE ${table} MATCH ?) m ` +
      'JOIN docs d ON d.rowid = m.rowid ORDER BY m.score, d.main_ms DESC, d.id LIMIT 20',
  )
  .pluck()
const df = db.prepare('SELECT doc FROM temp.vocab WHERE term = ?').pluck()

function time(f: () => unknown): number {
  const ms: number[] = []
  for (let i = 0; i < repeat; i++) {
    const t = performance.now()
    f()
    ms.push(performance.now() - t)
  }
  return median(ms)
}

const rows = words.map(({ term, doc }) => {
  const m = `"${term}"`
  return {
    term,
    doc,
    count: time(() => count.get(m)),
    rank: time(() => rank.all(m)),
    page: time(() => page.all(m)),
    vocab: time(() => df.get(term)),
  }
})

const f = (x: number, d = 2) => x.toFixed(d)
console.log(`Snapshot ${path}: ${docs.toLocaleString('en')} propositions; ${table}; median of ${repeat} runs each (OS cache warm).\n`)
console.log(
  '| word | matches | % of corpus | count(*) ms | ORDER BY bm25 LIMIT 20 ms | + join docs, ties by date, id ms | µs per match (count / rank / ranked page) | fts5vocab df ms |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const r of rows) {
  console.log(
    `| ${r.term} | ${r.doc.toLocaleString('en')} | ${f((100 * r.doc) / docs, 1)} | ${f(r.count)} | ${f(r.rank)} | ${f(r.page)} | ` +
      `${f((1000 * r.count) / r.doc, 3)} / ${f((1000 * r.rank) / r.doc, 3)} / ${f((1000 * r.page) / r.doc, 3)} | ${f(r.vocab)} |`,
  )
}
const perMatch = (k: 'count' | 'rank' | 'page') => median(rows.map((r) => (1000 * r[k]) / r.doc))
console.log(
  `\nMedian cost per matching document: counting ${f(perMatch('count'), 3)} µs, ranking ${f(perMatch('rank'), 3)} µs, ` +
    `ranking as a search orders (join docs, ties by date and id) ${f(perMatch('page'), 3)} µs.`,
)
db.close()
