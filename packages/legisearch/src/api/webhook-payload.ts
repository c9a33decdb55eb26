/**
 * What a webhook is: a delivery to make (from an alerts check), how it ended, and the signature of
 * its body. Shared by `webhooks.ts` (the public entry) and `webhook-send.ts` (the sender, loaded on
 * first use).
 */
import { createHmac } from 'node:crypto'

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

/** The signature header's value: `sha256=` and the hex HMAC-SHA256 of the raw body with the secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}
