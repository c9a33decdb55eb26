import { lastRealEventRow } from '../store/watchlist-events.js'
import type { DesignationRow } from '../store/watchlist-designations.js'
import { type OriginFields, originFieldsOf } from './map.js'
import { type ListContent, type ListRecord, fingerprintOf } from './parse.js'
import { type Run, recordEvent, writeDesignation } from './reconcile-run.js'
import type { Designation } from './types.js'

/**
 * Applies every record of the run's list: a new reference is `listed`, a delisted one that is back
 * `relisted`, a changed content `amended` (with before/after), the rest unchanged (only the
 * observation moves). Returns the references the list holds.
 *
 * @example applyRecords(run).has('QDi.001') // true
 */
export function applyRecords(run: Run): Set<string> {
  const present = new Set<string>()
  for (const rec of run.list.records) {
    present.add(rec.ref)
    const narrative = run.list.narratives.get(rec.ref) ?? ''
    const origin = originFieldsOf(rec, narrative, (w) => run.report.warnings.push(w))
    const row = run.rows.get(rec.ref)
    if (!row) listNew(run, rec, origin)
    else applyKnown(run, rec, origin, narrative, row)
  }
  return present
}

/** A reference the watchlist has never held: `listed`. */
function listNew(run: Run, rec: ListRecord, origin: OriginFields): void {
  const at = run.obs.at
  run.report.listed.push(rec.ref)
  recordEvent(run, rec.ref, 'listed')
  const d: Designation = {
    ...origin,
    status: 'listed',
    delistedOn: null,
    lastEventAt: at,
    lastEventType: 'listed',
    firstSeenAt: at,
    lastSeenAt: at,
    narrativeTranslations: {},
  }
  writeDesignation(run.st, d, rec.content, fingerprintOf(rec.content))
}

/** A reference the watchlist holds: relisted, amended, or seen again unchanged. */
function applyKnown(run: Run, rec: ListRecord, origin: OriginFields, narrative: string, row: DesignationRow): void {
  const at = run.obs.at
  const fingerprint = fingerprintOf(rec.content)
  const prior = JSON.parse(row.record) as Designation
  const state = { firstSeenAt: prior.firstSeenAt, lastSeenAt: at, narrativeTranslations: {} }
  const contentChanges = () => changesOf(JSON.parse(row.content) as ListContent, rec.content, [prior.narrative, narrative])
  const write = (lastEventAt: string, lastEventType: Designation['lastEventType']) =>
    writeDesignation(
      run.st,
      { ...origin, ...state, status: 'listed', delistedOn: null, lastEventAt, lastEventType },
      rec.content,
      fingerprint,
    )
  if (row.status === 'delisted') {
    run.report.relisted.push(rec.ref)
    recordEvent(run, rec.ref, 'relisted', [
      { field: 'status', before: 'delisted', after: 'listed' },
      { field: 'delistedOn', before: prior.delistedOn, after: null },
      ...(row.fingerprint === fingerprint ? [] : contentChanges()),
    ])
    write(at, 'listed')
  } else if (row.fingerprint !== fingerprint) {
    run.report.amended.push(rec.ref)
    recordEvent(run, rec.ref, 'amended', contentChanges())
    write(at, 'amended')
  } else {
    run.report.unchanged++
    const last = lastEventOf(run, rec.ref, prior)
    // Same content: only the observation moves (and a re-issued DATAID is kept current).
    write(last.at, last.type)
  }
}

/**
 * The last event of a designation the list still holds unchanged. One held back by the removal
 * guard is back: the removal did not happen, and its previous event stands again.
 */
function lastEventOf(run: Run, ref: string, prior: Designation): { at: string; type: Designation['lastEventType'] } {
  if (prior.lastEventType !== 'reconciliation_blocked') return { at: prior.lastEventAt, type: prior.lastEventType }
  const real = lastRealEventRow(run.st, ref)
  return {
    type: real?.type === 'relisted' || real === undefined ? 'listed' : (real.type as Designation['lastEventType']),
    at: real?.observed_at ?? prior.firstSeenAt,
  }
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
