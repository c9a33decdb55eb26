/**
 * API keys, plans and rate limits (DECISIONS §9): on a route with an endpoint, the key, then the
 * plan, then the rate, each refused with its own code (401 `unauthorized`, 403 `forbidden`, 429
 * `rate_limited`). Routes without an endpoint (health, the OpenAPI document) take no key.
 */
import rateLimit from '@fastify/rate-limit'
import { LegisearchError, type ApiKey, type Endpoint, type Snapshot } from 'legisearch'
import { atRoot } from './at-root.js'
import type { LiveSnapshot } from '../live-snapshot.js'
import { endpointsOf } from '../routes.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key, once the key check passed (routes with an endpoint only). */
    apiKey?: ApiKey
  }
}

export interface AuthOptions extends Record<string, unknown> {
  /** Where keys are looked up. */
  readonly live: LiveSnapshot
}

/** The key check on every request to a keyed route, then the key's rate, counted per key a minute. */
export const auth = atRoot('legisearch-auth', async (app, { live }: AuthOptions) => {
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.route?.endpoint
    if (endpoint === undefined) return
    request.apiKey = authorize(
      live.current(),
      request.headers['x-api-key'],
      endpointsOf(endpoint, request.params as Record<string, string>),
    )
  })
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: 60_000,
    max: (request) => request.apiKey?.ratePerMinute ?? 0,
    keyGenerator: (request) => request.apiKey?.id ?? '',
    allowList: (request) => request.apiKey === undefined,
    errorResponseBuilder: (request, context) =>
      new LegisearchError(
        'rate_limited',
        `rate limit: this key may make ${context.max} requests a minute (plan ${request.apiKey?.plan ?? '?'}); retry in ${context.after}`,
      ),
  })
})

/** The key check: 401 without a known, active key; 403 when its plan lacks the endpoint. */
function authorize(snap: Snapshot, header: string | string[] | undefined, endpoints: readonly Endpoint[]): ApiKey {
  if (header === undefined || header === '') {
    throw new LegisearchError(
      'unauthorized',
      'x-api-key: missing; send an API key (`legisearch keys create` makes one) in the x-api-key header',
    )
  }
  // Node joins a repeated header into one value, `k1, k2`.
  if (Array.isArray(header) || header.includes(',')) {
    throw new LegisearchError('unauthorized', 'x-api-key: sent more than once; send one key')
  }
  const key = snap.verifyApiKey(header)
  if (!key) throw new LegisearchError('unauthorized', 'x-api-key: unknown or revoked key')
  const lacking = endpoints.filter((e) => !key.endpoints.includes(e))
  if (lacking.length > 0) {
    throw new LegisearchError(
      'forbidden',
      `this key's plan (${key.plan}) does not include ${lacking.join(', ')}; it allows ${key.endpoints.join(', ')}`,
    )
  }
  return key
}
