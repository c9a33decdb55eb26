import type { AnyCorpus } from './define.js'
import { canonicalDates } from './fields.js'

/**
 * A stored record as a result shows it (before a search adds highlights and saved references):
 * its dates in the canonical form (records stored by older versions carry `Z` and fractions), then
 * the corpus's `toResult` (input-only fields dropped, defaults filled).
 *
 * @example resultOfStored(social, JSON.parse(json)).postedAt // '2019-01-13T15:00:20+00:00'
 */
export function resultOfStored(corpus: AnyCorpus, record: Record<string, unknown>): Record<string, unknown> {
  const canonical = canonicalDates(corpus.schema, record)
  return corpus.toResult ? (corpus.toResult(canonical) as Record<string, unknown>) : canonical
}
