/**
 * A corpus's index spaces in the block index: one per match mode, whose fields are the layout's
 * text fields, and `<corpus>:facets`, whose one field holds the documents' filter values as terms
 * (`facet\u0000value`), so a filter is read from postings too.
 */
import type { MatchMode } from '../../text/modes.js'
import type { IndexLayout } from '../types.js'

/** The space of a corpus's match mode, or of its filter values. */
export const spaceOf = (corpus: string, mode: MatchMode | 'facets') => `${corpus}:${mode}`

/** The facet space's one field, of weight 1: a value is a term at position 0, 1, … of a document's values. */
export const FACET_WEIGHTS = [1] as const

/** A filter value's term in the facet space. */
export const facetTerm = (facet: string, value: string) => `${facet}\u0000${value}`

/** A layout's field weights, in field order (BM25's, in a mode's space). */
export function weightsOf(layout: IndexLayout): number[] {
  return layout.fields.map((f) => f.weight)
}
