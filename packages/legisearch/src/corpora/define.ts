import type { z } from 'zod'
import type { Filter } from '../query/filters.js'

export type { Filter } from '../query/filters.js'

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
  /** The version of the code that derives the field's text (see `IndexField.version`). */
  readonly version?: number
  get(record: R): string
}

/** The body filters of a corpus, by name. */
export type Filters<R> = Readonly<Record<string, Filter<R>>>

/**
 * One search corpus: what `upsert` accepts, what the index holds, which filters the body takes,
 * and what a result looks like. `N` is its name (the collection, the endpoint `POST /search/<N>`,
 * the method `search<N>`), `R` its stored record, `S` its result schema, `I` a record as `upsert`
 * accepts it (the schema's input), `F` its filters (their names and kinds type the search body).
 */
export interface CorpusDefinition<
  N extends string,
  R extends { id: string },
  S extends z.ZodObject = z.ZodObject,
  I = unknown,
  F extends Filters<R> = Filters<R>,
> {
  readonly name: N
  /** What the corpus holds, in one line (documentation and the OpenAPI document). */
  readonly description: string
  /** Validates one input record and fills its defaults. */
  readonly schema: z.ZodType<R, I>
  /** A search result: the record as results show it, plus `highlights`, the saved references and `relevance` where it has one. */
  readonly result: S
  readonly text: readonly TextField<R>[]
  readonly filters: F
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

/**
 * Declares a corpus; the record type comes from its schema. The registry lists every one, and the
 * conformance suite tests them all.
 *
 * @example export const notices = defineCorpus({ name: 'notices', description: '…', schema, result, text, filters, … })
 */
export function defineCorpus<const N extends string, R extends { id: string }, S extends z.ZodObject, I, F extends Filters<R>>(
  def: CorpusDefinition<N, R, S, I, F>,
): CorpusDefinition<N, R, S, I, F> {
  return def
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds corpora of different record types
export type AnyCorpus = CorpusDefinition<string, any>
