import { invalid } from '../common/errors.js'
import type { AnyCorpus } from '../corpora/define.js'
import { type SearchDeps, compileSearch, resultsOf, runSearch } from './search.js'

/** How many results are read and made at a time (one read of the records, one of saved references). */
export const SEARCH_ALL_PAGE = 500

/**
 * Every result of a search, as an iterator, with `total`: how many it yields at most (the matches
 * when the search ran; fewer when some were removed since).
 */
export type SearchAll<T> = Generator<T, void, undefined> & { readonly total: number }

/** What `searchAll` needs of the snapshot: its rows and index, and a read of one state of the file. */
export interface SearchAllDeps extends SearchDeps {
  /** Runs `fn` as one read transaction of an open snapshot (refused once the snapshot is closed). */
  read<R>(fn: () => R): R
}

/**
 * Every result of a search, in the search's order, each record once. The query string and body are
 * those of `search` (validated at the call, before anything is yielded), without `page` and `limit`.
 *
 * Consistency: the matching records and their order are fixed at the call, in one read of the file
 * (a write between pages cannot shift, repeat or skip a record). Records are then read page by page
 * as iteration goes: a record removed meanwhile is left out, a record changed meanwhile is yielded
 * as it is when its page is read (it may no longer match), a record added meanwhile is not yielded.
 *
 * @example for (const r of searchAll(deps, corpusOf('dou'), { q: 'portaria' }, {})) console.log(r.id)
 */
export function searchAll(
  deps: SearchAllDeps,
  corpus: AnyCorpus,
  query: unknown,
  body: unknown,
  ctx: unknown,
): SearchAll<Record<string, unknown>> {
  for (const key of ['page', 'limit', 'facets', 'histogram'] as const) {
    const given = query instanceof URLSearchParams ? query.has(key) : isObject(query) && query[key] !== undefined
    const counts = key === 'facets' || key === 'histogram'
    if (given)
      throw invalid(
        counts
          ? `${key}: searchAll yields every result; it counts nothing (ask search for ${key}, with limit=1)`
          : `${key}: searchAll yields every result, page by page; it takes no ${key}`,
        [key],
      )
  }
  const compiled = compileSearch(corpus, query, body, ctx)
  // The matches and the id each held, in one read: a rowid freed by a removal may be given to a
  // record added later, which must not be yielded in its place.
  const { rows, ids } = deps.read(() => {
    const matched = runSearch(deps.index, compiled, Number.MAX_SAFE_INTEGER, 0).rows
    return {
      rows: matched,
      ids: deps.rows.idsOf(
        corpus.name,
        matched.map((r) => r.rowid),
      ),
    }
  })
  function* pages(): Generator<Record<string, unknown>, void, undefined> {
    for (let at = 0; at < rows.length; at += SEARCH_ALL_PAGE) {
      const page = rows.slice(at, at + SEARCH_ALL_PAGE)
      yield* deps.read(() => resultsOf(deps, compiled, page, ids))
    }
  }
  return Object.assign(pages(), { total: rows.length })
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null
}
