/**
 * The block index behind the `TextIndex` seam (it replaced FTS5, whose `bm25()` scored every match
 * and joined it to `docs`): per corpus and match mode an index space
 * of segments (one per write call, merged as they pile up) in the snapshot, searched by `search`
 * over the live documents; per corpus one more space, `<corpus>:facets`, whose terms are the
 * documents' filter values (`facet\u0000value`), so a filter is read from postings too.
 *
 * Writing is `writer.ts` (with the merge policy, `merge.ts`); what a search orders and filters by,
 * `columns.ts`; the query's evaluation, `evaluate.ts`; the stored segments, `storage.ts`.
 */
import type { Db } from '../../store/database.js'
import type { Statements } from '../../store/statements.js'
import { MATCH_MODES, type MatchMode } from '../../text/modes.js'
import { relevanceOf } from '../bm25.js'
import { type TermOptions, identifierTerm, textSpellings } from '../terms.js'
import type { TextItem, TextQuery } from '../text-query.js'
import {
  type IndexLayout,
  type IndexPage,
  type IndexSearch,
  type IndexWriter,
  type MatchOptions,
  type TextIndex,
  fieldKey,
} from '../types.js'
import { checkPostings } from '../work-budget.js'
import { ColumnCache } from './columns.js'
import { countsOf } from './counts.js'
import { MatchSet } from './match-set.js'
import { search } from './evaluate.js'
import type { Alternative, EvaluateOptions, ItemSpec, QuerySpec } from './query-spec.js'
import type { Segment } from './segment.js'
import { spaceOf, weightsOf } from './spaces.js'
import { type StoredSegment, createBlockTables, dropCorpus, emptyBlockTables, normsOf, readSegments, versionOf } from './storage.js'
import { blockWriter } from './writer.js'

function layoutKey(layout: IndexLayout): string {
  // v2: filter values are postings of the index (v1 read them from `facets`); v3: blocks keep
  // their impacts (v2 one largest frequency and one shortest length).
  return JSON.stringify({ v: 3, fields: layout.fields.map((f) => fieldKey(f, true)) })
}

/** The block index: a `TextIndex` over one snapshot's connection, with its caches of segments and columns. */
export class BlockIndex implements TextIndex {
  /** Per index space: the segments read at a version (reused while the version holds). */
  private readonly segments = new Map<string, { version: number; segments: StoredSegment[] }>()
  /** Per corpus: its documents' columns at the version of its facet space (every write bumps it). */
  private readonly columns: ColumnCache

  constructor(
    private readonly db: Db,
    private readonly st: Statements,
  ) {
    this.columns = new ColumnCache(st, (space) => this.segmentsIn(space))
  }

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
    return blockWriter(this.st, layout, (space) => this.known(space))
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
    const columns = this.columns.of(req.layout.name)
    const { dates } = columns
    const { base } = dates
    const sets = req.facets.map((f) => columns.facetSet(f))
    // Called once per match: plain loops over arrays made once.
    const mainDay = (doc: number) => dates.mainDayOf(doc)
    const updDay = (doc: number) => dates.updDayOf(doc)
    const days = req.days.map((d) => ({ of: d.column === 'main' ? mainDay : updDay, from: d.from, to: d.to }))
    const accept =
      sets.length === 0 && days.length === 0
        ? undefined
        : (doc: number) => {
            const i = doc - base
            for (let k = 0; k < sets.length; k++) if ((sets[k] as Uint8Array)[i] !== 1) return false
            for (let k = 0; k < days.length; k++) {
              const d = days[k] as (typeof days)[number]
              const day = d.of(doc)
              if (day < d.from || day > d.to) return false
            }
            return true
          }
    const idOf = (doc: number) => columns.idOf(doc)
    const byId = (a: number, b: number) => {
      const x = idOf(a)
      const y = idOf(b)
      return x < y ? -1 : x > y ? 1 : 0
    }
    const main = (doc: number) => dates.mainMsOf(doc)
    const lead = req.first ? columns.facetDocs(req.first) : undefined
    // A search matching every document (no text, no filter) counts from the facets' totals, collecting nothing.
    const everything = req.text.groups.length === 0 && req.text.exclude.length === 0 && req.facets.length === 0 && req.days.length === 0
    const matches = req.counts && !everything ? new MatchSet() : undefined
    const options: EvaluateOptions = {
      k: req.offset + req.limit,
      ...(matches ? { collect: (doc: number) => matches.add(doc) } : {}),
      ...(accept ? { accept } : {}),
      ...(lead ? { first: (doc: number) => lead.has(doc) } : {}),
      ...(req.sort === 'relevance'
        ? { tie: (a: number, b: number) => main(b) - main(a) || byId(a, b) }
        : {
            tie: byId,
            order:
              req.sort === 'recently_updated'
                ? { key: (doc: number) => dates.updMsOf(doc), descending: true }
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
      ...(req.counts ? { counts: countsOf(columns, matches ?? 'all', req.counts) } : {}),
    }
  }

  problems(layout: IndexLayout, documents: number): string[] {
    const problems: string[] = []
    for (const mode of [...MATCH_MODES, 'facets'] as const) {
      let live = 0
      for (const s of this.segmentsIn(spaceOf(layout.name, mode))) {
        live += s.segment.docs.length - s.deleted.size
        const stored = s.segment.norms
        const want = stored && normsOf(s.segment)
        if (
          stored &&
          (want?.base !== stored.base ||
            want.total !== stored.total ||
            want.values.length !== stored.values.length ||
            !want.values.every((v, i) => stored.values[i] === v))
        )
          problems.push(`${spaceOf(layout.name, mode)}: segment ${s.id}'s stored document lengths differ from its per-field lengths`)
      }
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
