import * as z from 'zod'
import { checkOptions } from '../common/validate.js'
import type { PendingWebhook, WebhookDelivery } from './webhook-payload.js'
import type { Resolver } from './webhook-target.js'

export { type PendingWebhook, type WebhookDelivery, webhookSignature } from './webhook-payload.js'

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
  resolve?: Resolver,
): Promise<WebhookDelivery[]> {
  const given = checkOptions(deliverOptionsSchema, options)
  // The sender (Node's http, https and dns) is loaded by the first delivery: a chunk of its own.
  const { sendWebhooks, systemResolver } = await import('./webhook-send.js')
  return sendWebhooks(pending, {
    delays: given.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: given.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    allowPrivate: given.allowPrivate ?? false,
    resolve: resolve ?? systemResolver,
  })
}
