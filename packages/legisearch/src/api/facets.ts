/**
 * Facet counts and the date histogram of a search (an extension, README "Facets and histogram"):
 * `facets=parties,states` counts the values of those value filters over EVERY match of the search,
 * `histogram=month|year` counts the matches per period of the corpus's main date. The index counts
 * (`IndexSearch.counts`, from its filter postings and date columns: no record is read); this file
 * checks the names, asks the index, and shapes the answer with each value as a user types it back.
 */
import * as z from 'zod'
import { invalid } from '../common/errors.js'
import { clipped } from '../common/shown.js'
import type { AnyCorpus } from '../corpora/define.js'
import { type ValueFilter, facetName, normalizerOf } from '../query/filters.js'
import type { SearchParams } from '../query/params.js'
import type { DocumentRows } from '../store/documents.js'
import type { CountRequest, IndexCounts } from '../text-index/types.js'

/** `facets=all`: every value filter of the corpus. */
export const ALL_FACETS = 'all'

/** One value of a facet over the matches: as typed back into its filter, and how many matches offer it. */
export const facetCountSchema = z
  .strictObject({
    value: z.string().meta({ description: 'The value, as the filter of the same name takes it.' }),
    count: z.int().min(1).meta({ description: 'How many matches offer this value (each match once per value).' }),
  })
  .meta({ id: 'FacetCount' })

/** `facets` of an answer: per filter asked, its values over every match, count descending then value ascending. */
export const facetsSchema = z.record(z.string(), z.array(facetCountSchema)).meta({
  id: 'FacetCounts',
  description:
    'An extension, present only when `facets` was asked: per filter, the values offered by the matches (all of them, not only the ' +
    'page), count descending then value ascending. A match counts once under each of its values; one with none is not counted.',
})

/** `histogram` of an answer: per period with a match, ascending. */
export const histogramSchema = z
  .array(
    z.strictObject({
      period: z.string().meta({ description: '`YYYY-MM` (month) or `YYYY` (year) of the main date, Brasília time.' }),
      count: z.int().min(1),
    }),
  )
  .meta({
    id: 'Histogram',
    description:
      'An extension, present only when `histogram` was asked: the matches per period of the corpus’s main date, ascending, periods ' +
      'with a match only; the counts sum to `pagination.total`.',
  })

export type FacetCount = z.output<typeof facetCountSchema>
export type FacetCounts = z.output<typeof facetsSchema>
export type Histogram = z.output<typeof histogramSchema>

/** What a search asked to count: the filter names (in the order asked) and the index's request. */
export interface FacetAsk {
  readonly names: readonly string[]
  readonly histogram: 'month' | 'year' | undefined
  /** At most this many values per facet (the most frequent), or every value. */
  readonly limit: number | undefined
  readonly request: CountRequest
}

/** The value filters of a corpus (the facets it offers), in declaration order. */
export function facetNamesOf(corpus: AnyCorpus): string[] {
  return Object.entries(corpus.filters).flatMap(([name, f]) => (f.kind === 'date' ? [] : [name]))
}

/**
 * Checks the `facets` and `histogram` of a search against its corpus: undefined when neither is
 * asked, else what to count. An unknown name (or a date filter) is a 400 naming the allowed ones.
 *
 * @example askedCounts(corpusOf('propositions'), parseSearchParams({ facets: 'parties,states', histogram: 'year' }))
 */
export function askedCounts(corpus: AnyCorpus, params: Pick<SearchParams, 'facets' | 'histogram' | 'facetLimit'>): FacetAsk | undefined {
  if (params.facets.length === 0 && params.histogram === undefined) return undefined
  const offered = facetNamesOf(corpus)
  const names: string[] = []
  for (const name of params.facets) {
    if (name === ALL_FACETS) names.push(...offered)
    else if (offered.includes(name)) names.push(name)
    else {
      const f = corpus.filters[name]
      const why =
        f?.kind === 'date' ? `'${name}' is a date filter (count dates with histogram=month|year)` : `unknown facet '${clipped(name)}'`
      throw invalid(`facets: ${why}; ${corpus.name} counts ${[ALL_FACETS, ...offered].join(', ')} (comma-separated)`, ['facets'])
    }
  }
  const unique = [...new Set(names)]
  return {
    names: unique,
    histogram: params.histogram,
    limit: params.facetLimit,
    request: {
      facets: unique.map((n) => facetName(corpus.name, n)),
      ...(params.histogram ? { histogram: params.histogram } : {}),
    },
  }
}

/**
 * The `facets` and `histogram` of an answer from the index's counts: each value shown as spelled in
 * the first stored record holding it (for filters that compare normalized values), sorted by count
 * descending then value ascending; periods as `YYYY-MM` or `YYYY`.
 *
 * @example shapeCounts(rows, corpus, ask, page.counts) // { facets: { parties: [{ value: 'PT', count: 12 }] } }
 */
export function shapeCounts(
  rows: DocumentRows,
  corpus: AnyCorpus,
  ask: FacetAsk,
  counts: IndexCounts | undefined,
): { facets?: FacetCounts; histogram?: Histogram } {
  const out: { facets?: FacetCounts; histogram?: Histogram } = {}
  if (ask.names.length > 0) {
    const facets: FacetCounts = {}
    for (const name of ask.names) {
      const f = corpus.filters[name] as ValueFilter<unknown>
      const found = counts?.facets.get(facetName(corpus.name, name)) ?? []
      const shown = displaySpellings(rows, corpus, name, f, found)
      const sorted = found
        .map((c) => ({ value: shown.get(c.value) ?? c.value, count: c.count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      // `facetLimit`: the first values of the whole list (counts stay exact).
      facets[name] = ask.limit === undefined ? sorted : sorted.slice(0, ask.limit)
    }
    out.facets = facets
  }
  if (ask.histogram) {
    const month = ask.histogram === 'month'
    out.histogram = (counts?.histogram ?? []).map(({ period, count }) => ({
      period: month ? `${Math.floor(period / 100)}-${String(period % 100).padStart(2, '0')}` : String(period),
      count,
    }))
  }
  return out
}

/** Per snapshot's rows: a normalized value's display spelling, by `corpus\0filter\0value` (kept: any spelling types back the same). */
const SPELLINGS = new WeakMap<DocumentRows, Map<string, string>>()

/**
 * How each value is shown. A filter comparing values exactly shows them as stored; one comparing
 * normalized values (folded case and accents) shows the spelling of the first stored record (lowest
 * rowid) offering the value, read once per snapshot and value: a few records, never the matches.
 */
function displaySpellings(
  rows: DocumentRows,
  corpus: AnyCorpus,
  name: string,
  f: ValueFilter<unknown>,
  found: readonly { value: string; first: number }[],
): Map<string, string> {
  const shown = new Map<string, string>()
  if (f.kind !== 'open' && f.normalize === undefined) return shown
  let known = SPELLINGS.get(rows)
  if (!known) SPELLINGS.set(rows, (known = new Map()))
  const key = (value: string) => `${corpus.name}\u0000${name}\u0000${value}`
  const missing = found.filter((c) => {
    const spelled = known.get(key(c.value))
    if (spelled !== undefined) shown.set(c.value, spelled)
    return spelled === undefined
  })
  if (missing.length === 0) return shown
  const normalize = normalizerOf(f)
  const records = new Map<number, { record: string }>()
  for (let at = 0; at < missing.length; at += 500) {
    const some = rows.records(
      corpus.name,
      missing.slice(at, at + 500).map((c) => c.first),
    )
    for (const [rowid, stored] of some) records.set(rowid, stored)
  }
  for (const c of missing) {
    const stored = records.get(c.first)
    if (stored === undefined) continue
    for (const v of f.values(JSON.parse(stored.record) as never)) {
      if (normalize(v) !== c.value) continue
      const spelled = v.trim()
      known.set(key(c.value), spelled)
      shown.set(c.value, spelled)
      break
    }
  }
  return shown
}
