import { z } from 'zod'
import { invalid } from '../errors.js'
import { queryObject } from './input.js'
import { toLegisearchError } from './issues.js'

export const SORTS = ['newest', 'recently_updated', 'older', 'relevance'] as const
export type Sort = (typeof SORTS)[number]
export const MODES = ['sensitive', 'keyword'] as const

/** Longest `q` accepted: a search box, not a document. */
export const MAX_Q_LENGTH = 1000

/**
 * An integer query parameter: a JS integer, or its decimal string as it arrives from a URL.
 * Out of range or not an integer → an issue naming the range (no silent clamping).
 */
export const intParam = (min: number, max: number, fallback: number) => {
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`
  return z
    .union([z.number(), z.string()], { error: `must be an integer ${range}` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback
      const n = typeof v === 'number' ? v : /^\s*[+]?\d+\s*$/.test(v) ? Number(v) : Number.NaN
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer ${range} (got ${JSON.stringify(v)})` })
        return z.NEVER
      }
      return n
    })
}

const queryShape = z.strictObject({
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intParam(1, 20, 10),
  q: z.string({ error: 'must be a string' }).max(MAX_Q_LENGTH, `must be at most ${MAX_Q_LENGTH} characters`).optional(),
  modes: z.union([z.string(), z.array(z.string())], { error: 'must be a comma-separated string of sensitive, keyword' }).optional(),
  sort: z.enum(SORTS, { error: `must be one of ${SORTS.join(', ')}` }).default('recently_updated'),
})

export interface SearchParams {
  readonly page: number
  readonly limit: number
  readonly q: string
  readonly modes: ReadonlySet<string>
  readonly sort: Sort
}

/**
 * Validates the query string of a `POST /search/*` call (DECISIONS §2). Values may be strings as
 * they come from a URL (`'2'`) or typed values (`2`).
 *
 * @example parseSearchParams({ page: '2', limit: 20, sort: 'newest', modes: 'keyword' })
 */
export function parseSearchParams(query: unknown): SearchParams {
  const r = queryShape.safeParse(queryObject(query))
  if (!r.success) {
    const e = toLegisearchError(r.error, 'query')
    if (r.error.issues[0]?.code === 'unrecognized_keys') {
      throw invalid(`${e.message}; the query string takes page, limit, q, modes, sort`, e.path)
    }
    throw e
  }
  const modes = new Set<string>()
  const raw = r.data.modes === undefined ? [] : Array.isArray(r.data.modes) ? r.data.modes : r.data.modes.split(',')
  for (const m of raw) {
    const mode = m.trim()
    if (mode === '') continue
    if (!(MODES as readonly string[]).includes(mode)) {
      throw invalid(`modes: unknown mode '${mode}'; allowed: ${MODES.join(', ')} (comma-separated)`, ['modes'])
    }
    modes.add(mode)
  }
  return { page: r.data.page, limit: r.data.limit, q: r.data.q ?? '', modes, sort: r.data.sort }
}
