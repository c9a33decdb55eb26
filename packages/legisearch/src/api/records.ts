import type { z } from 'zod'
import { invalid } from '../common/errors.js'
import { clipped } from '../common/shown.js'
import { errorOf, formatPath } from '../common/validate.js'
import { jsonProblem } from '../common/json-value.js'

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
      throw errorOf(schema, records[i], r.error, {
        where: 'records',
        prefix: ['records', i],
        suffix: `(${collection} record ${i}; nothing of this call was written)`,
      })
    }
    const prior = seen.get(r.data.id)
    if (prior !== undefined) {
      throw invalid(`records[${i}].id: '${clipped(r.data.id)}' repeats records[${prior}].id; ids must be unique within one call`, [
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
