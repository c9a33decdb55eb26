/**
 * The reads the HTTP server hands off — searches, the watchlist, stakeholders — as plain data, and
 * where they run: in this thread on the server's own snapshot, or in a pool of worker threads
 * each holding its own read-only connection (a slow search then stalls one worker, not every
 * request). Both run the same `answer`, so the bytes a client gets do not depend on the choice.
 */
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { type ErrorReply, errorReply, toldAsIs } from 'legisearch/internal'
import type { LegisearchError, CorpusName, Snapshot } from 'legisearch'
import type { LiveSnapshot } from './live-snapshot.js'

/** A read, as plain data (it crosses to a worker thread). `query` is the raw query string. */
export type Call =
  | {
      readonly op: 'search'
      readonly corpus: CorpusName
      readonly query: string
      /** The JSON body as sent (parsed where the call runs), or undefined for none. */
      readonly body: string | undefined
      readonly clientId: string
    }
  /** `POST /search`: every corpus at once. */
  | { readonly op: 'everything'; readonly query: string; readonly body: string | undefined; readonly clientId: string }
  | { readonly op: 'watchlist'; readonly query: string }
  | { readonly op: 'designation'; readonly ref: string; readonly query: string }
  | { readonly op: 'stakeholder'; readonly id: string }
  /** `GET /documents/{collection}/{id}`: the path's parameters as sent (the library checks them). */
  | { readonly op: 'document'; readonly collection: string; readonly id: string; readonly clientId: string }
  | { readonly op: 'stakeholders'; readonly query: string }
  /** A screening: the request's JSON (one chunk of a batch). */
  | { readonly op: 'screen'; readonly body: string }

/**
 * The library's answer as the JSON text the client gets, or its error as the client is told it
 * (`error-reply.ts`; its `detail` is for the server's log).
 */
export type Answer = { readonly ok: true; readonly json: string } | ({ readonly ok: false } & ErrorReply)

/**
 * Any thrown value as a failed answer, told as `errorReply` tells it: words about the file (a
 * 500's, a lock's) are for the operator (in `detail`, logged), not for the client; `corrupt` and
 * `busy` keep their codes. (A read-only file's 403 is met only by monitor writes, which say so
 * themselves; a 403 here is a key's plan, told as it is.)
 *
 * @example answerOf(new LegisearchError('not_found', 'no stakeholder x')) // { ok: false, status: 404, code: 'not_found', message: 'no stakeholder x' }
 */
export function answerOf(thrown: unknown): Extract<Answer, { ok: false }> {
  return { ok: false, ...errorReply(thrown) }
}

/**
 * An error the server words itself for its client, as a failed answer told as it is.
 *
 * @example answerAsIs(new LegisearchError('busy', 'the watchlist changed; retry')) // { ok: false, status: 503, code: 'busy', message: 'the watchlist changed; retry' }
 */
export function answerAsIs(e: LegisearchError): Extract<Answer, { ok: false }> {
  return { ok: false, ...toldAsIs(e) }
}

/** Runs one read on a snapshot: the library's method, its answer serialized once. */
export function answer(snap: Snapshot, call: Call): Answer {
  try {
    return { ok: true, json: JSON.stringify(run(snap, call)) }
  } catch (e) {
    return answerOf(e)
  }
}

function run(snap: Snapshot, call: Call): unknown {
  switch (call.op) {
    case 'search':
      return snap.search(call.corpus, new URLSearchParams(call.query), call.body === undefined ? undefined : JSON.parse(call.body), {
        clientId: call.clientId,
      })
    case 'everything':
      return snap.searchEverything(new URLSearchParams(call.query), call.body === undefined ? undefined : JSON.parse(call.body), {
        clientId: call.clientId,
      })
    case 'watchlist':
      return snap.listWatchlist(new URLSearchParams(call.query))
    case 'designation':
      return snap.getDesignation(call.ref, new URLSearchParams(call.query) as never)
    case 'stakeholder':
      return snap.getStakeholder(call.id)
    case 'document':
      return snap.getDocument(call.collection as CorpusName, call.id, { clientId: call.clientId })
    case 'stakeholders':
      return { data: snap.findStakeholders(new URLSearchParams(call.query)) }
    case 'screen':
      return snap.screenReport(JSON.parse(call.body) as Parameters<Snapshot['screenReport']>[0])
  }
}

/** Where reads run. */
export interface Backend {
  run(call: Call): Promise<Answer>
  close(): Promise<void>
}

/** Reads on the server's own snapshot (the file now at its path), in the event loop's thread (`--workers 0`). */
export function inProcess(live: LiveSnapshot): Backend {
  return { run: (call) => Promise.resolve(answer(live.current(), call)), close: () => Promise.resolve() }
}

/** The default pool size: one worker per core. */
export const defaultWorkers = (): number => availableParallelism()

/**
 * Reads in `workers` threads, each with its own read-only connection to `path` (following the file
 * at the path every `watchMs`, see `live-snapshot.ts`). Piscina queues calls while every worker is busy.
 */
export async function workerPool(path: string, workers: number, watchMs: number): Promise<Backend> {
  const fromSource = import.meta.url.endsWith('.ts')
  const pool = new Piscina<Call, Answer>({
    // From source (tests, tsx) the worker is TypeScript loaded through tsx; built, it is dist/server-worker.js.
    filename: new URL(fromSource ? './worker.ts' : './server-worker.js', import.meta.url).href,
    ...(fromSource ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
    workerData: { path, watchMs },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
  })
  // Every worker opens its snapshot before the server listens: a file it cannot read fails here.
  await Promise.all(Array.from({ length: workers }, () => pool.run({ op: 'ping' } as never)))
  return { run: (call) => pool.run(call), close: () => pool.destroy() }
}
