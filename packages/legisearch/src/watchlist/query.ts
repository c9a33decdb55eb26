import { createHash } from 'node:crypto'
import * as z from 'zod'
import { invalid, notFound } from '../common/errors.js'
import { queryObject } from '../common/input.js'
import { validate } from '../common/validate.js'
import { intParam } from '../query/params.js'
import { type Db, immediate } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { type DesignationFilter, countDesignations, designationRecord, designationRecordPage } from '../store/watchlist-designations.js'
import { eventRows } from '../store/watchlist-events.js'
import { putTranslationRow, translationRows } from '../store/watchlist-translations.js'
import { MEASURES } from './extract/measures.js'
import { ISO_639_1 } from './languages.js'
import { nameKey } from './names.js'
import type { DesignationEvent } from './events.js'
import { REGIMES, type Designation, type DesignationDetail } from './types.js'
import { clipped, shown } from '../common/shown.js'

const SORTS = ['recently_changed', 'name', 'listed_on'] as const
const MEASURE_ALLOWED = `must be one of ${MEASURES.join(', ')} (compared case-insensitively)`

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional()

/** The query string of `GET /watchlist` (DECISIONS §6). */
export const watchlistQuerySchema = z.strictObject({
  search: z.string({ error: 'must be a string' }).max(500, 'must be at most 500 characters').optional(),
  limit: intParam(1, 100, 20),
  offset: intParam(0, Number.MAX_SAFE_INTEGER, 0),
  status: oneOf(['listed', 'delisted']),
  subjectType: oneOf(['individual', 'entity']),
  regime: oneOf(REGIMES),
  measure: z
    .string({ error: MEASURE_ALLOWED })
    .refine((v) => v.trim() === '' || (MEASURES as readonly string[]).includes(v.trim().toLowerCase()), MEASURE_ALLOWED)
    .optional(),
  hideDeceased: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: "must be true or false (or the strings 'true'/'false')" })
    .optional()
    .transform((v) => v === true || v === 'true')
    .pipe(z.boolean()),
  sort: z.enum(SORTS, { error: `must be one of ${SORTS.join(', ')}` }).default('recently_changed'),
})

function parse<S extends z.ZodObject>(schema: S, input: unknown): z.output<S> {
  return validate(schema, queryObject(input), { where: 'query', unknownKey: 'parameter' })
}

/** Translations are bound to the narrative's words, not its spacing (reflowed text keeps them). */
const narrativeHash = (s: string) => createHash('sha256').update(s.replace(/\s+/g, '')).digest('hex')

/** Designations as stored, with the translations made from their current narratives (one query for all). */
function withTranslations(st: Statements, ds: Designation[]): Designation[] {
  if (ds.length === 0) return ds
  const rows = translationRows(
    st,
    ds.map((d) => d.sourceRefNumber),
  )
  const byRef = new Map<string, typeof rows>()
  for (const r of rows) byRef.set(r.ref, [...(byRef.get(r.ref) ?? []), r])
  return ds.map((d) => {
    const current = narrativeHash(d.narrative)
    const narrativeTranslations: Record<string, string> = {}
    for (const r of byRef.get(d.sourceRefNumber) ?? []) if (r.narrative_sha === current) narrativeTranslations[r.lang] = r.text
    return { ...d, narrativeTranslations }
  })
}

/**
 * `GET /watchlist`: designations by normalized name substring and filters (DECISIONS §6).
 *
 * @example listWatchlist(st, { search: 'al qaida', status: 'listed', sort: 'name', limit: 10 })
 */
/** The query string of `GET /watchlist`: strings as from a URL, or typed values. */
export type WatchlistQuery = z.input<typeof watchlistQuerySchema>

export function listWatchlist(st: Statements, query: unknown): { data: Designation[]; total: number } {
  const q = parse(watchlistQuerySchema, query)
  const filter: DesignationFilter = {
    ...(q.search !== undefined && q.search.trim() !== '' ? { namesKey: searchKey(q.search) } : {}),
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(q.subjectType === undefined ? {} : { subjectType: q.subjectType }),
    ...(q.regime === undefined ? {} : { regime: q.regime }),
    ...(q.measure !== undefined && q.measure.trim() !== '' ? { measure: q.measure.trim().toLowerCase() } : {}),
    hideDeceased: q.hideDeceased,
  }
  const total = countDesignations(st, filter)
  const records = q.offset < total ? designationRecordPage(st, filter, q.sort, q.limit, q.offset) : []
  return {
    data: withTranslations(
      st,
      records.map((r) => JSON.parse(r) as Designation),
    ),
    total,
  }
}

/** The name key a search looks for; a search with no letter or digit is refused. */
function searchKey(search: string): string {
  const key = nameKey(search)
  if (key === '') throw invalid(`search: ${shown(search)} has no letter or digit to look for`, ['search'])
  return key
}

/** The path parameter of `GET /watchlist/{ref}` (surrounding spaces ignored). */
export const refSchema = z
  .string({ error: 'must be a non-empty reference number such as QDi.001' })
  .trim()
  .min(1, 'must be a non-empty reference number such as QDi.001')

function stored(st: Statements, ref: unknown): Designation {
  const key = validate(refSchema, ref, { where: 'ref' })
  const record = designationRecord(st, key)
  // Named as given (a string: the schema said so), cut where it is long.
  const given = ref as string
  if (record === undefined) throw notFound(`designation '${given.length > 64 ? `${given.slice(0, 64)}…` : given}' not found`)
  return JSON.parse(record) as Designation
}

const LANG_MESSAGE = 'must be a lower-case ISO 639-1 language code such as pt or es'
const langCode = () => z.string({ error: LANG_MESSAGE }).refine((l) => ISO_639_1.has(l), LANG_MESSAGE)

/** The query string of `GET /watchlist/{ref}`. */
export const designationQuerySchema = z.strictObject({ lang: langCode().optional() })

/**
 * `GET /watchlist/{ref}`: one designation with the translation asked for. `narrative` is never
 * replaced; `narrativeTranslated` is the stored translation into `lang`, or null (always null for
 * `en` or no `lang`: the original is English). Unknown ref → 404.
 */
export function getDesignation(st: Statements, ref: unknown, query: unknown): DesignationDetail {
  const { lang } = parse(designationQuerySchema, query)
  const d = withTranslations(st, [stored(st, ref)])[0] as Designation
  if (lang === undefined || lang === 'en') return { ...d, narrativeTranslated: null, narrativeTranslatedLang: 'en' }
  return { ...d, narrativeTranslated: d.narrativeTranslations[lang] ?? null, narrativeTranslatedLang: lang }
}

/** The audit history of one designation, oldest first. Unknown ref → 404. */
export function designationHistory(st: Statements, ref: unknown): DesignationEvent[] {
  const d = stored(st, ref)
  return eventRows(st, d.sourceRefNumber).map((r) => ({
    type: r.type as DesignationEvent['type'],
    observedAt: r.observed_at,
    listDateGenerated: r.list_generated,
    ...(r.changes ? { changes: JSON.parse(r.changes) as NonNullable<DesignationEvent['changes']> } : {}),
    ...(r.override === undefined || r.override === null ? {} : { override: r.override }),
  }))
}

/** One item of `importNarrativeTranslations`. */
export const translationSchema = z.strictObject({
  sourceRefNumber: z
    .string({ error: 'must be a reference number such as QDi.001' })
    .trim()
    .min(1, 'must be a reference number such as QDi.001'),
  lang: langCode().refine((l) => l !== 'en', 'en is the original; give another language'),
  text: z.string({ error: 'must be the translated narrative' }).trim().min(1, 'must be the non-empty translated narrative'),
  /** The English narrative that was translated; when given it must be the current one (spacing aside). */
  sourceText: z.string({ error: 'must be the English narrative that was translated' }).optional(),
})

/**
 * Stores translations of narratives (from a translations file keyed by reference and language),
 * each bound to the narrative it translates: when the origin amends a narrative, its old
 * translations stop being served. Validated first; one transaction.
 */
export function importTranslations(db: Db, st: Statements, items: unknown): { imported: number } {
  if (!Array.isArray(items)) throw invalid('translations: must be an array of { sourceRefNumber, lang, text }')
  const valid = items.map((item, i) => validate(translationSchema, item, { where: `translations[${i}]`, prefix: ['translations', i] }))
  const narratives = valid.map((t, i) => {
    const record = designationRecord(st, t.sourceRefNumber)
    if (record === undefined)
      throw invalid(`translations[${i}].sourceRefNumber: unknown designation '${clipped(t.sourceRefNumber)}'`, [
        'translations',
        i,
        'sourceRefNumber',
      ])
    const narrative = (JSON.parse(record) as Designation).narrative
    if (narrative.trim() === '')
      throw invalid(`translations[${i}]: designation '${clipped(t.sourceRefNumber)}' has no narrative to translate`, ['translations', i])
    if (t.sourceText !== undefined && narrativeHash(t.sourceText) !== narrativeHash(narrative)) {
      throw invalid(
        `translations[${i}].sourceText: is not the current narrative of '${clipped(t.sourceRefNumber)}' (the origin amended it?); nothing was imported`,
        ['translations', i, 'sourceText'],
      )
    }
    return narrative
  })
  if (valid.length > 0)
    immediate(db, () =>
      valid.forEach((t, i) =>
        putTranslationRow(st, {
          ref: t.sourceRefNumber,
          lang: t.lang,
          text: t.text,
          narrative_sha: narrativeHash(narratives[i] as string),
        }),
      ),
    )
  return { imported: valid.length }
}
