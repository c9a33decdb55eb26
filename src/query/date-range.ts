import { z } from 'zod'
import { invalidDateRange } from '../errors.js'
import { parseDay, today } from '../store/dates.js'

/** The DateRange object of a body (spec 2.2), before its rules are applied. */
export const dateRangeShape = z.strictObject(
  { from: z.unknown().optional(), to: z.unknown().optional() },
  { error: "must be a DateRange object { from: 'YYYY-MM-DD', to: 'YYYY-MM-DD' }" },
)

/** Inclusive Brasília calendar days `YYYYMMDD`. */
export interface DayRange {
  readonly from: number
  readonly to: number
}

/**
 * Applies the DateRange rules (spec 2.2, DECISIONS §5): only `to` → 400; only `from` → `to` is
 * today; `from` after `to` or a malformed date → 400; both ends inclusive. `{}` is no constraint.
 */
export function resolveDateRange(range: z.output<typeof dateRangeShape>, field: string, now?: number): DayRange | null {
  const { from, to } = range
  if (from === undefined && to === undefined) return null
  for (const [end, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== undefined && typeof value !== 'string') {
      throw invalidDateRange(`${field}.${end}: must be a date string YYYY-MM-DD (got ${JSON.stringify(value) ?? typeof value})`, [
        field,
        end,
      ])
    }
  }
  if (from === undefined) {
    throw invalidDateRange(`${field}: 'to' was given without 'from'; send both (only 'from' means up to today)`, [field])
  }
  const fromDay = parseDay(from as string)
  if (fromDay === null) throw invalidDateRange(`${field}.from: '${from}' is not a date YYYY-MM-DD`, [field, 'from'])
  let toDay: number
  if (to === undefined) {
    toDay = today(now)
  } else {
    const parsed = parseDay(to as string)
    if (parsed === null) throw invalidDateRange(`${field}.to: '${to}' is not a date YYYY-MM-DD`, [field, 'to'])
    toDay = parsed
  }
  if (fromDay > toDay) {
    throw invalidDateRange(`${field}: from (${from}) is after to (${to ?? 'today'})`, [field])
  }
  return { from: fromDay, to: toDay }
}
