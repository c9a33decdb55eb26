/**
 * The reads the HTTP server hands off — searches, the watchlist, stakeholders — as plain data, and
 * where they run: in this thread on the server's own snapshot, or in a pool of worker threads
 * each holding its own read-only connection (a slow search then stalls one worker, not every
 * request). Both run the same `answer`, so the bytes a client gets do not depend on the choice.
 */
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { type ErrorCode, LegisearchError } from '../common/errors.js'
import type { CorpusName, Snapshot } from '../api/snapshot.js'

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
  | { readonly op: 'watchlist'; readonly query: string }
  | { readonly op: 'designation'; readonly ref: string; readonly query: string }
  | { readonly op: 'stakeholder'; readonly id: string }
  | { readonly op: 'stakeholders'; readonly query: string }
  /** A screening: the request's JSON (one chunk of a batch). */
  | { readonly op: 'screen'; readonly body: string }

/**
 * The library's answer as the JSON text the client gets, or its error. `detail` describes an
 * unexpected failure for the server's log; the client never sees it.
 */
export type Answer =
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly status: number; readonly code: ErrorCode; readonly message: string; readonly detail?: string }

/** What a client is told of anything unexpected: nothing of it. */
export const INTERNAL_MESSAGE = 'internal error: the request could not be answered; nothing was changed'

/** What a client is told of a damaged snapshot: what happened, not where the file is (logged for the operator). */
export const CORRUPT_MESSAGE =
  'the snapshot this server serves is damaged; nothing was changed. Its operator must restore it from a copy or build it again'

/** What a client is told when the snapshot's lock could not be had in time (the file's path is for the operator). */
export const BUSY_MESSAGE = 'the snapshot is being written by another process; nothing was written, retry in a moment'

/** What a client is told when the server cannot write its snapshot (a file or folder mode, a read-only mount). */
export const READONLY_FILE_MESSAGE = 'the snapshot file of this server is read-only for it; monitors cannot be written'

/**
 * A library error as a client is told it: words about the file (a 500's, a lock's) are for the
 * operator (in `detail`, logged), not for the client; `corrupt` and `busy` keep their codes. (A
 * read-only file's 403 is met only by monitor writes, which say so themselves; a 403 here is a
 * key's plan, told as it is.)
 *
 * @example answerOf(new LegisearchError('not_found', 'no stakeholder x')) // { ok: false, status: 404, code: 'not_found', message: 'no stakeholder x' }
 */
export function answerOf(e: LegisearchError): Extract<Answer, { ok: false }> {
  if (e.code === 'corrupt') return { ok: false, status: 500, code: 'corrupt', message: CORRUPT_MESSAGE, detail: e.message }
  if (e.code === 'busy') return { ok: false, status: 503, code: 'busy', message: BUSY_MESSAGE, detail: e.message }
  if (e.status >= 500) {
    return { ok: false, status: 500, code: 'internal_error', message: INTERNAL_MESSAGE, detail: e.message }
  }
  return { ok: false, status: e.status, code: e.code, message: e.message }
}

/** Runs one read on a snapshot: the library's method, its answer serialized once. */
export function answer(snap: Snapshot, call: Call): Answer {
  try {
    return { ok: true, json: JSON.stringify(run(snap, call)) }
  } catch (e) {
    if (e instanceof LegisearchError) return answerOf(e)
    return {
      ok: false,
      status: 500,
      code: 'internal_error',
      message: INTERNAL_MESSAGE,
      detail: e instanceof Error ? (e.stack ?? e.message) : String(e),
    }
  }
}

function run(snap: Snapshot, call: Call): unknown {
  switch (call.op) {
    case 'search':
      return snap.search(call.corpus, new URLSearchParams(call.query), call.body === undefined ? undefined : JSON.parse(call.body), {
        clientId: call.clientId,
      })
    case 'watchlist':
      return snap.listWatchlist(new URLSearchParams(call.query))
    case 'designation':
      return snap.getDesignation(call.ref, new URLSearchParams(call.query) as never)
    case 'stakeholder':
      return snap.getStakeholder(call.id)
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

/** Reads on the server's own snapshot, in the event loop's thread (`--workers 0`). */
export function inProcess(snap: Snapshot): Backend {
  return { run: (call) => Promise.resolve(answer(snap, call)), close: () => Promise.resolve() }
}

/** The default pool size: one worker per core. */
export const defaultWorkers = (): number => availableParallelism()

/**
 * Reads in `workers` threads, each with its own read-only connection to `path`. Piscina queues
 * calls while every worker is busy.
 */
export async function workerPool(path: string, workers: number): Promise<Backend> {
  const fromSource = import.meta.url.endsWith('.ts')
  const pool = new Piscina<Call, Answer>({
    // From source (tests, tsx) the worker is TypeScript loaded through tsx; built, it is dist/server-worker.js.
    filename: new URL(fromSource ? './worker.ts' : './server-worker.js', import.meta.url).href,
    ...(fromSource ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
    workerData: { path },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
  })
  // Every worker opens its snapshot before the server listens: a file it cannot read fails here.
  await Promise.all(Array.from({ length: workers }, () => pool.run({ op: 'ping' } as never)))
  return { run: (call) => pool.run(call), close: () => pool.destroy() }
}
