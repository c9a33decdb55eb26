import { createHash } from 'node:crypto'
import { z } from 'zod'
import { invalid, notFound } from '../common/errors.js'
import { queryObject } from '../common/input.js'
import { validate } from '../common/validate.js'
import { intParam } from '../query/params.js'
import { type Db, immediate } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { MEASURES } from './extract/measures.js'
import { ISO_639_1 } from './languages.js'
import { nameKey } from './names.js'
import type { DesignationEvent } from './reconcile.js'
import { REGIMES, type Designation, type DesignationDetail } from './types.js'
import { clipped, shown } from '../common/shown.js'

const SORTS = ['recently_changed', 'name', 'listed_on'] as const
const MEASURE_ALLOWED = `must be one of ${MEASURES.join(', ')} (compared case-insensitively)`

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
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
  const rows = st
    .prepared(
      `SELECT ref, lang, text, narrative_sha FROM watchlist_translations WHERE ref IN (${ds.map(() => '?').join(', ')}) ORDER BY ref, lang`,
    )
    .all(...ds.map((d) => d.sourceRefNumber)) as { ref: string; lang: string; text: string; narrative_sha: string }[]
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
  const where: string[] = []
  const args: (string | number)[] = []
  if (q.search !== undefined && q.search.trim() !== '') {
    const key = nameKey(q.search)
    if (key === '') throw invalid(`search: ${shown(q.search)} has no letter or digit to look for`, ['search'])
    where.push('instr(names_key, ?) > 0')
    args.push(key)
  }
  for (const [column, value] of [
    ['status', q.status],
    ['subject_type', q.subjectType],
    ['regime', q.regime],
  ] as const) {
    if (value === undefined) continue
    where.push(`${column} = ?`)
    args.push(value)
  }
  if (q.measure !== undefined && q.measure.trim() !== '') {
    where.push('EXISTS (SELECT 1 FROM json_each(measures) WHERE value = ?)')
    args.push(q.measure.trim().toLowerCase())
  }
  if (q.hideDeceased) where.push('deceased = 0')
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
  const order = {
    recently_changed: 'last_updated_on IS NULL, last_updated_on DESC, ref ASC',
    name: 'name_sort ASC, ref ASC',
    listed_on: 'listed_on IS NULL, listed_on DESC, ref ASC',
  }[q.sort]
  const total = (st.prepared(`SELECT count(*) AS n FROM watchlist_designations ${whereSql}`).get(...args) as { n: number }).n
  const rows =
    q.offset < total
      ? (st
          .prepared(`SELECT record FROM watchlist_designations ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .all(...args, q.limit, q.offset) as {
          record: string
        }[])
      : []
  return {
    data: withTranslations(
      st,
      rows.map((r) => JSON.parse(r.record) as Designation),
    ),
    total,
  }
}

/** The path parameter of `GET /watchlist/{ref}` (surrounding spaces ignored). */
export const refSchema = z
  .string({ error: 'must be a non-empty reference number such as QDi.001' })
  .trim()
  .min(1, 'must be a non-empty reference number such as QDi.001')

function stored(st: Statements, ref: unknown): Designation {
  const key = validate(refSchema, ref, { where: 'ref' })
  const row = st.prepared('SELECT record FROM watchlist_designations WHERE ref = ?').get(key) as { record: string } | undefined
  // Named as given (a string: the schema said so), cut where it is long.
  const given = ref as string
  if (!row) throw notFound(`designation '${given.length > 64 ? `${given.slice(0, 64)}…` : given}' not found`)
  return JSON.parse(row.record) as Designation
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
  const rows = st
    // Every column: a file of schema 6, read-only, has no `override` yet (see store/database.ts).
    .prepared('SELECT * FROM watchlist_events WHERE ref = ? ORDER BY id')
    .all(d.sourceRefNumber) as {
    type: DesignationEvent['type']
    observed_at: string
    list_generated: string
    changes: string | null
    override?: string | null
  }[]
  return rows.map((r) => ({
    type: r.type,
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
    const row = st.prepared('SELECT record FROM watchlist_designations WHERE ref = ?').get(t.sourceRefNumber) as
      { record: string } | undefined
    if (!row)
      throw invalid(`translations[${i}].sourceRefNumber: unknown designation '${clipped(t.sourceRefNumber)}'`, [
        'translations',
        i,
        'sourceRefNumber',
      ])
    const narrative = (JSON.parse(row.record) as Designation).narrative
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
  const put = st.prepared(
    'INSERT INTO watchlist_translations (ref, lang, text, narrative_sha) VALUES (?, ?, ?, ?) ON CONFLICT (ref, lang) DO UPDATE SET text = excluded.text, narrative_sha = excluded.narrative_sha',
  )
  if (valid.length > 0)
    immediate(db, () => valid.forEach((t, i) => put.run(t.sourceRefNumber, t.lang, t.text, narrativeHash(narratives[i] as string))))
  return { imported: valid.length }
}
