/**
 * Sending webhooks: one POST per try over Node's http or https, each connection's addresses judged
 * by `webhook-target.ts` as it is made. Loaded by the first `deliverWebhooks` (a chunk of its own:
 * opening a snapshot and searching do not load Node's http, https, tls and dns).
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { redactUrl } from '../common/redact-url.js'
import { RefusedTargetError, type Resolver, blockedKind, refusedText } from './webhook-target.js'
import { type PendingWebhook, type WebhookDelivery, webhookSignature } from './webhook-payload.js'

/** How webhooks are sent: `deliverWebhooks`' options with their defaults. */
export interface Sending {
  readonly delays: readonly number[]
  readonly timeoutMs: number
  readonly allowPrivate: boolean
  readonly resolve: Resolver
}

/**
 * Sends each webhook, side by side, as `deliverWebhooks` says; never throws.
 *
 * @example await sendWebhooks(pending, { delays: [1000], timeoutMs: 10_000, allowPrivate: false, resolve: systemResolver })
 */
export function sendWebhooks(pending: readonly PendingWebhook[], sending: Sending): Promise<WebhookDelivery[]> {
  return Promise.all(pending.map((w) => deliver(w, sending)))
}

/** The system's resolver (`/etc/hosts`, then DNS), every address. */
export const systemResolver: Resolver = (host, family) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, family: family === 4 || family === 6 ? family : 0 }, (e, addresses) =>
      e ? reject(e) : resolve(addresses),
    ),
  )

type LookupCallback = (e: Error | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for `http.request` (and so `net.connect`): resolves with `resolve`, and fails with a
 * `RefusedTargetError` when any address is a refused one (unless `allowPrivate`). The connection
 * goes to the addresses it judged, so no later answer of the name can slip in.
 *
 * @example http.request(url, { lookup: checkedLookup(false, systemResolver) })
 */
export function checkedLookup(
  allowPrivate: boolean,
  resolve: Resolver,
): (host: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback) => void {
  return (host, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0)
    resolve(host, family).then(
      (addresses) => {
        const refused = allowPrivate ? undefined : addresses.find((a) => blockedKind(a.address) !== undefined)
        if (refused) return callback(new RefusedTargetError(refusedText(`${host} resolves to ${refused.address}`, refused.address)), [])
        if (addresses.length === 0) return callback(Object.assign(new Error(`${host}: no address`), { code: 'ENOTFOUND' }), [])
        if (options.all) return callback(null, addresses)
        const [first] = addresses as [LookupAddress]
        return callback(null, first.address, first.family)
      },
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), []),
    )
  }
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
