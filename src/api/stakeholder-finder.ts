import MiniSearch from 'minisearch'
import { z } from 'zod'
import { LegisearchError } from '../common/errors.js'
import { validate } from '../common/validate.js'
import type { StakeholderRows } from '../store/stakeholders.js'
import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'
import type { Stakeholder } from './stakeholders.js'

/** The input of `findStakeholders`. */
export const findStakeholdersSchema = z.strictObject({
  q: z.string({ error: 'must be a string' }).max(200, 'must be at most 200 characters'),
  limit: z.number({ error: 'must be an integer from 1 to 100' }).int().min(1).max(100).default(10),
})

/** One answer of `findStakeholders`: enough to pick the id a filter needs. */
export const stakeholderMatchSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    openDataResource: z.string(),
    active: z.boolean(),
    score: z.number().meta({ description: 'MiniSearch score; higher is closer.' }),
  })
  .meta({ id: 'StakeholderMatch' })

export type StakeholderMatch = z.output<typeof stakeholderMatchSchema>

type Entry = Omit<StakeholderMatch, 'score'>

/**
 * Name lookup over stakeholders, tolerant of accents, prefixes and typos (MiniSearch). The index is
 * built on first use, in memory, and dropped when stakeholders change.
 */
export class StakeholderFinder {
  private index: MiniSearch<Entry> | null = null
  /** The `stakeholders_version` the index was built at; another connection's write moves it. */
  private builtAt = -1
  constructor(private readonly rows: StakeholderRows) {}

  find(input: unknown): StakeholderMatch[] {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new LegisearchError(400, 'invalid_parameters', 'findStakeholders: takes an object { q: string, limit?: 1..100 }')
    }
    const { q, limit } = validate(findStakeholdersSchema, input, { where: 'findStakeholders', label: 'findStakeholders' })
    if (tokenize(q).length === 0) return []
    return this.built()
      .search(q, { prefix: true, fuzzy: 0.2, combineWith: 'AND' })
      .slice(0, limit)
      .map((h) => ({
        id: h.id as string,
        name: h['name'] as string,
        title: h['title'] as string,
        openDataResource: h['openDataResource'] as string,
        active: h['active'] as boolean,
        score: h.score,
      }))
  }

  private built(): MiniSearch<Entry> {
    const version = this.rows.version()
    if (this.index && this.builtAt === version) return this.index
    const index = new MiniSearch<Entry>({
      fields: ['name'],
      storeFields: ['name', 'title', 'openDataResource', 'active'],
      tokenize: (s) => tokenize(s).map((t) => t.text),
      processTerm: (t) => fold(t),
    })
    index.addAll(
      this.rows.all().map((record) => {
        const s = JSON.parse(record) as Stakeholder
        return { id: s.id, name: s.name, title: s.title, openDataResource: s.openDataResource, active: s.active }
      }),
    )
    this.index = index
    this.builtAt = version
    return index
  }
}
