import { validate } from '../common/validate.js'
import type { Downloaded } from '../ingest/download.js'
import type { FetchSourceOptions } from '../ingest/fetch.js'
import type { FetchUnListOptions, FetchedUnList } from '../watchlist/fetch.js'
import type { Collection } from '../ingest/define.js'
import { SOURCES, SOURCE_NAMES, type SourceName, loadSource } from '../ingest/registry.js'
import { sourceNameSchema } from './snapshot.js'

export type { Downloaded, FetchSourceOptions }

/** What a source is, for help, listings and the README: derived from the registry. */
export interface SourceInfo {
  readonly name: SourceName
  readonly description: string
  /** The official open-data address. */
  readonly origin: string
  /** The kinds of file it reads. */
  readonly kinds: readonly { readonly name: string; readonly description: string }[]
  /** The collections it writes. */
  readonly writes: readonly Collection[]
  /** Whether `fetch` can download it. */
  readonly fetchable: boolean
  /** How `fetch` is called for it: by year, by day, by ids (and what they are), or as is; `-` when it cannot. */
  readonly fetch: string
}

/**
 * Every ingest source, in the registry's order.
 *
 * @example sources().map((s) => s.name) // ['camara', 'senado', 'alesp', 'un']
 */
export function sources(): SourceInfo[] {
  return SOURCE_NAMES.map((name) => {
    const s = SOURCES[name]
    const r = s.fetch
    const fetch =
      r === undefined
        ? '-'
        : r.ids !== undefined
          ? `--ids ${r.ids}`
          : r.per === 'day'
            ? `--date YYYY-MM-DD${r.login ? ' (login)' : ''}`
            : r.per === 'year'
              ? '--year YYYY'
              : 'as is'
    return { name, description: s.description, origin: s.origin, kinds: s.kinds, writes: s.writes, fetchable: r !== undefined, fetch }
  })
}

/**
 * Downloads an official source's files for a year into `options.dir` (conditional requests,
 * retries, a size limit, unchanged files reported as such); `snap.ingest(source, files)` then
 * writes them.
 *
 * @example const files = await fetchSource('camara', { year: 2023, dir: 'downloads' })
 * // The files of a year join one another: ingest the whole set when any changed.
 * if (files.some((f) => f.changed)) await snap.ingest('camara', files.map((f) => f.path))
 */
export function fetchSource(source: string, options: FetchSourceOptions): Promise<Downloaded[]> {
  const name = validate(sourceNameSchema, source, { where: 'source' })
  // The downloader and the source's checks are loaded by the first fetch (chunks of their own).
  return Promise.all([import('../ingest/fetch.js'), loadSource(name)]).then(([{ fetchSource: fetchFiles }, definition]) =>
    fetchFiles(definition, options),
  )
}

/**
 * Downloads the UN Security Council Consolidated List XML, without parsing it (the caller does).
 *
 * - Follows redirects (`fetch`'s default); only `http:` and `https:` URLs are accepted.
 * - `timeoutMs` covers the whole download — connecting, headers *and* body — not just the headers.
 * - `maxBytes` is enforced twice: a `Content-Length` over the limit is refused before any of the
 *   body is read, and a streamed body (e.g. chunked, no length) is cancelled as soon as its bytes
 *   would exceed the limit, so no more than `maxBytes` is ever buffered.
 * - The body must start, after an optional UTF-8 BOM and whitespace, with `<?xml` or
 *   `<CONSOLIDATED_LIST`; anything else (an HTML error or maintenance page, say) is refused.
 *
 * Errors (all {@link LegisearchError}). DECISIONS §8 has no code for an upstream failure; this
 * library's catalogue adds `upstream_error` (502):
 * - a bad `url` or option → 400 `invalid_parameters`, with `path` naming it (`['url']`, `['timeoutMs']`, `['maxBytes']`);
 * - a body over `maxBytes` → 413 `payload_too_large`;
 * - a network error, a timeout, a non-2xx status or a body that is not the list → 502
 *   `upstream_error` (502 Bad Gateway: the fault is upstream, not the caller's). The message names
 *   the URL and the cause (`HTTP 404 Not Found`, `timed out after 60000 ms`, `ECONNREFUSED`…).
 *
 * @example
 * import { fetchUnConsolidatedList } from 'legisearch'
 * const list = await fetchUnConsolidatedList(undefined, { timeoutMs: 30_000 })
 * console.log(list.url, list.bytes, list.contentType, list.fetchedAt)
 * // https://scsanctions.un.org/resources/xml/en/consolidated.xml 2030620 text/xml 2026-02-27T09:12:03.512Z
 * console.log(list.xml.subarray(0, 38).toString('utf8')) // <?xml version="1.0" encoding="UTF-8"
 */
export async function fetchUnConsolidatedList(url?: string, options?: FetchUnListOptions): Promise<FetchedUnList> {
  // The downloader is loaded by the first download (a chunk of its own).
  const { fetchUnConsolidatedList: download } = await import('../watchlist/fetch.js')
  return download(url, options)
}

export { UN_CONSOLIDATED_LIST_URL } from '../watchlist/list-url.js'
