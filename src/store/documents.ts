import type { AnyCorpus } from '../corpora/define.js'
import { streamsOf, ftsTable } from '../index/fts.js'
import { facetName, normalizerOf } from '../query/body.js'
import { MATCH_MODES } from '../text/modes.js'
import { dayOf, parseInstant } from './dates.js'
import type { Statements } from './statements.js'

/**
 * Writes validated records of one corpus: the row in `docs`, its filter values in `facets` and its
 * token streams in the three FTS tables. The caller wraps the call in one transaction, so a crash
 * at any point leaves either all of a call or none of it.
 */
export function writeDocuments(
  st: Statements,
  corpus: AnyCorpus,
  records: readonly { id: string }[],
): { inserted: number; updated: number } {
  let inserted = 0
  let updated = 0
  const find = st.get('SELECT rowid FROM docs WHERE corpus = ? AND id = ?')
  const insert = st.get('INSERT INTO docs (corpus, id, main_ms, main_day, upd_ms, upd_day) VALUES (?, ?, ?, ?, ?, ?)')
  const update = st.get('UPDATE docs SET main_ms = ?, main_day = ?, upd_ms = ?, upd_day = ? WHERE rowid = ?')
  const putRecord = st.get('INSERT OR REPLACE INTO records (rowid, record) VALUES (?, ?)')
  const addFacet = st.get('INSERT OR IGNORE INTO facets (facet, value, doc) VALUES (?, ?, ?)')
  const addVariant = st.get('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
  // Each spelling once per call: a decomposed text repeats its words.
  const variants = new Set<string>()
  const onVariant = (canonical: string, raw: string) => {
    const key = `${canonical}\u0000${raw}`
    if (variants.has(key)) return
    variants.add(key)
    addVariant.run(corpus.name, canonical, raw)
  }
  const columns = corpus.text.map((f) => f.name)
  const ftsInsert = MATCH_MODES.map((mode) =>
    st.get(`INSERT INTO ${ftsTable(corpus.name, mode)} (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`),
  )
  const filters = Object.entries(corpus.filters).flatMap(([name, f]) =>
    f.kind === 'date' ? [] : [{ facet: facetName(corpus.name, name), values: f.values, normalize: normalizerOf(f) }],
  )

  for (const record of records) {
    const mainMs = parseInstant(corpus.mainDate(record)) as number
    const updMs = parseInstant(corpus.updatedDate(record)) ?? mainMs
    const json = JSON.stringify(record)
    const existing = find.get(corpus.name, record.id) as { rowid: number } | undefined
    let rowid: number
    if (existing) {
      rowid = existing.rowid
      removeIndexEntries(st, corpus, rowid)
      update.run(mainMs, dayOf(mainMs), updMs, dayOf(updMs), rowid)
      updated++
    } else {
      rowid = Number(insert.run(corpus.name, record.id, mainMs, dayOf(mainMs), updMs, dayOf(updMs)).lastInsertRowid)
      inserted++
    }
    putRecord.run(rowid, json)
    for (const f of filters) {
      for (const v of f.values(record)) {
        const value = f.normalize(v)
        if (value !== '') addFacet.run(f.facet, value, rowid)
      }
    }
    if (corpus.identifiers) for (const key of corpus.identifiers(record)) addFacet.run(`${corpus.name}.ident`, key, rowid)
    const streams = streamsOf(corpus, record, onVariant)
    MATCH_MODES.forEach((mode, i) => (ftsInsert[i] as ReturnType<Statements['get']>).run(rowid, ...streams[mode]))
  }
  addToCount(st, corpus.name, inserted)
  return { inserted, updated }
}

/**
 * How many records a corpus holds: a counter kept in `meta` with every write (the search plan
 * asks for it, and a count(*) over a million rows would cost a scan). Computed once when absent.
 */
export function corpusSize(st: Statements, corpus: string): number {
  const row = st.get('SELECT value FROM meta WHERE key = ?').get(`docs:${corpus}`) as { value: number } | undefined
  if (row) return row.value
  // A file written before the counter existed: count once per connection (it only steers the plan).
  let counted = fallbackCounts.get(st)
  if (!counted) fallbackCounts.set(st, (counted = new Map()))
  let n = counted.get(corpus)
  if (n === undefined) counted.set(corpus, (n = (st.get('SELECT count(*) AS n FROM docs WHERE corpus = ?').get(corpus) as { n: number }).n))
  return n
}

const fallbackCounts = new WeakMap<Statements, Map<string, number>>()

function addToCount(st: Statements, corpus: string, delta: number): void {
  if (delta === 0) return
  const key = `docs:${corpus}`
  if (!st.get('SELECT 1 FROM meta WHERE key = ?').get(key)) {
    st.get('INSERT INTO meta (key, value) SELECT ?, count(*) FROM docs WHERE corpus = ?').run(key, corpus)
  } else {
    st.get('UPDATE meta SET value = value + ? WHERE key = ?').run(delta, key)
  }
}

/** Removes records by id; returns how many existed. */
export function deleteDocuments(st: Statements, corpus: AnyCorpus, ids: readonly string[]): number {
  const find = st.get('SELECT rowid FROM docs WHERE corpus = ? AND id = ?')
  const del = st.get('DELETE FROM docs WHERE rowid = ?')
  const delRecord = st.get('DELETE FROM records WHERE rowid = ?')
  // A removed document leaves no saved reference behind for a later record with the same id.
  const unsave = st.get('DELETE FROM monitor_items WHERE corpus = ? AND doc_id = ?')
  let removed = 0
  for (const id of ids) {
    const row = find.get(corpus.name, id) as { rowid: number } | undefined
    if (!row) continue
    removeIndexEntries(st, corpus, row.rowid)
    del.run(row.rowid)
    delRecord.run(row.rowid)
    unsave.run(corpus.name, id)
    removed++
  }
  addToCount(st, corpus.name, -removed)
  return removed
}

function removeIndexEntries(st: Statements, corpus: AnyCorpus, rowid: number): void {
  st.get('DELETE FROM facets WHERE doc = ?').run(rowid)
  for (const mode of MATCH_MODES) st.get(`DELETE FROM ${ftsTable(corpus.name, mode)} WHERE rowid = ?`).run(rowid)
}
