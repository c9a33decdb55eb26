/**
 * What a search of the block index orders and filters by, per corpus: the documents' dates (the
 * compact columns of `store/doc-columns.ts`, each chunk read when a search first touches it), their
 * ids (read one by one, only when a tie needs them), and the filter cache — each filter value's
 * documents read from its postings in the facet space once per version, and a filter's bitmap
 * over the corpus's rowids kept for the next search (paging, a dashboard's refresh) — and, for
 * facet counts, a forward index per facet (per document, its values), built from the facet's
 * postings the first time it is counted at a version.
 */
import { DateColumns, docIdOf } from '../../store/doc-columns.js'
import type { Statements } from '../../store/statements.js'
import type { FacetFilter } from '../types.js'
import { MatchSet } from './match-set.js'
import { NO_MORE, PostingCursor } from './cursor.js'
import type { LiveSegment } from './segment.js'
import { facetTerm, spaceOf } from './spaces.js'
import { type StoredSegment, postingsWithPrefix, versionOf } from './storage.js'

/** How many filters' bitmaps a corpus keeps per version (one byte per document each). */
const BITMAPS_KEPT = 16

/** The live segments of an index space (the index's cache of them). */
export type SegmentsIn = (space: string) => readonly StoredSegment[]

/** A facet's values and, per document, which of them it holds (`DocColumns.facetIndex`). */
export interface FacetIndex {
  /** The values held by at least one live document. */
  readonly values: readonly string[]
  /** Per value, the lowest live rowid holding it. */
  readonly first: Int32Array
  /** Per value, how many live documents hold it (the counts of a search matching every document). */
  readonly totals: Int32Array
  /** The rowid of document 0 of `offsets`. */
  readonly base: number
  /** Per document (rowid − base), its entries: `ids[offsets[i]]` to `ids[offsets[i + 1] - 1]`, indexes into `values`. */
  readonly offsets: Int32Array
  readonly ids: Uint8Array | Uint16Array | Int32Array
}

/** A corpus's documents' columns at one version of its index, by rowid. */
export class DocColumns {
  /** The dates, read by chunk. */
  readonly dates: DateColumns
  /** Ids read so far (only ties need them). */
  private ids = new Map<number, string>()
  /** Per filter value (its facet term), its live documents ascending: read once per version. */
  private facets = new Map<string, Int32Array>()
  /** Per filter (facet and values), its bitmap over rowid − `dates.base`: the oldest goes past `BITMAPS_KEPT`. */
  private bitmaps = new Map<string, Uint8Array>()
  /** Per facet, its forward index (facet counts): built once per version. */
  private forward = new Map<string, FacetIndex>()
  /** Every live document, when a search matching all of them counted (once per version). */
  private live: Int32Array | undefined
  /** Anything else computed once per version (the histograms of the whole corpus). */
  private memos = new Map<string, unknown>()

  constructor(
    private readonly st: Statements,
    private readonly corpus: string,
    private readonly segmentsIn: SegmentsIn,
  ) {
    this.dates = new DateColumns(st, corpus)
  }

  /** After a write (this process's or another's): the dates' changed chunks and every cached filter and id are read again. */
  refresh(): void {
    this.dates.refresh()
    this.ids = new Map()
    this.facets = new Map()
    this.bitmaps = new Map()
    this.forward = new Map()
    this.live = undefined
    this.memos = new Map()
  }

  /** `make()`, computed once per version under `key`. */
  memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make())
    return this.memos.get(key) as T
  }

  /** A document's id (for ties), read when first asked and kept for the version. */
  idOf(doc: number): string {
    let id = this.ids.get(doc)
    if (id === undefined) {
      id = docIdOf(this.st, doc)
      this.ids.set(doc, id)
    }
    return id
  }

  /** A filter's documents as a bitmap over the corpus's rowids from `dates.base` (each value's documents read from its postings once per version). */
  facetSet(f: FacetFilter): Uint8Array {
    // The same filter again (paging, a dashboard's refresh) reuses its bitmap; a few dozen are kept.
    const key = JSON.stringify([f.facet, ...[...f.values].sort()])
    const known = this.bitmaps.get(key)
    if (known) return known
    const { base, size } = this.dates
    const bits = new Uint8Array(size)
    for (const value of f.values) for (const d of this.valueDocs(f.facet, value)) if (d >= base && d - base < size) bits[d - base] = 1
    if (this.bitmaps.size >= BITMAPS_KEPT) this.bitmaps.delete(this.bitmaps.keys().next().value as string)
    this.bitmaps.set(key, bits)
    return bits
  }

  /** A few values' documents as a set (an identifier's: a bitmap over the corpus would cost more than its documents). */
  facetDocs(f: FacetFilter): Set<number> {
    const out = new Set<number>()
    for (const value of f.values) for (const d of this.valueDocs(f.facet, value)) out.add(d)
    return out
  }

  /**
   * A facet's forward index (facet counts): its values held by live documents, and per document
   * its values' indexes. Built once per version from the facet space's postings of the facet.
   */
  facetIndex(facet: string): FacetIndex {
    let known = this.forward.get(facet)
    if (!known) {
      known = buildFacetIndex(this.st, this.segmentsIn(spaceOf(this.corpus, 'facets')), facet, this.dates.base, this.dates.size)
      this.forward.set(facet, known)
    }
    return known
  }

  /** The live documents of the corpus (every document is in the facet space, with or without values), in no order. */
  liveDocs(): Int32Array {
    if (!this.live) {
      const out = new MatchSet()
      for (const { segment, deleted } of this.segmentsIn(spaceOf(this.corpus, 'facets')))
        for (const d of segment.docs) if (deleted.size === 0 || !deleted.has(d)) out.add(d)
      this.live = out.view()
    }
    return this.live
  }

  /** One filter value's live documents, ascending (read from its postings once per version). */
  private valueDocs(facet: string, value: string): Int32Array {
    const term = facetTerm(facet, value)
    let docs = this.facets.get(term)
    if (!docs) {
      docs = postingDocs(this.segmentsIn(spaceOf(this.corpus, 'facets')), term)
      this.facets.set(term, docs)
    }
    return docs
  }
}

/** The live documents holding a term in a space's segments, ascending. */
function postingDocs(segments: readonly LiveSegment[], term: string): Int32Array {
  const out: number[] = []
  for (const { segment, deleted } of segments) {
    const postings = segment.terms.get(term)
    if (!postings) continue
    const c = new PostingCursor(postings, segment.fields)
    for (let d = c.next(); d !== NO_MORE; d = c.next()) if (deleted.size === 0 || !deleted.has(d)) out.push(d)
  }
  // Segments hold disjoint live documents, but their ids interleave (a document written again keeps its rowid).
  return Int32Array.from(out).sort()
}

/** Per corpus, its documents' columns at the version of its facet space (every write bumps it). */
export class ColumnCache {
  private readonly columns = new Map<string, { version: number; columns: DocColumns }>()

  constructor(
    private readonly st: Statements,
    private readonly segmentsIn: SegmentsIn,
  ) {}

  /** A corpus's columns at its index's current version (refreshed after a write). */
  of(corpus: string): DocColumns {
    // Every write bumps every space of its corpus: the facet space's version stands for all.
    const version = versionOf(this.st, spaceOf(corpus, 'facets'))
    const cached = this.columns.get(corpus)
    if (cached?.version === version) return cached.columns
    let columns: DocColumns
    if (cached) {
      columns = cached.columns
      columns.refresh()
    } else columns = new DocColumns(this.st, corpus, this.segmentsIn)
    this.columns.set(corpus, { version, columns })
    return columns
  }

  /** Forgets every corpus's columns (the index was dropped). */
  clear(): void {
    this.columns.clear()
  }
}

/** A facet's forward index over rowids `base` to `base + size - 1`, from its postings in the facet space's live segments. */
function buildFacetIndex(st: Statements, segments: readonly StoredSegment[], facet: string, base: number, size: number): FacetIndex {
  const prefix = facetTerm(facet, '')
  const index = new Map<string, number>()
  const values: string[] = []
  const first: number[] = []
  const totals: number[] = []
  // Every live (document, value) pair, in two growing arrays.
  let docs = new Int32Array(1024)
  let ids = new Int32Array(1024)
  let n = 0
  for (const { id, segment, deleted } of segments) {
    for (const [term, postings] of postingsWithPrefix(st, id, prefix)) {
      const value = term.slice(prefix.length)
      let v = index.get(value)
      if (v === undefined) {
        v = values.length
        index.set(value, v)
        values.push(value)
        first.push(Number.MAX_SAFE_INTEGER)
        totals.push(0)
      }
      const c = new PostingCursor(postings, segment.fields)
      for (let d = c.next(); d !== NO_MORE; d = c.next()) {
        if ((deleted.size > 0 && deleted.has(d)) || d < base || d - base >= size) continue
        if (n === docs.length) {
          docs = grow(docs)
          ids = grow(ids)
        }
        docs[n] = d
        ids[n++] = v
        totals[v] = (totals[v] as number) + 1
        if (d < (first[v] as number)) first[v] = d
      }
    }
  }
  const offsets = new Int32Array(size + 1)
  for (let i = 0; i < n; i++) (offsets[(docs[i] as number) - base + 1] as number)++
  for (let i = 0; i < size; i++) offsets[i + 1] = (offsets[i + 1] as number) + (offsets[i] as number)
  const fill = offsets.slice(0, size)
  const packed = values.length <= 256 ? new Uint8Array(n) : values.length <= 65_536 ? new Uint16Array(n) : new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const at = (docs[i] as number) - base
    packed[fill[at] as number] = ids[i] as number
    fill[at] = (fill[at] as number) + 1
  }
  // A value whose documents are all deleted counts 0 for every search: it is never shown.
  return { values, first: Int32Array.from(first), totals: Int32Array.from(totals), base, offsets, ids: packed }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const out = new Int32Array(a.length * 2)
  out.set(a)
  return out
}
