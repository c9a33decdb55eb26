import type { z } from 'zod'

/** The names of the searchable collections, as `upsert` and the registry know them. */
export type CorpusName = 'propositions' | 'social' | 'dou' | 'bacen' | 'notices' | 'irs'

/** A text field searched by the index. */
export interface TextField<R> {
  readonly name: string
  /** BM25 weight; title-like fields weigh more. */
  readonly weight: number
  /** Whether the field appears in `highlights` (synthetic fields do not). */
  readonly highlight: boolean
  /**
   * `identifier`: the column that proposition identifiers typed in `q` match, whatever the mode:
   * folded terms behind a marker no typed word can carry, so ordinary words never match it.
   */
  readonly role?: 'identifier'
  get(record: R): string
}

/**
 * A body filter.
 * - `open`: an open-value list compared case- and accent-insensitively.
 * - `id`: an id list compared exactly; unknown ids simply match nothing.
 * - `flag`: items `'true'`/`'false'` only.
 * - `date`: a DateRange on the corpus date (`main`) or the last-change date (`updated`).
 */
export type Filter<R> =
  | {
      readonly kind: 'open' | 'id' | 'flag'
      /** The values a record offers to this filter (before normalization). */
      values(record: R): Iterable<string>
      /** How a value is compared; defaults per kind (fold for `open`, exact otherwise). */
      normalize?: (value: string) => string
    }
  | { readonly kind: 'date'; readonly column: 'main' | 'updated' }

export interface CorpusDefinition<R extends { id: string }> {
  readonly name: CorpusName
  /** The search method on the snapshot (`searchPropositions`…). */
  readonly method: string
  /** Validates one input record and fills its defaults. */
  readonly schema: z.ZodType<R, unknown>
  readonly text: readonly TextField<R>[]
  readonly filters: Readonly<Record<string, Filter<R>>>
  /** The corpus date (`newest`/`older`, `created_at`). */
  mainDate(record: R): string
  /** The date of the last change (`recently_updated`, `updated_at`). */
  updatedDate(record: R): string
  /** Name of the saved-folders array on a result. */
  readonly savedKey: 'savedPropositions' | 'savedBuckets'
  /** Whether results carry an integer `relevance` (propositions do). */
  readonly relevance: boolean
  /** Identifier keys a record answers to when typed in `q` (propositions: `pl 2630 2020`, `pl 2630`). */
  identifiers?(record: R): string[]
  /** The stored record as a result (drops input-only fields). */
  toResult?(record: R): Record<string, unknown>
}

/** Declares a corpus; the registry lists every one and the conformance suite tests them all. */
export function defineCorpus<R extends { id: string }>(def: CorpusDefinition<R>): CorpusDefinition<R> {
  return def
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds corpora of different record types
export type AnyCorpus = CorpusDefinition<any>
