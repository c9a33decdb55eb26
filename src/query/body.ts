import { z } from 'zod'
import type { AnyCorpus, Filter } from '../corpora/define.js'
import { invalid } from '../errors.js'
import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'
import { type DayRange, dateRangeShape, resolveDateRange } from './date-range.js'
import { bodyObject } from './input.js'
import { toLegisearchError } from './issues.js'
import type { TextItem, TextQuery } from './text-query.js'

/** At most this many items per keyword list and per filter list. */
export const MAX_KEYWORDS = 100
export const MAX_FILTER_VALUES = 1000

const keywordList = z
  .array(z.string({ error: 'must be a string' }).max(500, 'must be at most 500 characters'), {
    error: 'must be an array of strings',
  })
  .max(MAX_KEYWORDS, `must hold at most ${MAX_KEYWORDS} items`)
  .optional()

const keywordsShape = z.strictObject(
  { or: keywordList, and: keywordList, not: keywordList },
  { error: 'must be an object { or?, and?, not? } of string arrays' },
)

const valueList = z
  .array(z.string({ error: 'must be a string' }).max(512, 'must be at most 512 characters'), {
    error: 'must be an array of strings',
  })
  .max(MAX_FILTER_VALUES, `must hold at most ${MAX_FILTER_VALUES} items`)
  .optional()

const flagList = z
  .array(z.enum(['true', 'false'], { error: "must be 'true' or 'false' (strings)" }), {
    error: "must be an array of 'true'/'false' strings",
  })
  .max(2, 'must hold at most 2 items')
  .optional()

/** The compiled body of a search: its text constraint, facet constraints and day ranges. */
export interface SearchBody {
  readonly text: TextQuery
  /** Each entry: the document must offer at least one of `values` under `facet` (AND across entries). */
  readonly facets: readonly { readonly facet: string; readonly values: readonly string[] }[]
  readonly dates: readonly { readonly column: 'main' | 'updated'; readonly range: DayRange }[]
}

const bodySchemas = new WeakMap<AnyCorpus, z.ZodType>()

function bodySchemaOf(corpus: AnyCorpus): z.ZodType {
  let schema = bodySchemas.get(corpus)
  if (!schema) {
    const shape: Record<string, z.ZodType> = { keywords: keywordsShape.optional() }
    for (const [name, f] of Object.entries(corpus.filters)) {
      shape[name] = f.kind === 'date' ? dateRangeShape.optional() : f.kind === 'flag' ? flagList : valueList
    }
    schema = z.strictObject(shape)
    bodySchemas.set(corpus, schema)
  }
  return schema
}

/** The facet name under which a corpus filter's values are stored. */
export function facetName(corpus: string, filter: string): string {
  return `${corpus}.${filter}`
}

/** How a filter's values compare: folded for open values, exact otherwise. */
export function normalizerOf(f: Filter<unknown>): (v: string) => string {
  if (f.kind === 'date') throw new Error('date filters have no values')
  return f.normalize ?? (f.kind === 'open' ? (v: string) => fold(v).trim() : (v: string) => v)
}

/**
 * Validates and compiles the JSON body of a search (spec 4.1–4.7, DECISIONS §3). Every field is
 * optional; an unknown field is refused so a typo never silently widens a search.
 */
export function parseBody(corpus: AnyCorpus, body: unknown, now?: number): SearchBody {
  const r = bodySchemaOf(corpus).safeParse(bodyObject(body))
  if (!r.success) {
    const e = toLegisearchError(r.error, 'body')
    if (r.error.issues[0]?.code === 'unrecognized_keys' && e.path.length === 0) {
      const allowed = ['keywords', ...Object.keys(corpus.filters)].join(', ')
      throw invalid(`body: unknown field ${e.message.replace(/^body: unknown field /, '')}; ${corpus.name} takes ${allowed}`)
    }
    if (r.error.issues[0]?.code === 'unrecognized_keys' && e.path[0] === 'keywords') {
      throw invalid(`${e.message}; keywords takes or, and, not`, e.path)
    }
    throw e
  }
  const data = r.data as Record<string, unknown>
  const facets: { facet: string; values: string[] }[] = []
  const dates: { column: 'main' | 'updated'; range: DayRange }[] = []
  for (const [name, f] of Object.entries(corpus.filters)) {
    const value = data[name]
    if (value === undefined) continue
    if (f.kind === 'date') {
      const range = resolveDateRange(value as z.output<typeof dateRangeShape>, name, now)
      if (range) dates.push({ column: f.column, range })
      continue
    }
    const list = value as string[]
    if (list.length === 0) continue
    const normalize = normalizerOf(f)
    facets.push({ facet: facetName(corpus.name, name), values: [...new Set(list.map(normalize))] })
  }
  return { text: keywordsQuery(data['keywords'] as z.output<typeof keywordsShape> | undefined), facets, dates }
}

function keywordsQuery(k: z.output<typeof keywordsShape> | undefined): TextQuery {
  if (!k) return { groups: [], exclude: [] }
  const items = (list: string[] | undefined, op: string): TextItem[] =>
    (list ?? []).map((s, i) => {
      const words = tokenize(s).map((t) => t.text)
      if (words.length === 0) {
        throw invalid(`keywords.${op}[${i}]: ${JSON.stringify(s)} has no letter or digit to search for`, ['keywords', op, i])
      }
      return { words }
    })
  const or = items(k.or, 'or')
  const and = items(k.and, 'and')
  return { groups: [...(or.length > 0 ? [or] : []), ...and.map((i) => [i])], exclude: items(k.not, 'not') }
}
