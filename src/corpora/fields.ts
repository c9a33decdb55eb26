import { z } from 'zod'
import { parseInstant } from '../store/dates.js'

/** Building blocks of the record schemas: what `upsert` accepts and how missing parts default. */

/** A string field; absent → `''`. */
export const text = () => z.string().default('')

/** A required, non-blank identifier. */
export const id = () => z.string().trim().min(1, 'must be a non-empty string').max(512, 'must be at most 512 characters')

/**
 * A required ISO 8601 date-time. A bare date or a zone-less time is read as Brasília time and
 * stored as a full date-time with its offset (`2024-05-04` → `2024-05-04T00:00:00-03:00`), so
 * results always carry the spec's date-time type.
 */
export const dateTime = () =>
  z
    .string()
    .refine((v) => parseInstant(v) !== null, {
      message: 'must be an ISO 8601 date or date-time, e.g. 2024-05-04T14:30:00-03:00',
    })
    .transform(asDateTime)

/** `2024-05-04` → `2024-05-04T00:00:00-03:00`; `2024-05-04 10:00` → `2024-05-04T10:00-03:00`; a zoned value as given. */
export function asDateTime(v: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T00:00:00-03:00`
  const t = v.replace(' ', 'T')
  return /(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}-03:00`
}

/** An optional ISO 8601 date-time. */
export const optionalDateTime = () => dateTime().optional()

/** A non-negative integer (numbers and years). */
export const int = () => z.number().int('must be an integer').min(0, 'must be ≥ 0').max(Number.MAX_SAFE_INTEGER)

/** The spec's string booleans: `'true'`/`'false'`; a JSON boolean is accepted and stored as its string. */
export const stringBoolean = () =>
  z.union([z.enum(['true', 'false']), z.boolean().transform((b) => (b ? 'true' : 'false'))], {
    error: "must be 'true' or 'false'",
  })

/** A free-form object of the spec (`organ`, `mediaAnalysis`, `themes[]`…); absent → `{}`. */
export const freeObject = () => z.record(z.string(), z.unknown()).default({})
