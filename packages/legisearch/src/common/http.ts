import { LegisearchError, invalid } from './errors.js'
import { redactUrl, redactUrlIn } from './redact-url.js'
import { shown } from './shown.js'

/**
 * One HTTP GET with the guarantees every download of legisearch needs (the UN list, the sources'
 * files): a deadline over the whole exchange, headers and body; a size limit enforced before and
 * while reading; a truncated body told apart from a whole one; upstream failures as 502 errors
 * whose message names the URL (credentials and query values hidden: `redactUrl`) and the cause. Retries and where the bytes go are the caller's.
 */
export interface GetOptions {
  /** Time for the whole exchange, headers and body, in ms. */
  readonly timeoutMs: number
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number
  /** The `fetch` to use. */
  readonly fetch: typeof globalThis.fetch
  /** Request headers (`accept`, conditional headers). */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Called after each chunk of the body: bytes read so far, and the declared length (null when unknown). */
  readonly onProgress?: ((bytesRead: number, bytesTotal: number | null) => void) | undefined
}

/** What a GET answered (the body went to the sink). */
export interface GetResult {
  /** 200..299, or 304 when the request was conditional (then no body was read). */
  readonly status: number
  /** The URL the body came from, after redirects. */
  readonly url: string
  readonly headers: Headers
  /** Bytes of body read. */
  readonly bytes: number
}

/** Upstream answers another attempt will not change (a 4xx); see {@link retryable}. */
const FINAL = new WeakSet<LegisearchError>()

/** Marks an upstream error as one a retry cannot fix (a 4xx, a body of the wrong kind). */
export function final(e: LegisearchError): LegisearchError {
  FINAL.add(e)
  return e
}

/** Whether another attempt may succeed: a 502 not marked final (network, timeout, 5xx, cut body). */
export function retryable(e: unknown): boolean {
  return e instanceof LegisearchError && e.status === 502 && !FINAL.has(e)
}

export function upstream(message: string): LegisearchError {
  return new LegisearchError('upstream_error', message)
}

function tooLarge(message: string): LegisearchError {
  return new LegisearchError('payload_too_large', message)
}

/** Checks a URL given by a caller: a non-empty `http:` or `https:` URL (400 naming `url` otherwise). */
export function checkUrl(url: unknown): URL {
  if (typeof url !== 'string' || url === '') throw invalid('url: must be a non-empty http: or https: URL', ['url'])
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalid(`url: not a valid URL (got ${shown(redactUrl(url))})`, ['url'])
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`url: only http: and https: URLs are accepted (got ${parsed.protocol})`, ['url'])
  }
  return parsed
}

/**
 * GETs `url`, handing each chunk of the body to `sink` (awaited: a slow sink slows the reading).
 * - Every await is bounded by one deadline, so a `fetch` or a body that ignores the abort signal
 *   cannot hang the caller; on the deadline the request is aborted and the body cancelled.
 * - A non-2xx answer is a 502 naming the status (final for a 4xx); a 304 is returned as such.
 * - A `Content-Length` over `maxBytes` is refused (413) before the body is read; a body that grows
 *   past it is cancelled as soon as it would (413), so no more than `maxBytes` reaches the sink.
 * - A body shorter than its `Content-Length`, or cut by the connection, is a 502 `body cut short`.
 *
 * @example const r = await httpGet('https://example.org/a.csv', { timeoutMs: 60_000, maxBytes: 1e9, fetch }, (c) => out.write(c))
 */
export async function httpGet(url: string | URL, o: GetOptions, sink: (chunk: Uint8Array) => unknown): Promise<GetResult> {
  const href = typeof url === 'string' ? url : url.href
  // What messages say: never the credentials nor the query values.
  const shown = redactUrl(url)
  const controller = new AbortController()
  const timeoutError = upstream(`${shown}: timed out after ${o.timeoutMs} ms`)
  let timedOut = false
  // The step under way, rejected by the deadline. One promise per step (never one long-lived
  // promise raced at every step: each race would leave a reaction holding its chunk until the end).
  let rejectStep: ((e: unknown) => void) | null = null
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(timeoutError)
    rejectStep?.(timeoutError)
  }, o.timeoutMs)
  const step = <T>(work: Promise<T> | T): Promise<T> =>
    timedOut
      ? Promise.reject(timeoutError)
      : new Promise<T>((resolve, reject) => {
          rejectStep = reject
          Promise.resolve(work).then(resolve, reject)
        }).finally(() => {
          rejectStep = null
        })

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let response: Response | undefined
  let done = false
  try {
    try {
      response = await step(o.fetch(href, { signal: controller.signal, redirect: 'follow', headers: { ...o.headers } }))
    } catch (e) {
      if (timedOut || e instanceof LegisearchError) throw e
      throw upstream(`${shown}: request failed (${redactUrlIn(describeCause(e), href)})`)
    }
    const came = response.url || href
    const from = redactUrl(came)
    if (response.status === 304) {
      done = true
      await response.body?.cancel().catch(() => {})
      return { status: 304, url: came, headers: response.headers, bytes: 0 }
    }
    if (!response.ok) {
      const text = response.statusText ? ` ${response.statusText}` : ''
      const e = upstream(`${from}: HTTP ${response.status}${text}`)
      throw response.status >= 500 ? e : final(e)
    }
    const declaredText = (response.headers.get('content-length') ?? '').trim()
    const declared = /^\d+$/.test(declaredText) ? Number(declaredText) : null
    // A compressed answer is decoded by fetch: its Content-Length counts the compressed bytes.
    const encoded = !['', 'identity'].includes((response.headers.get('content-encoding') ?? '').trim().toLowerCase())
    if (declared !== null && !encoded && declared > o.maxBytes) {
      throw tooLarge(`${from}: Content-Length ${declared} exceeds maxBytes ${o.maxBytes}; not downloaded`)
    }
    let bytes = 0
    if (response.body) {
      reader = response.body.getReader()
      for (;;) {
        let next: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>
        try {
          next = await step(reader.read())
        } catch (e) {
          if (timedOut || e instanceof LegisearchError) throw e
          throw upstream(`${from}: body cut short (${redactUrlIn(redactUrlIn(describeCause(e), href), came)})`)
        }
        if (next.done) break
        if (bytes + next.value.byteLength > o.maxBytes) {
          throw tooLarge(`${from}: body exceeds maxBytes ${o.maxBytes}; download stopped after ${bytes} bytes`)
        }
        bytes += next.value.byteLength
        await step(sink(next.value))
        o.onProgress?.(bytes, declared !== null && !encoded ? declared : null)
      }
    }
    if (timedOut) throw timeoutError
    done = true
    if (declared !== null && !encoded && bytes !== declared) throw upstream(`${from}: body cut short (${bytes} of ${declared} bytes)`)
    return { status: response.status, url: came, headers: response.headers, bytes }
  } catch (e) {
    if (timedOut) throw timeoutError
    throw e
  } finally {
    clearTimeout(timer)
    if (!done) {
      // Stop reading: cancelling the body makes undici drop the connection.
      if (reader) reader.cancel().catch(() => {})
      else if (response?.body && !response.bodyUsed) response.body.cancel().catch(() => {})
    }
  }
}

/** Undici wraps the cause (`TypeError: fetch failed`, cause `ECONNREFUSED …`): show the innermost. */
function describeCause(e: unknown): string {
  const parts: string[] = []
  let cur: unknown = e
  for (let depth = 0; depth < 5 && cur !== undefined && cur !== null; depth++) {
    if (cur instanceof Error) {
      const code = (cur as { code?: unknown }).code
      parts.push(typeof code === 'string' && !cur.message.includes(code) ? `${cur.message} [${code}]` : cur.message)
      cur = cur.cause
    } else {
      parts.push(String(cur))
      break
    }
  }
  return parts.filter((p) => p !== '').join(': ') || 'unknown error'
}
