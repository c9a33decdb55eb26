import { fold } from '../text/fold.js'

/**
 * A body filter of a search (spec 4.1–4.7), as a corpus declares it.
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

/** A value filter (not a date). */
export type ValueFilter<R> = Exclude<Filter<R>, { kind: 'date' }>

/** What the grammar needs of a corpus to read a search body: its name and its filters. */
export interface FilterSet {
  readonly name: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record type: the grammar reads only kinds and normalizers
  readonly filters: Readonly<Record<string, Filter<any>>>
}

/** The facet name under which a corpus filter's values are stored. */
export function facetName(corpus: string, filter: string): string {
  return `${corpus}.${filter}`
}

/** The facet under which a corpus stores the identifier keys its records answer to (`pl 2630 2020`). */
export function identifierFacet(corpus: string): string {
  return `${corpus}.ident`
}

/** How a filter's values compare: folded for open values, exact otherwise. */
export function normalizerOf(f: ValueFilter<unknown>): (v: string) => string {
  return f.normalize ?? (f.kind === 'open' ? (v: string) => fold(v).trim() : (v: string) => v)
}
