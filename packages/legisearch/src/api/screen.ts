/**
 * Sanctions screening: names (with a birth date and nationality when known) scored against every
 * name of the watchlist's designations, one result per entry in input order. The matcher is
 * `watchlist/screen` (candidate words, then a scored alignment of whole names); this module is the
 * entrance — the schemas (the single source of types, validation and docs) and the index kept
 * per snapshot connection, rebuilt when the watchlist changes.
 */
import * as z from 'zod'
import { validate } from '../common/validate.js'
import type { Statements } from '../store/statements.js'
import type { ListContent } from '../watchlist/parse.js'
import { countryCode } from '../watchlist/screen/countries.js'
import { DEFAULT_THRESHOLD, ScreeningIndex, type ScreeningSubject, subjectOf } from '../watchlist/screen/screening-index.js'
import type { Designation } from '../watchlist/types.js'
import { heldRemovals } from '../watchlist/held.js'
import { shown } from '../common/shown.js'

/** Screening's defaults, in one place. */
export const SCREEN_DEFAULTS = {
  /** A match is reported from this score up (see README "Screening" for what it means and how it was chosen). */
  threshold: DEFAULT_THRESHOLD,
  /** Matches reported per entry, best first. */
  limit: 5,
  /** Delisted designations are left out unless asked for. */
  includeDelisted: false,
  /** Entries per call. */
  maxEntries: 10_000,
} as const

const BIRTH_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/
/** The earliest birth year taken: an older one is a placeholder (`0000`, `1800-01-01`) that would only lower true matches. */
const FIRST_BIRTH_YEAR = 1900
const BIRTH_DATE_RULE = `must be a date YYYY, YYYY-MM or YYYY-MM-DD, from ${FIRST_BIRTH_YEAR} to this year`

/** A birth date at any precision that exists in the calendar, from 1900 to this year. */
function isBirthDate(text: string): boolean {
  const m = BIRTH_DATE.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), m[2] === undefined ? 1 : Number(m[2]), m[3] === undefined ? 1 : Number(m[3])]
  if (year < FIRST_BIRTH_YEAR || year > new Date().getUTCFullYear()) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

/** One name to screen. */
export const screenEntrySchema = z
  .strictObject({
    name: z
      .string({ error: 'must be the name to screen (a string)' })
      .trim()
      .min(1, 'must not be blank')
      .max(300, 'must be at most 300 characters')
      .refine((n) => /[\p{L}\p{N}]/u.test(n), 'must hold at least one letter or digit')
      .meta({ description: 'A person’s or entity’s name, in any order and any script (`Salek, Abdulhai`, `أيمن الظواهري`).' }),
    birthDate: z
      .string({ error: BIRTH_DATE_RULE })
      .trim()
      .refine((d) => d === '' || isBirthDate(d), BIRTH_DATE_RULE)
      .optional()
      .meta({ description: 'Birth date at any precision; its year raises (within the listed years) or lowers a score.' }),
    nationality: z
      .string({ error: 'must be a country: an ISO 3166-1 alpha-2 code (br) or a name (Brazil, Brasil)' })
      .trim()
      .max(80, 'must be at most 80 characters')
      .optional()
      .meta({
        description:
          'ISO 3166-1 alpha-2 code or country name (English or Portuguese); a match raises, a difference lowers a score; one not recognized is not used, and the reasons say so.',
      }),
    id: z
      .string({ error: 'must be a string (your own id for the entry, echoed back)' })
      .max(200, 'must be at most 200 characters')
      .optional()
      .meta({ description: 'Your own id for the entry, echoed in its result.' }),
  })
  .meta({ id: 'ScreenEntry' })

export type ScreenEntry = z.input<typeof screenEntrySchema>

/** The options of a screening. */
export const screenOptionsSchema = z.strictObject({
  threshold: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .optional()
    .meta({ description: `The lowest score reported, 0..1 (default ${SCREEN_DEFAULTS.threshold}).` }),
  limit: z
    .int({ error: 'must be an integer from 1 to 50' })
    .min(1, 'must be an integer from 1 to 50')
    .max(50, 'must be an integer from 1 to 50')
    .optional()
    .meta({ description: `Matches per entry, best first (default ${SCREEN_DEFAULTS.limit}).` }),
  includeDelisted: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Also match designations no longer listed (their `status` says so). Default false.' }),
})

export type ScreenOptions = z.input<typeof screenOptionsSchema>

const entriesSchema = z
  .array(screenEntrySchema, { error: 'must be an array of { name, birthDate?, nationality?, id? }' })
  .min(1, `must hold 1 to ${SCREEN_DEFAULTS.maxEntries} entries`)
  .max(SCREEN_DEFAULTS.maxEntries, `must hold 1 to ${SCREEN_DEFAULTS.maxEntries} entries; split a larger batch`)

/** The body of `POST /watchlist/screen` (and the arguments of the MCP tool `screen_names`). */
export const screenRequestSchema = z.strictObject({ entries: entriesSchema, ...screenOptionsSchema.shape }).meta({ id: 'ScreenRequest' })

export const screenMatchSchema = z
  .strictObject({
    ref: z.string().meta({ description: 'The designation’s reference number (`GET /watchlist/{ref}`).' }),
    score: z.number().min(0).max(1).meta({
      description:
        'How alike the entry and the designation are, 0..1: 1 = a listed name word for word (spelling variants and transliteration aside) with nothing that disagrees; lowered by words that differ or are missing, and by a birth year or nationality that disagrees.',
    }),
    matchedName: z
      .string()
      .meta({ description: 'The designation’s name (primary, alias or original script) that matched best, as published.' }),
    status: z.enum(['listed', 'delisted']),
    lastEventType: z.enum(['listed', 'delisted', 'amended', 'reconciliation_blocked']).nullable(),
    reasons: z.array(z.string()).meta({ description: 'Why, in words: the words matched, transliteration, birth year, nationality.' }),
  })
  .meta({ id: 'ScreenMatch' })

export type ScreenMatch = z.output<typeof screenMatchSchema>

export const screenResultSchema = z
  .strictObject({
    id: z.string().optional(),
    name: z.string(),
    matches: z
      .array(screenMatchSchema)
      .meta({ description: 'Best first; empty when nothing reaches the threshold (which is not proof of absence).' }),
  })
  .meta({ id: 'ScreenResult' })

export type ScreenResult = z.output<typeof screenResultSchema>

/** The answer of `POST /watchlist/screen`: the results and what they were screened against. */
export const screenResponseSchema = z
  .strictObject({
    results: z.array(screenResultSchema).meta({ description: 'One per entry, in input order.' }),
    threshold: z.number(),
    listDateGenerated: z.string().nullable().meta({ description: 'The newest UN list ingested (`dateGenerated`), or null when none.' }),
    heldBackRemovals: z.int().min(0).meta({
      description: 'Removals the mass-removal guard holds back: when above 0, some `listed` designations are absent from the newest list.',
    }),
    watchlistVersion: z.string().meta({
      description: 'An opaque token of the watchlist the answer was computed on: it changes whenever a designation or its status does.',
    }),
  })
  .meta({ id: 'ScreenResponse' })

export type ScreenResponse = z.output<typeof screenResponseSchema>

/** The watchlist as the matcher holds it: one index over the listed designations, one over all (made when first asked for). */
interface Built {
  readonly version: string
  readonly listed: ScreeningIndex
  all: ScreeningIndex | null
  readonly subjects: readonly ScreeningSubject[]
  readonly state: ReadonlyMap<string, { status: 'listed' | 'delisted'; lastEventType: Designation['lastEventType'] }>
}

/**
 * The screening index of one snapshot connection, built on first use and again when the
 * watchlist changes (a list reconciled, a removal accepted: each adds an audit event).
 */
export class Screener {
  private built: Built | null = null
  constructor(private readonly st: Statements) {}

  /** The token of the watchlist's state: it moves with every list reconciled and every removal accepted. */
  version(): string {
    return (
      this.st
        .prepared(
          "SELECT (SELECT coalesce(max(id), 0) FROM watchlist_events) || ':' || (SELECT coalesce(max(id), 0) FROM watchlist_lists) AS v",
        )
        .get() as { v: string }
    ).v
  }

  /**
   * `POST /watchlist/screen`: the request checked, its results, and what they were screened against
   * (the newest list, the removals held back). Run it inside one read transaction.
   */
  report(request: unknown): ScreenResponse {
    const { entries, ...options } = validate(screenRequestSchema, request, { where: 'body' })
    const held = heldRemovals(this.st)
    return {
      results: this.run(entries, options),
      threshold: options.threshold ?? SCREEN_DEFAULTS.threshold,
      listDateGenerated: held.newestList,
      heldBackRemovals: held.count,
      watchlistVersion: this.version(),
    }
  }

  /** One result per entry, in input order; entries and options checked here. */
  screen(entries: unknown, options: unknown): ScreenResult[] {
    const list = validate(entriesSchema, entries, { where: 'entries', prefix: ['entries'] })
    const opts = validate(screenOptionsSchema, options ?? {}, { where: 'options', label: 'options', unknownKey: 'option' })
    return this.run(list, opts)
  }

  /** One result per entry, in input order, of entries and options already checked. */
  run(list: readonly z.output<typeof screenEntrySchema>[], opts: z.output<typeof screenOptionsSchema>): ScreenResult[] {
    const threshold = opts.threshold ?? SCREEN_DEFAULTS.threshold
    const limit = opts.limit ?? SCREEN_DEFAULTS.limit
    const b = this.current()
    const index = (opts.includeDelisted ?? SCREEN_DEFAULTS.includeDelisted) ? (b.all ??= new ScreeningIndex(b.subjects)) : b.listed
    return list.map((e) => {
      // A nationality the matcher cannot read is not used, and each match says so.
      const unread =
        e.nationality && countryCode(e.nationality) === null ? [`nationality ${shown(e.nationality)} not recognized, not used`] : []
      const hits = index.match(
        {
          name: e.name,
          ...(e.birthDate ? { birthDate: e.birthDate } : {}),
          ...(e.nationality ? { nationality: e.nationality } : {}),
        },
        { threshold, limit },
      )
      return {
        ...(e.id === undefined ? {} : { id: e.id }),
        name: e.name,
        matches: hits.map((h) => {
          const s = b.state.get(h.ref)
          return {
            ref: h.ref,
            score: h.score,
            matchedName: h.matchedName,
            status: s?.status ?? 'listed',
            lastEventType: s?.lastEventType ?? null,
            reasons: [...h.reasons, ...unread],
          }
        }),
      }
    })
  }

  private current(): Built {
    const version = this.version()
    if (this.built?.version === version) return this.built
    const rows = this.st.prepared('SELECT record, content FROM watchlist_designations ORDER BY ref').all() as {
      record: string
      content: string
    }[]
    const state = new Map<string, { status: 'listed' | 'delisted'; lastEventType: Designation['lastEventType'] }>()
    const listed: ScreeningSubject[] = []
    const all: ScreeningSubject[] = []
    for (const r of rows) {
      const d = JSON.parse(r.record) as Designation
      const subject = subjectOf(d, JSON.parse(r.content) as ListContent)
      state.set(d.sourceRefNumber, { status: d.status, lastEventType: d.lastEventType })
      all.push(subject)
      if (d.status === 'listed') listed.push(subject)
    }
    this.built = { version, listed: new ScreeningIndex(listed), all: null, subjects: all, state }
    return this.built
  }
}
