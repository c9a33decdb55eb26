/**
 * The counts of a block-index search over all its matches (`CountRequest`): per facet, how many
 * matches offer each value — each match's values read from its segment's piece of the facet's
 * forward index (`facet-index.ts`), no record read — and per month or year
 * of the main Brasília day, how many matches fall in it (from the date columns).
 */
import type { CountRequest, IndexCounts, ValueCount } from '../types.js'
import type { DocColumns } from './columns.js'
import type { Piece } from './facet-index.js'
import type { MatchSet } from './match-set.js'

/**
 * The counts asked of a search over its matches.
 *
 * @example countsOf(columns, matches, { facets: ['propositions.parties'], histogram: 'year' })
 */
export function countsOf(columns: DocColumns, matches: MatchSet | 'all', request: CountRequest): IndexCounts {
  if (matches === 'all') return countsOfAll(columns, request)
  const docs = matches.view()
  const facets = new Map<string, ValueCount[]>()
  const { base, segmentOf, positionOf } = columns.locator()
  const size = segmentOf.length
  for (const facet of request.facets) {
    // Each match's values, from its segment's piece of the facet: the cost is the matches', not the corpus's.
    const { values, first, pieces } = columns.facetView(facet)
    const counts = new Int32Array(first.length)
    for (let i = 0; i < docs.length; i++) {
      const at = (docs[i] as number) - base
      if (at < 0 || at >= size) continue
      const s = segmentOf[at] as number
      if (s === 0) continue
      const { offsets, ids } = pieces[s - 1] as Piece
      const p = positionOf[at] as number
      const end = offsets[p + 1] as number
      for (let k = offsets[p] as number; k < end; k++) (counts[ids[k] as number] as number)++
    }
    const out: ValueCount[] = []
    for (let v = 0; v < counts.length; v++)
      if ((counts[v] as number) > 0) out.push({ value: values[v] as string, count: counts[v] as number, first: first[v] as number })
    facets.set(facet, out)
  }
  return { facets, histogram: request.histogram ? histogramOf(columns, docs, request.histogram) : [] }
}

/** The counts of a search matching every document: each value's total, kept with the forward index (no walk over the matches). */
function countsOfAll(columns: DocColumns, request: CountRequest): IndexCounts {
  const facets = new Map<string, ValueCount[]>()
  for (const facet of request.facets) {
    const { values, first, totals } = columns.facetView(facet)
    const out: ValueCount[] = []
    for (let v = 0; v < values.length; v++)
      if ((totals[v] as number) > 0) out.push({ value: values[v] as string, count: totals[v] as number, first: first[v] as number })
    facets.set(facet, out)
  }
  const by = request.histogram
  return { facets, histogram: by ? columns.memo(`histogram:${by}`, () => histogramOf(columns, columns.liveDocs(), by)) : [] }
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
