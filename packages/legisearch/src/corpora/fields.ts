import * as z from 'zod'
import { CANONICAL_DATE_TIME, canonicalDateTime } from '../common/dates.js'
import { kindOf } from '../common/shown.js'

/** Building blocks of the record schemas: what `upsert` accepts and how missing parts default. */

/** A string field; absent → `''`. */
export const text = () => z.string().default('')

/**
 * A required identifier: non-empty, at most 512 characters, no whitespace at either end (refused,
 * not trimmed: `remove`, filters and monitors take ids as given, so a trimmed id could never be
 * reached by the id its caller holds).
 */
export const id = () =>
  z
    .string()
    .min(1, 'must be a non-empty string')
    .max(512, 'must be at most 512 characters')
    .refine((v) => v.trim() === v, 'must not begin or end with whitespace')

/** The date-time fields made by `dateTime()`, so `canonicalDates` can find them in any schema. */
const DATE_TIMES = new WeakSet<z.ZodType>()

/**
 * A required ISO 8601 date-time. Stored in the one canonical RFC 3339 form
 * `YYYY-MM-DDTHH:MM:SS±HH:MM` (`canonicalDateTime`): a bare date or a zone-less time is read as
 * Brasília time (`2024-05-04` → `2024-05-04T00:00:00-03:00`), `Z` is written `+00:00`, a fraction
 * of a second is truncated, so results always carry the spec's date-time type in one form.
 */
export const dateTime = () => {
  const field = z
    .string()
    .refine((v) => canonicalDateTime(v) !== null, {
      message: 'must be an ISO 8601 date or date-time, e.g. 2024-05-04T14:30:00-03:00',
    })
    .transform((v) => canonicalDateTime(v) as string)
    .pipe(z.string().meta({ format: 'date-time' }))
  DATE_TIMES.add(field)
  return field
}

/** An optional ISO 8601 date-time. */
export const optionalDateTime = () => dateTime().optional()

/** A non-negative integer (numbers and years). */
export const int = () => z.number().int('must be an integer').min(0, 'must be ≥ 0').max(Number.MAX_SAFE_INTEGER)

/** The spec's string booleans: `'true'`/`'false'`; a JSON boolean is accepted and stored as its string. */
export const stringBoolean = () =>
  z.union(
    [
      z.enum(['true', 'false']),
      z
        .boolean()
        .transform((b) => (b ? 'true' : 'false'))
        .pipe(z.enum(['true', 'false'])),
    ],
    {
      error: "must be 'true' or 'false'",
    },
  )

/** A free-form object of the spec (`organ`, `mediaAnalysis`, `themes[]`…); absent → `{}`. */
export const freeObject = () => z.record(z.string(), z.unknown()).default({})

/**
 * A free-form object whose `key` feeds a filter (`organ.id`, `themes[].openDataId`): that value,
 * when present, must be a string or a finite number (indexed as its decimal string) or null, so
 * what is stored is what a filter finds; anything else is refused naming the path. Absent → `{}`.
 *
 * @example keyedObject('id').parse({ id: { a: 1 } })
 * // throws: id: must be a string or a number (got an object)
 */
export const keyedObject = (key: string) =>
  z
    .record(z.string(), z.unknown())
    .superRefine((o, ctx) => {
      const v = o[key]
      if (v === undefined || v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) return
      ctx.addIssue({ code: 'custom', path: [key], message: `must be a string or a number (got ${kindOf(v)})` })
    })
    .default({})

/** The value of a `keyedObject`'s `key` as a filter indexes it: none when absent or null. */
export function keyValues(o: Record<string, unknown>, key: string): string[] {
  const v = o[key]
  return typeof v === 'string' || typeof v === 'number' ? [String(v)] : []
}

/** A path to a date-time field: object keys, and `[]` for every element of an array. */
type DatePath = readonly string[]

const PATHS = new WeakMap<z.ZodType, readonly DatePath[]>()

/** The paths of the `dateTime()` fields of a record schema (through optional, default, nullable, objects and arrays). */
function datePaths(schema: z.ZodType): readonly DatePath[] {
  const known = PATHS.get(schema)
  if (known) return known
  const walk = (s: z.core.$ZodType, at: DatePath): DatePath[] => {
    if (DATE_TIMES.has(s as z.ZodType)) return [at]
    const def = s._zod.def as unknown as Record<string, unknown> & { type: string }
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nullable':
      case 'readonly':
        return walk(def['innerType'] as z.core.$ZodType, at)
      case 'object':
        return Object.entries(def['shape'] as Record<string, z.core.$ZodType>).flatMap(([k, v]) => walk(v, [...at, k]))
      case 'array':
        return walk(def['element'] as z.core.$ZodType, [...at, '[]'])
      default:
        return []
    }
  }
  const paths = walk(schema, [])
  PATHS.set(schema, paths)
  return paths
}

/**
 * A stored record with every date-time field of its schema in the canonical form: records written
 * by older versions (`…Z`, `….000Z`) read as the ones written now. Returns the record itself when
 * nothing changes (the common case: one regular-expression test per date).
 *
 * @example canonicalDates(corpus.schema, { id: 'x', postedAt: '2019-01-13T15:00:20Z' }).postedAt // '2019-01-13T15:00:20+00:00'
 */
export function canonicalDates<R>(schema: z.ZodType, record: R): R {
  let out: unknown = record
  for (const path of datePaths(schema)) out = fix(out, path, 0)
  return out as R
}

/** The value with the date at `path` (from `i`) canonical; the same object when it already is. */
function fix(value: unknown, path: DatePath, i: number): unknown {
  if (i === path.length) {
    if (typeof value !== 'string' || CANONICAL_DATE_TIME.test(value)) return value
    return canonicalDateTime(value) ?? value
  }
  const key = path[i] as string
  if (key === '[]') {
    if (!Array.isArray(value)) return value
    const next = value.map((v: unknown) => fix(v, path, i + 1))
    return next.every((v, j) => v === value[j]) ? value : next
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const obj = value as Record<string, unknown>
  if (!Object.hasOwn(obj, key)) return value
  const next = fix(obj[key], path, i + 1)
  return next === obj[key] ? value : { ...obj, [key]: next }
}
