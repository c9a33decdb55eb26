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
import { type FacetView, FacetIndexes, type Locator, locatorOf } from './facet-index.js'
import { type StoredSegment, versionOf } from './storage.js'

/** How many filters' bitmaps a corpus keeps per version (one byte per document each). */
const BITMAPS_KEPT = 16

/** The live segments of an index space (the index's cache of them). */
export type SegmentsIn = (space: string) => readonly StoredSegment[]

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
  /** The facets' values and per-segment pieces (facet counts), kept across versions: segments never change. */
  private readonly facetIndexes: FacetIndexes
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
    this.facetIndexes = new FacetIndexes(st)
  }

  /** After a write (this process's or another's): the dates' changed chunks and every cached filter and id are read again. */
  refresh(): void {
    this.dates.refresh()
    this.ids = new Map()
    this.facets = new Map()
    this.bitmaps = new Map()
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

  /** Where each live document is in the facet space's segments (facet counts), once per version. */
  locator(): Locator {
    return this.memo('locator', () => locatorOf(this.segmentsIn(spaceOf(this.corpus, 'facets')), this.dates.base, this.dates.size))
  }

  /** A facet's values, totals and per-segment pieces at this version (facet counts; a segment's piece read once, ever). */
  facetView(facet: string): FacetView {
    return this.memo(`facet:${facet}`, () => this.facetIndexes.view(facet, this.locator()))
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
