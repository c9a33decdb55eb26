import MiniSearch from 'minisearch'
import * as z from 'zod'
import { LegisearchError } from '../common/errors.js'
import { validate } from '../common/validate.js'
import { queryObject } from '../common/input.js'
import { clipped, shown } from '../common/shown.js'
import { intParam } from '../query/params.js'
import type { StakeholderRows } from '../store/stakeholders.js'
import { fold } from '../text/fold.js'
import { PARTY_ROLE, STATE_ROLE } from '../ingest/people.js'
import { tokenize } from '../text/tokenize.js'
import type { Stakeholder } from './stakeholders.js'
import { STAKEHOLDER_KINDS, type StakeholderKind, stakeholderKind } from './stakeholder-kind.js'

const KINDS_TEXT = STAKEHOLDER_KINDS.join(', ')
const kindEnum = z.enum(STAKEHOLDER_KINDS, { error: (i) => `must be one of ${KINDS_TEXT} (got ${shown(i.input)})` })
const KIND_DESCRIPTION = `Only matches of these kinds (${KINDS_TEXT}); see the match's \`kind\`.`

/** The input of `findStakeholders`. */
export const findStakeholdersSchema = z.strictObject({
  q: z.string({ error: 'must be a string' }).max(200, 'must be at most 200 characters'),
  limit: z.number({ error: 'must be an integer from 1 to 100' }).int().min(1).max(100).default(10),
  kind: z
    .union([kindEnum, z.array(kindEnum).min(1, `must list at least one of ${KINDS_TEXT}`)], {
      error: (i) => `must be one of ${KINDS_TEXT}, or a list of them (got ${shown(i.input)})`,
    })
    .optional()
    .meta({ description: `${KIND_DESCRIPTION} One kind or a list.` }),
})

/** What `findStakeholders` takes: `q`, and optionally `limit` and `kind` (one kind or a list, readonly or not). */
export type FindStakeholdersInput = Omit<z.input<typeof findStakeholdersSchema>, 'kind'> & {
  kind?: StakeholderKind | readonly StakeholderKind[] | undefined
}

const Q_EXAMPLE = '(e.g. ?q=Katia%20Abreu)'

/**
 * The query string of `GET /stakeholders?q=…&limit=…` (an extension): `q` required and not blank,
 * `limit` 1..100 (default 10).
 */
export const findStakeholdersQuerySchema = z.strictObject({
  q: z
    .string({ error: `is required: a name or part of one ${Q_EXAMPLE}` })
    .max(200, 'must be at most 200 characters')
    .refine((v) => tokenize(v).length > 0, `must name someone: a name or part of one ${Q_EXAMPLE}`)
    .meta({ description: 'A name or part of one; accents, case, prefixes and typos are tolerated.' }),
  limit: intParam(1, 100, 10).meta({ description: 'How many matches, 1..100 (default 10).' }),
  kind: z
    .string({ error: `must be a comma-separated list of ${KINDS_TEXT}` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined
      const kinds = v.split(',').map((k) => k.trim())
      const wrong = kinds.find((k) => !(STAKEHOLDER_KINDS as readonly string[]).includes(k))
      if (wrong !== undefined) {
        const what = wrong === '' ? 'an empty kind' : `unknown kind '${clipped(wrong)}'`
        ctx.addIssue({ code: 'custom', message: `${what}; allowed: ${KINDS_TEXT} (comma-separated)`, input: v })
        return z.NEVER
      }
      return kinds as StakeholderKind[]
    })
    .pipe(z.array(z.enum(STAKEHOLDER_KINDS)).optional())
    .meta({ description: `${KIND_DESCRIPTION} Comma-separated (e.g. ?q=saude&kind=committee,organ).` }),
})

/** One answer of `findStakeholders`: enough to pick the id a filter needs. */
export const stakeholderMatchSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    kind: z.enum(STAKEHOLDER_KINDS).meta({
      description:
        'An extension (the spec’s Stakeholder has none): person, committee, party, organ or unknown, read from the stored title, name, id and organs (README: Stakeholders).',
    }),
    openDataResource: z.string(),
    active: z.boolean(),
    party: z.string().meta({ description: 'The party acronym the stakeholder’s `organs` link (role `Partido`) gives, or empty.' }),
    uf: z.string().meta({ description: 'The state the stakeholder’s `organs` link (role `UF`) gives, or empty.' }),
    records: z.int().min(0).meta({
      description: 'Stored documents naming it: propositions it authors, propositions it reports, posts it made (each filter counted).',
    }),
    score: z.number().meta({ description: 'MiniSearch score of the name; higher is closer.' }),
  })
  .meta({ id: 'StakeholderMatch' })

export type StakeholderMatch = z.output<typeof stakeholderMatchSchema>

/** The answer of `GET /stakeholders?q=`: the matches, best first. */
export const stakeholderMatchesSchema = z.strictObject({ data: z.array(stakeholderMatchSchema) }).meta({ id: 'StakeholderMatches' })

type Entry = Omit<StakeholderMatch, 'score' | 'records'>

/**
 * The filters that take stakeholder ids, by corpus: `records` counts, for a stakeholder, the
 * documents each of them finds.
 */
export const STAKEHOLDER_FILTERS = [
  ['propositions', 'authors'],
  ['propositions', 'rapporteurs'],
  ['social', 'stakeholders'],
] as const

/** How many stored documents name a stakeholder id (see {@link STAKEHOLDER_FILTERS}). */
export type RecordsNaming = (id: string) => number

/** How many name matches (best first) the ranking looks at, at least: a better-known namesake further down still comes up. */
const WINDOW = 50

/** A name's words, folded (accents and case), in order. */
const words = (s: string) => tokenize(s).map((t) => fold(t.text))

/**
 * Name lookup over stakeholders of every house, tolerant of accents, case, prefixes and typos
 * (MiniSearch). The index is built on first use, in memory, and dropped when stakeholders change.
 *
 * Ranking: among the best name matches, (1) a name equal to the query, word for word once folded,
 * comes first; then (2) a stakeholder that stored documents name (authors, rapporteurs, posters)
 * before one none names; then (3) the closer name (MiniSearch score); then (4) the one more
 * documents name; then the active one. So `Katia Abreu` answers the senator whose 1,503 posts are
 * stored before the former deputy of the same name whom no record names.
 */
export class StakeholderFinder {
  private index: MiniSearch<Entry> | null = null
  /** The `stakeholders_version` the index was built at; another connection's write moves it. */
  private builtAt = -1
  constructor(
    private readonly rows: StakeholderRows,
    private readonly naming: RecordsNaming = () => 0,
  ) {}

  find(input: unknown): StakeholderMatch[] {
    if (input instanceof URLSearchParams) {
      const { q, limit, kind } = validate(findStakeholdersQuerySchema, queryObject(input), { where: 'query', unknownKey: 'parameter' })
      return this.find({ q, limit, ...(kind === undefined ? {} : { kind }) })
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new LegisearchError(
        'invalid_parameters',
        `findStakeholders: takes an object { q: string, limit?: 1..100, kind?: one or a list of ${KINDS_TEXT} }`,
      )
    }
    const { q, limit, kind } = validate(findStakeholdersSchema, input, { where: 'findStakeholders', label: 'findStakeholders' })
    if (tokenize(q).length === 0) return []
    const asked = words(q).join(' ')
    const kinds = kind === undefined ? undefined : new Set<string>(typeof kind === 'string' ? [kind] : kind)
    return this.built()
      .search(q, {
        prefix: true,
        fuzzy: 0.2,
        combineWith: 'AND',
        ...(kinds === undefined ? {} : { filter: (r) => kinds.has(r['kind'] as string) }),
      })
      .slice(0, Math.max(WINDOW, limit))
      .map((h) => ({
        id: h.id as string,
        name: h['name'] as string,
        title: h['title'] as string,
        kind: h['kind'] as StakeholderKind,
        openDataResource: h['openDataResource'] as string,
        active: h['active'] as boolean,
        party: h['party'] as string,
        uf: h['uf'] as string,
        records: this.naming(h.id as string),
        score: h.score,
        exact: words(h['name'] as string).join(' ') === asked,
      }))
      .sort(
        (a, b) =>
          Number(b.exact) - Number(a.exact) ||
          Number(b.records > 0) - Number(a.records > 0) ||
          b.score - a.score ||
          b.records - a.records ||
          Number(b.active) - Number(a.active),
      )
      .slice(0, limit)
      .map(({ exact: _exact, ...m }) => m)
  }

  private built(): MiniSearch<Entry> {
    const version = this.rows.version()
    if (this.index && this.builtAt === version) return this.index
    const index = new MiniSearch<Entry>({
      fields: ['name'],
      storeFields: ['name', 'title', 'kind', 'openDataResource', 'active', 'party', 'uf'],
      tokenize: (s) => tokenize(s).map((t) => t.text),
      processTerm: (t) => fold(t),
    })
    index.addAll(
      this.rows.all().map((record) => {
        const s = JSON.parse(record) as Stakeholder
        const link = (role: string) => s.organs.find((o) => o.role === role && o.active)?.initials ?? ''
        return {
          id: s.id,
          name: s.name,
          title: s.title,
          kind: stakeholderKind(s),
          openDataResource: s.openDataResource,
          active: s.active,
          party: link(PARTY_ROLE),
          uf: link(STATE_ROLE),
        }
      }),
    )
    this.index = index
    this.builtAt = version
    return index
  }
}
