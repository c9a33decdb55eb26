/**
 * The counts of a block-index search over all its matches (`CountRequest`): per facet, how many
 * matches offer each value — each value's documents (`columns.ts`, read once per version) checked
 * against a bitmap of the matches, no record read — and per month or year of the main Brasília
 * day, how many matches fall in it (from the date columns).
 */
import type { CountRequest, IndexCounts, ValueCount } from '../types.js'
import type { DocColumns } from './columns.js'

/** The matches of one search as the walks find them (any order), for `countsOf`. */
export class MatchSet {
  private docs = new Int32Array(1024)
  size = 0

  add(doc: number): void {
    if (this.size === this.docs.length) {
      const grown = new Int32Array(this.docs.length * 2)
      grown.set(this.docs)
      this.docs = grown
    }
    this.docs[this.size++] = doc
  }

  /** The matches collected. */
  view(): Int32Array {
    return this.docs.subarray(0, this.size)
  }
}

/**
 * The counts asked of a search over its matches.
 *
 * @example countsOf(columns, matches, { facets: ['propositions.parties'], histogram: 'year' })
 */
export function countsOf(columns: DocColumns, matches: MatchSet, request: CountRequest): IndexCounts {
  const docs = matches.view()
  const { base, size } = columns.dates
  const facets = new Map<string, ValueCount[]>()
  if (request.facets.length > 0) {
    // One byte per document of the corpus: a value's documents are checked against it.
    const bits = new Uint8Array(size)
    for (let i = 0; i < docs.length; i++) {
      const at = (docs[i] as number) - base
      if (at >= 0 && at < size) bits[at] = 1
    }
    for (const facet of request.facets) {
      const counts: ValueCount[] = []
      for (const { value, docs: held } of columns.facetValues(facet)) {
        let count = 0
        for (let i = 0; i < held.length; i++) {
          const at = (held[i] as number) - base
          if (at >= 0 && at < size) count += bits[at] as number
        }
        if (count > 0) counts.push({ value, count, first: held[0] as number })
      }
      facets.set(facet, counts)
    }
  }
  return { facets, histogram: request.histogram ? histogramOf(columns, docs, request.histogram) : [] }
}

/** The matches per month (`YYYYMM`) or year (`YYYY`) of their main day, ascending, periods with a match only. */
function histogramOf(columns: DocColumns, docs: Int32Array, by: 'month' | 'year'): IndexCounts['histogram'] {
  const divisor = by === 'month' ? 100 : 10_000
  // Each match's period, then counted in an array over the span of periods (no map per match).
  const periods = new Int32Array(docs.length)
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let i = 0; i < docs.length; i++) {
    const period = Math.floor(columns.dates.mainDayOf(docs[i] as number) / divisor)
    periods[i] = period
    if (period < min) min = period
    if (period > max) max = period
  }
  if (docs.length === 0) return []
  const counts = new Int32Array(max - min + 1)
  for (let i = 0; i < periods.length; i++) (counts[(periods[i] as number) - min] as number)++
  const out: { period: number; count: number }[] = []
  for (let i = 0; i < counts.length; i++) if ((counts[i] as number) > 0) out.push({ period: min + i, count: counts[i] as number })
  return out
}
