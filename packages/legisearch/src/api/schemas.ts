/**
 * Every request and response schema of the API, in one place: they validate input, type the
 * public API (`z.input`/`z.output`), and describe it (`z.toJSONSchema`, the OpenAPI document and
 * the MCP tools' input schemas). Per-corpus schemas derive from the corpus registry.
 */
import * as z from 'zod'
import { CORPUS_NAMES, type CorpusName, type CorpusNamed, corpusOf } from '../corpora/registry.js'
import type { RecordSchema, SearchBodySchema } from './input-types.js'
import { ERROR_CODES } from '../common/errors.js'
import { bodySchemaOf } from '../query/body.js'
import { designationSchema } from '../watchlist/types.js'

// Requests
export { searchQuerySchema } from '../query/params.js'
export { keywordsSchema } from '../query/body.js'
export { dateRangeSchema } from '../query/date-range.js'
export { searchContextSchema } from './search.js'
export { watchlistQuerySchema, designationQuerySchema, translationSchema, refSchema } from '../watchlist/query.js'
export { findStakeholdersSchema, findStakeholdersQuerySchema } from './stakeholder-finder.js'
export { stakeholderIdSchema } from './stakeholders.js'
export { documentIdSchema } from './get-document.js'
export { openOptionsSchema, idsSchema } from './snapshot.js'
export { reconcileOptionsSchema } from '../watchlist/reconcile.js'
export { collectionSchema } from './monitors.js'
export { createApiKeySchema } from './keys.js'
export { screenEntrySchema, screenOptionsSchema, screenRequestSchema } from './screen.js'
export { everythingQuerySchema, everythingBodySchema, everythingResponseSchema } from './search-everything.js'

// Responses
export { paginationSchema } from './search.js'
export { facetCountSchema, facetsSchema, histogramSchema } from './facets.js'
export { highlightSchema } from '../text/highlight.js'
export { savedBucketRefSchema } from '../corpora/found.js'
export { stakeholderSchema } from './stakeholders.js'
export { documentSchema } from './get-document.js'
export { stakeholderMatchSchema, stakeholderMatchesSchema } from './stakeholder-finder.js'
export { monitorSchema, monitorDetailSchema } from './monitors.js'
export {
  savedSearchSchema,
  createdSavedSearchSchema,
  saveSearchInputSchema,
  alertSchema,
  alertsSchema,
  alertCheckOptionsSchema,
} from './saved-searches.js'
export { screenMatchSchema, screenResultSchema, screenResponseSchema } from './screen.js'
export { designationSchema, designationDetailSchema, extractedSchema } from '../watchlist/types.js'

import { paginationSchema } from './search.js'
import { facetsSchema, histogramSchema } from './facets.js'
import { searchMethodOf } from './snapshot.js'

/**
 * A schema per corpus, made by `make`; `M` is each one's precise type (the engine builds them from
 * any corpus, so the precise per-corpus types are stated here, derived from the same schemas).
 */
const byCorpus = <M extends { readonly [N in CorpusName]: z.ZodType }>(make: (name: CorpusName) => z.ZodType): M =>
  Object.fromEntries(CORPUS_NAMES.map((n) => [n, make(n)])) as M

/** The JSON body of `POST /search/<corpus>`, per corpus. */
export const searchBodySchemas = byCorpus<{ readonly [N in CorpusName]: SearchBodySchema<N> }>((n) =>
  bodySchemaOf(corpusOf(n)).meta({ id: `${typeName(n)}SearchBody` }),
)

/** A record as `upsert(<corpus>, …)` accepts it, per corpus (input: what may be sent; output: what is stored). */
export const recordSchemas = byCorpus<{ readonly [N in CorpusName]: RecordSchema<N> }>((n) => corpusOf(n).schema)

/** One result of `POST /search/<corpus>`, per corpus. */
export const resultSchemas = byCorpus<{ readonly [N in CorpusName]: CorpusNamed<N>['result'] }>((n) => corpusOf(n).result)

/** `{ results, pagination }` (and `facets`/`histogram` when asked) of a search whose results are `result`. */
const searchResponseOf = <R extends z.ZodObject>(result: R, name: CorpusName) =>
  z
    .strictObject({
      results: z.array(result),
      pagination: paginationSchema,
      facets: facetsSchema.optional(),
      histogram: histogramSchema.optional(),
    })
    .meta({ id: `${typeName(name)}SearchResponse` })

/** The response of `POST /search/<corpus>`, per corpus: `{ results, pagination }` (and `facets`/`histogram` when asked). */
export const searchResponseSchemas = byCorpus<{
  readonly [N in CorpusName]: ReturnType<typeof searchResponseOf<CorpusNamed<N>['result']>>
}>((n) => searchResponseOf(corpusOf(n).result, n))

/** The response of `GET /watchlist`. */
export const watchlistPageSchema = z
  .strictObject({
    data: z.array(designationSchema),
    total: z.int().min(0).meta({ description: 'Matching designations, ignoring paging.' }),
  })
  .meta({ id: 'WatchlistPage' })

/** Every error response: `{ error, code }` (DECISIONS §8). */
export const errorBodySchema = z
  .strictObject({
    error: z.string().meta({ description: 'What is wrong, naming the parameter or field and what is allowed.' }),
    code: z.enum(ERROR_CODES),
  })
  .meta({ id: 'Error' })

/** `Propositions` for `propositions`: the name the search method carries. */
function typeName(name: CorpusName): string {
  return searchMethodOf(name).slice('search'.length)
}
