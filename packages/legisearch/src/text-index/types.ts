import type { MatchMode } from '../text/modes.js'
import type { TextQuery } from './text-query.js'

/**
 * The seam between a search and the text index: what a search asks of an inverted index, in the
 * search's terms (documents by rowid, fields by name, words as typed), never in the terms of one
 * implementation. The block index (`blocks/`) and SQLite FTS5 (`fts5.ts`) implement it
 * (`registry.ts`); the planner, the writers and the integrity check see only this interface.
 */
export interface TextIndex {
  /** Which of these layouts the file has no index for, and which it indexes with another layout. */
  inspect(layouts: readonly IndexLayout[]): { readonly missing: readonly string[]; readonly changed: readonly string[] }
  /** Creates the (empty) indexes of these layouts. Inside the caller's transaction. */
  create(layouts: readonly IndexLayout[]): void
  /** A writer for one call's documents of one layout (inside the caller's transaction). */
  writer(layout: IndexLayout): IndexWriter
  /** How many documents match `text` (exclusions applied), ignoring filters. */
  matchCount(layout: IndexLayout, text: TextQuery, match: MatchOptions): number
  /** One page of matching documents, filtered, ordered and counted (see `IndexSearch`). */
  search(request: IndexSearch): IndexPage
  /** What is wrong with the index of a layout that should hold `documents` documents ([] when nothing). */
  problems(layout: IndexLayout, documents: number, writable: boolean): string[]
  /**
   * Removes the index of these corpora (their layout, segments or tables, and filter values), or
   * with no names every corpus of it (another index replaced it). In the caller's transaction.
   */
  drop(names?: readonly string[]): void
}

/** What the index knows of a corpus: its name and its text fields, in a fixed order. */
export interface IndexLayout {
  readonly name: string
  readonly fields: readonly IndexField[]
}

export interface IndexField {
  readonly name: string
  /** BM25 weight; title-like fields weigh more. */
  readonly weight: number
  /**
   * `identifier`: the field that proposition identifiers typed in `q` match, whatever the mode:
   * folded terms behind a marker no typed word can carry, so ordinary words never match it.
   */
  readonly role?: 'identifier'
  /**
   * The version of what the field's text is made from, when code derives it (a citation's
   * spellings): a new version makes the field's corpus be indexed again at the next writable open.
   */
  readonly version?: number
}

/** How a layout names a field in its key: name, role, weight and version (what, changed, needs indexing again). */
export function fieldKey(f: IndexField, withWeight: boolean): string {
  return [f.name, ...(f.role ? [f.role] : []), ...(withWeight ? [String(f.weight)] : []), ...(f.version ? [`v${f.version}`] : [])].join(':')
}

/** A document's filter values, `[facet, value]`, already normalized (e.g. `['propositions.types', 'pl']`). */
export type FacetValues = readonly (readonly [string, string])[]

/** Writes one call's documents; each document is its texts in the layout's field order, and its filter values. */
export interface IndexWriter {
  add(rowid: number, texts: readonly string[], facets: FacetValues): void
  remove(rowid: number): void
  /** Ends the call: an index that buffers the call's documents (one segment per call) writes them here. */
  finish?(): void
}

/** How query words compare with indexed words. */
export interface MatchOptions {
  readonly mode: MatchMode
  /** `sensitive` without `keyword`: canonically equivalent spellings match (NFC). */
  readonly canonical: boolean
}

/** The sorts of a search (DECISIONS §2). */
export type Sort = 'newest' | 'recently_updated' | 'older' | 'relevance'

/** Each entry: the document must offer at least one of `values` under `facet` (AND across entries). */
export interface FacetFilter {
  readonly facet: string
  readonly values: readonly string[]
}

/** Inclusive Brasília calendar days `YYYYMMDD` on the corpus date (`main`) or the last-change date. */
export interface DayFilter {
  readonly column: 'main' | 'updated'
  readonly from: number
  readonly to: number
}

/** One search: text, filters, order and page. */
export interface IndexSearch extends MatchOptions {
  readonly layout: IndexLayout
  readonly text: TextQuery
  readonly facets: readonly FacetFilter[]
  readonly days: readonly DayFilter[]
  readonly sort: Sort
  readonly limit: number
  readonly offset: number
  /** Documents offering one of these under `facet` come first, whatever the sort (identifiers typed in `q`). */
  readonly first?: FacetFilter
  /** What to count over every match besides the page (facet values, a histogram of the main date). */
  readonly counts?: CountRequest
}

/** What a search counts over all its matches (not only its page). */
export interface CountRequest {
  /** Facets (as stored, e.g. `propositions.parties`) whose values are counted. */
  readonly facets: readonly string[]
  /** Matches counted per month (`YYYYMM`) or year (`YYYY`) of their main Brasília day. */
  readonly histogram?: 'month' | 'year'
}

/** One facet value over the matches: how many matches offer it, and the lowest rowid of the corpus offering it. */
export interface ValueCount {
  readonly value: string
  readonly count: number
  /** The lowest live rowid holding the value (any document of the corpus, not only a match). */
  readonly first: number
}

/** The counts a search was asked for (see `CountRequest`). */
export interface IndexCounts {
  /** Per facet asked, its values offered by at least one match (a match counts once per value), in no order. */
  readonly facets: ReadonlyMap<string, readonly ValueCount[]>
  /** Per period (`YYYYMM` or `YYYY`) with at least one match, its count, ascending; sums to the total. */
  readonly histogram: readonly { readonly period: number; readonly count: number }[]
}

export interface IndexPage {
  /** The exact number of matches, ignoring paging. */
  readonly total: number
  /** The page, in order. `relevance` is 0 unless asked for. */
  readonly rows: readonly { readonly rowid: number; readonly relevance: number }[]
  /** The counts asked in `IndexSearch.counts` (absent when not asked). */
  readonly counts?: IndexCounts
}

/**
 * A query the index refuses for its own reasons (a phrase whose words the index holds in too many
 * spellings). The caller turns it into a `LegisearchError` naming its input.
 */
export class IndexQueryError extends Error {
  constructor(
    message: string,
    /** Which part of the request is at fault. */
    readonly part: 'modes',
  ) {
    super(message)
  }
}
