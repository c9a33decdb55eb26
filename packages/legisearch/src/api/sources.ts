import { validate } from '../common/validate.js'
import type { Downloaded } from '../ingest/download.js'
import type { FetchSourceOptions } from '../ingest/fetch.js'
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

export { fetchUnConsolidatedList, UN_CONSOLIDATED_LIST_URL } from '../watchlist/fetch.js'
