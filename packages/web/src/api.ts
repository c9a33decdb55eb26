/**
 * The page's one way to the server: same-origin HTTP calls carrying the API key (header
 * `x-api-key`), kept in this tab's sessionStorage only (never localStorage, never a cookie), and
 * what this server offers, read once from its public OpenAPI document (`/openapi.json`): the
 * corpora, each corpus's filters, and the extensions this build has (facets, the search across
 * every corpus, saved searches and alerts), so a part the server lacks is not shown.
 */
import type { components } from '../../../test/server/generated/legisearch-api'

export type Schemas = components['schemas']
export type Pagination = Schemas['Pagination']
export type Highlight = Schemas['Highlight']
export type Monitor = Schemas['Monitor']
export type MonitorDetail = Schemas['MonitorDetail']
export type ScreenResponse = Schemas['ScreenResponse']
export type ScreenEntry = Schemas['ScreenEntryInput']
export type Designation = Schemas['Designation']
export type DesignationDetail = Schemas['DesignationDetail']
export type WatchlistPage = Schemas['WatchlistPage']

/** A search result of any corpus: its shape is that corpus's (`PropositionResult`, `DouResult`…). */
export type AnyResult = MonitorDetail['documents'][keyof MonitorDetail['documents']][number]

/** A result as the page holds it: tagged with its corpus (as `POST /search` tags them). */
export type Found = AnyResult & { readonly corpus: string }

/** One value of a filter and how many results of the whole search have it (the facets extension). */
export interface FacetCount {
  readonly value: string
  readonly count: number
}

/** The answer of `POST /search/{corpus}`, with the facets and histogram when asked (extensions). */
export interface SearchAnswer {
  readonly results: Found[]
  readonly pagination: Pagination
  readonly facets?: Readonly<Record<string, readonly FacetCount[]>>
  readonly histogram?: readonly { readonly period: string; readonly count: number }[]
  /** `POST /search` only: how many results each corpus has. */
  readonly totals?: Readonly<Record<string, number>>
}

/** A saved search of a monitor (the alerts extension). */
export interface SavedSearch {
  readonly id: string
  readonly collection: string
  readonly name?: string | null
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

/** An alert: a document new or changed since the last check that matches a saved search. */
export interface Alert {
  readonly searchId: string
  readonly collection: string
  readonly document: AnyResult
}

/** A filter of a corpus's search body: a list of values, or a range of days. */
export interface FilterSpec {
  readonly name: string
  readonly kind: 'values' | 'dates'
  /** The values allowed, when the body names them (`processing`: 'true' | 'false'). */
  readonly choices?: readonly string[]
}

/** What this server offers, from its OpenAPI document. */
export interface Features {
  readonly corpora: readonly string[]
  readonly filters: Readonly<Record<string, readonly FilterSpec[]>>
  /** The sorts each search takes (`sort`'s values), by corpus, and `all` for `POST /search`. */
  readonly sorts: Readonly<Record<string, readonly string[]>>
  /** `facets=` and `histogram=` on `POST /search/{corpus}`. */
  readonly facets: boolean
  readonly histogram: boolean
  /** `POST /search`, across every corpus. */
  readonly everything: boolean
  /** `/monitors/{monitorId}/searches` and `/monitors/{monitorId}/alerts`. */
  readonly savedSearches: boolean
  readonly alerts: boolean
}

/** A failure the server told (`{ error, code }`), or the network's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const KEY = 'legisearch.apiKey'

/** The key of this tab's session, if signed in. */
export const storedKey = (): string | null => sessionStorage.getItem(KEY)

/** Keeps the key for this tab's session (sessionStorage), or forgets it (`null`). */
export function storeKey(key: string | null): void {
  if (key === null) sessionStorage.removeItem(KEY)
  else sessionStorage.setItem(KEY, key)
}

/** Query parameters as a URL's query string, skipping empty values. */
export function queryString(params: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v))
  const s = q.toString()
  return s === '' ? '' : `?${s}`
}

/**
 * Calls the server with this session's key: `method path` with a JSON body; answers the JSON, or
 * throws an `ApiError` with the server's message.
 *
 * @example const page = await call<WatchlistPage>('GET', '/watchlist?limit=5')
 */
export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {}
  const key = storedKey()
  if (key !== null) headers['x-api-key'] = key
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e))
  }
  const text = await response.text()
  const json: unknown = text === '' ? undefined : JSON.parse(text)
  if (!response.ok) {
    const told = json as { error?: string; code?: string } | undefined
    throw new ApiError(response.status, told?.code ?? 'error', told?.error ?? `${response.status} ${response.statusText}`)
  }
  return json as T
}

type Json = Record<string, unknown>

/** The schema a `$ref` names in the document, or the schema itself. */
function resolve(doc: Json, schema: unknown): Json {
  const ref = (schema as Json | undefined)?.['$ref']
  if (typeof ref !== 'string') return (schema ?? {}) as Json
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], doc) as Json
}

/** A body property as a filter: an array of strings (values), or an object of `from`/`to` (days). */
function filterOf(doc: Json, name: string, schema: unknown): FilterSpec | undefined {
  const s = resolve(doc, schema)
  if (s['type'] === 'array') {
    const items = resolve(doc, s['items'])
    const alternatives = ((items['anyOf'] as Json[] | undefined) ?? [items]).map((a) => resolve(doc, a))
    const choices = alternatives.flatMap((a) => (a['enum'] as string[] | undefined) ?? [])
    return { name, kind: 'values', ...(choices.length > 0 ? { choices: [...new Set(choices)] } : {}) }
  }
  const props = s['properties'] as Json | undefined
  if (props && 'from' in props && 'to' in props) return { name, kind: 'dates' }
  return undefined
}

/**
 * What this server offers, read from its OpenAPI document (public, no key).
 *
 * @example const features = await loadFeatures(); features.corpora // ['propositions', …]
 */
export async function loadFeatures(): Promise<Features> {
  const response = await fetch('/openapi.json')
  if (!response.ok) throw new ApiError(response.status, 'openapi', `/openapi.json: ${response.status}`)
  const doc = (await response.json()) as Json & { paths: Record<string, Record<string, Json>> }
  const corpora: string[] = []
  const filters: Record<string, FilterSpec[]> = {}
  const sorts: Record<string, string[]> = {}
  const sortsOf = (post: Json) => {
    const sort = ((post['parameters'] as Json[] | undefined) ?? []).find((p) => p['name'] === 'sort')
    return (resolve(doc, sort?.['schema'])['enum'] as string[] | undefined) ?? []
  }
  const everything = doc.paths['/search']?.['post']
  if (everything !== undefined) sorts['all'] = sortsOf(everything)
  let facets = false
  let histogram = false
  for (const [path, ops] of Object.entries(doc.paths)) {
    const corpus = /^\/search\/([a-z]+)$/.exec(path)?.[1]
    const post = ops['post']
    if (corpus === undefined || post === undefined) continue
    corpora.push(corpus)
    sorts[corpus] = sortsOf(post)
    const params = ((post['parameters'] as Json[] | undefined) ?? []).map((p) => p['name'])
    facets ||= params.includes('facets')
    histogram ||= params.includes('histogram')
    const content = (post['requestBody'] as Json | undefined)?.['content'] as Json | undefined
    const body = resolve(doc, (content?.['application/json'] as Json | undefined)?.['schema'])
    const props = (body['properties'] as Json | undefined) ?? {}
    filters[corpus] = Object.entries(props)
      .filter(([name]) => name !== 'keywords')
      .map(([name, schema]) => filterOf(doc, name, schema))
      .filter((f): f is FilterSpec => f !== undefined)
  }
  return {
    corpora,
    filters,
    facets,
    histogram,
    sorts,
    everything: everything !== undefined,
    savedSearches: doc.paths['/monitors/{monitorId}/searches'] !== undefined,
    alerts: doc.paths['/monitors/{monitorId}/alerts'] !== undefined,
  }
}
