import type { Statements } from '../store/statements.js'
import { type DesignationRow, writeDesignationRow } from '../store/watchlist-designations.js'
import { type DesignationEvent, addEvent } from './events.js'
import { nameSortKey, namesKeyOf } from './names.js'
import type { Observation } from './observation.js'
import type { ListContent, ParsedList } from './parse.js'
import type { Designation } from './types.js'

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

/** The report of a reconciliation under way: its arrays filled, and `unchanged` counted, as it goes. */
export type RunReport = Omit<ReconcileReport, 'unchanged'> & { unchanged: number }

/** One reconciliation under way: the list, when it was observed, whether it is forced, what it did. */
export interface Run {
  readonly st: Statements
  readonly list: ParsedList
  readonly obs: Observation
  readonly force: boolean
  /** Every designation stored before the list, by ref. */
  readonly rows: ReadonlyMap<string, DesignationRow>
  readonly report: RunReport
}

/**
 * The empty report of a list being applied.
 *
 * @example emptyReport(list, '2020-03-21T00:00:00.000Z').applied // true
 */
export function emptyReport(list: ParsedList, observedAt: string): RunReport {
  return {
    dateGenerated: list.dateGenerated,
    observedAt,
    applied: true,
    listed: [],
    relisted: [],
    amended: [],
    delisted: [],
    blocked: [],
    unchanged: 0,
    warnings: [],
  }
}

/**
 * Appends an event caused by the run's list, observed at the run's observation.
 *
 * @example recordEvent(run, 'QDi.001', 'amended', changes)
 */
export function recordEvent(
  run: Run,
  ref: string,
  type: DesignationEvent['type'],
  changes?: DesignationEvent['changes'],
  override?: string,
): void {
  addEvent(run.st, ref, {
    type,
    observedAt: run.obs.at,
    listDateGenerated: run.list.dateGenerated,
    ...(changes ? { changes } : {}),
    ...(override ? { override } : {}),
  })
}

/**
 * Stores a designation with the list content and fingerprint it was read from, and its searchable columns.
 *
 * @example writeDesignation(run.st, designation, rec.content, fingerprintOf(rec.content))
 */
export function writeDesignation(st: Statements, d: Designation, content: ListContent, fingerprint: string): void {
  writeDesignationRow(st, {
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
}
