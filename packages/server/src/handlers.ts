/**
 * What each operation of `ROUTES` does: reads go to the backend (a worker or this thread), monitors'
 * writes to this thread's writable snapshot. A handler answers an `Answer`: the JSON text, or a
 * failure as the client is told it (`errorReply`).
 */
import type { FastifyRequest } from 'fastify'
import { BUSY_MESSAGE, queryObject, validate, alertCheckOptionsSchema, screenRequestSchema } from 'legisearch/internal'
import { LegisearchError, type ApiKey, type CorpusName, type Snapshot } from 'legisearch'
import { type Answer, type Backend, type Call, answerAsIs, answerOf } from './backend.js'
import { SERVER_DEFAULTS } from './options.js'
import { ROUTES, createMonitorBodySchema } from './routes.js'
import type { LiveSnapshot } from './live-snapshot.js'

/** One operation: the request in, the answer out. */
export type Handler = (request: FastifyRequest) => Promise<Answer> | Answer

/** What a client is told of a monitor write when the server was started `--readonly`. */
const READONLY_MESSAGE = 'this server serves its snapshot read-only (--readonly); monitors cannot be written'

/** What a client is told of a monitor write when the server cannot write its snapshot (a file or folder mode, a read-only mount). */
const READONLY_FILE_MESSAGE = 'the snapshot file of this server is read-only for it; monitors cannot be written'

/**
 * What each operation does: reads go to the backend, monitors' writes to the writable snapshot.
 *
 * @example const handlers = handlersOf(live, inProcess(live), false); await handlers['health']!(request) // { ok: true, json: '{"status":"ok"}' }
 */
export function handlersOf(live: LiveSnapshot, backend: Backend, readonly: boolean): Record<string, Handler> {
  const snap = (): Snapshot => live.current()
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
        if (e.code === 'busy') return answerAsIs(new LegisearchError('busy', BUSY_MESSAGE))
        if (e.code === 'forbidden' && snap().readonly) {
          return answerAsIs(new LegisearchError('forbidden', readonly ? READONLY_MESSAGE : READONLY_FILE_MESSAGE))
        }
        return answerOf(e)
      }
    }
  }
  const handlers: Record<string, Handler> = {
    list_watchlist: (request) => read({ op: 'watchlist', query: rawQuery(request) }),
    get_designation: (request) => read({ op: 'designation', ref: params(request)['ref'] ?? '', query: rawQuery(request) }),
    get_stakeholder: (request) => read({ op: 'stakeholder', id: params(request)['id'] ?? '' }),
    get_document: (request) => {
      const p = params(request)
      return read({ op: 'document', collection: p['collection'] ?? '', id: p['id'] ?? '', clientId: client(request) })
    },
    find_stakeholders: (request) => read({ op: 'stakeholders', query: rawQuery(request) }),
    screen_names: (request) => screenInChunks(request.body, read),
    list_monitors: (request) => local(() => ({ data: snap().listMonitors(client(request)) })),
    create_monitor: (request) =>
      local(() => {
        const { name } = validate(createMonitorBodySchema, request.body, { where: 'body', prefix: [] })
        return snap().createMonitor(client(request), name)
      }),
    get_monitor: (request) => local(() => snap().getMonitor(client(request), params(request)['monitorId'] ?? '')),
    delete_monitor: (request) => local(() => snap().deleteMonitor(client(request), params(request)['monitorId'] ?? '')),
    save_document: (request) => {
      const p = params(request)
      return local(() => snap().saveToMonitor(client(request), p['monitorId'] ?? '', p['collection'] as CorpusName, p['documentId'] ?? ''))
    },
    unsave_document: (request) => {
      const p = params(request)
      return local(() =>
        snap().removeFromMonitor(client(request), p['monitorId'] ?? '', p['collection'] as CorpusName, p['documentId'] ?? ''),
      )
    },
    save_search: (request) => local(() => snap().saveSearch(client(request), params(request)['monitorId'] ?? '', request.body as never)),
    list_saved_searches: (request) =>
      local(() => ({ data: snap().listSavedSearches(client(request), params(request)['monitorId'] ?? '') })),
    delete_saved_search: (request) => {
      const p = params(request)
      return local(() => snap().deleteSavedSearch(client(request), p['monitorId'] ?? '', p['searchId'] ?? ''))
    },
    // The check commits, then answers; its webhooks are sent after, never holding the answer or the write lock.
    check_alerts: (request) =>
      local(() => {
        const query = validate(alertCheckOptionsSchema, queryObject(new URLSearchParams(rawQuery(request))), {
          where: 'query',
          unknownKey: 'parameter',
        })
        const { data, more, deliveries } = snap().checkAlertsAndNotify(client(request), params(request)['monitorId'] ?? '', query)
        void deliveries.then((done) => {
          for (const d of done.filter((x) => !x.delivered)) {
            request.log.warn({ searchId: d.searchId, url: d.url, attempts: d.attempts, error: d.error }, 'webhook not delivered')
          }
        })
        return { data, more }
      }),
    health: () => ({ ok: true, json: JSON.stringify({ status: 'ok' }) }),
    search_everything: (request) => read({ op: 'everything', query: rawQuery(request), body: request.bodyText, clientId: client(request) }),
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
 *
 * @example await screenInChunks({ entries: [{ name: 'Ana' }] }, backend.run) // { ok: true, json: '{"results":[…],…}' }
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
  return answerAsIs(new LegisearchError('busy', 'the watchlist changed during the screening; nothing was answered, retry in a moment'))
}

/** Times a batch is started again when the watchlist changes under it, before 503 `busy`. */
const SCREEN_ATTEMPTS = 3

/** The request's query string as sent (after `?`), or `''`. */
export const rawQuery = (request: FastifyRequest): string => {
  const i = request.url.indexOf('?')
  return i < 0 ? '' : request.url.slice(i + 1)
}
