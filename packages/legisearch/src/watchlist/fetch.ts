import * as z from 'zod'
import { checkUrl, httpGet, upstream } from '../common/http.js'
import { redactUrl } from '../common/redact-url.js'
import { checkOptions } from '../common/validate.js'

import { UN_CONSOLIDATED_LIST_URL } from './list-url.js'

export { UN_CONSOLIDATED_LIST_URL }

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
 * Downloads the UN list (the public `fetchUnConsolidatedList` in `api/sources.ts`, which loads this
 * module on first use, says how).
 *
 * @example const list = await fetchUnConsolidatedList(undefined, { timeoutMs: 30_000 })
 */
export async function fetchUnConsolidatedList(
  url: string = UN_CONSOLIDATED_LIST_URL,
  options?: FetchUnListOptions,
): Promise<FetchedUnList> {
  const target = checkUrl(url)
  // Paths name the option alone (`['timeoutMs']`), as the message does (`timeoutMs: …`).
  const given = checkOptions(fetchUnListOptionsSchema, options, 'options', null)
  const chunks: Uint8Array[] = []
  const got = await httpGet(
    target,
    {
      timeoutMs: given.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
      maxBytes: given.maxBytes ?? DEFAULT_FETCH_MAX_BYTES,
      fetch: given.fetch ?? globalThis.fetch,
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    },
    (chunk) => chunks.push(chunk),
  )
  const xml = Buffer.concat(chunks, got.bytes)
  const contentType = got.headers.get('content-type')
  checkLooksLikeList(xml, redactUrl(got.url), contentType)
  return { xml, url: got.url, bytes: xml.length, contentType, fetchedAt: new Date().toISOString() }
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
