import * as z from 'zod'
import { type LegisearchError, invalid } from '../common/errors.js'
import { validate } from '../common/validate.js'
import type { AnyCorpus } from '../corpora/define.js'
import { resultOfStored } from '../corpora/stored.js'
import { parseBody } from '../query/body.js'
import { parseSearchParams } from '../query/params.js'
import { identifierFacet } from '../query/filters.js'
import { parseQ } from '../query/q.js'
import type { DocumentRows } from '../store/documents.js'
import { type TextItem, andTextQueries, isEmptyTextQuery, positiveItems } from '../text-index/text-query.js'
import { WorkBudgetExceeded } from '../text-index/work-budget.js'
import { type IndexPage, IndexQueryError, type IndexSearch, type TextIndex } from '../text-index/types.js'
import { type HighlightBudget, highlightsOf } from '../text/highlight.js'
import { canonicalOf, matchModeOf } from '../text/modes.js'
import { layoutOf } from './documents.js'
import { type FacetAsk, type FacetCounts, type Histogram, askedCounts, shapeCounts } from './facets.js'
import type { Monitors } from './monitors.js'
import { shown } from '../common/shown.js'

/** Who is calling: fills `savedBuckets`/`savedPropositions` with that client's monitors only. */
export const searchContextSchema = z.strictObject(
  { clientId: z.string({ error: 'must be a non-empty string' }).min(1, 'must be a non-empty string').optional() },
  { error: 'must be an object { clientId?: string }' },
)

export type SearchContext = z.input<typeof searchContextSchema>

/** Spec 2.3. */
export const paginationSchema = z
  .strictObject({
    page: z.int().min(1).meta({ description: 'The current page.' }),
    limit: z.int().min(1).meta({ description: 'The page size in effect.' }),
    pages: z.int().min(0).meta({ description: 'Total pages at the current limit.' }),
    total: z.int().min(0).meta({ description: 'Total matching the filters, ignoring paging.' }),
  })
  .meta({ id: 'Pagination' })

export type Pagination = z.output<typeof paginationSchema>

export interface SearchResponse<T> {
  readonly results: T[]
  readonly pagination: Pagination
  /** Per filter asked in `facets`, its values over every match (an extension: absent unless asked). */
  readonly facets?: FacetCounts
  /** The matches per period of the main date, when `histogram` is asked (an extension: absent unless asked). */
  readonly histogram?: Histogram
}

export interface SearchDeps {
  readonly rows: DocumentRows
  readonly index: TextIndex
  readonly monitors: Monitors
}

/** A search checked and compiled: what the index runs (but the page) and what its results are made with. */
export interface CompiledSearch {
  readonly corpus: AnyCorpus
  readonly params: ReturnType<typeof parseSearchParams>
  readonly request: Omit<IndexSearch, 'limit' | 'offset'>
  readonly items: ReturnType<typeof positiveItems>
  readonly clientId: string | undefined
  /** Which request parameter each text item came from (`q`, `keywords.or`, …), for messages. */
  readonly sources: ReadonlyMap<TextItem, string>
  /** The facets and histogram asked (README "Facets and histogram"), if any. */
  readonly counts: FacetAsk | undefined
}

/** Validates the query string, body and context of a search and compiles them for the index. */
export function compileSearch(corpus: AnyCorpus, query: unknown, body: unknown, ctx: unknown): CompiledSearch {
  const params = parseSearchParams(query)
  const compiledBody = parseBody(corpus, body)
  const clientId =
    ctx === undefined || ctx === null ? undefined : validate(searchContextSchema, ctx, { where: 'ctx', label: 'ctx' }).clientId
  const qText = parseQ(params.q)
  if (params.q.trim() !== '' && isEmptyTextQuery(qText)) {
    throw invalid(`q: ${shown(params.q)} has no word with a letter or digit to search for`, ['q'])
  }
  const text = andTextQueries(qText, compiledBody.text)
  const items = positiveItems(text)
  // A proposition identifier typed in `q` ranks that proposition first, whatever the sort.
  const identifiers = corpus.identifiers ? items.flatMap((i) => (i.identifier === undefined ? [] : [i.identifier])) : []
  const counts = askedCounts(corpus, params)
  const request = {
    layout: layoutOf(corpus),
    text,
    mode: matchModeOf(params.modes),
    canonical: canonicalOf(params.modes),
    facets: compiledBody.facets,
    days: compiledBody.days,
    sort: params.sort,
    ...(identifiers.length > 0 ? { first: { facet: identifierFacet(corpus.name), values: identifiers } } : {}),
    ...(counts ? { counts: counts.request } : {}),
  }
  const sources = new Map(compiledBody.sources)
  for (const i of [...qText.groups.flat(), ...qText.exclude]) sources.set(i, 'q')
  return { corpus, params, request, items, clientId, sources, counts }
}

/** The index's page of a compiled search: `limit` rows from `offset`, in the search's order, and the total. */
export function runSearch(index: TextIndex, compiled: CompiledSearch, limit: number, offset: number): IndexPage {
  try {
    return index.search({ ...compiled.request, limit, offset })
  } catch (e) {
    if (e instanceof IndexQueryError) throw invalid(e.message, [e.part])
    if (e instanceof WorkBudgetExceeded) throw overBudget(e, compiled.sources)
    throw e
  }
}

/** A search over the work budget as a 400 naming the parameter that asks the most (`keywords.or`, `q`). */
function overBudget(e: WorkBudgetExceeded, sources: ReadonlyMap<TextItem, string>): LegisearchError {
  const shares = new Map<string, number>()
  for (const [item, cost] of e.costs) {
    const parameter = sources.get(item) ?? 'q'
    shares.set(parameter, (shares.get(parameter) ?? 0) + cost)
  }
  const [parameter, share] = [...shares].reduce((a, b) => (b[1] > a[1] ? b : a))
  return invalid(e.messageFor(parameter, share), parameter.split('.'))
}

/**
 * The results of index rows, in their order: each stored record mapped by the corpus's `toResult`,
 * with highlights and the caller's saved references. A row whose record is gone is skipped.
 */
export function resultsOf(
  deps: SearchDeps,
  compiled: CompiledSearch,
  rows: IndexPage['rows'],
  /** The id each rowid held when the rows were matched: a rowid freed and reused since is skipped. */
  expected?: ReadonlyMap<number, string>,
): Record<string, unknown>[] {
  const { corpus, items, clientId } = compiled
  const { mode, canonical } = compiled.request
  const records = deps.rows.records(
    corpus.name,
    rows.map((r) => r.rowid),
  )
  const found = rows.flatMap((r) => {
    const stored = records.get(r.rowid)
    if (stored === undefined || (expected !== undefined && expected.get(r.rowid) !== stored.id)) return []
    return [{ ...stored, relevance: r.relevance }]
  })
  const refs = deps.monitors.refsFor(
    clientId,
    corpus.name,
    found.map((r) => r.id),
  )
  const highlighted = corpus.text.filter((f) => f.highlight)
  const foldIdentifiers = corpus.text.some((f) => f.role === 'identifier')
  const budget: HighlightBudget = { read: 0 }

  return found.map((row) => {
    const record = JSON.parse(row.record) as Record<string, unknown>
    const base = resultOfStored(corpus, record)
    const highlights = highlightsOf(
      highlighted.map((f) => ({ name: f.name, text: f.get(record) })),
      items,
      mode,
      { canonical, foldIdentifiers, budget },
    )
    return {
      ...base,
      ...(corpus.relevance ? { relevance: row.relevance } : {}),
      highlights,
      [corpus.savedKey]: refs.get(row.id) ?? [],
    }
  })
}

/**
 * One `POST /search/*` call: validate the query string and body, match and filter in the snapshot,
 * then map the page's rows to results with highlights and the caller's saved-folder references.
 */
export function search(
  deps: SearchDeps,
  corpus: AnyCorpus,
  query: unknown,
  body: unknown,
  ctx: unknown,
): SearchResponse<Record<string, unknown>> {
  const compiled = compileSearch(corpus, query, body, ctx)
  const { page: n, limit } = compiled.params
  const page = runSearch(deps.index, compiled, limit, (n - 1) * limit)
  return {
    results: resultsOf(deps, compiled, page.rows),
    pagination: { page: n, limit, pages: Math.ceil(page.total / limit), total: page.total },
    ...(compiled.counts ? shapeCounts(deps.rows, compiled.corpus, compiled.counts, page.counts) : {}),
  }
}
