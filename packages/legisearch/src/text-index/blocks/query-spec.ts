/**
 * What the evaluation of a block index takes and gives: a text query as groups of alternatives
 * (`QuerySpec`), how its matches are ranked (`EvaluateOptions`), and the ranked page (`Ranked`).
 *
 * Matching: a document matches when every group has an item present and no excluded item is; an
 * item is present when one of its alternatives is; an alternative is a phrase (one or more terms,
 * consecutive in one field), in any field or in the one it names.
 */
export interface Alternative {
  /** Consecutive terms (one for a word). */
  readonly terms: readonly string[]
  /** The only field it may match in; any field when absent. */
  readonly field?: number
}

export interface ItemSpec {
  readonly alternatives: readonly Alternative[]
}

export interface QuerySpec {
  readonly groups: readonly (readonly ItemSpec[])[]
  readonly exclude: readonly ItemSpec[]
}

export interface EvaluateOptions {
  /** How many of the best matches to return. */
  readonly k: number
  /** A further condition on a matching document (filters); counted and ranked only when true. */
  readonly accept?: (doc: number) => boolean
  /** How equal scores (or keys) are ordered (DECISIONS §4: date, then id); document order by default. */
  readonly tie?: (a: number, b: number) => number
  /** Rank by a key of each document (a date) instead of BM25; nothing is scored (scores are 0). */
  readonly order?: { readonly key: (doc: number) => number; readonly descending: boolean }
  /** Documents for which this holds come first, whatever the order (identifiers typed in `q`). */
  readonly first?: (doc: number) => boolean
  /** Called once with each match counted in the total (facet counts and histograms of a search). */
  readonly collect?: (doc: number) => void
}

export interface Ranked {
  readonly doc: number
  readonly score: number
}
