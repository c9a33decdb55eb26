import MiniSearch from 'minisearch'
import { z } from 'zod'
import { id, text } from '../corpora/fields.js'
import { invalid, notFound } from '../errors.js'
import type { Statements } from '../store/statements.js'
import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'

const organ = z.strictObject({
  id: text(),
  name: text(),
  initials: text(),
  openDataId: text(),
  openDataResource: text(),
  role: text(),
  active: z.boolean().default(false),
})

/** A stakeholder as `upsert('stakeholders', …)` accepts it (spec 2.8). */
export const stakeholderSchema = z.strictObject({
  id: id(),
  openDataId: text(),
  openDataResource: text(),
  name: z.string().trim().min(1, 'must be a non-empty name'),
  title: text(),
  situation: text(),
  active: z.boolean().default(true),
  organs: z.array(organ).default([]),
  savedStakeholders: z.array(z.record(z.string(), z.unknown())).default([]),
})

export type Stakeholder = z.output<typeof stakeholderSchema>

/** One answer of `findStakeholders`: enough to pick the id a filter needs. */
export interface StakeholderMatch {
  readonly id: string
  readonly name: string
  readonly title: string
  readonly openDataResource: string
  readonly active: boolean
  /** MiniSearch score; higher is closer. */
  readonly score: number
}

export function getStakeholder(st: Statements, stakeholderId: unknown): Stakeholder {
  if (typeof stakeholderId !== 'string' || stakeholderId === '') throw invalid('id: must be a non-empty stakeholder id string')
  const row = st.get('SELECT record FROM stakeholders WHERE id = ?').get(stakeholderId) as { record: string } | undefined
  if (!row) throw notFound(`stakeholder '${stakeholderId}' not found`)
  return JSON.parse(row.record) as Stakeholder
}

export function writeStakeholders(st: Statements, records: readonly Stakeholder[]): { inserted: number; updated: number } {
  const exists = st.get('SELECT 1 FROM stakeholders WHERE id = ?')
  const upsert = st.get(
    'INSERT INTO stakeholders (id, name, record) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, record = excluded.record',
  )
  let inserted = 0
  for (const s of records) {
    if (!exists.get(s.id)) inserted++
    upsert.run(s.id, s.name, JSON.stringify(s))
  }
  bumpStakeholdersVersion(st)
  return { inserted, updated: records.length - inserted }
}

export function removeStakeholders(st: Statements, ids: readonly string[]): number {
  const del = st.get('DELETE FROM stakeholders WHERE id = ?')
  const removed = ids.reduce((n, id) => n + del.run(id).changes, 0)
  bumpStakeholdersVersion(st)
  return removed
}

/** Counts stakeholder writes in the file, so every connection's name index sees them. */
function bumpStakeholdersVersion(st: Statements): void {
  st.get("INSERT INTO meta (key, value) VALUES ('stakeholders_version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1").run()
}

function stakeholdersVersion(st: Statements): number {
  const row = st.get("SELECT value FROM meta WHERE key = 'stakeholders_version'").get() as { value: number } | undefined
  return row?.value ?? 0
}

const findShape = z.strictObject({
  q: z.string({ error: 'must be a string' }).max(200, 'must be at most 200 characters'),
  limit: z.number({ error: 'must be an integer from 1 to 100' }).int().min(1).max(100).default(10),
})

/**
 * Name lookup over stakeholders, tolerant of accents, prefixes and typos (MiniSearch). The index is
 * built on first use, in memory, and dropped when stakeholders change.
 */
export class StakeholderFinder {
  private index: MiniSearch<{ id: string; name: string; title: string; openDataResource: string; active: boolean }> | null = null
  /** The `stakeholders_version` the index was built at; another connection's write moves it. */
  private builtAt = -1
  constructor(private readonly st: Statements) {}

  find(input: unknown): StakeholderMatch[] {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw invalid('findStakeholders: takes an object { q: string, limit?: 1..100 }')
    }
    const r = findShape.safeParse(input)
    if (!r.success) {
      const issue = r.error.issues[0]
      const field = issue?.path.join('.') || 'query'
      if (issue?.code === 'unrecognized_keys') throw invalid(`findStakeholders: unknown field ${issue.keys.join(', ')}; it takes q, limit`)
      throw invalid(`findStakeholders.${field}: ${issue?.message ?? 'invalid'}`)
    }
    const { q, limit } = r.data
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

  private built() {
    const version = stakeholdersVersion(this.st)
    if (this.index && this.builtAt === version) return this.index
    const index = new MiniSearch<{ id: string; name: string; title: string; openDataResource: string; active: boolean }>({
      fields: ['name'],
      storeFields: ['name', 'title', 'openDataResource', 'active'],
      tokenize: (s) => tokenize(s).map((t) => t.text),
      processTerm: (t) => fold(t),
    })
    const rows = this.st.get('SELECT record FROM stakeholders').all() as { record: string }[]
    index.addAll(
      rows.map((r) => {
        const s = JSON.parse(r.record) as Stakeholder
        return { id: s.id, name: s.name, title: s.title, openDataResource: s.openDataResource, active: s.active }
      }),
    )
    this.index = index
    this.builtAt = version
    return index
  }
}
