import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { checkOptions } from '../common/validate.js'
import { redactUrl } from '../common/redact-url.js'

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

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body with the secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

/**
 * POSTs each webhook's body (JSON), signed: `X-Legisearch-Signature: sha256=<hex HMAC-SHA256 of
 * the raw body>` with the saved search's secret, `X-Legisearch-Delivery` (the same id on every
 * try) and `X-Legisearch-Timestamp` (Unix seconds of the try). A network error, a timeout, a 429
 * or a 5xx is tried again after each pause of `retryDelaysMs` (default 1 s, 2 s, 4 s); another
 * answer ends it (2xx delivered, else failed). Webhooks are sent side by side; never throws.
 *
 * @example await deliverWebhooks(check.webhooks, { retryDelaysMs: [10, 20] }) // [{ searchId, delivered: true, attempts: 1, status: 200, … }]
 */
export async function deliverWebhooks(pending: readonly PendingWebhook[], options?: WebhookOptions): Promise<WebhookDelivery[]> {
  const given = checkOptions(webhookOptionsSchema, options)
  const delays = given.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS
  const timeoutMs = given.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  return Promise.all(pending.map((w) => deliver(w, delays, timeoutMs)))
}

async function deliver(w: PendingWebhook, delays: readonly number[], timeoutMs: number): Promise<WebhookDelivery> {
  const base = { searchId: w.searchId, url: redactUrl(w.url), deliveryId: w.deliveryId, documents: w.documents }
  const signature = webhookSignature(w.secret, w.payload)
  let last: { status?: number; error?: string } = {}
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await fetch(w.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'legisearch-webhook',
          'x-legisearch-signature': signature,
          'x-legisearch-delivery': w.deliveryId,
          'x-legisearch-timestamp': String(Math.floor(Date.now() / 1000)),
        },
        body: w.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      // The answer's body is not read: free the connection.
      await answer.body?.cancel().catch(() => undefined)
      if (answer.status >= 200 && answer.status < 300) return { ...base, delivered: true, attempts: attempt, status: answer.status }
      last = { status: answer.status, error: `answered HTTP ${answer.status}` }
      if (answer.status !== 429 && answer.status < 500) return { ...base, delivered: false, attempts: attempt, ...last }
    } catch (e) {
      last = { error: e instanceof Error ? causeOf(e) : String(e) }
    }
    const pause = delays[attempt - 1]
    if (pause === undefined) return { ...base, delivered: false, attempts: attempt, ...last }
    await new Promise((resolve) => setTimeout(resolve, pause))
  }
}

/** A fetch failure in words: undici's `fetch failed` says little, its cause says what. */
function causeOf(e: Error): string {
  if (e.name === 'TimeoutError') return 'no answer in time'
  const cause = (e as { cause?: unknown }).cause
  return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message
}
