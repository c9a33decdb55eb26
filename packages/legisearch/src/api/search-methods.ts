import { CORPUS_NAMES, type CorpusName } from '../corpora/registry.js'
import type { SearchQuery } from '../query/params.js'
import type { SearchBody } from './input-types.js'
import type { ResultOf } from './result-types.js'
import type { SearchContext, SearchResponse } from './search.js'

/** The search method of each corpus: `searchPropositions`, `searchSocial`, … (derived from the registry). */
export type SearchMethods = {
  [N in CorpusName as `search${Capitalize<N>}`]: (
    query?: SearchQuery | URLSearchParams,
    body?: SearchBody<N>,
    ctx?: SearchContext,
  ) => SearchResponse<ResultOf[N]>
}

/**
 * The snapshot method name of a corpus's search.
 *
 * @example searchMethodOf('dou') // 'searchDou'
 */
export function searchMethodOf<N extends CorpusName>(name: N): `search${Capitalize<N>}` {
  return `search${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` as `search${Capitalize<N>}`
}

/** What the per-corpus methods call: the snapshot's `search(collection, …)`. */
interface Searcher {
  search(collection: CorpusName, query?: SearchQuery | URLSearchParams, body?: unknown, ctx?: SearchContext): unknown
}

/** Adds `search<Corpus>` to a prototype, one per registered corpus, each calling its `search`. */
export function addSearchMethods(prototype: Searcher): void {
  for (const name of CORPUS_NAMES) {
    Object.defineProperty(prototype, searchMethodOf(name), {
      value: function (this: Searcher, query?: SearchQuery | URLSearchParams, body?: unknown, ctx?: SearchContext) {
        return this.search(name, query, body, ctx)
      },
      writable: true,
      configurable: true,
    })
  }
}
