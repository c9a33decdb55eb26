/** Stable error codes (DECISIONS §8). */
export type ErrorCode =
  | 'invalid_parameters'
  | 'invalid_date_range'
  | 'invalid_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal_error'

/**
 * The one error class of legisearch. Every failure a caller can cause is one of these, carrying
 * the HTTP status and stable `code` the hosted service would answer with.
 *
 * @example
 * try { snap.searchPropositions({ limit: 50 }) }
 * catch (e) { if (e instanceof LegisearchError) console.log(e.status, e.code, e.message) }
 * // 400 invalid_parameters "limit: must be an integer from 1 to 20 (got 50)"
 */
export class LegisearchError extends Error {
  override readonly name = 'LegisearchError'
  readonly status: number
  readonly code: ErrorCode
  /** Where the fault is, as a path of keys and indices (e.g. `['keywords', 'and', 0]`), when known. */
  readonly path: ReadonlyArray<string | number>

  constructor(status: number, code: ErrorCode, message: string, path: ReadonlyArray<string | number> = []) {
    super(message)
    this.status = status
    this.code = code
    this.path = path
  }

  /** The HTTP error body of the spec: `{ error, code }`. */
  toJSON(): { error: string; code: ErrorCode } {
    return { error: this.message, code: this.code }
  }
}

export function invalid(message: string, path: ReadonlyArray<string | number> = []): LegisearchError {
  return new LegisearchError(400, 'invalid_parameters', message, path)
}

export function invalidDateRange(message: string, path: ReadonlyArray<string | number> = []): LegisearchError {
  return new LegisearchError(400, 'invalid_date_range', message, path)
}

export function notFound(message: string): LegisearchError {
  return new LegisearchError(404, 'not_found', message)
}
