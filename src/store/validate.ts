import type { z } from 'zod'
import { invalid } from '../errors.js'
import { formatPath } from '../query/issues.js'
import { jsonProblem } from './json-value.js'

/** Most records accepted by one `upsert` call; larger loads are split by the caller (or the ingest runner). */
export const MAX_RECORDS_PER_CALL = 100_000

/**
 * Validates a whole batch before anything is written. A bad record is named by its index and the
 * field at fault; duplicate ids in one call are refused (which one should win is not knowable).
 */
export function validateRecords<R extends { id: string }>(collection: string, schema: z.ZodType<R, unknown>, records: unknown): R[] {
  if (!Array.isArray(records)) throw invalid(`records: must be an array of ${collection} records`)
  if (records.length > MAX_RECORDS_PER_CALL) {
    throw invalid(`records: at most ${MAX_RECORDS_PER_CALL} records per call (got ${records.length}); split the load`)
  }
  const out: R[] = []
  const seen = new Map<string, number>()
  for (let i = 0; i < records.length; i++) {
    const bad = jsonProblem(records[i], ['records', i])
    if (bad)
      throw invalid(`${formatPath(bad.path)}: ${bad.message} (${collection} record ${i}; nothing of this call was written)`, bad.path)
    const r = schema.safeParse(records[i])
    if (!r.success) {
      const issue = r.error.issues[0]
      const path = ['records', i, ...(issue?.path ?? []).map((p) => (typeof p === 'number' ? p : String(p)))]
      const what =
        issue?.code === 'unrecognized_keys'
          ? `unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : issue?.code === 'invalid_type' && valueAt(records[i], issue.path) === undefined
            ? 'is required'
            : (issue?.message ?? 'is invalid')
      throw invalid(`${formatPath(path)}: ${what} (${collection} record ${i}; nothing of this call was written)`, path)
    }
    const prior = seen.get(r.data.id)
    if (prior !== undefined) {
      throw invalid(`records[${i}].id: '${r.data.id}' repeats records[${prior}].id; ids must be unique within one call`, [
        'records',
        i,
        'id',
      ])
    }
    seen.set(r.data.id, i)
    out.push(r.data)
  }
  return out
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[key]
  }
  return v
}
