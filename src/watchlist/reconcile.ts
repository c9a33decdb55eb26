import { z } from 'zod'
import { invalid } from '../common/errors.js'
import { clipped } from '../common/shown.js'
import { checkOptions } from '../common/validate.js'
import { type Db, immediate } from '../store/database.js'
import { parseDay, parseInstant } from '../common/dates.js'
import type { Statements } from '../store/statements.js'
import { type OriginFields, originFieldsOf } from './map.js'
import { nameSortKey, namesKeyOf } from './names.js'
import { type ListContent, type ParsedList, fingerprintOf, isParsedList, parseUnConsolidatedList } from './parse.js'
import { ListRefusal } from './refusal.js'
import type { Designation } from './types.js'

const RATIO = (iss: { input: unknown }) =>
  `must be a number from 0 to 1 (got ${typeof iss.input === 'number' ? iss.input : typeof iss.input})`

/** The options of `reconcileWatchlist`. */
export const reconcileOptionsSchema = z.strictObject({
  /** When the list was observed: `YYYY-MM-DD` (midnight UTC) or an ISO date-time. Default: now. */
  observedOn: z.string({ error: 'must be a date YYYY-MM-DD or an ISO 8601 date-time' }).optional(),
  /** Apply an older list, a different list with the same date, an earlier observation, or removals over the safety threshold. Default false. */
  force: z.boolean({ error: 'must be a boolean' }).optional(),
  /** Largest share of listed designations one list may newly remove when it follows the previous list closely, 0..1. Default 0.05. */
  maxRemovalRatio: z.number({ error: RATIO }).min(0, { error: RATIO }).max(1, { error: RATIO }).optional(),
  /** Added to that share for every 30 days between the previous list's `dateGenerated` and this one's, 0..1. Default 0.01. */
  removalRatioPerMonth: z.number({ error: RATIO }).min(0, { error: RATIO }).max(1, { error: RATIO }).optional(),
})

export type ReconcileOptions = z.input<typeof reconcileOptionsSchema>

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
  /** Would-be removals held back by the safety threshold by THIS list (now `reconciliation_blocked`). */
  readonly blocked: string[]
  readonly unchanged: number
  readonly warnings: string[]
}

/** `7 days`, `3.2 months`: the time between two lists, for a warning. */
function monthsText(fromMs: number, toMs: number): string {
  const days = Math.max(0, toMs - fromMs) / 86_400_000
  return days < 60 ? `${Math.round(days)} days` : `${(days / 30).toFixed(1)} months`
}

/** One entry of a designation's audit history. */
export interface DesignationEvent {
  readonly type: 'listed' | 'relisted' | 'amended' | 'delisted' | 'reconciliation_blocked'
  readonly observedAt: string
  /** The `dateGenerated` of the list that caused it. */
  readonly listDateGenerated: string
  /** Each changed field, before and after: origin fields for `amended`/`relisted`, `status`/`delistedOn` for status changes. */
  readonly changes?: { field: string; before: unknown; after: unknown }[]
  /** How a removal held back by the guard was applied anyway: `applied with { force: true }`, or the operator's acceptance and reason. */
  readonly override?: string
}

/**
 * The mass-removal guard's defaults (DECISIONS §6). A list may newly remove up to `maxRemovalRatio`
 * of the listed designations, plus `removalRatioPerMonth` for every 30 days since the previous list
 * was generated, never more than `ceiling` (unless `maxRemovalRatio` itself is higher): a daily list
 * cut in half is refused, while the real lists, years apart, bring their official delistings
 * (12.2 % after 32 months, 10.4 % after 18). Removals over the allowance are held back.
 */
export const REMOVAL_GUARD = { maxRemovalRatio: 0.05, removalRatioPerMonth: 0.01, ceiling: 0.25 } as const

/**
 * The share of the listed designations a list generated at `thisMs` may newly remove, when the
 * previous list was generated at `previousMs`.
 *
 * @example removalAllowance(0.05, 0.01, Date.parse('2017-07-03'), Date.parse('2020-03-20')) // 0.25 (32 months: the ceiling)
 */
export function removalAllowance(base: number, perMonth: number, previousMs: number | null, thisMs: number): number {
  const months = previousMs === null ? 0 : Math.max(0, thisMs - previousMs) / (30 * 86_400_000)
  return Math.max(base, Math.min(REMOVAL_GUARD.ceiling, base + perMonth * months))
}

/** The `override` note of an event applied past the removal guard by `{ force: true }`. */
export const FORCED = 'applied with { force: true }'

/** The status changes a delisting carries, `delistedOn` being `day`. */
export function delistChanges(day: string): NonNullable<DesignationEvent['changes']> {
  return [
    { field: 'status', before: 'listed', after: 'delisted' },
    { field: 'delistedOn', before: null, after: day },
  ]
}

/** Appends one event to a designation's audit history. */
export function addEvent(st: Statements, ref: string, event: DesignationEvent): void {
  st.prepared('INSERT INTO watchlist_events (ref, type, observed_at, list_generated, changes, override) VALUES (?, ?, ?, ?, ?, ?)').run(
    ref,
    event.type,
    event.observedAt,
    event.listDateGenerated,
    event.changes && event.changes.length > 0 ? JSON.stringify(event.changes) : null,
    event.override ?? null,
  )
}

/** The latest observation of any list ingested, or null. */
export function lastObservation(st: Statements): string | null {
  return (st.prepared('SELECT max(observed_at) AS at FROM watchlist_lists').get() as { at: string | null }).at
}

/** The report of a list the snapshot ingested before (the same bytes): nothing applied, nothing written. */
export function alreadyIngested(list: ParsedList, observedAt: string): ReconcileReport {
  return {
    dateGenerated: list.dateGenerated,
    observedAt,
    applied: false,
    listed: [],
    relisted: [],
    amended: [],
    delisted: [],
    blocked: [],
    unchanged: list.records.length,
    warnings: [`this list (generated ${list.dateGenerated}) was already ingested; nothing was changed`],
  }
}
const DAY_MS = 86_400_000

interface Row {
  ref: string
  status: 'listed' | 'delisted'
  content: string
  fingerprint: string
  record: string
}

/** Whether a list holds exactly the designations listed now, each with the content stored for it. */
function sameContent(list: ParsedList, rows: ReadonlyMap<string, Row>): boolean {
  let listed = 0
  for (const r of rows.values()) if (r.status === 'listed') listed++
  if (list.records.length !== listed) return false
  return list.records.every((rec) => {
    const row = rows.get(rec.ref)
    return row !== undefined && row.status === 'listed' && row.fingerprint === fingerprintOf(rec.content)
  })
}

/** The observation instant and its (UTC) day. A bare date is that day at 00:00 UTC. */
export function observation(observedOn: string | undefined): { at: string; ms: number; day: string } {
  let ms: number
  if (observedOn === undefined) {
    ms = Date.now()
  } else {
    const parsed = parseDay(observedOn) !== null ? Date.parse(`${observedOn}T00:00:00.000Z`) : parseInstant(observedOn)
    if (parsed === null || Number.isNaN(parsed)) {
      throw invalid(`options.observedOn: '${clipped(observedOn)}' is not a date YYYY-MM-DD or an ISO 8601 date-time`)
    }
    if (parsed > Date.now() + DAY_MS) throw invalid(`options.observedOn: '${clipped(observedOn)}' is in the future`)
    ms = parsed
  }
  const at = new Date(ms).toISOString()
  return { at, ms, day: at.slice(0, 10) }
}

/** Each top-level field of the content whose value differs, before and after (narratives as published). */
function changesOf(
  before: ListContent,
  after: ListContent,
  narratives: [string, string],
): { field: string; before: unknown; after: unknown }[] {
  const out: { field: string; before: unknown; after: unknown }[] = []
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof ListContent>
  for (const k of keys) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue
    if (k === 'narrative') out.push({ field: k, before: narratives[0], after: narratives[1] })
    else out.push({ field: k, before: before[k] ?? null, after: after[k] ?? null })
  }
  return out
}

/**
 * Reconciles the snapshot's watchlist with a new version of the UN list (DECISIONS §6), in ONE
 * immediate transaction (every read inside it, so two connections cannot both apply a list):
 * - a new reference → `listed`; a changed content → `amended` (with before/after); a listed
 *   reference absent from the list → `delisted` (delistedOn = the observation day of the absence);
 *   a delisted reference that reappears → listed again (`relisted` in the history).
 * - refused, changing nothing: a malformed file; a list older than the newest ingested, a different
 *   list with the same dateGenerated, or an observation earlier than the last one (each unless `force`).
 * - the same list again (same bytes) changes nothing.
 * - new removals above `maxRemovalRatio` of the listed designations are held back
 *   (`reconciliation_blocked`) unless `force`. Held-back designations are not counted or logged
 *   again; one that reappears gets back its previous event, and one a later forced run removes is
 *   delisted as of the day its absence was first observed.
 */
export function reconcile(db: Db, st: Statements, input: unknown, options?: ReconcileOptions): ReconcileReport {
  const given = checkOptions(reconcileOptionsSchema, options)
  const force = given.force ?? false
  const maxRemovalRatio = given.maxRemovalRatio ?? REMOVAL_GUARD.maxRemovalRatio
  const perMonth = given.removalRatioPerMonth ?? REMOVAL_GUARD.removalRatioPerMonth
  const obs = observation(given.observedOn)
  let list: ParsedList
  if (isParsedList(input)) list = input
  else if (typeof input === 'string' || Buffer.isBuffer(input)) list = parseUnConsolidatedList(input)
  else throw invalid('input: must be the UN list XML (string or Buffer) or a list from parseUnConsolidatedList()')

  return immediate(db, (): ReconcileReport => {
    const warnings: string[] = []
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
    const newest = st
      .prepared('SELECT date_generated, generated_ms, sha256 FROM watchlist_lists ORDER BY generated_ms DESC, id DESC LIMIT 1')
      .get() as { date_generated: string; generated_ms: number; sha256: string } | undefined
    const lastObserved = lastObservation(st)
    // "Already ingested" means the list the snapshot now reflects: the last one applied.
    const lastApplied = st.prepared('SELECT date_generated, generated_ms, sha256 FROM watchlist_lists ORDER BY id DESC LIMIT 1').get() as
      { date_generated: string; generated_ms: number; sha256: string } | undefined
    if (lastApplied && list.generatedMs === lastApplied.generated_ms && list.sha256 === lastApplied.sha256 && !force) {
      return alreadyIngested(list, obs.at)
    }
    const rows = new Map(
      (st.prepared('SELECT ref, status, content, fingerprint, record FROM watchlist_designations').all() as Row[]).map((r) => [r.ref, r]),
    )
    if (newest && !force) {
      if (list.generatedMs < newest.generated_ms) {
        throw new ListRefusal(`generated ${list.dateGenerated}, older than the newest list ingested (${newest.date_generated})`, {
          unchanged: true,
          forceTo: 'to apply it anyway',
        })
      }
      // The newest list's own bytes again (after a forced older one) restore it; other bytes of that
      // date are refused, unless they hold the very content the snapshot reflects (a copy with
      // other line endings or indentation), which changes nothing.
      if (list.generatedMs === newest.generated_ms && list.sha256 !== newest.sha256) {
        if (lastApplied?.generated_ms === newest.generated_ms && sameContent(list, rows)) {
          report.unchanged = list.records.length
          warnings.push(
            `this list (generated ${list.dateGenerated}) holds the content already ingested, in other bytes; nothing was changed`,
          )
          return { ...report, applied: false }
        }
        throw new ListRefusal(`generated ${list.dateGenerated} like the newest list ingested, but with other content`, {
          unchanged: true,
          forceTo: 'if this version is the right one',
        })
      }
    }
    if (lastObserved !== null && obs.at < lastObserved && !force) {
      throw new ListRefusal(`${obs.at} is before the last observation (${lastObserved})`, {
        about: 'options.observedOn',
        unchanged: true,
        forceTo: 'to apply it anyway',
      })
    }

    const upsert = st.prepared(
      `INSERT INTO watchlist_designations (ref, status, subject_type, regime, listed_on, last_updated_on, name_sort, names_key, deceased, measures, content, fingerprint, record)
         VALUES (@ref, @status, @subjectType, @regime, @listedOn, @lastUpdatedOn, @nameSort, @namesKey, @deceased, @measures, @content, @fingerprint, @record)
         ON CONFLICT (ref) DO UPDATE SET status = excluded.status, subject_type = excluded.subject_type, regime = excluded.regime,
           listed_on = excluded.listed_on, last_updated_on = excluded.last_updated_on, name_sort = excluded.name_sort,
           names_key = excluded.names_key, deceased = excluded.deceased, measures = excluded.measures, content = excluded.content,
           fingerprint = excluded.fingerprint, record = excluded.record`,
    )
    const event = (ref: string, type: DesignationEvent['type'], changes?: DesignationEvent['changes'], override?: string) =>
      addEvent(st, ref, {
        type,
        observedAt: obs.at,
        listDateGenerated: list.dateGenerated,
        ...(changes ? { changes } : {}),
        ...(override ? { override } : {}),
      })
    const lastRealEvent = st.prepared(
      "SELECT type, observed_at FROM watchlist_events WHERE ref = ? AND type <> 'reconciliation_blocked' ORDER BY id DESC LIMIT 1",
    )

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

    const present = new Set<string>()
    for (const rec of list.records) {
      present.add(rec.ref)
      const narrative = list.narratives.get(rec.ref) ?? ''
      const origin: OriginFields = originFieldsOf(rec, narrative, (w) => warnings.push(w))
      const fingerprint = fingerprintOf(rec.content)
      const row = rows.get(rec.ref)
      if (!row) {
        report.listed.push(rec.ref)
        event(rec.ref, 'listed')
        write(
          {
            ...origin,
            status: 'listed',
            delistedOn: null,
            lastEventAt: obs.at,
            lastEventType: 'listed',
            firstSeenAt: obs.at,
            lastSeenAt: obs.at,
            narrativeTranslations: {},
          },
          rec.content,
          fingerprint,
        )
        continue
      }
      const prior = JSON.parse(row.record) as Designation
      const state = { firstSeenAt: prior.firstSeenAt, lastSeenAt: obs.at, narrativeTranslations: {} }
      const contentChanges = () => changesOf(JSON.parse(row.content) as ListContent, rec.content, [prior.narrative, narrative])
      if (row.status === 'delisted') {
        report.relisted.push(rec.ref)
        event(rec.ref, 'relisted', [
          { field: 'status', before: 'delisted', after: 'listed' },
          { field: 'delistedOn', before: prior.delistedOn, after: null },
          ...(row.fingerprint === fingerprint ? [] : contentChanges()),
        ])
        write(
          { ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt: obs.at, lastEventType: 'listed' },
          rec.content,
          fingerprint,
        )
      } else if (row.fingerprint !== fingerprint) {
        report.amended.push(rec.ref)
        event(rec.ref, 'amended', contentChanges())
        write(
          { ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt: obs.at, lastEventType: 'amended' },
          rec.content,
          fingerprint,
        )
      } else {
        report.unchanged++
        let { lastEventAt, lastEventType } = prior
        if (lastEventType === 'reconciliation_blocked') {
          // It is back: the removal that was held back did not happen. Its previous event stands again.
          const real = lastRealEvent.get(rec.ref) as { type: DesignationEvent['type']; observed_at: string } | undefined
          lastEventType = real?.type === 'relisted' || real === undefined ? 'listed' : (real.type as Designation['lastEventType'])
          lastEventAt = real?.observed_at ?? prior.firstSeenAt
        }
        // Same content: only the observation moves (and a re-issued DATAID is kept current).
        write({ ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt, lastEventType }, rec.content, fingerprint)
      }
    }

    const absent = [...rows.values()].filter((r) => r.status === 'listed' && !present.has(r.ref))
    const heldBefore = absent.filter((r) => (JSON.parse(r.record) as Designation).lastEventType === 'reconciliation_blocked')
    const fresh = absent.filter((r) => !heldBefore.includes(r))
    const listedBefore = [...rows.values()].filter((r) => r.status === 'listed').length
    const ratio = listedBefore === 0 ? 0 : fresh.length / listedBefore
    // Judged against the list the snapshot reflects now (the last applied: after a forced older
    // list, the newest list's own bytes restore it with the removals of the time between).
    const previous = lastApplied
    const allowance = removalAllowance(maxRemovalRatio, perMonth, previous?.generated_ms ?? null, list.generatedMs)
    const overGuard = fresh.length > 0 && ratio > allowance
    const block = overGuard && !force
    if (block) {
      warnings.push(
        `this list would remove ${fresh.length} of ${listedBefore} listed designations (${(ratio * 100).toFixed(1)}% > the ${(allowance * 100).toFixed(1)}% allowed ` +
          `${previous ? `${monthsText(previous.generated_ms, list.generatedMs)} after the list of ${previous.date_generated}` : 'for a first list'}); ` +
          'nothing was removed and they are marked reconciliation_blocked. If the removals are real, accept them (acceptWatchlistRemovals(), `legisearch watchlist accept-removals`) or pass { force: true }',
      )
    }
    if (heldBefore.length > 0 && !force) {
      warnings.push(
        `${heldBefore.length} designations held back by an earlier list are still absent; accept them (acceptWatchlistRemovals(), legisearch watchlist accept-removals) or pass { force: true } to delist them`,
      )
    }
    const delist = (row: Row, prior: Designation, day: string, override?: string) => {
      report.delisted.push(row.ref)
      event(row.ref, 'delisted', delistChanges(day), override)
      write(
        { ...prior, status: 'delisted', delistedOn: day, lastEventAt: obs.at, lastEventType: 'delisted' },
        JSON.parse(row.content) as ListContent,
        row.fingerprint,
      )
    }
    for (const row of fresh) {
      const prior = JSON.parse(row.record) as Designation
      if (block) {
        report.blocked.push(row.ref)
        event(row.ref, 'reconciliation_blocked')
        write(
          { ...prior, lastEventAt: obs.at, lastEventType: 'reconciliation_blocked' },
          JSON.parse(row.content) as ListContent,
          row.fingerprint,
        )
      } else {
        delist(row, prior, obs.day, overGuard ? FORCED : undefined)
      }
    }
    if (force) {
      // Removed as of the day the absence was first observed (the held-back event's day).
      for (const row of heldBefore) {
        const prior = JSON.parse(row.record) as Designation
        delist(row, prior, prior.lastEventAt.slice(0, 10), FORCED)
      }
    }
    st.prepared('INSERT INTO watchlist_lists (date_generated, generated_ms, observed_at, sha256, report) VALUES (?, ?, ?, ?, ?)').run(
      list.dateGenerated,
      list.generatedMs,
      obs.at,
      list.sha256,
      JSON.stringify({
        ...report,
        listed: report.listed.length,
        relisted: report.relisted.length,
        amended: report.amended.length,
        delisted: report.delisted.length,
        blocked: report.blocked.length,
      }),
    )
    return report
  })
}
