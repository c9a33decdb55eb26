import * as z from 'zod'
import { type ErrorCode, type Issue, LegisearchError } from '../common/errors.js'
import { clipped, shown } from './shown.js'

/** A path as users write it: `keywords.and[0]`; a key longer than `MAX_SHOWN` is cut with `…`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? clipped(String(p)) : `.${clipped(String(p))}`
  return out
}

/** The unknown keys a message lists at most; more are counted (`and 9,995 more`). */
const MAX_KEYS_SHOWN = 5

/**
 * Longest message `validate` gives a fault, after where: the last guard of echoes (zod's own
 * messages and the schemas' are short; this keeps an unforeseen echo short too).
 */
const MAX_FAULT_TEXT = 1000

/** A path as an error keeps it: a key (a caller's, as a record's) longer than `MAX_SHOWN` is cut. */
function keptPath(path: ReadonlyArray<string | number>): (string | number)[] {
  return path.map((p) => (typeof p === 'string' ? clipped(p) : p))
}

/** How `validate` names an input and its faults. */
export interface ValidateOptions {
  /** What the input is called when a fault has no path of its own: `query`, `body`, `options`. */
  readonly where: string
  /** Put before every path (`['records', 3]` → `records[3].id`); also kept in the error's paths. */
  readonly prefix?: ReadonlyArray<string | number>
  /** Put before the shown name only (`findStakeholders` → `findStakeholders.q`), not in paths. */
  readonly label?: string
  /** The word for an unknown key: `field` (default), `parameter`, `option`. */
  readonly unknownKey?: string
  /** How an unknown key is quoted: `'key'` (default) or `"key"` (JSON). */
  readonly quote?: 'single' | 'json'
  /** The keys an unknown key's message lists as allowed; default: the keys of the object schema at that path. */
  readonly allowed?: (path: ReadonlyArray<string | number>) => readonly string[] | undefined
  /** Said after the allowed keys of an unknown key (`keywords takes or, and, not`); default `allowed: …`. */
  readonly allowedText?: (path: ReadonlyArray<string | number>, keys: readonly string[]) => string
  /** The error code of a fault; default `invalid_parameters`. */
  readonly codeOf?: (issue: Issue) => ErrorCode
  /** Added to the message (`(dou record 3; nothing of this call was written)`). */
  readonly suffix?: string
}

/**
 * The one front door of every input: returns the value `schema` makes of `input`, or throws a
 * `LegisearchError` (400) that keeps every fault found (`issues`, each with its zod code, path and
 * message); the error's `message` and `path` are the first fault's, named as the caller names
 * the input.
 *
 * @example validate(z.strictObject({ limit: z.number() }), { limit: 'x' }, { where: 'query' })
 * // throws LegisearchError 400 invalid_parameters "limit: Invalid input: expected number, received string"
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, options: ValidateOptions): z.output<S> {
  const r = schema.safeParse(input)
  if (r.success) return r.data
  throw errorOf(schema, input, r.error, options)
}

/** The `LegisearchError` of a zod error, as `validate` throws it. */
export function errorOf(schema: z.ZodType, input: unknown, error: z.ZodError, options: ValidateOptions): LegisearchError {
  const prefix = options.prefix ?? []
  const issues: Issue[] = error.issues.map((issue) => {
    const own = issue.path.map((p) => (typeof p === 'number' ? p : String(p)))
    const objectPath = keptPath([...prefix, ...own])
    // An unknown key is where the fault is: the error's path ends with the (first) key, as a wrong
    // value's ends with its own; the message names the object holding it ("body: unknown field 'x'").
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined
    const path = unknownKey === undefined ? objectPath : [...objectPath, clipped(unknownKey)]
    const shown = options.label !== undefined ? [options.label, ...objectPath] : objectPath
    const at = shown.length > 0 ? formatPath(shown) : options.where
    return {
      code: issue.code,
      path,
      message: `${at}: ${clipped(what(schema, input, issue, own, options), MAX_FAULT_TEXT)}${options.suffix ? ` ${options.suffix}` : ''}`,
    }
  })
  const first = issues[0] ?? { code: 'custom', path: prefix, message: `${options.where}: invalid` }
  const code = options.codeOf?.(first) ?? 'invalid_parameters'
  return new LegisearchError(code, first.message, first.path, issues)
}

/** What is wrong, without where. */
function what(schema: z.ZodType, input: unknown, issue: z.core.$ZodIssue, path: (string | number)[], options: ValidateOptions): string {
  if (issue.code === 'unrecognized_keys') {
    const quote = options.quote === 'json' ? (k: string) => shown(k) : (k: string) => `'${clipped(k)}'`
    const more = issue.keys.length - MAX_KEYS_SHOWN
    const keys = issue.keys.slice(0, MAX_KEYS_SHOWN).map(quote).join(', ') + (more > 0 ? ` and ${more} more` : '')
    const allowed = options.allowed?.(path) ?? objectKeysAt(schema, path)
    const head = `unknown ${options.unknownKey ?? 'field'} ${keys}`
    if (allowed === undefined) return head
    return `${head}; ${options.allowedText ? options.allowedText(path, allowed) : `allowed: ${allowed.join(', ')}`}`
  }
  // A missing value gets zod's generic type message; say what the caller can act on.
  if (issue.code === 'invalid_type' && valueAt(input, path) === undefined && issue.message.startsWith('Invalid input')) {
    return 'is required'
  }
  return issue.message
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[key]
  }
  return v
}

/** The keys of the object schema found by following `path` through objects, arrays, optionals and defaults. */
function objectKeysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] | undefined {
  let s: z.ZodType | undefined = unwrap(schema)
  for (const key of path) {
    if (s instanceof z.ZodObject) s = unwrap(s.shape[key] as z.ZodType | undefined)
    else if (s instanceof z.ZodArray) s = unwrap(s.element as z.ZodType)
    else return undefined
  }
  return s instanceof z.ZodObject ? Object.keys(s.shape) : undefined
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let s = schema
  for (let i = 0; i < 8 && s !== undefined; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType
    else if (s instanceof z.ZodPipe) s = s.in as z.ZodType
    else break
  }
  return s
}

/**
 * Checks an options object at an entrance: a plain object (or absent), no unknown option, each
 * value of its type; messages name the option and what it takes.
 *
 * @example checkOptions(z.strictObject({ readonly: z.boolean().optional() }), { readOnly: true }, 'options')
 * // throws 'options: unknown option "readOnly"; allowed: readonly'
 */
export function checkOptions<S extends z.ZodObject>(
  schema: S,
  options: unknown,
  where = 'options',
  /** Put before the option in messages (`options.force`); null to name the option alone (`timeoutMs`). */
  label: string | null = where,
): z.output<S> {
  const value = options === undefined ? {} : options
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new LegisearchError('invalid_parameters', `${where}: must be an object { ${Object.keys(schema.shape).join(', ')} }`)
  }
  // An option set to undefined is an option not given.
  const given = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
  return validate(schema, given, { where, ...(label === null ? {} : { label }), unknownKey: 'option', quote: 'json' })
}
