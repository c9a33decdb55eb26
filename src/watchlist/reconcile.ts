import { invalid } from '../errors.js'
import type { Db } from '../store/database.js'
import { dayOf, parseDay, parseInstant } from '../store/dates.js'
import type { Statements } from '../store/statements.js'
import { type OriginFields, originFieldsOf } from './map.js'
import { nameSortKey, namesKeyOf } from './names.js'
import { type ListContent, type ParsedList, fingerprintOf, parseUnConsolidatedList } from './parse.js'
import type { Designation } from './types.js'

export interface ReconcileOptions {
  /** When the list was observed: `YYYY-MM-DD` or an ISO date-time. Default: now. */
  readonly observedOn?: string
  /** Apply an older list, or removals over the safety threshold. Default false. */
  readonly force?: boolean
  /** Largest share of listed designations one list may remove, 0..1. Default 0.05. */
  readonly maxRemovalRatio?: number
}

/** What one reconciliation did. Arrays hold reference numbers. */
export interface ReconcileReport {
  readonly dateGenerated: string
  readonly observedAt: string
  /** Whether anything was written (false for a list already ingested). */
  readonly applied: boolean
  readonly listed: string[]
  readonly relisted: string[]
  readonly amended: string[]
  readonly delisted: string[]
  /** Would-be removals held back by the safety threshold (now `reconciliation_blocked`). */
  readonly blocked: string[]
  readonly unchanged: number
  readonly warnings: string[]
}

/** One entry of a designation's audit history. */
export interface DesignationEvent {
  readonly type: 'listed' | 'relisted' | 'amended' | 'delisted' | 'reconciliation_blocked'
  readonly observedAt: string
  /** The `dateGenerated` of the list that caused it. */
  readonly listDateGenerated: string
  /** For `amended`: each changed field of the origin record, before and after. */
  readonly changes?: { field: string; before: unknown; after: unknown }[]
}

export const DEFAULT_MAX_REMOVAL_RATIO = 0.05

interface Row {
  ref: string
  status: 'listed' | 'delisted'
  content: string
  fingerprint: string
  record: string
}

function observation(observedOn: unknown): { at: string; day: string } {
  if (observedOn === undefined) {
    const now = Date.now()
    return { at: new Date(now).toISOString(), day: dayString(dayOf(now)) }
  }
  if (typeof observedOn !== 'string') throw invalid('observedOn: must be a date YYYY-MM-DD or an ISO 8601 date-time')
  const day = parseDay(observedOn)
  if (day !== null) return { at: `${observedOn}T00:00:00.000Z`, day: observedOn }
  const ms = parseInstant(observedOn)
  if (ms === null) throw invalid(`observedOn: '${observedOn}' is not a date YYYY-MM-DD or an ISO 8601 date-time`)
  return { at: new Date(ms).toISOString(), day: dayString(dayOf(ms)) }
}

function dayString(day: number): string {
  const s = String(day)
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`
}

function checkOptions(options: unknown): { force: boolean; maxRemovalRatio: number } {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw invalid('options: must be an object')
  const { force = false, maxRemovalRatio = DEFAULT_MAX_REMOVAL_RATIO, observedOn: _o, ...rest } = options as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0) throw invalid(`options: unknown field '${extra[0]}'; reconcileWatchlist takes observedOn, force, maxRemovalRatio`)
  if (typeof force !== 'boolean') throw invalid('options.force: must be a boolean')
  if (typeof maxRemovalRatio !== 'number' || !(maxRemovalRatio >= 0 && maxRemovalRatio <= 1)) {
    throw invalid(`options.maxRemovalRatio: must be a number from 0 to 1 (got ${JSON.stringify(maxRemovalRatio)})`)
  }
  return { force, maxRemovalRatio }
}

/** Each top-level field of the content whose value differs, before and after. */
function changesOf(before: ListContent, after: ListContent): { field: string; before: unknown; after: unknown }[] {
  const out: { field: string; before: unknown; after: unknown }[] = []
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof ListContent>
  for (const k of keys) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out.push({ field: k, before: before[k] ?? null, after: after[k] ?? null })
  }
  return out
}

/**
 * Reconciles the snapshot's watchlist with a new version of the UN list (DECISIONS §6), in ONE
 * transaction: a new reference → `listed`; a changed content → `amended` (with before/after); a
 * listed reference absent from the list → `delisted` (delistedOn = the observation day); a delisted
 * reference that reappears → listed again (`relisted` in the history). Refused, changing nothing:
 * a malformed file, a list older than the last one ingested (unless `force`). The same list again
 * changes nothing. Removals above `maxRemovalRatio` of the listed designations are held back
 * (`reconciliation_blocked`) unless `force`.
 */
export function reconcile(db: Db, st: Statements, input: string | Buffer | ParsedList, options: ReconcileOptions = {}): ReconcileReport {
  const { force, maxRemovalRatio } = checkOptions(options)
  const obs = observation(options.observedOn)
  const list = typeof input === 'object' && !Buffer.isBuffer(input) && 'records' in input ? input : parseUnConsolidatedList(input)
  const generatedMs = Date.parse(list.dateGenerated)

  const last = st.get('SELECT date_generated FROM watchlist_lists ORDER BY id DESC LIMIT 1').get() as { date_generated: string } | undefined
  const lastMs = last ? Date.parse(last.date_generated) : null
  const warnings: string[] = []
  if (lastMs !== null && generatedMs < lastMs && !force) {
    throw invalid(
      `UN list: generated ${list.dateGenerated}, older than the last list ingested (${last?.date_generated}); nothing was changed. Pass { force: true } to apply it anyway`,
    )
  }
  const report = {
    dateGenerated: list.dateGenerated,
    observedAt: obs.at,
    applied: true,
    listed: [] as string[],
    relisted: [] as string[],
    amended: [] as string[],
    delisted: [] as string[],
    blocked: [] as string[],
    unchanged: 0,
    warnings,
  }
  if (lastMs !== null && generatedMs === lastMs && !force) {
    report.unchanged = list.records.length
    warnings.push(`this list (generated ${list.dateGenerated}) was already ingested; nothing was changed`)
    return { ...report, applied: false }
  }

  const rows = new Map(
    (st.get('SELECT ref, status, content, fingerprint, record FROM watchlist_designations').all() as Row[]).map((r) => [r.ref, r]),
  )
  const upsert = st.get(
    `INSERT INTO watchlist_designations (ref, status, subject_type, regime, listed_on, last_updated_on, name_sort, names_key, deceased, measures, content, fingerprint, record)
     VALUES (@ref, @status, @subjectType, @regime, @listedOn, @lastUpdatedOn, @nameSort, @namesKey, @deceased, @measures, @content, @fingerprint, @record)
     ON CONFLICT (ref) DO UPDATE SET status = excluded.status, subject_type = excluded.subject_type, regime = excluded.regime,
       listed_on = excluded.listed_on, last_updated_on = excluded.last_updated_on, name_sort = excluded.name_sort,
       names_key = excluded.names_key, deceased = excluded.deceased, measures = excluded.measures, content = excluded.content,
       fingerprint = excluded.fingerprint, record = excluded.record`,
  )
  const addEvent = st.get('INSERT INTO watchlist_events (ref, type, observed_at, list_generated, changes) VALUES (?, ?, ?, ?, ?)')
  const event = (ref: string, type: DesignationEvent['type'], changes?: DesignationEvent['changes']) =>
    addEvent.run(ref, type, obs.at, list.dateGenerated, changes ? JSON.stringify(changes) : null)

  const write = (d: Designation, content: ListContent, fingerprint: string) =>
    upsert.run({
      ref: d.sourceRefNumber,
      status: d.status,
      subjectType: d.subjectType,
      regime: d.regime,
      listedOn: d.listedOn,
      lastUpdatedOn: d.lastUpdatedOn,
      nameSort: nameSortKey(d.primaryName),
      namesKey: namesKeyOf([d.primaryName, ...d.aliases.map((a) => a.name), d.nameOriginalScript]),
      deceased: d.extracted.subjectStatus === 'deceased' ? 1 : 0,
      measures: JSON.stringify(d.extracted.prohibitions.map((p) => p.toLowerCase())),
      content: JSON.stringify(content),
      fingerprint,
      record: JSON.stringify(d),
    })

  db.transaction(() => {
    const present = new Set<string>()
    for (const rec of list.records) {
      present.add(rec.ref)
      const origin: OriginFields = originFieldsOf(rec, list.narratives.get(rec.ref) ?? '', (w) => warnings.push(w))
      const fingerprint = fingerprintOf(rec.content)
      const row = rows.get(rec.ref)
      if (!row) {
        report.listed.push(rec.ref)
        event(rec.ref, 'listed')
        write(
          { ...origin, status: 'listed', delistedOn: null, lastEventAt: obs.at, lastEventType: 'listed', firstSeenAt: obs.at, lastSeenAt: obs.at, narrativeTranslations: {} },
          rec.content,
          fingerprint,
        )
        continue
      }
      const prior = JSON.parse(row.record) as Designation
      const state = { firstSeenAt: prior.firstSeenAt, lastSeenAt: obs.at, narrativeTranslations: {} }
      if (row.status === 'delisted') {
        report.relisted.push(rec.ref)
        const changes = row.fingerprint === fingerprint ? undefined : changesOf(JSON.parse(row.content) as ListContent, rec.content)
        event(rec.ref, 'relisted', changes)
        write({ ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt: obs.at, lastEventType: 'listed' }, rec.content, fingerprint)
      } else if (row.fingerprint !== fingerprint) {
        report.amended.push(rec.ref)
        event(rec.ref, 'amended', changesOf(JSON.parse(row.content) as ListContent, rec.content))
        write({ ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt: obs.at, lastEventType: 'amended' }, rec.content, fingerprint)
      } else {
        report.unchanged++
        // Same content: only the observation moves (and a re-issued DATAID is kept current).
        write({ ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt: prior.lastEventAt, lastEventType: prior.lastEventType }, rec.content, fingerprint)
      }
    }

    const gone = [...rows.values()].filter((r) => r.status === 'listed' && !present.has(r.ref)).map((r) => r.ref)
    const listedBefore = [...rows.values()].filter((r) => r.status === 'listed').length
    const ratio = listedBefore === 0 ? 0 : gone.length / listedBefore
    const block = gone.length > 0 && ratio > maxRemovalRatio && !force
    if (block) {
      warnings.push(
        `this list would remove ${gone.length} of ${listedBefore} listed designations (${(ratio * 100).toFixed(1)}% > ${(maxRemovalRatio * 100).toFixed(1)}%); ` +
          'nothing was removed and they are marked reconciliation_blocked. Pass { force: true } if the removals are real',
      )
    }
    for (const ref of gone) {
      const row = rows.get(ref) as Row
      const prior = JSON.parse(row.record) as Designation
      if (block) {
        report.blocked.push(ref)
        event(ref, 'reconciliation_blocked')
        write({ ...prior, lastEventAt: obs.at, lastEventType: 'reconciliation_blocked' }, JSON.parse(row.content) as ListContent, row.fingerprint)
      } else {
        report.delisted.push(ref)
        event(ref, 'delisted')
        write({ ...prior, status: 'delisted', delistedOn: obs.day, lastEventAt: obs.at, lastEventType: 'delisted' }, JSON.parse(row.content) as ListContent, row.fingerprint)
      }
    }
    st.get('INSERT INTO watchlist_lists (date_generated, observed_at, sha256, report) VALUES (?, ?, ?, ?)').run(
      list.dateGenerated,
      obs.at,
      list.sha256,
      JSON.stringify({ ...report, listed: report.listed.length, relisted: report.relisted.length, amended: report.amended.length, delisted: report.delisted.length, blocked: report.blocked.length }),
    )
  })()
  return report
}
