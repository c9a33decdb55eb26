import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { LegisearchError } from '../common/errors.js'
import { type GetResult, checkUrl, final, httpGet, retryable, upstream } from '../common/http.js'
import { redactUrl } from '../common/redact-url.js'

/** How downloads behave; every field has a default (`DEFAULT_DOWNLOAD`). */
export interface DownloadOptions {
  /** Time for one attempt, headers and body, in ms. */
  readonly timeoutMs: number
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number
  /** Attempts after the first, on a network error, a timeout, a 5xx or a truncated body. */
  readonly retries: number
  /** The wait before the first retry, doubled at each next one, in ms. */
  readonly backoffMs: number
  /** The `fetch` to use. */
  readonly fetch: typeof globalThis.fetch
  /** Request headers besides the conditional ones. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Called as the body arrives: the URL, bytes so far, and the declared length (null when unknown). */
  readonly onProgress?: ((progress: { url: string; bytesRead: number; bytesTotal: number | null }) => void) | undefined
  /**
   * Checks a whole body before it replaces the file (an error page served with 200); throws a
   * `LegisearchError` to refuse it. The file in place is then left as it was.
   */
  readonly verify?: ((path: string) => void | Promise<void>) | undefined
}

export const DEFAULT_DOWNLOAD: DownloadOptions = {
  timeoutMs: 120_000,
  maxBytes: 1_000_000_000,
  retries: 3,
  backoffMs: 500,
  fetch: (...args) => globalThis.fetch(...args),
}

/** What a download did. `changed` is false when the server said 304 or the bytes hash as before. */
export interface Downloaded {
  readonly url: string
  readonly path: string
  readonly bytes: number
  readonly sha256: string
  readonly changed: boolean
}

/** What is remembered of a download, beside the file (`<file>.download.json`), for the next one. */
interface Remembered {
  readonly url: string
  readonly etag: string | null
  readonly lastModified: string | null
  readonly sha256: string
  readonly bytes: number
}

/** What was remembered of the last download, or null when the memo is unreadable (then: download again). */
function remembered(memo: string): Remembered | null {
  try {
    return JSON.parse(readFileSync(memo, 'utf8')) as Remembered
  } catch {
    return null
  }
}

/**
 * Downloads `url` to `path`: a conditional request when the file was downloaded before (the
 * server's 304 costs no body), the body streamed to a temporary file under a size limit and a
 * timeout, retried with backoff on network errors, timeouts, 5xx answers and truncated bodies,
 * and moved into place only when whole. An unchanged file (304, or the same SHA-256) is reported
 * `changed: false`.
 */
export async function download(url: string, path: string, options: Partial<DownloadOptions> = {}): Promise<Downloaded> {
  const o = { ...DEFAULT_DOWNLOAD, ...options }
  checkUrl(url)
  const memo = `${path}.download.json`
  const before = existsSync(memo) && existsSync(path) ? remembered(memo) : null
  const prior = before?.url === url ? before : null
  mkdirSync(dirname(path), { recursive: true })
  let lastError: unknown
  for (let attempt = 0; attempt <= o.retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, o.backoffMs * 2 ** (attempt - 1)))
    try {
      const got = await once(url, path, prior, o)
      if (got === 'not-modified') return { url, path, bytes: prior?.bytes ?? 0, sha256: prior?.sha256 ?? '', changed: false }
      const changed = got.sha256 !== prior?.sha256
      writeFileSync(
        memo,
        JSON.stringify({ url, etag: got.etag, lastModified: got.lastModified, sha256: got.sha256, bytes: got.bytes } satisfies Remembered),
      )
      return { url, path, bytes: got.bytes, sha256: got.sha256, changed }
    } catch (e) {
      lastError = e
      if (!retryable(e)) throw e
    }
  }
  throw lastError
}

async function once(
  url: string,
  path: string,
  prior: Remembered | null,
  o: DownloadOptions,
): Promise<'not-modified' | { bytes: number; sha256: string; etag: string | null; lastModified: string | null }> {
  const part = `${path}.part`
  try {
    const headers: Record<string, string> = { ...o.headers }
    if (prior?.etag) headers['if-none-match'] = prior.etag
    if (prior?.lastModified) headers['if-modified-since'] = prior.lastModified
    const hash = createHash('sha256')
    const out = createWriteStream(part)
    // A write error (a full disk, a directory in the way) ends the download instead of the process.
    const failed: { error: NodeJS.ErrnoException | null } = { error: null }
    out.on('error', (e) => (failed.error ??= e))
    const cannotWrite = () =>
      new LegisearchError('internal_error', `${path}: cannot be written (${failed.error?.code ?? failed.error?.message})`)
    let got: GetResult
    try {
      const onProgress = o.onProgress
      const progress = onProgress && ((bytesRead: number, bytesTotal: number | null) => onProgress({ url, bytesRead, bytesTotal }))
      got = await httpGet(
        url,
        { timeoutMs: o.timeoutMs, maxBytes: o.maxBytes, fetch: o.fetch, headers, onProgress: progress },
        async (chunk) => {
          if (failed.error !== null) throw cannotWrite()
          hash.update(chunk)
          if (!out.write(chunk)) await drained(out)
        },
      )
    } finally {
      await new Promise<void>((r) => (failed.error !== null ? r() : out.end(() => r())))
    }
    if (failed.error !== null) throw cannotWrite()
    if (got.status === 304) {
      if (prior) return 'not-modified'
      throw final(upstream(`${redactUrl(url)}: HTTP 304 to a request that was not conditional`))
    }
    if (o.verify) {
      try {
        await o.verify(part)
      } catch (e) {
        if (e instanceof LegisearchError) throw final(e)
        throw e
      }
    }
    renameSync(part, path)
    return { bytes: got.bytes, sha256: hash.digest('hex'), etag: got.headers.get('etag'), lastModified: got.headers.get('last-modified') }
  } finally {
    rmSync(part, { force: true })
  }
}

/** Waits for a write stream to drain, or to fail (its error is kept by the caller's listener); leaves no listener behind. */
function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.removeListener('drain', done)
      out.removeListener('error', done)
      resolve()
    }
    out.once('drain', done)
    out.once('error', done)
  })
}
