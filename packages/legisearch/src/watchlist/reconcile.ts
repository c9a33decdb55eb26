import * as z from 'zod'
import { invalid } from '../common/errors.js'
import { checkOptions } from '../common/validate.js'
import { type Db, immediate } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { designationRows } from '../store/watchlist-designations.js'
import {
  type ListRow,
  addListRow,
  lastAppliedListRow,
  lastListObservation,
  newestListRow,
  olderListObservedAt,
} from '../store/watchlist-lists.js'
import { type Observation, observation } from './observation.js'
import { type ParsedList, fingerprintOf, isParsedList, parseUnConsolidatedList } from './parse.js'
import { type ReconcileReport, type Run, type RunReport, emptyReport } from './reconcile-run.js'
import { applyRecords } from './reconcile-records.js'
import { ListRefusal } from './refusal.js'
import { REMOVAL_GUARD, applyRemovals, judgeRemovals } from './removal-guard.js'

export type { DesignationEvent } from './events.js'
export type { ReconcileReport } from './reconcile-run.js'

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

/**
 * How the list comes: alone (`reconcileWatchlist`), or as one of the lists of an ingest, where a
 * list ingested before that is older than the newest changes nothing instead of being refused
 * (giving an archive again must not be refused because an older list is in it).
 */
export interface ReconcileCall {
  readonly ofIngest?: boolean
}

/**
 * Reconciles the snapshot's watchlist with a new version of the UN list (DECISIONS §6), in ONE
 * immediate transaction (every read inside it, so two connections cannot both apply a list).
 * The steps:
 * 1. the options and the list are read ({@link observation}, {@link listOf});
 * 2. the same list again (same bytes) changes nothing ({@link ingestedBefore}); an ingest also
 *    passes over an older list it ingested before, first of all, inside its own transaction
 *    ({@link ingestedOlder});
 * 3. refused, changing nothing (each unless `force`): a list older than the newest ingested, a
 *    different list with the same dateGenerated, an observation earlier than the last one
 *    ({@link outOfOrder});
 * 4. each record: a new reference → `listed`; a changed content → `amended` (with before/after); a
 *    delisted reference that reappears → listed again (`relisted` in the history) (`applyRecords`);
 * 5. a listed reference absent from the list → `delisted` (delistedOn = the observation day of the
 *    absence); new removals above the allowance of the listed designations are held back
 *    (`reconciliation_blocked`) unless `force`. Held-back designations are not counted or logged
 *    again; one that reappears gets back its previous event, and one a later forced run removes is
 *    delisted as of the day its absence was first observed (`judgeRemovals`, `applyRemovals`);
 * 6. the list is recorded with its report ({@link recordList}).
 */
export function reconcile(db: Db, st: Statements, input: unknown, options?: ReconcileOptions, call: ReconcileCall = {}): ReconcileReport {
  const given = checkOptions(reconcileOptionsSchema, options)
  const force = given.force ?? false
  const limits = {
    maxRemovalRatio: given.maxRemovalRatio ?? REMOVAL_GUARD.maxRemovalRatio,
    perMonth: given.removalRatioPerMonth ?? REMOVAL_GUARD.removalRatioPerMonth,
  }
  // An ingest passes over an older list it ingested before (the same bytes) without reading its
  // options: inside the ingest's own transaction, before the observation is checked.
  const older = call.ofIngest === true && !force ? ingestedOlder(st, listOf(input)) : null
  if (older !== null) return older
  const obs = observation(given.observedOn)
  const list = listOf(input)

  return immediate(db, (): ReconcileReport => {
    const lastApplied = lastAppliedListRow(st)
    const before = force ? null : ingestedBefore(list, obs, lastApplied)
    if (before !== null) return before
    const run: Run = { st, list, obs, force, rows: new Map(designationRows(st).map((r) => [r.ref, r])), report: emptyReport(list, obs.at) }
    if (!force) {
      const same = outOfOrder(run, lastApplied)
      if (same !== null) return same
    }
    const present = applyRecords(run)
    applyRemovals(run, judgeRemovals(run, present, lastApplied, limits))
    recordList(run)
    return run.report
  })
}

/** Step 1: the list given, parsed (a list from `parseUnConsolidatedList` is taken as it is). */
function listOf(input: unknown): ParsedList {
  if (isParsedList(input)) return input
  if (typeof input === 'string' || Buffer.isBuffer(input)) return parseUnConsolidatedList(input)
  throw invalid('input: must be the UN list XML (string or Buffer) or a list from parseUnConsolidatedList()')
}

/**
 * Step 2 (for an ingest, first of all), where "already ingested?" is asked for a list older than
 * the newest: the report of an older list whose bytes the snapshot ingested before, reported as
 * observed then, or null. (The newest list's own bytes after a forced older list are not "older":
 * they restore it.)
 *
 * @example ingestedOlder(st, list)?.applied // false
 */
function ingestedOlder(st: Statements, list: ParsedList): ReconcileReport | null {
  const olderAt = olderListObservedAt(st, list.sha256)
  return olderAt === undefined ? null : alreadyIngested(list, olderAt)
}

/**
 * Step 2, where "already ingested?" is asked of the list the snapshot reflects now (the last one
 * applied): the report of the same list again, or null for a list to reconcile.
 *
 * @example ingestedBefore(list, obs, lastAppliedListRow(st))?.applied // false
 */
function ingestedBefore(list: ParsedList, obs: Observation, lastApplied: ListRow | undefined): ReconcileReport | null {
  // "Already ingested" means the list the snapshot now reflects: the last one applied.
  if (lastApplied && list.generatedMs === lastApplied.generated_ms && list.sha256 === lastApplied.sha256) {
    return alreadyIngested(list, obs.at)
  }
  return null
}

/** The report of a list the snapshot ingested before (the same bytes): nothing applied, nothing written. */
function alreadyIngested(list: ParsedList, observedAt: string): ReconcileReport {
  return {
    ...emptyReport(list, observedAt),
    applied: false,
    unchanged: list.records.length,
    warnings: [`this list (generated ${list.dateGenerated}) was already ingested; nothing was changed`],
  }
}

/**
 * Step 3 (unless forced): refuses a list older than the newest ingested, other bytes with the
 * newest list's date, and an observation before the last one. Other bytes holding the very
 * content the snapshot reflects (a copy with other line endings or indentation) change nothing:
 * their report is returned. Null for a list to apply.
 */
function outOfOrder(run: Run, lastApplied: ListRow | undefined): ReconcileReport | null {
  const { st, list, obs } = run
  const newest = newestListRow(st)
  if (newest) {
    if (list.generatedMs < newest.generated_ms) {
      throw new ListRefusal(`generated ${list.dateGenerated}, older than the newest list ingested (${newest.date_generated})`, {
        unchanged: true,
        forceTo: 'to apply it anyway',
      })
    }
    // The newest list's own bytes again (after a forced older one) restore it.
    if (list.generatedMs === newest.generated_ms && list.sha256 !== newest.sha256) {
      if (lastApplied?.generated_ms === newest.generated_ms && sameContent(run)) {
        return {
          ...run.report,
          applied: false,
          unchanged: list.records.length,
          warnings: [`this list (generated ${list.dateGenerated}) holds the content already ingested, in other bytes; nothing was changed`],
        }
      }
      throw new ListRefusal(`generated ${list.dateGenerated} like the newest list ingested, but with other content`, {
        unchanged: true,
        forceTo: 'if this version is the right one',
      })
    }
  }
  const lastObserved = lastListObservation(st)
  if (lastObserved !== null && obs.at < lastObserved) {
    throw new ListRefusal(`${obs.at} is before the last observation (${lastObserved})`, {
      about: 'options.observedOn',
      unchanged: true,
      forceTo: 'to apply it anyway',
    })
  }
  return null
}

/** Whether the run's list holds exactly the designations listed now, each with the content stored for it. */
function sameContent({ list, rows }: Run): boolean {
  let listed = 0
  for (const r of rows.values()) if (r.status === 'listed') listed++
  if (list.records.length !== listed) return false
  return list.records.every((rec) => {
    const row = rows.get(rec.ref)
    return row !== undefined && row.status === 'listed' && row.fingerprint === fingerprintOf(rec.content)
  })
}

/** Step 6: records the list applied, with its report (counts in place of the reference lists). */
function recordList({ st, list, obs, report }: Run): void {
  addListRow(st, {
    dateGenerated: list.dateGenerated,
    generatedMs: list.generatedMs,
    observedAt: obs.at,
    sha256: list.sha256,
    report: JSON.stringify({
      ...report,
      listed: report.listed.length,
      relisted: report.relisted.length,
      amended: report.amended.length,
      delisted: report.delisted.length,
      blocked: report.blocked.length,
    } satisfies Record<keyof RunReport, unknown>),
  })
}
