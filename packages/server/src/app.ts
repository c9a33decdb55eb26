/**
 * The HTTP server: the spec's paths over the library, with API keys, plans and rate limits
 * (DECISIONS §8–§9). A thin shell, put together here from its plug-ins (`plugins/`): the JSON body,
 * errors, keys and rates, the API's description, the operations. Every answer is the library's,
 * serialized once; every error is the library's `{ error, code }` with its status
 * (`common/error-reply.ts`). Reads run on a pool of worker threads (`backend.ts`); writes
 * (monitors) on this thread's one writable connection.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { invalid, checkOptions } from 'legisearch/internal'
import { type Snapshot, openSnapshot } from 'legisearch'
import { type Backend, defaultWorkers, inProcess, workerPool } from './backend.js'
import { SERVER_DEFAULTS, type ServerConfig, type ServerOptions, serverOptionsSchema } from './options.js'
import { auth } from './plugins/auth.js'
import { clientErrorHandler, errors, frameworkErrors } from './plugins/errors.js'
import { jsonBody } from './plugins/json-body.js'
import { operations } from './plugins/operations.js'
import { reference } from './plugins/reference.js'
import { webPage } from './plugins/web.js'
import { type LiveSnapshot, liveSnapshot } from './live-snapshot.js'

export { SERVER_DEFAULTS, type ServerOptions, serverOptionsSchema } from './options.js'
export { screenInChunks } from './handlers.js'

/** A server ready to listen, and how to stop it (the pool, the snapshot). */
export interface LegisearchServer {
  readonly app: FastifyInstance
  /** The snapshot answering now (the file at the path, followed every `watchMs`). */
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
  const { live, backend } = await openBackend(given, workers)
  const app = fastifyOf(given)
  try {
    await registerPlugins(app, live, backend, given)
  } catch (e) {
    await backend.close()
    live.close()
    throw e
  }
  return {
    app,
    get snapshot() {
      return live.current()
    },
    workers,
    close: async () => {
      await app.close()
      await backend.close()
      live.close()
    },
  }
}

/** The snapshot this thread writes monitors to, and where reads run (`workers` threads, or this one). */
async function openBackend(given: ServerConfig, workers: number): Promise<{ live: LiveSnapshot; backend: Backend }> {
  const readonly = given.readonly ?? SERVER_DEFAULTS.readonly
  // A file is followed only by a read-only server: a new file renamed over a path whose
  // connections write would meet their -wal and -shm files, which SQLite names after the path.
  if (!readonly && given.watchMs !== undefined && given.watchMs > 0) {
    throw invalid(
      'watchMs: a server follows a new file at its path only when it serves it readonly (a writable one keeps the file it opened); pass { readonly: true }, or watchMs: 0',
      ['watchMs'],
    )
  }
  const watchMs = readonly ? (given.watchMs ?? SERVER_DEFAULTS.watchMs) : 0
  // Opened once with the default wait (migrations may need the write lock), then again with none:
  // SQLite's busy wait is synchronous, and on this thread it would stall every request.
  const webhooks = given.webhooks ?? {}
  openSnapshot(given.snapshot, { readonly, webhooks }).close()
  const log = (line: string) => process.stderr.write(`legisearch serve: ${line}\n`)
  const live = liveSnapshot(given.snapshot, () => openSnapshot(given.snapshot, { readonly, busyTimeoutMs: 0, webhooks }), watchMs, log)
  try {
    return { live, backend: workers > 0 ? await workerPool(given.snapshot, workers, watchMs) : inProcess(live) }
  } catch (e) {
    live.close()
    throw e
  }
}

/** The Fastify instance: the log (never a key), the limits, and the spec's shape for what it refuses before routing. */
function fastifyOf(given: ServerConfig): FastifyInstance {
  const logger =
    given.logger === undefined || given.logger === false
      ? false
      : { level: 'info', redact: ['req.headers["x-api-key"]'], ...(given.logger === true ? {} : { stream: given.logger }) }
  return Fastify({
    logger,
    bodyLimit: given.bodyLimit ?? SERVER_DEFAULTS.bodyLimit,
    // A document id is up to 512 characters; percent-encoded, up to 9 bytes each.
    routerOptions: { maxParamLength: 8192 },
    http: { maxHeaderSize: SERVER_DEFAULTS.maxHeaderBytes, requireHostHeader: false },
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
  })
}

/** The plug-ins, in the order they act on a request: body, errors, CORS, key and rate, then the routes (and the web page, when built). */
async function registerPlugins(app: FastifyInstance, live: LiveSnapshot, backend: Backend, given: ServerConfig): Promise<void> {
  await app.register(jsonBody)
  await app.register(errors)
  if (given.cors && given.cors.length > 0) await app.register(cors, { origin: given.cors })
  await app.register(auth, { live })
  await app.register(reference)
  if (given.web !== undefined) await app.register(webPage, { root: given.web })
  await app.register(operations, { live, backend, given })
}
