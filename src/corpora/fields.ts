import { z } from 'zod'
import { canonicalDateTime } from '../common/dates.js'

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

/**
 * A required ISO 8601 date-time. Stored in the canonical RFC 3339 form with seconds and an offset;
 * a bare date or a zone-less time is read as Brasília time (`2024-05-04` →
 * `2024-05-04T00:00:00-03:00`, `2024-05-04 10:00` → `2024-05-04T10:00:00-03:00`), so results
 * always carry the spec's date-time type.
 */
export const dateTime = () =>
  z
    .string()
    .refine((v) => canonicalDateTime(v) !== null, {
      message: 'must be an ISO 8601 date or date-time, e.g. 2024-05-04T14:30:00-03:00',
    })
    .transform((v) => canonicalDateTime(v) as string)
    .pipe(z.string().meta({ format: 'date-time' }))

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
