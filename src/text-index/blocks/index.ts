/**
 * The block index behind the `TextIndex` seam (it replaced FTS5, whose `bm25()` scored every match
 * and joined it to `docs`): per corpus and match mode an index space
 * of segments (one per write call, merged as they pile up) in the snapshot, searched by `search`
 * over the live documents; per corpus one more space, `<corpus>:facets`, whose terms are the
 * documents' filter values (`facet\u0000value`), so a filter is read from postings too.
 *
 * The documents' dates (for sorts and day ranges) are read from `docs` once per version into
 * typed arrays, their ids only when a tie needs them; a filter value's documents once per version.
 */
import type { Db } from '../../store/database.js'
import type { Statements } from '../../store/statements.js'
import { MATCH_MODES, type MatchMode } from '../../text/modes.js'
import { type TermOptions, identifierTerm, termStreams, textSpellings } from '../terms.js'
import { checkPostings } from '../work-budget.js'
import type { TextItem, TextQuery } from '../text-query.js'
import {
  type FacetFilter,
  type FacetValues,
  type IndexLayout,
  type IndexPage,
  type IndexSearch,
  type IndexWriter,
  type MatchOptions,
  type TextIndex,
  fieldKey,
} from '../types.js'
import { relevanceOf } from '../bm25.js'
import { search } from './evaluate.js'
import { includes } from './matchers.js'
import type { Alternative, EvaluateOptions, ItemSpec, QuerySpec } from './query-spec.js'
import { NO_MORE, PostingCursor } from './cursor.js'
import { type Segment, SegmentBuilder, mergeSegments } from './segment.js'
import {
  type StoredSegment,
  bumpVersion,
  copyTerms,
  createBlockTables,
  emptyBlockTables,
  dropCorpus,
  deleteFromSegment,
  dropSegments,
  TermCache,
  readSegments,
  storedSegment,
  termsOf,
  versionOf,
  writeSegment,
} from './storage.js'

const spaceOf = (corpus: string, mode: MatchMode | 'facets') => `${corpus}:${mode}`
/** The facet space's one field, of weight 1: a value is a term at position 0, 1, … of a document's values. */
const FACET_WEIGHTS = [1] as const
const facetTerm = (facet: string, value: string) => `${facet}\u0000${value}`

function layoutKey(layout: IndexLayout): string {
  // v2: filter values are postings of the index (v1 read them from `facets`); v3: blocks keep
  // their impacts (v2 one largest frequency and one shortest length).
  return JSON.stringify({ v: 3, fields: layout.fields.map((f) => fieldKey(f, true)) })
}

/** The documents' columns a search orders and filters by, by rowid. */
interface DocColumns {
  /** The smallest rowid of the corpus: the arrays are indexed by rowid − base. */
  readonly base: number
  /** Ids read so far (only ties need them). */
  readonly ids: Map<number, string>
  readonly mainMs: Float64Array
  readonly updMs: Float64Array
  readonly mainDay: Int32Array
  readonly updDay: Int32Array
  /** Per filter value (its facet term), its live documents ascending: read once per version. */
  readonly facets: Map<string, Int32Array>
  /** Per filter (facet and values), its bitmap over rowid − base: the oldest goes past `BITMAPS_KEPT`. */
  readonly bitmaps: Map<string, Uint8Array>
}

/** How many filters' bitmaps a corpus keeps per version (one byte per document each). */
const BITMAPS_KEPT = 16

export class BlockIndex implements TextIndex {
  /** Per index space: the segments read at a version (reused while the version holds). */
  private readonly segments = new Map<string, { version: number; segments: StoredSegment[] }>()
  /** Per corpus: its documents' columns at the version of its facet space (every write bumps it). */
  private readonly columns = new Map<string, { version: number; columns: DocColumns }>()

  constructor(
    private readonly db: Db,
    private readonly st: Statements,
  ) {}

  inspect(layouts: readonly IndexLayout[]): { missing: string[]; changed: string[] } {
    // Read only: a snapshot opened read-only is inspected too.
    const exists = this.st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'block_layouts'").get()
    if (!exists) return { missing: layouts.map((l) => l.name), changed: [] }
    const known = new Map(
      (this.st.prepared('SELECT name, layout FROM block_layouts').all() as { name: string; layout: string }[]).map((r) => [
        r.name,
        r.layout,
      ]),
    )
    return {
      missing: layouts.filter((l) => !known.has(l.name)).map((l) => l.name),
      changed: layouts.filter((l) => known.has(l.name) && known.get(l.name) !== layoutKey(l)).map((l) => l.name),
    }
  }

  create(layouts: readonly IndexLayout[]): void {
    createBlockTables(this.db)
    for (const layout of layouts)
      this.st.prepared('INSERT INTO block_layouts (name, layout) VALUES (?, ?)').run(layout.name, layoutKey(layout))
  }

  writer(layout: IndexLayout): IndexWriter {
    const added = new Map<number, { texts: readonly string[]; facets: FacetValues }>()
    const removed = new Set<number>()
    return {
      add: (rowid, texts, facets) => {
        added.set(rowid, { texts, facets })
      },
      remove: (rowid) => {
        added.delete(rowid)
        removed.add(rowid)
      },
      finish: () => {
        if (added.size === 0 && removed.size === 0) return
        this.write(layout, added, removed)
        added.clear()
        removed.clear()
      },
    }
  }

  matchCount(layout: IndexLayout, text: TextQuery, match: MatchOptions): number {
    // One read transaction, as `search`: segments and their rows seen at one moment.
    return this.db
      .transaction(() => search(this.segmentsOf(layout, match.mode), weightsOf(layout), this.specOf(layout, text, match), { k: 0 }).total)
      .deferred()
  }

  search(req: IndexSearch): IndexPage {
    // One read transaction: the segments, the columns and the filters seen at one moment.
    return this.db.transaction(() => this.searchNow(req)).deferred()
  }

  private searchNow(req: IndexSearch): IndexPage {
    const columns = this.columnsOf(req.layout.name)
    const { base } = columns
    const sets = req.facets.map((f) => this.facetSet(req.layout.name, columns, f))
    // Called once per match: plain loops over arrays made once.
    const days = req.days.map((d) => ({ of: d.column === 'main' ? columns.mainDay : columns.updDay, from: d.from, to: d.to }))
    const accept =
      sets.length === 0 && days.length === 0
        ? undefined
        : (doc: number) => {
            const i = doc - base
            for (let k = 0; k < sets.length; k++) if ((sets[k] as Uint8Array)[i] !== 1) return false
            for (let k = 0; k < days.length; k++) {
              const d = days[k] as (typeof days)[number]
              const day = d.of[i] ?? 0
              if (day < d.from || day > d.to) return false
            }
            return true
          }
    const idOf = (doc: number) => this.idOf(columns, doc)
    const byId = (a: number, b: number) => {
      const x = idOf(a)
      const y = idOf(b)
      return x < y ? -1 : x > y ? 1 : 0
    }
    const main = (doc: number) => columns.mainMs[doc - base] ?? 0
    const lead = req.first ? this.facetDocs(req.layout.name, columns, req.first) : undefined
    const options: EvaluateOptions = {
      k: req.offset + req.limit,
      ...(accept ? { accept } : {}),
      ...(lead ? { first: (doc: number) => lead.has(doc) } : {}),
      ...(req.sort === 'relevance'
        ? { tie: (a: number, b: number) => main(b) - main(a) || byId(a, b) }
        : {
            tie: byId,
            order:
              req.sort === 'recently_updated'
                ? { key: (doc: number) => columns.updMs[doc - base] ?? 0, descending: true }
                : { key: main, descending: req.sort === 'newest' },
          }),
    }
    const { total, top } = search(
      this.segmentsOf(req.layout, req.mode),
      weightsOf(req.layout),
      this.specOf(req.layout, req.text, req),
      options,
    )
    return {
      total,
      rows: top.slice(req.offset).map((r) => ({
        rowid: r.doc,
        // As the FTS5 index: monotone in BM25, integer resolution at both ends.
        relevance: req.sort === 'relevance' ? relevanceOf(r.score) : 0,
      })),
    }
  }

  problems(layout: IndexLayout, documents: number): string[] {
    const problems: string[] = []
    for (const mode of [...MATCH_MODES, 'facets'] as const) {
      let live = 0
      for (const s of this.segmentsIn(spaceOf(layout.name, mode))) live += s.segment.docs.length - s.deleted.size
      if (live !== documents)
        problems.push(`${spaceOf(layout.name, mode)}: ${live} indexed documents for ${documents} ${layout.name} records`)
    }
    return problems
  }

  drop(names?: readonly string[]): void {
    if (names === undefined) emptyBlockTables(this.db)
    else
      for (const name of names) {
        dropCorpus(
          this.st,
          name,
          [...MATCH_MODES, 'facets'].map((mode) => spaceOf(name, mode as MatchMode | 'facets')),
        )
        this.st.prepared('DELETE FROM sensitive_variants WHERE corpus = ?').run(name)
      }
    this.segments.clear()
    this.columns.clear()
  }

  private write(
    layout: IndexLayout,
    added: ReadonlyMap<number, { texts: readonly string[]; facets: FacetValues }>,
    removed: ReadonlySet<number>,
  ): void {
    const rowids = [...added.keys()].sort((a, b) => a - b)
    const addVariant = this.st.prepared('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
    const onVariant = (canonical: string, raw: string) => addVariant.run(layout.name, canonical, raw)
    const docs = rowids.map((r) => added.get(r) as { texts: readonly string[]; facets: FacetValues })
    const streams = docs.map((d) => termStreams(layout, d.texts, onVariant))
    // A document written again or removed leaves the segment that held it.
    const gone = [...removed, ...rowids]
    const spaces: { space: string; weights: readonly number[]; fields: (i: number) => readonly (readonly string[])[] }[] = [
      ...MATCH_MODES.map((mode) => ({
        space: spaceOf(layout.name, mode),
        weights: weightsOf(layout),
        fields: (i: number) => (streams[i] as Record<MatchMode, string[][]>)[mode],
      })),
      {
        space: spaceOf(layout.name, 'facets'),
        weights: FACET_WEIGHTS,
        fields: (i: number) => [(docs[i] as { facets: FacetValues }).facets.map(([f, v]) => facetTerm(f, v))],
      },
    ]
    // Postings this write reads are cached for it alone (see `TermCache`).
    const cache = new TermCache()
    for (const { space, weights, fields } of spaces) {
      for (const s of readSegments(this.st, space, this.known(space), cache)) {
        const hit = gone.filter((d) => !s.deleted.has(d) && includes(s.segment.docs, d))
        if (hit.length > 0) deleteFromSegment(this.st, s.id, hit)
      }
      bumpVersion(this.st, space)
      if (rowids.length > 0) {
        const builder = new SegmentBuilder(weights)
        rowids.forEach((r, i) => builder.add(r, fields(i)))
        writeSegment(this.st, space, builder.finish())
      }
      this.merge(space, weights, cache)
    }
  }

  /**
   * The merge policy, in the write's transaction: segments with no live document are dropped, and
   * while the newest segment holds at least half as many live documents as the one before it, the
   * two become one. Sizes then fall geometrically from the oldest segment to the newest: about
   * log₂(documents) segments, each document re-encoded about log₂(documents) times over its life.
   */
  private merge(space: string, weights: readonly number[], cache: TermCache): void {
    let segments = readSegments(this.st, space, this.known(space), cache)
    const empty = segments.filter((s) => s.segment.docs.length === s.deleted.size)
    if (empty.length > 0)
      dropSegments(
        this.st,
        empty.map((s) => s.id),
      )
    segments = segments.filter((s) => s.segment.docs.length > s.deleted.size)
    const live = (s: StoredSegment) => s.segment.docs.length - s.deleted.size
    while (segments.length >= 2) {
      const newest = segments[segments.length - 1] as StoredSegment
      const before = segments[segments.length - 2] as StoredSegment
      if (live(before) > 2 * live(newest)) break
      // Terms of both inputs, and every term of an input with deleted documents, are encoded again;
      // the others' rows are copied as they are, inside SQLite.
      const inputs = [before, newest]
      const termLists = inputs.map((s) => termsOf(this.st, s.id))
      const inNewest = new Set(termLists[1])
      const encode = new Set((termLists[0] as string[]).filter((t) => inNewest.has(t)))
      inputs.forEach((s, i) => {
        if (s.deleted.size > 0) for (const t of termLists[i] as string[]) encode.add(t)
      })
      const merged = mergeSegments(inputs, weights, encode)
      const id = writeSegment(this.st, space, merged)
      for (const s of inputs) if (s.deleted.size === 0) copyTerms(this.st, s.id, id)
      dropSegments(this.st, [before.id, newest.id])
      segments = [...segments.slice(0, -2), storedSegment(this.st, id, merged, cache)]
    }
  }

  /** The segments this connection has read, by id: a segment never changes once written, so its rows need not be read again. */
  private known(space: string): Map<number, Segment> {
    return new Map<number, Segment>((this.segments.get(space)?.segments ?? []).map((x) => [x.id, x.segment]))
  }

  private segmentsOf(layout: IndexLayout, mode: MatchMode): StoredSegment[] {
    return this.segmentsIn(spaceOf(layout.name, mode))
  }

  private segmentsIn(space: string): StoredSegment[] {
    const version = versionOf(this.st, space)
    const cached = this.segments.get(space)
    if (cached?.version === version) return cached.segments
    const segments = readSegments(this.st, space, this.known(space))
    this.segments.set(space, { version, segments })
    return segments
  }

  /** A filter's documents as a bitmap over the corpus's rowids (each value's documents read from its postings once per version). */
  private facetSet(corpus: string, columns: DocColumns, f: FacetFilter): Uint8Array {
    // The same filter again (paging, a dashboard's refresh) reuses its bitmap; a few dozen are kept.
    const key = JSON.stringify([f.facet, ...[...f.values].sort()])
    const known = columns.bitmaps.get(key)
    if (known) return known
    const bits = new Uint8Array(columns.mainMs.length)
    for (const value of f.values)
      for (const d of this.valueDocs(corpus, columns, f.facet, value))
        if (d >= columns.base && d - columns.base < bits.length) bits[d - columns.base] = 1
    if (columns.bitmaps.size >= BITMAPS_KEPT) columns.bitmaps.delete(columns.bitmaps.keys().next().value as string)
    columns.bitmaps.set(key, bits)
    return bits
  }

  /** A few values' documents as a set (an identifier's: a bitmap over the corpus would cost more than its documents). */
  private facetDocs(corpus: string, columns: DocColumns, f: FacetFilter): Set<number> {
    const out = new Set<number>()
    for (const value of f.values) for (const d of this.valueDocs(corpus, columns, f.facet, value)) out.add(d)
    return out
  }

  /** One filter value's live documents, ascending (read from its postings once per version). */
  private valueDocs(corpus: string, columns: DocColumns, facet: string, value: string): Int32Array {
    const term = facetTerm(facet, value)
    let docs = columns.facets.get(term)
    if (!docs) {
      docs = this.postingDocs(spaceOf(corpus, 'facets'), term)
      columns.facets.set(term, docs)
    }
    return docs
  }

  /** The live documents holding a term in a space, ascending. */
  private postingDocs(space: string, term: string): Int32Array {
    const out: number[] = []
    for (const { segment, deleted } of this.segmentsIn(space)) {
      const postings = segment.terms.get(term)
      if (!postings) continue
      const c = new PostingCursor(postings, segment.fields)
      for (let d = c.next(); d !== NO_MORE; d = c.next()) if (deleted.size === 0 || !deleted.has(d)) out.push(d)
    }
    // Segments hold disjoint live documents, but their ids interleave (a document written again keeps its rowid).
    return Int32Array.from(out).sort()
  }

  private columnsOf(corpus: string): DocColumns {
    // Every write bumps every space of its corpus: the facet space's version stands for all.
    const version = versionOf(this.st, spaceOf(corpus, 'facets'))
    const cached = this.columns.get(corpus)
    if (cached?.version === version) return cached.columns
    const columns = this.readColumns(corpus)
    this.columns.set(corpus, { version, columns })
    return columns
  }

  /** A document's id (for ties), read when first asked and kept for the version. */
  private idOf(columns: DocColumns, doc: number): string {
    let id = columns.ids.get(doc)
    if (id === undefined) {
      id = (this.st.prepared('SELECT id FROM docs WHERE rowid = ?').pluck().get(doc) as string | undefined) ?? ''
      columns.ids.set(doc, id)
    }
    return id
  }

  private readColumns(corpus: string): DocColumns {
    const range = this.st.prepared('SELECT min(rowid) AS lo, max(rowid) AS hi, count(*) AS n FROM docs WHERE corpus = ?').get(corpus) as {
      lo: number | null
      hi: number | null
      n: number
    }
    const base = range.lo ?? 0
    const size = range.hi === null ? 0 : range.hi - base + 1
    const columns: DocColumns = {
      base,
      ids: new Map(),
      mainMs: new Float64Array(size),
      updMs: new Float64Array(size),
      mainDay: new Int32Array(size),
      updDay: new Int32Array(size),
      facets: new Map(),
      bitmaps: new Map(),
    }
    // Where the corpus fills most of its rowid range, the table is read in rowid order (one pass);
    // otherwise through the (corpus, id) index, one look-up per row.
    const sql =
      2 * range.n >= size
        ? 'SELECT rowid, main_ms, upd_ms, main_day, upd_day FROM docs NOT INDEXED WHERE rowid BETWEEN ? AND ? AND corpus = ?'
        : 'SELECT rowid, main_ms, upd_ms, main_day, upd_day FROM docs WHERE rowid BETWEEN ? AND ? AND corpus = ?'
    const rows = this.st
      .prepared(sql)
      .raw()
      .iterate(base, base + size - 1, corpus) as Iterable<[number, number, number, number, number]>
    for (const [rowid, mainMs, updMs, mainDay, updDay] of rows) {
      const i = rowid - base
      columns.mainMs[i] = mainMs
      columns.updMs[i] = updMs
      columns.mainDay[i] = mainDay
      columns.updDay[i] = updDay
    }
    return columns
  }

  /** A text query as the evaluation takes it: each item's spellings and identifier as alternatives. */
  private specOf(layout: IndexLayout, text: TextQuery, match: MatchOptions): QuerySpec {
    const segments = this.segmentsOf(layout, match.mode)
    const identField = layout.fields.findIndex((f) => f.role === 'identifier')
    const variants = this.st.prepared('SELECT raw FROM sensitive_variants WHERE corpus = ? AND canonical = ?').pluck()
    const canonical = match.canonical && match.mode === 'sensitive'
    const opts: TermOptions = canonical
      ? { mode: match.mode, variantsOf: (c) => variants.all(layout.name, c) as string[] }
      : { mode: match.mode }
    const spellings = textSpellings(text, opts)
    // The work budget's postings: each term's documents from the segments' dictionaries (read anyway to match).
    const live = segments.reduce((n, s) => n + s.segment.docs.length - s.deleted.size, 0)
    checkPostings(spellings, (t) => segments.reduce((n, s) => n + (s.segment.terms.get(t)?.df ?? 0), 0), live)
    const item = (i: TextItem): ItemSpec => {
      const alternatives: Alternative[] = (spellings.get(i) ?? []).map((terms) => ({ terms }))
      if (i.identifier !== undefined && identField >= 0) alternatives.push({ terms: i.words.map(identifierTerm), field: identField })
      return { alternatives }
    }
    return { groups: text.groups.map((g) => g.map(item)), exclude: text.exclude.map(item) }
  }
}

function weightsOf(layout: IndexLayout): number[] {
  return layout.fields.map((f) => f.weight)
}
