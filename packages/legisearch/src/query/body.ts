import * as z from 'zod'
import { invalid } from '../common/errors.js'
import { bodyObject } from '../common/input.js'
import { formatPath, validate } from '../common/validate.js'
import type { TextItem, TextQuery } from '../text-index/text-query.js'
import type { DayFilter, FacetFilter } from '../text-index/types.js'
import { tokenize } from '../text/tokenize.js'
import { dateRangeSchema, isDateRangeEnd, resolveDateRange } from './date-range.js'
import { type Filter, type FilterSet, facetName, normalizerOf } from './filters.js'
import { shown } from '../common/shown.js'

/** At most this many items per keyword list and per filter list. */
export const MAX_KEYWORDS = 100
export const MAX_FILTER_VALUES = 1000

const keywordList = z
  .array(z.string({ error: 'must be a string' }).max(500, 'must be at most 500 characters'), {
    error: 'must be an array of strings',
  })
  .max(MAX_KEYWORDS, `must hold at most ${MAX_KEYWORDS} items`)
  .optional()

/** The `keywords` object of a body (spec 2.1). */
export const keywordsSchema = z
  .strictObject(
    { or: keywordList, and: keywordList, not: keywordList },
    { error: 'must be an object { or?, and?, not? } of string arrays' },
  )
  .meta({ description: 'or: at least one; and: every one; not: none of these words or phrases.' })

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
export interface CompiledBody {
  readonly text: TextQuery
  readonly facets: readonly FacetFilter[]
  readonly days: readonly DayFilter[]
  /** Which parameter each text item came from (`keywords.or`, `keywords.and`, `keywords.not`), for messages. */
  readonly sources: ReadonlyMap<TextItem, string>
}

/** The schema of one body filter, by its kind: a DateRange, a list of `'true'`/`'false'`, or a list of values. */
type FilterSchema<K extends Filter<unknown>['kind']> = K extends 'date'
  ? z.ZodOptional<typeof dateRangeSchema>
  : K extends 'flag'
    ? typeof flagList
    : typeof valueList

/** The body schema of a search over filters `F` (what `bodySchemaOf` builds): `keywords` and one field per filter. */
export type BodySchema<F extends FilterSet['filters']> = z.ZodObject<
  { keywords: z.ZodOptional<typeof keywordsSchema> } & { -readonly [K in keyof F & string]: FilterSchema<F[K]['kind']> },
  z.core.$strict
>

const bodySchemas = new WeakMap<FilterSet, z.ZodObject>()

/**
 * The JSON body schema of a corpus's search (spec 4.1–4.7): `keywords` and the corpus's filters,
 * every field optional, no other field.
 */
export function bodySchemaOf<F extends FilterSet['filters']>(corpus: FilterSet & { readonly filters: F }): BodySchema<F> {
  let schema = bodySchemas.get(corpus)
  if (!schema) {
    const shape: Record<string, z.ZodType> = { keywords: keywordsSchema.optional() }
    for (const [name, f] of Object.entries(corpus.filters)) {
      shape[name] = f.kind === 'date' ? dateRangeSchema.optional() : f.kind === 'flag' ? flagList : valueList
    }
    schema = z.strictObject(shape)
    bodySchemas.set(corpus, schema)
  }
  // The shape built above, kind by kind: what `BodySchema` spells out.
  return schema as BodySchema<F>
}

const dateFieldSets = new WeakMap<FilterSet, ReadonlySet<string>>()

/** The names of a corpus's DateRange filters (kept per corpus: the body parse of every search asks). */
function dateFieldsOf(corpus: FilterSet): ReadonlySet<string> {
  let fields = dateFieldSets.get(corpus)
  if (!fields) {
    fields = new Set(Object.entries(corpus.filters).flatMap(([name, f]) => (f.kind === 'date' ? [name] : [])))
    dateFieldSets.set(corpus, fields)
  }
  return fields
}

/**
 * Validates and compiles the JSON body of a search (spec 4.1–4.7, DECISIONS §3). Every field is
 * optional; an unknown field is refused so a typo never silently widens a search.
 */
export function parseBody(corpus: FilterSet, body: unknown, now?: number): CompiledBody {
  const dateFields = dateFieldsOf(corpus)
  const data = validate(bodySchemaOf(corpus), bodyObject(body), {
    where: 'body',
    allowedText: (path, keys) =>
      path.length === 0 ? `${corpus.name} takes ${keys.join(', ')}` : `${formatPath(path)} takes ${keys.join(', ')}`,
    codeOf: (issue) => (isDateRangeEnd(issue.path, dateFields) ? 'invalid_date_range' : 'invalid_parameters'),
  }) as Record<string, unknown>
  const facets: FacetFilter[] = []
  const days: DayFilter[] = []
  for (const [name, f] of Object.entries(corpus.filters)) {
    const value = data[name]
    if (value === undefined) continue
    if (f.kind === 'date') {
      const range = resolveDateRange(value as z.output<typeof dateRangeSchema>, name, f.column, now)
      if (range) days.push(range)
      continue
    }
    const list = value as string[]
    if (list.length === 0) continue
    const normalize = normalizerOf(f)
    facets.push({ facet: facetName(corpus.name, name), values: [...new Set(list.map(normalize))] })
  }
  const sources = new Map<TextItem, string>()
  return { text: keywordsQuery(data['keywords'] as z.output<typeof keywordsSchema> | undefined, sources), facets, days, sources }
}

function keywordsQuery(k: z.output<typeof keywordsSchema> | undefined, sources: Map<TextItem, string>): TextQuery {
  if (!k) return { groups: [], exclude: [] }
  const items = (list: string[] | undefined, op: string): TextItem[] =>
    (list ?? []).map((s, i) => {
      const words = tokenize(s).map((t) => t.text)
      if (words.length === 0) {
        throw invalid(`keywords.${op}[${i}]: ${shown(s)} has no letter or digit to search for`, ['keywords', op, i])
      }
      const item = { words }
      sources.set(item, `keywords.${op}`)
      return item
    })
  const or = items(k.or, 'or')
  const and = items(k.and, 'and')
  return { groups: [...(or.length > 0 ? [or] : []), ...and.map((i) => [i])], exclude: items(k.not, 'not') }
}
