/** Keys that would reach an object's prototype instead of being data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
export const MAX_JSON_DEPTH = 32

/**
 * The most text one record may hold, in characters (UTF-16 code units, as `String.length`
 * counts): a field's string, an object key, and all of a record's strings and keys together.
 * The largest real record of the shared files (a DOU act) is ~60,000 characters; INLabs splits a
 * long act into parts of ~90,000, so the field limit holds an act of ~55 parts. A field at the
 * limit is still searched whole, and highlights read its beginning (`HIGHLIGHT_LIMITS`).
 */
export const RECORD_LIMITS = { fieldChars: 5_000_000, keyChars: 1_000, recordChars: 10_000_000 } as const

export interface JsonProblem {
  readonly path: (string | number)[]
  readonly message: string
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * Where a value stops being plain JSON, or null when it is JSON all the way down. Records are
 * stored as JSON, so anything JSON cannot hold (NaN, Infinity, undefined, BigInt, functions,
 * Dates, class instances, cycles) would be changed or lost on the way in: refuse it instead, and
 * refuse keys that reach a prototype, and text over `RECORD_LIMITS` (a string or key too long, or
 * a record whose strings and keys add up to more than the limit).
 *
 * @example jsonProblem({ summary: 'x'.repeat(6_000_000) }, ['records', 0])
 * // { path: ['records', 0, 'summary'], message: 'is 6,000,000 characters long; a field holds at most 5,000,000' }
 */
export function jsonProblem(value: unknown, path: (string | number)[] = []): JsonProblem | null {
  const seen = { chars: 0 }
  // The path is one array pushed and popped as the walk goes (a copy only for a problem found).
  const p = walk(value, [...path], 0, seen)
  if (p) return p
  if (seen.chars > RECORD_LIMITS.recordChars)
    return {
      path,
      message: `holds more than ${count(RECORD_LIMITS.recordChars)} characters of text in its strings and keys, the most a record may hold`,
    }
  return null
}

/** `path` is where `value` stands, shared by the whole walk: a problem takes a copy of it. */
function walk(value: unknown, path: (string | number)[], depth: number, seen: { chars: number }): JsonProblem | null {
  if (depth > MAX_JSON_DEPTH) return { path: [...path], message: `nests deeper than ${MAX_JSON_DEPTH} levels` }
  if (typeof value === 'string') {
    seen.chars += value.length
    if (value.length > RECORD_LIMITS.fieldChars)
      return {
        path: [...path],
        message: `is ${count(value.length)} characters long; a field holds at most ${count(RECORD_LIMITS.fieldChars)}`,
      }
    return null
  }
  if (value === null || typeof value === 'boolean') return null
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : { path: [...path], message: 'must be a finite number (JSON has no NaN or Infinity)' }
  // Past the record's limit, stop walking: the caller reports the size.
  if (seen.chars > RECORD_LIMITS.recordChars) return null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i)
      const p = walk(value[i], path, depth + 1, seen)
      path.pop()
      if (p) return p
    }
    return null
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null)
      return { path: [...path], message: 'must be a plain JSON object, not a class instance (Date, Map…)' }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key], message: `the key '${key}' is not allowed` }
      if (key.length > RECORD_LIMITS.keyChars)
        return {
          path: [...path],
          message: `has a key ${count(key.length)} characters long; a key holds at most ${count(RECORD_LIMITS.keyChars)}`,
        }
      seen.chars += key.length
      const v = (value as Record<string, unknown>)[key]
      // A property set to undefined is an absent property, as in JSON and TypeScript.
      if (v === undefined) continue
      path.push(key)
      const p = walk(v, path, depth + 1, seen)
      path.pop()
      if (p) return p
    }
    return null
  }
  return { path: [...path], message: `must be a JSON value (string, number, boolean, null, array or object), not ${typeof value}` }
}
