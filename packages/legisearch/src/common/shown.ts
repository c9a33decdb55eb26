/** Longest echo of a caller's value in a message, before the ellipsis. */
export const MAX_SHOWN = 100

/**
 * A caller's value as an error message echoes it: JSON where it can be (`"x"`, `12`, `{"a":1}`),
 * a BigInt as `10n`, a symbol as `Symbol(x)`, a function or an object JSON cannot write (a cycle,
 * a throwing getter) by its kind; never throws, and caps the text at `max` characters with `…`.
 *
 * @example shown(10n) // '10n'
 * @example shown('x'.repeat(1e7)).length // 101
 */
export function shown(value: unknown, max = MAX_SHOWN): string {
  // A long string is cut before it is quoted, so a 10 MB input costs nothing to echo.
  const input = typeof value === 'string' && value.length > max + 1 ? value.slice(0, max + 1) : value
  return cap(render(input), max)
}

/**
 * A caller's text as a message quotes it between its own quotes (`'x'`): the text itself, capped
 * at `max` characters with `…` (a 10 MB key costs nothing to echo); `middle` keeps both ends
 * (`/home/a/…/snapshot.db`), as a file path is best known by its end.
 *
 * @example `unknown field '${clipped(key)}'`
 * @example clipped('x'.repeat(1e7)).length // 101
 */
export function clipped(text: string, max = MAX_SHOWN, keep: 'start' | 'middle' = 'start'): string {
  if (text.length <= max) return text
  if (keep === 'start') return cap(text.slice(0, max + 1), max)
  const half = Math.floor(max / 2)
  const head = cap(text.slice(0, half + 1), half).slice(0, -1)
  let tail = text.slice(text.length - half)
  // Never start on the second half of a surrogate pair.
  const first = tail.charCodeAt(0)
  if (first >= 0xdc00 && first <= 0xdfff) tail = tail.slice(1)
  return `${head}…${tail}`
}

/** Longest echo of a file path in a message (both ends kept): paths are longer than values. */
export const MAX_SHOWN_PATH = 300

/**
 * A file path as a message names it: whole when at most `MAX_SHOWN_PATH` characters, else its
 * start and end around `…`.
 *
 * @example shownPath('/tmp/' + 'a'.repeat(1e7) + '/x.db') // '/tmp/aaa…aaa/x.db'
 */
export function shownPath(path: string): string {
  return clipped(path, MAX_SHOWN_PATH, 'middle')
}

function render(value: unknown): string {
  switch (typeof value) {
    case 'bigint':
      return `${value}n`
    case 'symbol':
      return value.toString()
    case 'function':
      return 'a function'
    case 'undefined':
      return 'undefined'
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value)
    default:
      break
  }
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
    if (typeof text === 'string') return text
  } catch {
    // a cycle, a throwing getter or toJSON, a revoked proxy: described below
  }
  return Array.isArray(value) ? 'an array' : 'an object'
}

function cap(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, max)
  // Never end on half of a surrogate pair.
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return `${cut}…`
}

/**
 * What kind of value `value` is, as a message says what it got: `a string`, `a number`, `NaN`,
 * `an object`, `an array`, `null`, `a bigint`…
 *
 * @example kindOf([1, 2]) // 'an array'
 */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (value === undefined) return 'undefined'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
