/**
 * What a client is told of a failure, over HTTP and MCP alike, decided here and nowhere else: the
 * status and the spec's body `{ error, code }` (DECISIONS §8), from any thrown value. A
 * `LegisearchError` a client caused is told as it is; words about the snapshot file (a damaged
 * file's, a lock's, any 5xx's) and anything unexpected are for the operator's log (`detail`), and
 * an HTTP client gets a fixed message that leaks nothing (an MCP client on stdio is the operator).
 */
import { type ErrorCode, LegisearchError } from './errors.js'

/** What a client is told of anything unexpected: nothing of it. */
export const INTERNAL_MESSAGE = 'internal error: the request could not be answered; nothing was changed'

/** What a client is told of a damaged snapshot: what happened, not where the file is (logged for the operator). */
export const CORRUPT_MESSAGE =
  'the snapshot this server serves is damaged; nothing was changed. Its operator must restore it from a copy or build it again'

/** What a client is told when the snapshot's lock could not be had in time (the file's path is for the operator). */
export const BUSY_MESSAGE = 'the snapshot is being written by another process; nothing was written, retry in a moment'

/**
 * A failure as a client is told it: the status, and the code and message of its body. `detail`
 * is for the operator's log only; a client never sees it. Plain data (it crosses worker threads).
 */
export interface ErrorReply {
  readonly status: number
  readonly code: ErrorCode
  readonly message: string
  readonly detail?: string
}

/**
 * Any thrown value as a client is told it: a `LegisearchError` as it is, but `corrupt` and `busy`
 * with a fixed message, any other 5xx and anything unexpected as 500 `internal_error`
 * ({@link INTERNAL_MESSAGE}); what was hidden is kept in `detail` for the log. `to: 'operator'`
 * (the MCP server on stdio, whose client runs for the snapshot's own user) tells every
 * `LegisearchError` as it is, the file's path and damage included, as the library does; only
 * what is unexpected is hidden.
 *
 * @example errorReply(new LegisearchError('not_found', 'no stakeholder x')) // { status: 404, code: 'not_found', message: 'no stakeholder x' }
 * @example errorReply(new TypeError('x.y is not a function')).message // INTERNAL_MESSAGE
 */
export function errorReply(thrown: unknown, to: 'client' | 'operator' = 'client'): ErrorReply {
  if (!(thrown instanceof LegisearchError)) return hidden('internal_error', INTERNAL_MESSAGE, detailOf(thrown))
  if (to === 'operator') return toldAsIs(thrown)
  if (thrown.code === 'corrupt') return hidden('corrupt', CORRUPT_MESSAGE, thrown.message)
  if (thrown.code === 'busy') return hidden('busy', BUSY_MESSAGE, thrown.message)
  if (thrown.status >= 500) return hidden('internal_error', INTERNAL_MESSAGE, thrown.message)
  return toldAsIs(thrown)
}

/**
 * An error the server itself words for its client (a refused key, a batch to retry), told as it is
 * whatever its code.
 *
 * @example toldAsIs(new LegisearchError('busy', 'the watchlist changed; retry')) // { status: 503, code: 'busy', message: 'the watchlist changed; retry' }
 */
export function toldAsIs(e: LegisearchError): ErrorReply {
  return { status: e.status, code: e.code, message: e.message }
}

/**
 * The body of a reply as sent: the JSON text of `LegisearchError.toJSON()`, `{ "error", "code" }`.
 *
 * @example errorBody(errorReply(new LegisearchError('forbidden', 'no'))) // '{"error":"no","code":"forbidden"}'
 */
export function errorBody(reply: ErrorReply): string {
  return JSON.stringify(new LegisearchError(reply.code, reply.message).toJSON())
}

function hidden(code: ErrorCode, message: string, detail: string): ErrorReply {
  return { ...toldAsIs(new LegisearchError(code, message)), detail }
}

function detailOf(thrown: unknown): string {
  return thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)
}
