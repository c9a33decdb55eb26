import * as z from 'zod'
import { parseDay, today } from '../common/dates.js'
import { invalidDateRange } from '../common/errors.js'
import type { DayFilter } from '../text-index/types.js'
import { clipped, shown } from '../common/shown.js'

const dateEnd = () =>
  z
    .string({ error: (iss) => `must be a date string YYYY-MM-DD (got ${shown(iss.input)})` })
    .optional()
    .meta({ format: 'date', description: 'A calendar day YYYY-MM-DD (Brasília time), inclusive.' })

/**
 * The DateRange object of a body (spec 2.2), before its rules are applied: a type fault of `from`
 * or `to` is an `invalid_date_range` (see `isDateRangeIssue`).
 */
export const dateRangeSchema = z
  .strictObject({ from: dateEnd(), to: dateEnd() }, { error: "must be a DateRange object { from: 'YYYY-MM-DD', to: 'YYYY-MM-DD' }" })
  .meta({ description: "Inclusive days. Only 'from': up to today; only 'to': 400 invalid_date_range; {}: no constraint." })

/** Whether a fault at `path` of a body is the type of a DateRange's end (`created_at.from`). */
export function isDateRangeEnd(path: ReadonlyArray<string | number>, dateFields: ReadonlySet<string>): boolean {
  return path.length === 2 && dateFields.has(String(path[0])) && (path[1] === 'from' || path[1] === 'to')
}

/**
 * Applies the DateRange rules (spec 2.2, DECISIONS §5): only `to` → 400; only `from` → `to` is
 * today; `from` after `to` or a malformed date → 400; both ends inclusive. `{}` is no constraint.
 */
export function resolveDateRange(
  range: z.output<typeof dateRangeSchema>,
  field: string,
  column: DayFilter['column'],
  now?: number,
): DayFilter | null {
  const { from, to } = range
  if (from === undefined && to === undefined) return null
  if (from === undefined) {
    throw invalidDateRange(`${field}: 'to' was given without 'from'; send both (only 'from' means up to today)`, [field])
  }
  const fromDay = parseDay(from)
  if (fromDay === null) throw invalidDateRange(`${field}.from: '${clipped(from)}' is not a date YYYY-MM-DD`, [field, 'from'])
  let toDay: number
  if (to === undefined) {
    toDay = today(now)
  } else {
    const parsed = parseDay(to)
    if (parsed === null) throw invalidDateRange(`${field}.to: '${clipped(to)}' is not a date YYYY-MM-DD`, [field, 'to'])
    toDay = parsed
  }
  if (fromDay > toDay) {
    throw invalidDateRange(`${field}: from (${clipped(from)}) is after to (${clipped(to ?? 'today')})`, [field])
  }
  return { column, from: fromDay, to: toDay }
}
