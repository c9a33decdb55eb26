import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { z } from 'zod'
import { checkOptions } from '../common/validate.js'
import { redactUrl } from '../common/redact-url.js'
import { RefusedTargetError, type Resolver, blockedKind, checkedLookup, refusedText, systemResolver } from './webhook-target.js'

/** A webhook a check found to send: one saved search's new documents, its body ready to sign. */
export interface PendingWebhook {
  readonly searchId: string
  readonly url: string
  readonly secret: string
  /** The same on every try: a receiver drops a delivery it already has. */
  readonly deliveryId: string
  /** How many documents the body holds. */
  readonly documents: number
  /** The raw JSON body (signed as is). */
  readonly payload: string
}

/** How one webhook's delivery ended. */
export interface WebhookDelivery {
  readonly searchId: string
  /** The URL, as logs may show it (no credentials, no query values). */
  readonly url: string
  readonly deliveryId: string
  readonly documents: number
  readonly delivered: boolean
  readonly attempts: number
  /** The last answer's HTTP status, when one came. */
  readonly status?: number
  /** Why the last try failed, when it did. */
  readonly error?: string
}

/** The pauses between tries by default: 4 tries in all, after 1 s, 2 s and 4 s. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000]

/** How long one try waits for an answer by default. */
export const WEBHOOK_TIMEOUT_MS = 10_000

export const webhookOptionsSchema = z.strictObject({
  retryDelaysMs: z
    .array(z.int().min(0).max(600_000), { error: 'must be an array of pauses in ms (0..600,000)' })
    .max(10, 'must hold at most 10 pauses')
    .optional(),
  timeoutMs: z.int().min(1).max(600_000).optional(),
})

/** How webhooks are sent: the pauses between tries (a try after each), how long a try waits. */
export type WebhookOptions = z.input<typeof webhookOptionsSchema>

/** `deliverWebhooks`' options: how webhooks are sent, and whether private addresses may be their targets. */
export const deliverOptionsSchema = webhookOptionsSchema.extend({
  /** Send to loopback, private, link-local… addresses too (see README "Saved searches and alerts"). Default false. */
  allowPrivate: z.boolean({ error: 'must be a boolean' }).optional(),
})

/** `deliverWebhooks`' options. */
export type DeliverOptions = z.input<typeof deliverOptionsSchema>

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body with the secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

/**
 * POSTs each webhook's body (JSON), signed: `X-Legisearch-Signature: sha256=<hex HMAC-SHA256 of
 * the raw body>` with the saved search's secret, `X-Legisearch-Delivery` (the same id on every
 * try) and `X-Legisearch-Timestamp` (Unix seconds of the try). A network error, a timeout, a 429
 * or a 5xx is tried again after each pause of `retryDelaysMs` (default 1 s, 2 s, 4 s); another
 * answer ends it (2xx delivered, else failed); a redirect is not followed. Webhooks are sent side
 * by side; never throws.
 *
 * A target whose host is, or resolves to, a loopback, private, link-local, unspecified or
 * multicast address fails at once (not tried again) unless `allowPrivate`: every address of the
 * name is judged when the connection is made, and the connection goes to those addresses.
 * `resolve` replaces the system resolver (tests).
 *
 * @example await deliverWebhooks(check.webhooks, { retryDelaysMs: [10, 20] }) // [{ searchId, delivered: true, attempts: 1, status: 200, … }]
 */
export async function deliverWebhooks(
  pending: readonly PendingWebhook[],
  options?: DeliverOptions,
  resolve: Resolver = systemResolver,
): Promise<WebhookDelivery[]> {
  const given = checkOptions(deliverOptionsSchema, options)
  const sending: Sending = {
    delays: given.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: given.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    allowPrivate: given.allowPrivate ?? false,
    resolve,
  }
  return Promise.all(pending.map((w) => deliver(w, sending)))
}

interface Sending {
  readonly delays: readonly number[]
  readonly timeoutMs: number
  readonly allowPrivate: boolean
  readonly resolve: Resolver
}

async function deliver(w: PendingWebhook, sending: Sending): Promise<WebhookDelivery> {
  const base = { searchId: w.searchId, url: redactUrl(w.url), deliveryId: w.deliveryId, documents: w.documents }
  const signature = webhookSignature(w.secret, w.payload)
  let last: { status?: number; error?: string } = {}
  for (let attempt = 1; ; attempt++) {
    try {
      const status = await post(w, signature, sending)
      if (status >= 200 && status < 300) return { ...base, delivered: true, attempts: attempt, status }
      last = { status, error: `answered HTTP ${status}` }
      if (status !== 429 && status < 500) return { ...base, delivered: false, attempts: attempt, ...last }
    } catch (e) {
      const refused = refusedOf(e)
      if (refused) return { ...base, delivered: false, attempts: attempt, error: refused.message }
      last = { error: e instanceof Error ? messageOf(e) : String(e) }
    }
    const pause = sending.delays[attempt - 1]
    if (pause === undefined) return { ...base, delivered: false, attempts: attempt, ...last }
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
}

/** One try: POSTs the body, answers the status (the answer's body is not read). */
function post(w: PendingWebhook, signature: string, sending: Sending): Promise<number> {
  const url = new URL(w.url)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // A literal address is never looked up: judged here.
  if (!sending.allowPrivate && blockedKind(host) !== undefined) return Promise.reject(new RefusedTargetError(refusedText(host, host)))
  const body = Buffer.from(w.payload, 'utf8')
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        'user-agent': 'legisearch-webhook',
        'x-legisearch-signature': signature,
        'x-legisearch-delivery': w.deliveryId,
        'x-legisearch-timestamp': String(Math.floor(Date.now() / 1000)),
      },
      // A connection of its own each try: every connection's addresses are judged.
      agent: false,
      lookup: checkedLookup(sending.allowPrivate, sending.resolve) as never,
    })
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })), sending.timeoutMs)
    req.on('response', (res) => {
      clearTimeout(timer)
      resolve(res.statusCode ?? 0)
      res.destroy()
    })
    req.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    req.end(body)
  })
}

/** The refusal of a target in an error (a connection attempt's error may hold several), or undefined. */
function refusedOf(e: unknown): RefusedTargetError | undefined {
  if (e instanceof RefusedTargetError) return e
  return e instanceof AggregateError ? e.errors.find((x): x is RefusedTargetError => x instanceof RefusedTargetError) : undefined
}

/** A failed try in words (an error from a connection attempt may hold several). */
function messageOf(e: Error): string {
  const inner = (e as { errors?: unknown }).errors
  if (e instanceof AggregateError && Array.isArray(inner) && inner[0] instanceof Error) return (inner[0] as Error).message
  return e.message
}
