/**
 * Stable error codes (DECISIONS §8). This library's own: `busy` (503, a snapshot another process is
 * writing) and `corrupt` (500, a damaged snapshot file: restore it from a copy or build it again).
 */
export const ERROR_CODES = [
  'invalid_parameters',
  'invalid_date_range',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'busy',
  'corrupt',
  'internal_error',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** One thing wrong with an input: zod's issue code (or `custom`), where, and what is allowed. */
export interface Issue {
  readonly code: string
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

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
  /** Where the (first) fault is, as a path of keys and indices (e.g. `['keywords', 'and', 0]`), when known. */
  readonly path: ReadonlyArray<string | number>
  /**
   * Every fault found in the input, the first one being what `message` says. A single fault for
   * errors that do not come from validating an input.
   */
  readonly issues: readonly Issue[]

  constructor(status: number, code: ErrorCode, message: string, path: ReadonlyArray<string | number> = [], issues?: readonly Issue[]) {
    super(message)
    this.status = status
    this.code = code
    this.path = path
    this.issues = issues ?? [{ code: 'custom', path, message }]
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
