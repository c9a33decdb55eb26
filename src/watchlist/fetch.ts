import { z } from 'zod'
import { invalid, LegisearchError } from '../common/errors.js'
import { checkOptions } from '../common/validate.js'

/** Where the UN Security Council publishes its Consolidated List (English XML). */
export const UN_CONSOLIDATED_LIST_URL = 'https://scsanctions.un.org/resources/xml/en/consolidated.xml'

/** Default time allowed for the whole download (headers and body): 60 s. */
export const DEFAULT_FETCH_TIMEOUT_MS = 60_000
/** Default largest body accepted: 50 MB (the list is about 2 MB today). */
export const DEFAULT_FETCH_MAX_BYTES = 50 * 1024 * 1024

/** The largest delay `setTimeout` honours (a larger one fires at once). */
const MAX_TIMEOUT_MS = 2_147_483_647

const positiveInteger = (max: number) => {
  const message = (iss: { input: unknown }) => `must be an integer from 1 to ${max} (got ${String(iss.input)})`
  return z
    .number({ error: message })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= max, { error: message })
    .optional()
}

/** The options of `fetchUnConsolidatedList`. */
export const fetchUnListOptionsSchema = z.strictObject({
  /** Time allowed for the whole download, headers and body, in ms (positive integer; default 60 000). */
  timeoutMs: positiveInteger(MAX_TIMEOUT_MS),
  /** Largest body accepted, in bytes (positive integer; default 50 MB). */
  maxBytes: positiveInteger(Number.MAX_SAFE_INTEGER),
  /** The `fetch` to use (default: Node's built-in `globalThis.fetch`, at call time). */
  fetch: z.custom<typeof globalThis.fetch>((v) => typeof v === 'function', 'must be a fetch-compatible function').optional(),
})

export type FetchUnListOptions = z.input<typeof fetchUnListOptionsSchema>

export interface FetchedUnList {
  /** The body exactly as served, not parsed nor decoded. */
  xml: Buffer
  /** The URL the body came from, after redirects. */
  url: string
  /** `xml.length`. */
  bytes: number
  /** The response's `Content-Type`, or null when it has none. */
  contentType: string | null
  /** When the download completed (ISO 8601, UTC). */
  fetchedAt: string
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
 * Errors (all {@link LegisearchError}). DECISIONS §8 fixes the error codes and has none for an
 * upstream failure, so the choice is:
 * - a bad `url` or option → 400 `invalid_parameters`, with `path` naming it (`['url']`, `['timeoutMs']`, `['maxBytes']`);
 * - a body over `maxBytes` → 413 `payload_too_large`;
 * - a network error, a timeout, a non-2xx status or a body that is not the list → 502
 *   `internal_error` (502 Bad Gateway: the fault is upstream, not the caller's). The message names
 *   the URL and the cause (`HTTP 404 Not Found`, `timed out after 60000 ms`, `ECONNREFUSED`…).
 *
 * @example
 * import { fetchUnConsolidatedList } from './src/watchlist/fetch.js'
 * const list = await fetchUnConsolidatedList(undefined, { timeoutMs: 30_000 })
 * console.log(list.url, list.bytes, list.contentType, list.fetchedAt)
 * // https://scsanctions.un.org/resources/xml/en/consolidated.xml 2030620 text/xml 2026-02-27T09:12:03.512Z
 * console.log(list.xml.subarray(0, 38).toString('utf8')) // <?xml version="1.0" encoding="UTF-8"
 */
export async function fetchUnConsolidatedList(
  url: string = UN_CONSOLIDATED_LIST_URL,
  options?: FetchUnListOptions,
): Promise<FetchedUnList> {
  const target = checkUrl(url)
  // Paths name the option alone (`['timeoutMs']`), as the message does (`timeoutMs: …`).
  const given = checkOptions(fetchUnListOptionsSchema, options, 'options', null)
  const timeoutMs = given.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS
  const maxBytes = given.maxBytes ?? DEFAULT_FETCH_MAX_BYTES
  const fetchImpl = given.fetch ?? globalThis.fetch
  const shown = target.href

  // One deadline for everything. Besides aborting the signal (which undici honours for the body
  // too), every await below races the deadline, so a `fetch` that ignores the signal cannot hang us.
  const controller = new AbortController()
  const timeoutError = upstream(`${shown}: timed out after ${timeoutMs} ms`)
  let timedOut = false
  let rejectDeadline: (e: unknown) => void = () => {}
  const deadline = new Promise<never>((_resolve, reject) => {
    rejectDeadline = reject
  })
  deadline.catch(() => {}) // only ever observed through Promise.race
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(timeoutError)
    rejectDeadline(timeoutError)
  }, timeoutMs)

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let response: Response | undefined
  let done = false
  try {
    response = await Promise.race([
      fetchImpl(shown, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
      }),
      deadline,
    ])
    const from = response.url || shown
    const contentType = response.headers.get('content-type')

    if (!response.ok) {
      const text = response.statusText ? ` ${response.statusText}` : ''
      throw upstream(`${from}: HTTP ${response.status}${text}`)
    }

    const declared = response.headers.get('content-length')
    if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > maxBytes) {
      throw tooLarge(`${from}: Content-Length ${declared.trim()} exceeds maxBytes ${maxBytes}; not downloaded`)
    }

    const chunks: Uint8Array[] = []
    let total = 0
    if (response.body) {
      reader = response.body.getReader()
      while (true) {
        const step = await Promise.race([reader.read(), deadline])
        if (timedOut) throw timeoutError
        if (step.done) break
        if (total + step.value.byteLength > maxBytes) {
          throw tooLarge(`${from}: body exceeds maxBytes ${maxBytes}; download stopped after ${total} bytes`)
        }
        chunks.push(step.value)
        total += step.value.byteLength
      }
    }
    if (timedOut) throw timeoutError
    done = true

    const xml = Buffer.concat(chunks, total)
    checkLooksLikeList(xml, from, contentType)
    return { xml, url: from, bytes: xml.length, contentType, fetchedAt: new Date().toISOString() }
  } catch (e) {
    if (timedOut) throw timeoutError
    if (e instanceof LegisearchError) throw e
    throw upstream(`${shown}: request failed (${describeCause(e)})`)
  } finally {
    clearTimeout(timer)
    if (!done) {
      // Stop reading: cancelling the body makes undici drop the connection.
      if (reader) reader.cancel().catch(() => {})
      else if (response?.body && !response.bodyUsed) response.body.cancel().catch(() => {})
    }
  }
}

function checkUrl(url: unknown): URL {
  if (typeof url !== 'string' || url === '') throw invalid('url: must be a non-empty http: or https: URL', ['url'])
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalid(`url: not a valid URL (got ${JSON.stringify(url)})`, ['url'])
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid(`url: only http: and https: URLs are accepted (got ${parsed.protocol})`, ['url'])
  }
  return parsed
}

const XML_DECL = Buffer.from('<?xml')
const LIST_ROOT = Buffer.from('<CONSOLIDATED_LIST')

function checkLooksLikeList(xml: Buffer, from: string, contentType: string | null): void {
  let i = 0
  if (xml[0] === 0xef && xml[1] === 0xbb && xml[2] === 0xbf) i = 3
  while (i < xml.length && (xml[i] === 0x20 || xml[i] === 0x09 || xml[i] === 0x0a || xml[i] === 0x0d)) i++
  const rest = xml.subarray(i)
  if (startsWith(rest, XML_DECL) || startsWith(rest, LIST_ROOT)) return
  const got = contentType ?? 'no Content-Type'
  const start = xml.length === 0 ? 'an empty body' : `a body starting ${preview(xml, 80)}`
  throw upstream(`not the UN consolidated list: got ${got} from ${from}, ${start}`)
}

function startsWith(buf: Buffer, prefix: Buffer): boolean {
  return buf.length >= prefix.length && buf.subarray(0, prefix.length).equals(prefix)
}

/** The first bytes as printable ASCII in quotes, anything else as `\xNN`, `…` when cut. */
function preview(buf: Buffer, max: number): string {
  let out = ''
  for (const b of buf.subarray(0, max)) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b)
    else if (b === 0x0a) out += '\\n'
    else if (b === 0x0d) out += '\\r'
    else if (b === 0x09) out += '\\t'
    else out += `\\x${b.toString(16).padStart(2, '0')}`
  }
  return `"${out}${buf.length > max ? '…' : ''}"`
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

function upstream(message: string): LegisearchError {
  return new LegisearchError(502, 'internal_error', message)
}

function tooLarge(message: string): LegisearchError {
  return new LegisearchError(413, 'payload_too_large', message)
}
