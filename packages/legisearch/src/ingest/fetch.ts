import { basename, join } from 'node:path'
import { LegisearchError, invalid } from '../common/errors.js'
import { redactUrl } from '../common/redact-url.js'
import type { SourceDefinition } from './define.js'
import { type DownloadOptions, type Downloaded, download } from './download.js'

export interface FetchSourceOptions extends Partial<DownloadOptions> {
  /** The year of the yearly files (default: this year). */
  readonly year?: number
  /** The day of a daily source's files, YYYY-MM-DD (default: today, in Brasília). */
  readonly date?: string
  /** The documents to download, for a source of one document per file (bacen, irs): see `sources()`. */
  readonly ids?: readonly string[]
  /** Where files are kept between runs (their last download is remembered there). */
  readonly dir: string
  /** Another base address than the official one (a mirror, a test server). */
  readonly baseUrl?: string
  /** Called after each file. */
  readonly onFile?: (file: Downloaded) => void
}

/**
 * Downloads a source's files for a year from its official address into `dir`: each file checked
 * to be of its kind once downloaded (an error page served with 200 is refused), unchanged files
 * reported as such (`changed: false`: a 304, or the same bytes).
 */
export async function fetchSource(source: SourceDefinition, options: FetchSourceOptions): Promise<Downloaded[]> {
  const remote = source.remote
  if (remote === undefined)
    throw invalid(`source: ${source.name} has no official address to fetch from; give its files to ingest`, ['source'])
  const now = new Date().getUTCFullYear()
  const year = options.year ?? now
  if (!Number.isInteger(year) || year < 1900 || year > now + 1)
    throw invalid(`year: must be a year from 1900 to ${now + 1} (got ${String(year)})`, ['year'])
  const date = options.date ?? new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    throw invalid(`date: must be a day YYYY-MM-DD (got ${JSON.stringify(date)})`, ['date'])
  const base = options.baseUrl ?? remote.base
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args))
  const out: Downloaded[] = []
  const ids = options.ids ?? []
  const named = source.fetch?.ids
  if (named !== undefined && ids.length === 0)
    throw invalid(`ids: ${source.name} downloads one document per file: name them (${named})`, ['ids'])
  if (named === undefined && ids.length > 0) throw invalid(`ids: ${source.name} takes no ids`, ['ids'])
  const planned = remote.files({ year, date, ids })
  // Signed in only once the call is known to be good: credentials are not sent for a call refused.
  const session = remote.login ? await remote.login({ base, fetch: fetchImpl, timeoutMs: options.timeoutMs ?? 60_000 }) : {}
  for (const file of planned) {
    const url = new URL(file.path, base.endsWith('/') ? base : `${base}/`).href
    const path = join(options.dir, source.name, file.save ?? basename(file.path))
    // Checked before it replaces the file in place: an error page never takes a good file's place.
    const verify = async (downloaded: string) => {
      if (!(await remote.recognizes({ path: downloaded, name: downloaded }, file.kind))) {
        throw new LegisearchError(
          'upstream_error',
          `${redactUrl(url)}: is not the ${source.name} ${file.kind} file (an error page?); the file in place is kept`,
        )
      }
    }
    let got: Downloaded
    try {
      got = await download(url, path, { ...options, verify, headers: { ...remote.headers, ...options.headers, ...session } })
    } catch (e) {
      // A file the origin may not publish (a day without an extra edition) is skipped on a 404.
      if (file.optional && e instanceof LegisearchError && / HTTP 404\b/.test(e.message)) continue
      throw e
    }
    options.onFile?.(got)
    out.push(got)
  }
  return out
}
