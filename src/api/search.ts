import type { AnyCorpus } from '../corpora/define.js'
import { invalid } from '../errors.js'
import { runSearch } from '../index/search.js'
import { corpusSize } from '../store/documents.js'
import { parseBody } from '../query/body.js'
import { parseSearchParams } from '../query/params.js'
import { parseQ } from '../query/q.js'
import { andTextQueries, isEmptyTextQuery, positiveItems } from '../query/text-query.js'
import type { Statements } from '../store/statements.js'
import { highlightsOf } from '../text/highlight.js'
import { canonicalOf, matchModeOf } from '../text/modes.js'
import type { Monitors, SavedBucketRef } from './monitors.js'

/** Who is calling: fills `savedBuckets`/`savedPropositions` with that client's monitors only. */
export interface SearchContext {
  readonly clientId?: string
}

/** Spec 2.3. */
export interface Pagination {
  readonly page: number
  readonly limit: number
  readonly pages: number
  readonly total: number
}

export interface SearchResponse<T> {
  readonly results: T[]
  readonly pagination: Pagination
}

function clientOf(ctx: unknown): string | undefined {
  if (ctx === undefined || ctx === null) return undefined
  if (typeof ctx !== 'object' || Array.isArray(ctx)) throw invalid('ctx: must be an object { clientId?: string }')
  const { clientId, ...rest } = ctx as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0) throw invalid(`ctx: unknown field ${extra.map((k) => `'${k}'`).join(', ')}; ctx takes clientId`)
  if (clientId === undefined) return undefined
  if (typeof clientId !== 'string' || clientId === '') throw invalid('ctx.clientId: must be a non-empty string')
  return clientId
}

/**
 * One `POST /search/*` call: validate the query string and body, match and filter in the snapshot,
 * then map the page's rows to results with highlights and the caller's saved-folder references.
 */
export function search(
  st: Statements,
  monitors: Monitors,
  corpus: AnyCorpus,
  query: unknown,
  body: unknown,
  ctx: unknown,
): SearchResponse<Record<string, unknown>> {
  const params = parseSearchParams(query)
  const compiledBody = parseBody(corpus, body)
  const clientId = clientOf(ctx)
  const qText = parseQ(params.q)
  if (params.q.trim() !== '' && isEmptyTextQuery(qText)) {
    throw invalid(`q: ${JSON.stringify(params.q)} has no word with a letter or digit to search for`, ['q'])
  }
  const text = andTextQueries(qText, compiledBody.text)
  const mode = matchModeOf(params.modes)
  const canonical = canonicalOf(params.modes)
  const offset = (params.page - 1) * params.limit
  const { total, rows } = runSearch(
    st,
    { corpus, text, mode, canonical, body: compiledBody, sort: params.sort, limit: params.limit, offset },
    () => corpusSize(st, corpus.name),
  )
  const refs = monitors.refsFor(
    clientId,
    corpus.name,
    rows.map((r) => r.id),
  )
  const items = positiveItems(text)
  const highlighted = corpus.text.filter((f) => f.highlight)
  const foldIdentifiers = corpus.text.some((f) => f.role === 'identifier')

  const results = rows.map((row) => {
    const record = JSON.parse(row.record) as Record<string, unknown>
    const base = corpus.toResult ? corpus.toResult(record) : record
    const highlights = highlightsOf(
      highlighted.map((f) => ({ name: f.name, text: f.get(record) as string })),
      items,
      mode,
      { canonical, foldIdentifiers },
    )
    const saved: SavedBucketRef[] = refs.get(row.id) ?? []
    return {
      ...base,
      ...(corpus.relevance ? { relevance: row.relevance } : {}),
      highlights,
      [corpus.savedKey]: saved,
    }
  })
  return {
    results,
    pagination: { page: params.page, limit: params.limit, pages: Math.ceil(total / params.limit), total },
  }
}
