import * as z from 'zod'
import { notFound } from '../common/errors.js'
import { clipped } from '../common/shown.js'
import { validate } from '../common/validate.js'
import { CORPUS_NAMES, corpusOf } from '../corpora/registry.js'
import { corpusNamed } from './collections.js'
import { type SearchContext, type SearchDeps, compileSearch, resultsOf } from './search.js'

/** The id of `getDocument` (`GET /documents/{collection}/{id}`): a document's `id`, as its search result carries it. */
export const documentIdSchema = z
  .string({ error: 'must be a non-empty document id string' })
  .min(1, 'must be a non-empty document id string')
  .meta({ description: 'The document’s id (its search result’s `id`).' })

/** The answer of `GET /documents/{collection}/{id}`: one result of the collection's corpus, as its search gives it. */
export const documentSchema = z
  .union(CORPUS_NAMES.map((n) => corpusOf(n).result) as unknown as [z.ZodObject, ...z.ZodObject[]])
  .meta({ description: 'The document, in the shape of its corpus’s search results (no highlights; relevance 0).' })

/**
 * One stored document of a search corpus by its id, as a search that finds it without `q` shows it
 * (no highlights, `relevance` 0, the caller's saved references); an unknown id → 404 `not_found`.
 *
 * @example getDocument(parts, 'dou', 'dou-1', { clientId: 'acme' }).title
 */
export function getDocument(deps: SearchDeps, collection: unknown, id: unknown, ctx?: SearchContext): Record<string, unknown> {
  const corpus = corpusNamed(collection, 'searchable')
  const key = validate(documentIdSchema, id, { where: 'id' })
  const rowid = deps.rows.rowidOf(corpus.name, key)
  // A search without text or filters: the result is made as any search makes its hits.
  const compiled = compileSearch(corpus, undefined, undefined, ctx)
  const [result] = rowid === undefined ? [] : resultsOf(deps, compiled, [{ rowid, relevance: 0 }])
  if (result === undefined) throw notFound(`${corpus.name} document '${clipped(key)}' not found`)
  return result
}
