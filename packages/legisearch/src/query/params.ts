import * as z from 'zod'
import { invalid } from '../common/errors.js'
import { queryObject } from '../common/input.js'
import { validate } from '../common/validate.js'
import type { Sort } from '../text-index/types.js'
import { clipped, shown } from '../common/shown.js'

export const SORTS = ['newest', 'recently_updated', 'older', 'relevance'] as const satisfies readonly Sort[]
export const MODES = ['sensitive', 'keyword'] as const
export const HISTOGRAMS = ['month', 'year'] as const

/** Longest `q` accepted: a search box, not a document. */
export const MAX_Q_LENGTH = 1000

/**
 * An integer query parameter: a JS integer, or its decimal string as it arrives from a URL.
 * Out of range or not an integer → an issue naming the range (no silent clamping). Its input is
 * `integer | string` and its output an integer, both describable as JSON Schema.
 */
export const intParam = (min: number, max: number, fallback: number) => {
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`
  const message = (v: unknown) => `must be an integer ${range} (got ${shown(v)})`
  return z
    .union([z.number(), z.string()], { error: `must be an integer ${range}` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback
      const n = typeof v === 'number' ? v : /^\s*[+]?\d+\s*$/.test(v) ? Number(v) : Number.NaN
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: message(v), input: v })
        return z.NEVER
      }
      return n
    })
    .pipe(z.int().min(min).max(max))
    .meta({ description: `An integer ${range} (default ${fallback}); a decimal string as from a URL is accepted.` })
}

/** The query string of `POST /search/*` (DECISIONS §2). */
/** The most values `facetLimit` may ask per facet (the default, every value, may be more). */
export const MAX_FACET_VALUES = 10_000

export const searchQuerySchema = z.strictObject({
  page: intParam(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intParam(1, 20, 10),
  q: z.string({ error: 'must be a string' }).max(MAX_Q_LENGTH, `must be at most ${MAX_Q_LENGTH} characters`).optional(),
  modes: z
    .union([z.string(), z.array(z.string())], { error: 'must be a comma-separated string of sensitive, keyword' })
    .optional()
    .meta({ description: 'Comma-separated match modes: sensitive, keyword (both, either or none).' }),
  sort: z.enum(SORTS, { error: `must be one of ${SORTS.join(', ')}` }).default('recently_updated'),
  facets: z
    .union([z.string(), z.array(z.string())], { error: 'must be a comma-separated string of filter names' })
    .optional()
    .meta({
      description:
        'An extension (not in the spec): comma-separated value-filter names of the corpus (`all`: every one) whose values are ' +
        'counted over every match; the answer gains `facets`. Date filters are not facets (see `histogram`).',
    }),
  facetLimit: intParam(1, MAX_FACET_VALUES, MAX_FACET_VALUES)
    .optional()
    .meta({
      description: `An extension: at most this many values per facet, the most frequent (1..${MAX_FACET_VALUES}, default every value); counts stay exact.`,
    }),
  histogram: z
    .enum(HISTOGRAMS, { error: `must be one of ${HISTOGRAMS.join(', ')}` })
    .optional()
    .meta({
      description:
        'An extension (not in the spec): every match counted per month or year of the corpus’s main date; the answer gains `histogram`.',
    }),
})

/** A mode `modes` names (`sensitive`: accents and case count; `keyword`: whole words, no stemming). */
export type SearchMode = 'sensitive' | 'keyword'

/**
 * The query string of a search, typed: `sort` one of the sorts, `modes` the match modes (a list,
 * or comma-separated as in a URL). A query string as it comes (`URLSearchParams`) is taken too,
 * and checked at run time.
 */
export type SearchQuery = Omit<z.input<typeof searchQuerySchema>, 'sort' | 'modes'> & {
  sort?: Sort
  modes?: SearchMode | 'sensitive,keyword' | 'keyword,sensitive' | '' | readonly SearchMode[]
}

export interface SearchParams {
  readonly page: number
  readonly limit: number
  readonly q: string
  readonly modes: ReadonlySet<string>
  readonly sort: Sort
  /** The facet names asked, as given (trimmed, blanks dropped); the corpus checks them. */
  readonly facets: readonly string[]
  readonly histogram: (typeof HISTOGRAMS)[number] | undefined
  /** At most this many values per facet (the most frequent); undefined: every value. */
  readonly facetLimit: number | undefined
}

/**
 * Validates the query string of a `POST /search/*` call (DECISIONS §2). Values may be strings as
 * they come from a URL (`'2'`) or typed values (`2`).
 *
 * @example parseSearchParams({ page: '2', limit: 20, sort: 'newest', modes: 'keyword' })
 */
export function parseSearchParams(query: unknown): SearchParams {
  const data = validate(searchQuerySchema, queryObject(query), {
    where: 'query',
    allowedText: (_path, keys) => `the query string takes ${keys.join(', ')}`,
  })
  const modes = new Set<string>()
  const raw = data.modes === undefined ? [] : Array.isArray(data.modes) ? data.modes : data.modes.split(',')
  for (const m of raw) {
    const mode = m.trim()
    if (mode === '') continue
    if (!(MODES as readonly string[]).includes(mode)) {
      throw invalid(`modes: unknown mode '${clipped(mode)}'; allowed: ${MODES.join(', ')} (comma-separated)`, ['modes'])
    }
    modes.add(mode)
  }
  const facetList = data.facets === undefined ? [] : Array.isArray(data.facets) ? data.facets : data.facets.split(',')
  const facets = [...new Set(facetList.map((f) => f.trim()).filter((f) => f !== ''))]
  if (data.facetLimit !== undefined && facets.length === 0)
    throw invalid('facetLimit: limits the values of each facet asked; it needs facets (e.g. facets=parties)', ['facetLimit'])
  return {
    page: data.page,
    limit: data.limit,
    q: data.q ?? '',
    modes,
    sort: data.sort,
    facets,
    histogram: data.histogram,
    facetLimit: data.facetLimit,
  }
}
