import { dayOf, parseInstant } from '../common/dates.js'
import type { AnyCorpus } from '../corpora/define.js'
import { facetName, identifierFacet, normalizerOf } from '../query/filters.js'
import type { DocumentRows } from '../store/documents.js'
import type { FacetValues, IndexLayout, IndexWriter, TextIndex } from '../text-index/types.js'

/** The text index's view of a corpus: its name and text fields (kept per corpus, so built once). */
export function layoutOf(corpus: AnyCorpus): IndexLayout {
  let layout = layouts.get(corpus)
  if (!layout) layouts.set(corpus, (layout = { name: corpus.name, fields: corpus.text }))
  return layout
}

const layouts = new WeakMap<AnyCorpus, IndexLayout>()

type AnyRecord = Parameters<AnyCorpus['text'][number]['get']>[0]

/** A corpus's filter values of a record, `[facet, value]`, normalized as searches compare them (and its identifiers' keys). */
function facetsOf(corpus: AnyCorpus): (record: AnyRecord) => FacetValues {
  const filters = Object.entries(corpus.filters).flatMap(([name, f]) =>
    f.kind === 'date' ? [] : [{ facet: facetName(corpus.name, name), values: f.values, normalize: normalizerOf(f) }],
  )
  return (record) => {
    const facets: [string, string][] = []
    for (const f of filters) {
      for (const v of f.values(record as never)) {
        const value = f.normalize(v)
        if (value !== '') facets.push([f.facet, value])
      }
    }
    if (corpus.identifiers) for (const key of corpus.identifiers(record as never)) facets.push([identifierFacet(corpus.name), key])
    return facets
  }
}

/**
 * Writes validated records of one corpus: the row and record, and its texts and filter values in
 * the text index. The caller wraps the call in one transaction, so a crash at any point leaves
 * either all of a call or none of it.
 */
export function writeDocuments(
  rows: DocumentRows,
  index: TextIndex,
  corpus: AnyCorpus,
  records: readonly { id: string }[],
  options: { skipUnchanged?: boolean; writer?: IndexWriter } = {},
): { inserted: number; updated: number; unchanged: number } {
  try {
    return writeAll(rows, index, corpus, records, options)
  } finally {
    // Flushed by a write that ends well; dropped with a transaction that rolls back.
    rows.discardDates()
  }
}

function writeAll(
  rows: DocumentRows,
  index: TextIndex,
  corpus: AnyCorpus,
  records: readonly { id: string }[],
  options: { skipUnchanged?: boolean; writer?: IndexWriter },
): { inserted: number; updated: number; unchanged: number } {
  // A writer given is the caller's, shared by its batches (one segment for them all): it finishes it.
  const writer = options.writer ?? index.writer(layoutOf(corpus))
  const facetsOfRecord = facetsOf(corpus)
  let inserted = 0
  let unchanged = 0
  for (const record of records) {
    const json = JSON.stringify(record)
    const existing = rows.rowidOf(corpus.name, record.id)
    // An ingest of the same file again writes nothing: a record stored as is stays untouched.
    const same = existing !== undefined && rows.recordOf(existing) === json
    if (options.skipUnchanged === true && same) {
      unchanged++
      continue
    }
    const mainMs = parseInstant(corpus.mainDate(record)) as number
    const updMs = parseInstant(corpus.updatedDate(record)) ?? mainMs
    if (existing !== undefined) writer.remove(existing)
    else inserted++
    const rowid = rows.put(
      {
        corpus: corpus.name,
        id: record.id,
        mainMs,
        mainDay: dayOf(mainMs),
        updMs,
        updDay: dayOf(updMs),
        record: json,
      },
      existing,
      // An upsert of a record as it is stored is written again, but is no change an alert lists.
      !same,
    )
    writer.add(
      rowid,
      corpus.text.map((f) => f.get(record)),
      facetsOfRecord(record),
    )
  }
  if (!options.writer) writer.finish?.()
  rows.flushDates()
  rows.addToCount(corpus.name, inserted)
  return { inserted, updated: records.length - inserted - unchanged, unchanged }
}

/**
 * Indexes a corpus's stored records again (an index created for a snapshot that already holds
 * them), read 10,000 at a time, through one writer (it writes segments as large as it may hold).
 */
export function reindexDocuments(rows: DocumentRows, index: TextIndex, corpus: AnyCorpus): number {
  const facetsOfRecord = facetsOf(corpus)
  const writer = index.writer(layoutOf(corpus))
  let after = 0
  let done = 0
  for (;;) {
    const page = rows.page(corpus.name, after, 10_000)
    if (page.length === 0) {
      writer.finish?.()
      return done
    }
    for (const { rowid, record } of page) {
      const parsed = JSON.parse(record) as AnyRecord
      writer.add(
        rowid,
        corpus.text.map((f) => f.get(parsed)),
        facetsOfRecord(parsed),
      )
    }
    done += page.length
    after = page[page.length - 1]?.rowid ?? after
  }
}

/** Removes records by id; returns how many existed. */
export function deleteDocuments(rows: DocumentRows, index: TextIndex, corpus: AnyCorpus, ids: readonly string[]): number {
  try {
    return deleteAll(rows, index, corpus, ids)
  } finally {
    rows.discardDates()
  }
}

function deleteAll(rows: DocumentRows, index: TextIndex, corpus: AnyCorpus, ids: readonly string[]): number {
  const writer = index.writer(layoutOf(corpus))
  let removed = 0
  for (const id of ids) {
    const rowid = rows.rowidOf(corpus.name, id)
    if (rowid === undefined) continue
    writer.remove(rowid)
    rows.delete(corpus.name, id, rowid)
    removed++
  }
  writer.finish?.()
  rows.flushDates()
  rows.addToCount(corpus.name, -removed)
  return removed
}
