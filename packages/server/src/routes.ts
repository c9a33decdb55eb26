/**
 * Every path the HTTP server answers, declared once: its method, the endpoint a key's plan must
 * allow, its parameters, body and answers as zod schemas. The server registers these routes and
 * the OpenAPI document describes these routes, so neither can name a path the other lacks.
 */
import { schemas, type Endpoint, CORPUS_NAMES, ENDPOINTS, type CorpusName } from 'legisearch'
import { z } from 'legisearch/internal'
import type { ZodObject, ZodType } from 'legisearch/internal'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The endpoint of a route whose corpus is its `{collection}` path parameter: `search/<collection>`. */
export type EndpointTemplate = 'search/{collection}'

/** One route: what it takes and what it answers (the error statuses besides the common ones). */
export interface RouteSpec {
  readonly method: Method
  /** The path in OpenAPI form (`/watchlist/{ref}`). */
  readonly path: string
  readonly operationId: string
  readonly summary: string
  /**
   * The endpoint a key's plan must allow (every one, when a list; `search/{collection}`: that of the
   * path's collection); none for the public routes (no key needed).
   */
  readonly endpoint?: Endpoint | readonly Endpoint[] | EndpointTemplate
  readonly query?: ZodObject
  readonly params?: Readonly<Record<string, ZodType>>
  readonly body?: { readonly schema: ZodType; readonly required: boolean }
  readonly ok: { readonly status: 200 | 201 | 204; readonly description: string; readonly schema?: ZodType }
  /** Error statuses this route may answer with besides 400, 401, 403, 429, 500, 503 (and 413 where a body can be sent). */
  readonly errors?: readonly '404'[]
  /** The search corpus of a `POST /search/*` route. */
  readonly corpus?: CorpusName
  /** The largest body this route takes, when more than the server's `bodyLimit`. */
  readonly bodyLimit?: number
}

/**
 * `POST /watchlist/screen` takes up to 10,000 entries of up to 300 + 80 + 200 characters: 16 MiB
 * holds them at two bytes a character (Arabic, Cyrillic in UTF-8) with JSON's keys, unless the
 * operator set `bodyLimit` for every route.
 */
export const SCREEN_BODY_LIMIT = 16 * 1024 * 1024

const monitorIdSchema = z.string().min(1).meta({ description: 'A monitor id, as `GET /monitors` lists it.' })
const documentIdSchema = z.string().min(1).meta({ description: 'The saved document’s id (its search result’s `id`).' })

/** `POST /monitors`. */
export const createMonitorBodySchema = z
  .strictObject({ name: z.string().meta({ description: 'The monitor’s name (1..200 characters).' }) })
  .meta({ id: 'CreateMonitor' })
export const monitorListSchema = z.strictObject({ data: z.array(schemas.monitorSchema) }).meta({ id: 'MonitorList' })
export const createdMonitorSchema = z.strictObject({ id: z.string(), name: z.string() }).meta({ id: 'CreatedMonitor' })
export const unsavedSchema = z
  .strictObject({ removed: z.boolean().meta({ description: 'Whether the document was saved in the monitor.' }) })
  .meta({ id: 'Unsaved' })
export const savedSearchListSchema = z.strictObject({ data: z.array(schemas.savedSearchSchema) }).meta({ id: 'SavedSearchList' })
const searchIdSchema = z.string().min(1).meta({ description: 'A saved search id, as `GET /monitors/{monitorId}/searches` lists it.' })
export const healthSchema = z.strictObject({ status: z.literal('ok') }).meta({ id: 'Health' })

/** `GET /documents/{collection}/{id}`. */
const documentParams = { collection: schemas.collectionSchema, id: schemas.documentIdSchema }

const itemPath = '/monitors/{monitorId}/items/{collection}/{documentId}'
const itemParams = { monitorId: monitorIdSchema, collection: schemas.collectionSchema, documentId: documentIdSchema }

export const ROUTES: readonly RouteSpec[] = [
  ...CORPUS_NAMES.map((name): RouteSpec => ({
    method: 'POST',
    path: `/search/${name}`,
    operationId: `search_${name}`,
    summary: `Searches ${name}: free text in \`q\`, filters in the body, sorted and paged.`,
    endpoint: `search/${name}`,
    query: schemas.searchQuerySchema,
    body: { schema: schemas.searchBodySchemas[name], required: false },
    ok: { status: 200, description: 'A page of results and the pagination.', schema: schemas.searchResponseSchemas[name] },
    corpus: name,
  })),
  {
    method: 'GET',
    path: '/watchlist',
    operationId: 'list_watchlist',
    summary: 'The sanctions watchlist: search, filters, paging.',
    endpoint: 'watchlist',
    query: schemas.watchlistQuerySchema,
    ok: { status: 200, description: 'A page of designations and the total.', schema: schemas.watchlistPageSchema },
  },
  {
    method: 'GET',
    path: '/watchlist/{ref}',
    operationId: 'get_designation',
    summary: 'One designation by its reference number, with its narrative translated when asked.',
    endpoint: 'watchlist',
    params: { ref: schemas.refSchema },
    query: schemas.designationQuerySchema,
    ok: { status: 200, description: 'The designation.', schema: schemas.designationDetailSchema },
    errors: ['404'],
  },
  {
    method: 'POST',
    path: '/watchlist/screen',
    operationId: 'screen_names',
    summary:
      'Screens 1..10,000 names against the sanctions watchlist: each name’s best matches, scored 0..1 with the reasons. An extension; no match is not proof of absence.',
    endpoint: 'watchlist',
    body: { schema: schemas.screenRequestSchema, required: true },
    ok: {
      status: 200,
      description: 'One result per entry, in input order, and what they were screened against.',
      schema: schemas.screenResponseSchema,
    },
    bodyLimit: SCREEN_BODY_LIMIT,
  },
  {
    method: 'GET',
    path: '/stakeholders',
    operationId: 'find_stakeholders',
    summary:
      'Finds stakeholders of every house by name (accents, case, prefixes and typos tolerated): an exact name first, then one that stored documents name. An extension; a missing or blank q is 400.',
    endpoint: 'stakeholders',
    query: schemas.findStakeholdersQuerySchema,
    ok: { status: 200, description: 'The matches, best first.', schema: schemas.stakeholderMatchesSchema },
  },
  {
    method: 'GET',
    path: '/stakeholders/{id}',
    operationId: 'get_stakeholder',
    summary: 'One stakeholder by id.',
    endpoint: 'stakeholders',
    params: { id: schemas.stakeholderIdSchema },
    ok: { status: 200, description: 'The stakeholder.', schema: schemas.stakeholderSchema },
    errors: ['404'],
  },
  {
    method: 'GET',
    path: '/documents/{collection}/{id}',
    operationId: 'get_document',
    summary:
      'One document of a search corpus by its id, as that corpus’s search results show it (no highlights; relevance 0; the calling client’s saved references). The key’s plan must allow `search/<collection>`. An extension.',
    endpoint: 'search/{collection}',
    params: documentParams,
    ok: { status: 200, description: 'The document.', schema: schemas.documentSchema },
    errors: ['404'],
  },
  {
    method: 'GET',
    path: '/monitors',
    operationId: 'list_monitors',
    summary: 'The calling client’s monitors (folders of saved documents), oldest first. An extension (DECISIONS §9).',
    endpoint: 'monitors',
    ok: { status: 200, description: 'The client’s monitors.', schema: monitorListSchema },
  },
  {
    method: 'POST',
    path: '/monitors',
    operationId: 'create_monitor',
    summary: 'Creates a monitor of the calling client.',
    endpoint: 'monitors',
    body: { schema: createMonitorBodySchema, required: true },
    ok: { status: 201, description: 'The new monitor.', schema: createdMonitorSchema },
  },
  {
    method: 'GET',
    path: '/monitors/{monitorId}',
    operationId: 'get_monitor',
    summary:
      'A monitor of the calling client with its saved documents, per corpus, in the order saved, as search results show them. An extension (DECISIONS §9).',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema },
    ok: { status: 200, description: 'The monitor and its saved documents.', schema: schemas.monitorDetailSchema },
    errors: ['404'],
  },
  {
    method: 'DELETE',
    path: '/monitors/{monitorId}',
    operationId: 'delete_monitor',
    summary: 'Deletes a monitor of the calling client and what is saved in it.',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema },
    ok: { status: 204, description: 'Deleted.' },
    errors: ['404'],
  },
  {
    method: 'PUT',
    path: itemPath,
    operationId: 'save_document',
    summary: 'Saves a document in a monitor of the calling client (saving twice answers the same reference).',
    endpoint: 'monitors',
    params: itemParams,
    ok: { status: 200, description: 'The saved reference, as results carry it.', schema: schemas.savedBucketRefSchema },
    errors: ['404'],
  },
  {
    method: 'DELETE',
    path: itemPath,
    operationId: 'unsave_document',
    summary: 'Removes a saved document from a monitor of the calling client.',
    endpoint: 'monitors',
    params: itemParams,
    ok: { status: 200, description: 'Whether it was saved.', schema: unsavedSchema },
    errors: ['404'],
  },
  // Saved searches and their alerts (an extension): a client's searches in its monitors.
  {
    method: 'POST',
    path: '/monitors/{monitorId}/searches',
    operationId: 'save_search',
    summary:
      'Saves a search (collection, query string, body) in a monitor of the calling client, with an optional name and webhook; checked now (a search that cannot run is refused). An extension.',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema },
    body: { schema: schemas.saveSearchInputSchema, required: true },
    ok: {
      status: 201,
      description: 'The saved search, with its webhook’s secret (told only here).',
      schema: schemas.createdSavedSearchSchema,
    },
    errors: ['404'],
  },
  {
    method: 'GET',
    path: '/monitors/{monitorId}/searches',
    operationId: 'list_saved_searches',
    summary: 'The saved searches of a monitor of the calling client, oldest first. An extension.',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema },
    ok: { status: 200, description: 'The saved searches (never a webhook’s secret).', schema: savedSearchListSchema },
    errors: ['404'],
  },
  {
    method: 'DELETE',
    path: '/monitors/{monitorId}/searches/{searchId}',
    operationId: 'delete_saved_search',
    summary: 'Deletes a saved search of a monitor of the calling client. An extension.',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema, searchId: searchIdSchema },
    ok: { status: 204, description: 'Deleted.' },
    errors: ['404'],
  },
  {
    method: 'GET',
    path: '/monitors/{monitorId}/alerts',
    operationId: 'check_alerts',
    summary:
      'The documents matching each saved search of a monitor that were added or changed (by ingest time) since its last check: at most `limit` per saved search (default 100, at most 1000), oldest write first; only those are marked seen, and `more` names the saved searches with more waiting (the next check goes on where this one stopped). Each saved search’s webhook gets the same documents after the answer. An extension.',
    endpoint: 'monitors',
    params: { monitorId: monitorIdSchema },
    query: schemas.alertCheckOptionsSchema,
    ok: {
      status: 200,
      description: 'The new documents, by saved search, and the saved searches with more waiting.',
      schema: schemas.alertsSchema,
    },
    errors: ['404'],
  },
  {
    method: 'GET',
    path: '/healthz',
    operationId: 'health',
    summary: 'Whether the server answers (no key needed).',
    ok: { status: 200, description: 'It answers.', schema: healthSchema },
  },
  // One search across every corpus (an extension; `src/api/search-everything.ts`): a key needs every search endpoint.
  {
    method: 'POST',
    path: '/search',
    operationId: 'search_everything',
    summary:
      'Searches every corpus at once: `q`, `modes`, `page`, `limit` as `/search/*`, `sort` relevance (default: the corpora interleaved by rank) or newest, a body of only `created_at`. Each result is its corpus’s result with `corpus`; `totals` per corpus. An extension.',
    endpoint: CORPUS_NAMES.map((n) => `search/${n}` as const),
    query: schemas.everythingQuerySchema,
    body: { schema: schemas.everythingBodySchema, required: false },
    ok: {
      status: 200,
      description: 'A page of the merged results, the pagination and every corpus’s total.',
      schema: schemas.everythingResponseSchema,
    },
  },
]

/**
 * The endpoints a request to a route needs, its template filled from the path's parameters; an
 * unknown collection needs none but a key (the route then answers 400 naming the collections).
 *
 * @example endpointsOf('search/{collection}', { collection: 'dou', id: 'x' }) // ['search/dou']
 */
export function endpointsOf(endpoint: NonNullable<RouteSpec['endpoint']>, params: Readonly<Record<string, string>>): readonly Endpoint[] {
  if (typeof endpoint !== 'string') return endpoint
  if (endpoint !== 'search/{collection}') return [endpoint]
  const filled = `search/${params['collection'] ?? ''}`
  return ENDPOINTS.filter((e) => e === filled)
}

/** The Fastify form of an OpenAPI path: `/watchlist/{ref}` → `/watchlist/:ref`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}
