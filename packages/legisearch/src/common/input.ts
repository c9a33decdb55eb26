import { invalid } from '../common/errors.js'
import { clipped } from './shown.js'

function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false
  const proto = Object.getPrototypeOf(input)
  return proto === Object.prototype || proto === null
}

/**
 * A query string as given: a plain object, or URLSearchParams (each parameter once). Anything else
 * (a Map, a class instance) would be read as empty and silently widen the search, so it is refused.
 */
export function queryObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {}
  if (input instanceof URLSearchParams) {
    // No prototype, and own keys only: `toString`, `__proto__`, `constructor` are read as the
    // unknown parameters they are, not as given twice.
    const out = Object.create(null) as Record<string, unknown>
    for (const [k, v] of input) {
      if (Object.hasOwn(out, k)) throw invalid(`query: parameter '${clipped(k)}' is given more than once`)
      out[k] = v
    }
    return out
  }
  if (!isPlainObject(input)) throw invalid('query: must be a plain object of query-string parameters (or URLSearchParams)')
  return input
}

/** A JSON body: a plain object (absent = `{}`). */
export function bodyObject(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {}
  if (!isPlainObject(input)) throw invalid('body: must be a JSON object')
  return input
}
