/**
 * The error catalogue: every stable code and the HTTP status it is answered with (DECISIONS §8),
 * the one place a status is chosen. This library's own codes: `busy` (503, a snapshot another
 * process is writing), `corrupt` (500, a damaged snapshot file: restore it from a copy or build it
 * again) and `upstream_error` (502, an official source that could not be read: network, timeout, an
 * HTTP error, a cut body).
 */
export const ERROR_STATUS = {
  invalid_parameters: 400,
  invalid_date_range: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  busy: 503,
  corrupt: 500,
  upstream_error: 502,
  internal_error: 500,
} as const satisfies Record<string, number>

/** Every stable error code, in the catalogue's order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ReadonlyArray<keyof typeof ERROR_STATUS>

export type ErrorCode = keyof typeof ERROR_STATUS

/** One thing wrong with an input: zod's issue code (or `custom`), where, and what is allowed. */
export interface Issue {
  readonly code: string
  readonly path: ReadonlyArray<string | number>
  readonly message: string
}

/** The mark every `LegisearchError` carries, the same symbol in every copy of the package. */
const MARK = Symbol.for('legisearch.LegisearchError')

/**
 * The one error class of legisearch. Every failure a caller can cause is one of these, carrying
 * the stable `code` the hosted service would answer with and its HTTP status, read from
 * {@link ERROR_STATUS} (so a status and a code never disagree).
 *
 * @example
 * try { snap.searchPropositions({ limit: 50 }) }
 * catch (e) { if (e instanceof LegisearchError) console.log(e.status, e.code, e.message) }
 * // 400 invalid_parameters "limit: must be an integer from 1 to 20 (got 50)"
 *
 * `instanceof LegisearchError` holds for an error from any copy of the class: the ES module and
 * the CommonJS builds, or two installed versions of the package (each error carries a mark
 * registered under one global symbol). A subclass (`ListRefusal`) is checked as any class is.
 */
export class LegisearchError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== LegisearchError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && (value as { [MARK]?: unknown })[MARK] === true
  }

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

  constructor(code: ErrorCode, message: string, path: ReadonlyArray<string | number> = [], issues?: readonly Issue[]) {
    super(message)
    // Checked for callers without types: the status follows from the code (the catalogue).
    if (!Object.hasOwn(ERROR_STATUS, code)) {
      throw new TypeError(
        `LegisearchError: code must be one of ${Object.keys(ERROR_STATUS).join(', ')} (got ${String(code)}); build it as new LegisearchError(code, message, path?, issues?), its status follows from the code`,
      )
    }
    this.status = ERROR_STATUS[code]
    this.code = code
    this.path = path
    this.issues = issues ?? [{ code: 'custom', path, message }]
    Object.defineProperty(this, MARK, { value: true })
  }

  /** The HTTP error body of the spec: `{ error, code }`. */
  toJSON(): { error: string; code: ErrorCode } {
    return { error: this.message, code: this.code }
  }
}

export function invalid(message: string, path: ReadonlyArray<string | number> = []): LegisearchError {
  return new LegisearchError('invalid_parameters', message, path)
}

export function invalidDateRange(message: string, path: ReadonlyArray<string | number> = []): LegisearchError {
  return new LegisearchError('invalid_date_range', message, path)
}

export function notFound(message: string): LegisearchError {
  return new LegisearchError('not_found', message)
}
