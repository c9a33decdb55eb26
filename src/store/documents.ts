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
  const insert = st.get(
    'INSERT INTO docs (corpus, id, main_ms, main_day, upd_ms, upd_day, record) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const update = st.get(
    'UPDATE docs SET main_ms = ?, main_day = ?, upd_ms = ?, upd_day = ?, record = ? WHERE rowid = ?',
  )
  const addFacet = st.get('INSERT OR IGNORE INTO facets (facet, value, doc) VALUES (?, ?, ?)')
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
      update.run(mainMs, dayOf(mainMs), updMs, dayOf(updMs), json, rowid)
      updated++
    } else {
      rowid = Number(insert.run(corpus.name, record.id, mainMs, dayOf(mainMs), updMs, dayOf(updMs), json).lastInsertRowid)
      inserted++
    }
    for (const f of filters) {
      for (const v of f.values(record)) {
        const value = f.normalize(v)
        if (value !== '') addFacet.run(f.facet, value, rowid)
      }
    }
    if (corpus.identifiers) for (const key of corpus.identifiers(record)) addFacet.run(`${corpus.name}.ident`, key, rowid)
    const streams = streamsOf(corpus, record)
    MATCH_MODES.forEach((mode, i) => (ftsInsert[i] as ReturnType<Statements['get']>).run(rowid, ...streams[mode]))
  }
  return { inserted, updated }
}

/** Removes records by id; returns how many existed. */
export function deleteDocuments(st: Statements, corpus: AnyCorpus, ids: readonly string[]): number {
  const find = st.get('SELECT rowid FROM docs WHERE corpus = ? AND id = ?')
  const del = st.get('DELETE FROM docs WHERE rowid = ?')
  // A removed document leaves no saved reference behind for a later record with the same id.
  const unsave = st.get('DELETE FROM monitor_items WHERE corpus = ? AND doc_id = ?')
  let removed = 0
  for (const id of ids) {
    const row = find.get(corpus.name, id) as { rowid: number } | undefined
    if (!row) continue
    removeIndexEntries(st, corpus, row.rowid)
    del.run(row.rowid)
    unsave.run(corpus.name, id)
    removed++
  }
  return removed
}

function removeIndexEntries(st: Statements, corpus: AnyCorpus, rowid: number): void {
  st.get('DELETE FROM facets WHERE doc = ?').run(rowid)
  for (const mode of MATCH_MODES) st.get(`DELETE FROM ${ftsTable(corpus.name, mode)} WHERE rowid = ?`).run(rowid)
}
