/**
 * The HTTP server: the spec's paths over the library, with API keys, plans and rate limits
 * (DECISIONS §8–§9). A thin shell: every answer is the library's, serialized once; every error is
 * the library's `{ error, code }` with its status, and Fastify's own error shapes never reach a
 * client. Reads run on a pool of worker threads (`backend.ts`); writes (monitors) on this thread's
 * one writable connection.
 */
import type { Socket } from 'node:net'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import scalar from '@scalar/fastify-api-reference'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { z } from 'zod'
import { type ErrorCode, LegisearchError, invalid } from '../common/errors.js'
import { checkOptions, validate } from '../common/validate.js'
import { clipped } from '../common/shown.js'
import type { ApiKey, Endpoint } from '../api/keys.js'
import { type CorpusName, type Snapshot, openSnapshot } from '../api/snapshot.js'
import {
  type Answer,
  type Backend,
  BUSY_MESSAGE,
  INTERNAL_MESSAGE,
  READONLY_FILE_MESSAGE,
  type Call,
  answerOf,
  defaultWorkers,
  inProcess,
  workerPool,
} from './backend.js'
import { openApiDocument } from './openapi.js'
import { ROUTES, type RouteSpec, createMonitorBodySchema, fastifyPath } from './routes.js'
import { screenRequestSchema } from '../api/screen.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key, once the key check passed (routes with an endpoint only). */
    apiKey?: ApiKey
    /** The JSON body as sent: the read pool parses it again in its own thread (a deeply nested value cannot cross threads). */
    bodyText?: string
  }
  interface FastifyContextConfig {
    /** The route's declaration. */
    route?: RouteSpec
  }
}

/** The options of `createServer`; defaults in `SERVER_DEFAULTS`. */
export const serverOptionsSchema = z.strictObject({
  /** The snapshot file to serve. */
  snapshot: z.string({ error: 'must be the path of a snapshot file' }).min(1, 'must be the path of a snapshot file'),
  /** Worker threads serving reads; 0 serves them on the event loop's thread. Default: one per core. */
  workers: z
    .int({ error: 'must be an integer from 0 to 64' })
    .min(0, 'must be an integer from 0 to 64')
    .max(64, 'must be an integer from 0 to 64')
    .optional(),
  /** Open the snapshot read-only: searches and keys work, monitors' writes answer 403. Default false. */
  readonly: z.boolean({ error: 'must be a boolean' }).optional(),
  /** The largest JSON body accepted, in bytes (413 past it). Default 1 MiB. */
  bodyLimit: z
    .int({ error: 'must be an integer number of bytes from 1 to 104857600' })
    .min(1)
    .max(100 * 1024 * 1024)
    .optional(),
  /** Origins allowed to call from a browser (CORS); none by default. */
  cors: z
    .array(z.string({ error: 'must be an origin such as https://app.example.org' }), { error: 'must be an array of origins' })
    .optional(),
  /** Log requests (never keys) as JSON lines: `true` for stdout, or a writable stream. Default off. */
  logger: z
    .union([z.boolean(), z.custom<NodeJS.WritableStream>((v) => typeof (v as { write?: unknown })?.write === 'function')], {
      error: 'must be a boolean or a writable stream',
    })
    .optional(),
})

export type ServerOptions = z.input<typeof serverOptionsSchema>

export const SERVER_DEFAULTS = {
  readonly: false,
  bodyLimit: 1024 * 1024,
  /** The request line and headers together; past it a request is refused before it is routed. */
  maxHeaderBytes: 256 * 1024,
  /** How long a monitor write is retried (asynchronously) while another process holds the write lock, before 503 `busy`. */
  writeWaitMs: 250,
  port: 8787,
  host: '127.0.0.1',
} as const

/** A server ready to listen, and how to stop it (the pool, the snapshot). */
export interface LegisearchServer {
  readonly app: FastifyInstance
  readonly snapshot: Snapshot
  readonly workers: number
  close(): Promise<void>
}

/**
 * Builds the server over a snapshot file: opens it (writable unless `readonly`), starts the
 * worker pool, registers every route of `ROUTES`. Call `server.app.listen({ port, host })`.
 *
 * @example
 * const server = await createServer({ snapshot: 'legisearch.db' })
 * await server.app.listen({ port: 8787, host: '127.0.0.1' })
 */
export async function createServer(options: ServerOptions): Promise<LegisearchServer> {
  const given = checkOptions(serverOptionsSchema, options)
  const workers = given.workers ?? defaultWorkers()
  if (workers > 0 && (given.snapshot === ':memory:' || given.snapshot.startsWith('file::memory:'))) {
    throw invalid('workers: an in-memory snapshot cannot be shared with worker threads; use { workers: 0 } or a file')
  }
  const readonly = given.readonly ?? SERVER_DEFAULTS.readonly
  // Opened once with the default wait (migrations may need the write lock), then again with none:
  // SQLite's busy wait is synchronous, and on this thread it would stall every request.
  openSnapshot(given.snapshot, { readonly }).close()
  const snap = openSnapshot(given.snapshot, { readonly, busyTimeoutMs: 0 })
  let backend: Backend
  try {
    backend = workers > 0 ? await workerPool(given.snapshot, workers) : inProcess(snap)
  } catch (e) {
    snap.close()
    throw e
  }
  const logger =
    given.logger === undefined || given.logger === false
      ? false
      : { level: 'info', redact: ['req.headers["x-api-key"]'], ...(given.logger === true ? {} : { stream: given.logger }) }
  const app = Fastify({
    logger,
    bodyLimit: given.bodyLimit ?? SERVER_DEFAULTS.bodyLimit,
    // A document id is up to 512 characters; percent-encoded, up to 9 bytes each.
    routerOptions: { maxParamLength: 8192 },
    http: { maxHeaderSize: SERVER_DEFAULTS.maxHeaderBytes, requireHostHeader: false },
    clientErrorHandler,
    // What the router refuses before any route or hook runs: a URL that does not decode, a path parameter too long.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        400,
        'invalid_parameters',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'path: a path parameter is over 8192 characters'
          : 'path: not a valid URL (bad percent-encoding)',
      ),
    return503OnClosing: false,
  })
  try {
    await register(app, snap, backend, given)
  } catch (e) {
    await backend.close()
    snap.close()
    throw e
  }
  return {
    app,
    snapshot: snap,
    workers,
    close: async () => {
      await app.close()
      await backend.close()
      snap.close()
    },
  }
}

async function register(
  app: FastifyInstance,
  snap: Snapshot,
  backend: Backend,
  given: z.output<typeof serverOptionsSchema>,
): Promise<void> {
  // JSON only, parsed here so a bad body is the library's `invalid_json`; an empty body is no body.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    let body: string
    try {
      body = UTF8.decode(bytes as Buffer)
    } catch {
      return done(new LegisearchError('invalid_json', 'body: not valid UTF-8; send JSON encoded as UTF-8'), undefined)
    }
    if (body.trim() === '') return done(null, undefined)
    try {
      const value = JSON.parse(body) as unknown
      request.bodyText = body
      done(null, value)
    } catch (e) {
      done(new LegisearchError('invalid_json', `body: not valid JSON (${(e as Error).message}); send a JSON object`), undefined)
    }
  })
  app.setErrorHandler((error, request, reply) => {
    const limit = request.routeOptions.bodyLimit
    const e =
      (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit !== undefined
        ? new LegisearchError(
            'payload_too_large',
            `body: over the ${limit}-byte limit of ${request.method} ${request.routeOptions.url ?? request.url}${request.routeOptions.url === fastifyPath('/watchlist/screen') ? '; split the batch' : ''}`,
          )
        : asLegisearchError(error)
    if (!(error instanceof LegisearchError) && e.code === 'internal_error') request.log.error({ err: error }, 'internal error')
    const told = answerOf(e)
    return sendError(reply, told.status, told.code, told.message, request, told.detail)
  })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const shownPath = clipped(path, 200)
    const methods = ROUTES.filter((r) => routeMatches(r.path, path)).map((r) => r.method)
    const message =
      methods.length > 0
        ? `no route ${request.method} ${shownPath}: it takes ${[...new Set(methods)].join(', ')}`
        : `no route ${request.method} ${shownPath}; the API's paths are listed at /openapi.json`
    return sendError(reply, 404, 'not_found', message)
  })
  if (given.cors && given.cors.length > 0) await app.register(cors, { origin: given.cors })

  // The key, then the plan, then the rate: each refused with its own status.
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.route?.endpoint
    if (endpoint === undefined) return
    request.apiKey = authorize(snap, request.headers['x-api-key'], endpoint)
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

  const document = openApiDocument()
  app.get('/openapi.json', (_request, reply) => reply.type('application/json').send(JSON.stringify(document)))
  await app.register(scalar, {
    routePrefix: '/reference',
    configuration: { url: '/openapi.json', withDefaultFonts: false, telemetry: false, hideClientButton: true },
  })

  const handlers = handlersOf(snap, backend, given.readonly ?? SERVER_DEFAULTS.readonly)
  for (const route of ROUTES) {
    const handler = handlers[route.operationId]
    if (!handler) throw new Error(`no handler for ${route.operationId}`)
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      config: { route },
      // A route's own larger limit, unless the operator set one for every route.
      ...(route.bodyLimit === undefined || given.bodyLimit !== undefined ? {} : { bodyLimit: route.bodyLimit }),
      handler: async (request, reply) => {
        if (route.endpoint !== undefined) checkShape(route, request)
        const result = await handler(request)
        if (!result.ok) return sendError(reply, result.status, result.code, result.message, request, result.detail)
        if (route.ok.status === 204) return reply.status(204).send()
        return reply.status(route.ok.status).type('application/json').send(result.json)
      },
    })
  }
}

type Handler = (request: FastifyRequest) => Promise<Answer> | Answer

const READONLY_MESSAGE = 'this server serves its snapshot read-only (--readonly); monitors cannot be written'

/** What each operation does: reads go to the backend, monitors' writes to the writable snapshot. */
function handlersOf(snap: Snapshot, backend: Backend, readonly: boolean): Record<string, Handler> {
  const read = (call: Call) => backend.run(call)
  const params = (request: FastifyRequest) => request.params as Record<string, string>
  const client = (request: FastifyRequest) => (request.apiKey as ApiKey).clientId
  /**
   * A monitor call on this thread's connection, answered as the library answers. The connection
   * never waits for the write lock; while another process holds it, the call is retried without
   * blocking the event loop for up to `writeWaitMs`. The library's words about the file (its path,
   * its open options) are for the operator: a client is told what it can do.
   */
  const local = async (fn: () => unknown): Promise<Answer> => {
    const deadline = Date.now() + SERVER_DEFAULTS.writeWaitMs
    for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
      try {
        const value = fn()
        return { ok: true, json: value === undefined ? '' : JSON.stringify(value) }
      } catch (e) {
        if (!(e instanceof LegisearchError)) throw e
        if (e.code === 'busy' && Date.now() + pause <= deadline) {
          await new Promise((resolve) => setTimeout(resolve, pause))
          continue
        }
        if (e.code === 'busy') return { ok: false, status: 503, code: 'busy', message: BUSY_MESSAGE }
        if (e.code === 'forbidden' && snap.readonly) {
          return { ok: false, status: 403, code: 'forbidden', message: readonly ? READONLY_MESSAGE : READONLY_FILE_MESSAGE }
        }
        return answerOf(e)
      }
    }
  }
  const handlers: Record<string, Handler> = {
    list_watchlist: (request) => read({ op: 'watchlist', query: rawQuery(request) }),
    get_designation: (request) => read({ op: 'designation', ref: params(request)['ref'] ?? '', query: rawQuery(request) }),
    get_stakeholder: (request) => read({ op: 'stakeholder', id: params(request)['id'] ?? '' }),
    find_stakeholders: (request) => read({ op: 'stakeholders', query: rawQuery(request) }),
    screen_names: (request) => screenInChunks(request.body, read),
    list_monitors: (request) => local(() => ({ data: snap.listMonitors(client(request)) })),
    create_monitor: (request) =>
      local(() => {
        const { name } = validate(createMonitorBodySchema, request.body, { where: 'body', prefix: [] })
        return snap.createMonitor(client(request), name)
      }),
    get_monitor: (request) => local(() => snap.getMonitor(client(request), params(request)['monitorId'] ?? '')),
    delete_monitor: (request) => local(() => snap.deleteMonitor(client(request), params(request)['monitorId'] ?? '')),
    save_document: (request) => {
      const p = params(request)
      return local(() => snap.saveToMonitor(client(request), p['monitorId'] ?? '', p['collection'] as CorpusName, p['documentId'] ?? ''))
    },
    unsave_document: (request) => {
      const p = params(request)
      return local(() =>
        snap.removeFromMonitor(client(request), p['monitorId'] ?? '', p['collection'] as CorpusName, p['documentId'] ?? ''),
      )
    },
    health: () => ({ ok: true, json: JSON.stringify({ status: 'ok' }) }),
  }
  for (const route of ROUTES) {
    const corpus = route.corpus
    if (corpus === undefined) continue
    handlers[route.operationId] = (request) =>
      read({ op: 'search', corpus, query: rawQuery(request), body: request.bodyText, clientId: client(request) })
  }
  return handlers
}

/** Names per call to the read backend: a batch of 10,000 never holds a worker (or this thread) for long. */
const SCREEN_CHUNK = 250

/**
 * `POST /watchlist/screen`: the body checked whole here (so a fault names its entry), then screened
 * in chunks, each a call of its own to the backend, so other requests are answered between them.
 */
export async function screenInChunks(body: unknown, read: (call: Call) => Promise<Answer>): Promise<Answer> {
  const { entries, ...options } = validate(screenRequestSchema, body, { where: 'body' })
  // Every chunk must see the same watchlist: a list reconciled meanwhile starts the batch again.
  for (let attempt = 0; attempt < SCREEN_ATTEMPTS; attempt++) {
    const results: unknown[] = []
    let first: { watchlistVersion: string } | null = null
    let moved = false
    for (let i = 0; i < entries.length; i += SCREEN_CHUNK) {
      // Let the requests that came meanwhile in (an in-process backend answers at once).
      if (i > 0) await new Promise((resolve) => setImmediate(resolve))
      const answer = await read({ op: 'screen', body: JSON.stringify({ entries: entries.slice(i, i + SCREEN_CHUNK), ...options }) })
      if (!answer.ok) return answer
      const { results: some, ...context } = JSON.parse(answer.json) as { results: unknown[]; watchlistVersion: string }
      if (first !== null && context.watchlistVersion !== first.watchlistVersion) {
        moved = true
        break
      }
      first ??= context
      results.push(...some)
    }
    if (!moved) return { ok: true, json: JSON.stringify({ results, ...first }) }
  }
  return {
    ok: false,
    status: 503,
    code: 'busy',
    message: 'the watchlist changed during the screening; nothing was answered, retry in a moment',
  }
}

/** Times a batch is started again when the watchlist changes under it, before 503 `busy`. */
const SCREEN_ATTEMPTS = 3

/** Refuses what a route does not take: a query string or a body where it has none. */
function checkShape(route: RouteSpec, request: FastifyRequest): void {
  const query = rawQuery(request)
  if (!route.query && query !== '') {
    const first = new URLSearchParams(query).keys().next().value ?? query
    throw invalid(`query: ${route.method} ${route.path} takes no query parameters (got '${clipped(first)}')`)
  }
  if (!route.body && request.body !== undefined) throw invalid(`body: ${route.method} ${route.path} takes no body`)
  if (route.body?.required && request.body === undefined) throw invalid(`body: ${route.method} ${route.path} needs a JSON body`)
}

/** The key check: 401 without a known, active key; 403 when its plan lacks the endpoint. */
function authorize(snap: Snapshot, header: string | string[] | undefined, endpoint: Endpoint): ApiKey {
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
  if (!key.endpoints.includes(endpoint)) {
    throw new LegisearchError(
      'forbidden',
      `this key's plan (${key.plan}) does not include ${endpoint}; it allows ${key.endpoints.join(', ')}`,
    )
  }
  return key
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

const rawQuery = (request: FastifyRequest): string => {
  const i = request.url.indexOf('?')
  return i < 0 ? '' : request.url.slice(i + 1)
}

const routeMatches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`).test(path)

function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string, request?: FastifyRequest, detail?: string) {
  if (detail !== undefined) request?.log.error({ detail }, 'internal error')
  return reply
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ error: message, code }))
}

/** Fastify's and the plug-ins' errors as the spec's: a status and code of DECISIONS §8, a message without internals. */
function asLegisearchError(error: unknown): LegisearchError {
  if (error instanceof LegisearchError) return error
  const e = error as { code?: string; statusCode?: number; message?: string }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new LegisearchError('payload_too_large', `body: over the server's limit; ${e.message ?? ''}`.trim())
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new LegisearchError('invalid_json', 'body: the content-type must be application/json')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new LegisearchError('invalid_json', 'body: its length does not match content-length')
  }
  const status = e.statusCode ?? 500
  if (status >= 400 && status < 500) return new LegisearchError('invalid_parameters', `request: ${e.message ?? 'malformed'}`)
  return new LegisearchError('internal_error', INTERNAL_MESSAGE)
}

/** A request Node's parser refused (headers over the limit, bad framing): answered in the spec's shape, then closed. */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? `request: the URL and headers are over ${SERVER_DEFAULTS.maxHeaderBytes / 1024} KB; send filters in the JSON body`
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request: not received in time'
        : 'request: not a valid HTTP request'
  const body = JSON.stringify({ error: message, code: 'invalid_parameters' satisfies ErrorCode })
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
