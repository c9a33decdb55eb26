import { validate } from '../common/validate.js'
import type { Downloaded } from '../ingest/download.js'
import { type FetchSourceOptions, fetchSource as fetchFiles } from '../ingest/fetch.js'
import { SOURCES } from '../ingest/registry.js'
import { sourceNameSchema } from './snapshot.js'

export type { Downloaded, FetchSourceOptions }

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
  return fetchFiles(SOURCES[validate(sourceNameSchema, source, { where: 'source' })], options)
}

export { fetchUnConsolidatedList, UN_CONSOLIDATED_LIST_URL } from '../watchlist/fetch.js'
