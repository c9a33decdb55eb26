/** Keys that would reach an object's prototype instead of being data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
export const MAX_JSON_DEPTH = 32

/**
 * Where a value stops being plain JSON, or null when it is JSON all the way down. Records are
 * stored as JSON, so anything JSON cannot hold (NaN, Infinity, undefined, BigInt, functions,
 * Dates, class instances, cycles) would be changed or lost on the way in: refuse it instead, and
 * refuse keys that reach a prototype.
 */
export function jsonProblem(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; message: string } | null {
  if (depth > MAX_JSON_DEPTH) return { path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : { path, message: 'must be a finite number (JSON has no NaN or Infinity)' }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = jsonProblem(value[i], [...path, i], depth + 1)
      if (p) return p
    }
    return null
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value)
    if (proto !== Object.prototype && proto !== null)
      return { path, message: 'must be a plain JSON object, not a class instance (Date, Map…)' }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key], message: `the key '${key}' is not allowed` }
      const v = (value as Record<string, unknown>)[key]
      // A property set to undefined is an absent property, as in JSON and TypeScript.
      if (v === undefined) continue
      const p = jsonProblem(v, [...path, key], depth + 1)
      if (p) return p
    }
    return null
  }
  return { path, message: `must be a JSON value (string, number, boolean, null, array or object), not ${typeof value}` }
}
