import * as z from 'zod'
import { id, text } from '../corpora/fields.js'
import { notFound } from '../common/errors.js'
import { clipped } from '../common/shown.js'
import { validate } from '../common/validate.js'
import type { StakeholderRows } from '../store/stakeholders.js'

const organ = z.strictObject({
  id: text(),
  name: text(),
  initials: text(),
  openDataId: text(),
  openDataResource: text(),
  role: text(),
  active: z.boolean().default(false),
})

/** A stakeholder as `upsert('stakeholders', …)` accepts it and `GET /stakeholders/{id}` answers it (spec 2.8). */
/** The longest stakeholder name (a person, a committee, a party): the longest real one is ~250 characters. */
export const NAME_CHARS = 1000

export const stakeholderSchema = z
  .strictObject({
    id: id(),
    openDataId: text(),
    openDataResource: text(),
    name: z.string().trim().min(1, 'must be a non-empty name').max(NAME_CHARS, `must be at most ${NAME_CHARS} characters`),
    title: text(),
    situation: text(),
    active: z.boolean().default(true),
    organs: z.array(organ).default([]),
    savedStakeholders: z.array(z.record(z.string(), z.unknown())).default([]),
  })
  .meta({ id: 'Stakeholder' })

export type Stakeholder = z.output<typeof stakeholderSchema>

/** The path parameter of `GET /stakeholders/{id}`. */
export const stakeholderIdSchema = z
  .string({ error: 'must be a non-empty stakeholder id string' })
  .min(1, 'must be a non-empty stakeholder id string')

/** `GET /stakeholders/{id}`; an unknown id → 404. */
export function getStakeholder(rows: StakeholderRows, stakeholderId: unknown): Stakeholder {
  const key = validate(stakeholderIdSchema, stakeholderId, { where: 'id' })
  const record = rows.record(key)
  if (record === undefined) throw notFound(`stakeholder '${clipped(key)}' not found`)
  return JSON.parse(record) as Stakeholder
}

/**
 * Writes validated stakeholders (inside the caller's transaction); with `skipUnchanged`, those
 * stored exactly so are left untouched (an ingest of the same file again).
 */
export function writeStakeholders(
  rows: StakeholderRows,
  records: readonly Stakeholder[],
  options: { skipUnchanged?: boolean } = {},
): { inserted: number; updated: number; unchanged: number } {
  const all = records.map((s) => ({ id: s.id, name: s.name, record: JSON.stringify(s) }))
  const changed = options.skipUnchanged === true ? all.filter((r) => rows.record(r.id) !== r.record) : all
  const inserted = changed.length > 0 ? rows.put(changed) : 0
  return { inserted, updated: changed.length - inserted, unchanged: records.length - changed.length }
}
