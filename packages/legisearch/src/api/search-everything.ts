/**
 * One search across every search corpus (`snap.searchEverything`, `POST /search`, an extension):
 * each corpus searched as `POST /search/<corpus>` would search it, then merged into one order by a
 * rule that does not compare BM25 scores across corpora (README "One search across every corpus").
 */
import * as z from 'zod'
import { bodyObject, queryObject } from '../common/input.js'
import { formatPath, validate } from '../common/validate.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import { dateRangeSchema, isDateRangeEnd } from '../query/date-range.js'
import { parseSearchParams, searchQuerySchema } from '../query/params.js'
import type { IndexPage } from '../text-index/types.js'
import type { ResultOf } from './result-types.js'
import { searchMethodOf } from './search-methods.js'
import { type CompiledSearch, type Pagination, type SearchDeps, compileSearch, paginationSchema, resultsOf, runSearch } from './search.js'

/** The sorts of a search across corpora: by the merged relevance (default) or by each result's corpus date. */
export const EVERYTHING_SORTS = ['relevance', 'newest'] as const

export type EverythingSort = (typeof EVERYTHING_SORTS)[number]

/**
 * The query string of `POST /search`: `page`, `limit`, `q`, `modes` as `POST /search/*` takes them
 * (picked by name: a parameter `/search/*` gains later is refused here until it means something
 * across corpora), with `sort` one of `relevance` (default) or `newest`.
 */
export const everythingQuerySchema = searchQuerySchema.pick({ page: true, limit: true, q: true, modes: true }).extend({
  sort: z
    .enum(EVERYTHING_SORTS, { error: `must be one of ${EVERYTHING_SORTS.join(', ')} (a search across corpora merges by these only)` })
    .default('relevance')
    .meta({ description: 'relevance (default): the corpora interleaved by rank; newest: by each result’s corpus date.' }),
})

/** The JSON body of `POST /search`: only `created_at`, each corpus's DateRange on its own date. */
export const everythingBodySchema = z
  .strictObject({
    created_at: dateRangeSchema.optional().meta({ description: 'Each corpus’s `created_at` (its main date), inclusive days.' }),
  })
  .meta({ id: 'EverythingSearchBody' })

/** The query string of `searchEverything`, typed (`sort`: relevance or newest); a `URLSearchParams` is taken too, checked at run time. */
export type EverythingQuery = Omit<z.input<typeof everythingQuerySchema>, 'sort'> & { sort?: EverythingSort }

/** The body of `searchEverything` (`POST /search`): `created_at`, each corpus's DateRange on its own date. */
export type EverythingBody = z.input<typeof everythingBodySchema>

/** One result of `POST /search`: the corpus's own result, tagged with its corpus. */
export type EverythingResult = { [N in CorpusName]: { corpus: N } & ResultOf[N] }[CorpusName]

/** The answer of `POST /search`. */
export interface EverythingResponse {
  readonly results: EverythingResult[]
  /** `total` = the sum of `totals`. */
  readonly pagination: Pagination
  /** Every search corpus's own total (what its `POST /search/<corpus>` answers), 0s included. */
  readonly totals: Record<CorpusName, number>
}

/** The response schema of `POST /search` (OpenAPI, MCP): each result is a corpus's result with `corpus`. */
export const everythingResponseSchema = z
  .strictObject({
    results: z.array(
      z.discriminatedUnion(
        'corpus',
        CORPUS_NAMES.map((n) =>
          corpusOf(n)
            .result.extend({ corpus: z.literal(n).meta({ description: 'The corpus the result is of.' }) })
            .meta({ id: `${searchMethodOf(n).slice('search'.length)}EverythingResult` }),
        ) as unknown as [z.ZodObject, ...z.ZodObject[]],
      ),
    ),
    pagination: paginationSchema,
    totals: z
      .strictObject(Object.fromEntries(CORPUS_NAMES.map((n) => [n, z.int().min(0)])) as Record<CorpusName, z.ZodInt>)
      .meta({ description: 'Each corpus’s total; pagination.total is their sum.' }),
  })
  .meta({ id: 'EverythingSearchResponse' })

/** One corpus's part of a search across corpora: its first rows in its own order, how many lead, its total. */
interface Part {
  readonly name: CorpusName
  readonly compiled: CompiledSearch
  readonly rows: IndexPage['rows']
  /** How many of its first rows are documents an identifier typed in `q` puts first (they lead the merge too). */
  readonly leading: number
  readonly total: number
  /** The corpus date of the row at a position (for `newest`; read as the merge reaches it). */
  readonly mainMsAt: (at: number) => number
}

/** How many rows' dates are read at a time, as the merge reaches them. */
const DATES_CHUNK = 500

/**
 * The corpus date of a part's row by position, read from the file a chunk at a time as the merge
 * reaches it: a deep page of `newest` reads about the merged window's dates, not every part's.
 */
function datesOf(deps: SearchDeps, name: CorpusName, rows: IndexPage['rows']): (at: number) => number {
  const known = new Map<number, number>()
  let readTo = 0
  return (at) => {
    while (at >= readTo) {
      const chunk = rows.slice(readTo, readTo + DATES_CHUNK).map((r) => r.rowid)
      for (const [rowid, ms] of deps.rows.mainMsOf(name, chunk)) known.set(rowid, ms)
      readTo += DATES_CHUNK
    }
    return known.get((rows[at] as IndexPage['rows'][number]).rowid) ?? Number.NEGATIVE_INFINITY
  }
}

/** A position of the merged order: a part and a row of it. */
interface Merged {
  readonly part: number
  readonly at: number
}

/**
 * The first `n` positions of the merged order of `parts` (in registry order), each part's rows in
 * its own order: first every part's leading rows (identifiers typed in `q`), part by part; then
 * `relevance` interleaves the parts by rank (reciprocal-rank fusion: every part's rank 1, then
 * every rank 2, …; a tie of ranks goes to the part first in the registry), `newest` takes the
 * newest head (a tie of dates goes to the part first in the registry; within a part, its own order).
 */
function mergeOrder(parts: readonly Part[], sort: EverythingSort, n: number): Merged[] {
  const out: Merged[] = []
  const next = parts.map(() => 0)
  const take = (p: number): void => {
    const at = next[p] as number
    next[p] = at + 1
    out.push({ part: p, at })
  }
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as Part
    while (out.length < n && (next[p] as number) < Math.min(part.leading, part.rows.length)) take(p)
  }
  const has = (p: number) => (next[p] as number) < (parts[p] as Part).rows.length
  if (sort === 'relevance') {
    for (let any = true; any && out.length < n;) {
      any = false
      for (let p = 0; p < parts.length && out.length < n; p++) {
        if (!has(p)) continue
        take(p)
        any = true
      }
    }
    return out
  }
  while (out.length < n) {
    let best = -1
    let bestMs = Number.NEGATIVE_INFINITY
    for (let p = 0; p < parts.length; p++) {
      if (!has(p)) continue
      const part = parts[p] as Part
      const ms = part.mainMsAt(next[p] as number)
      if (best < 0 || ms > bestMs) {
        best = p
        bestMs = ms
      }
    }
    if (best < 0) break
    take(best)
  }
  return out
}

/**
 * Searches every corpus at once (`POST /search`, an extension): the query string of `POST /search/*`
 * (`sort` is `relevance`, the default, or `newest`) and a body of only `created_at`. Each corpus is
 * searched as its own endpoint would (same validation, matching, filters and order); the page is a
 * slice of one merged order (see `mergeOrder`), so pages never overlap and a page depends only on
 * the corpora's first `page × limit` results. Run inside one read of the file (the caller's).
 *
 * @example searchEverything(deps, { q: 'PL 2630/2020', limit: 5 }, {}) // { results: [{ corpus: 'propositions', id: … }, …], pagination, totals: { propositions: 1, dou: 3, … } }
 */
export function searchEverything(deps: SearchDeps, query: unknown, body: unknown, ctx: unknown): EverythingResponse {
  const raw = queryObject(query)
  const { page, limit, sort } = validate(everythingQuerySchema, raw, {
    where: 'query',
    allowedText: (_path, keys) => `the query string takes ${keys.join(', ')}`,
  })
  // The modes, as `/search/*` checks them (the sort is this endpoint's own).
  const perCorpusQuery = { ...raw, sort, page: 1, limit: 1 }
  parseSearchParams(perCorpusQuery)
  const dateFields = new Set(['created_at'])
  const checked = validate(everythingBodySchema, bodyObject(body), {
    where: 'body',
    allowedText: (path, keys) =>
      path.length === 0
        ? `POST /search (every corpus) takes ${keys.join(', ')}; search one corpus for its other filters`
        : `${formatPath(path)} takes ${keys.join(', ')}`,
    codeOf: (issue) => (isDateRangeEnd(issue.path, dateFields) ? 'invalid_date_range' : 'invalid_parameters'),
  })
  const perCorpusBody = checked.created_at === undefined ? {} : { created_at: checked.created_at }
  // Every corpus's first `page × limit` results hold the merged order's first `page × limit`.
  const window = Math.min(page * limit, Number.MAX_SAFE_INTEGER)
  const parts = CORPUS_NAMES.map((name): Part => {
    const corpus = corpusOf(name)
    const compiled = compileSearch(corpus, perCorpusQuery, perCorpusBody, ctx)
    const { rows, total } = runSearch(deps.index, compiled, window, 0)
    const first = compiled.request.first
    let leading = 0
    if (first !== undefined && rows.length > 0) {
      const { first: _first, ...request } = compiled.request
      leading = runSearch(deps.index, { ...compiled, request: { ...request, facets: [...request.facets, first] } }, 0, 0).total
    }
    const mainMsAt = datesOf(deps, name, rows)
    return { name, compiled, rows, leading, total, mainMsAt }
  })
  const offset = (page - 1) * limit
  const slice = mergeOrder(parts, sort, window).slice(offset, offset + limit)
  // Each part's rows of the page, made into results at once (one read of records and saved references per corpus).
  const made = parts.map((part, p) => {
    const rows = slice.filter((m) => m.part === p).map((m) => part.rows[m.at] as IndexPage['rows'][number])
    const results = resultsOf(deps, part.compiled, rows)
    return new Map(rows.map((r, i) => [r.rowid, results[i]]))
  })
  const results = slice.flatMap((m) => {
    const part = parts[m.part] as Part
    const result = made[m.part]?.get((part.rows[m.at] as IndexPage['rows'][number]).rowid)
    return result === undefined ? [] : [{ corpus: part.name, ...result } as EverythingResult]
  })
  const totals = Object.fromEntries(parts.map((p) => [p.name, p.total])) as Record<CorpusName, number>
  const total = parts.reduce((n, p) => n + p.total, 0)
  return { results, pagination: { page, limit, pages: Math.ceil(total / limit), total }, totals }
}
