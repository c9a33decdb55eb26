/**
 * Birth years: the ranges a list record states (an exact date, a year, "between" years, or a
 * year written in the note of an otherwise empty date), a query's birth date, and what the two
 * say about each other.
 */

/** Inclusive year range. */
export type YearRange = readonly [number, number]

const YEAR = /\b(1[89]\d\d|20\d\d)\b/

function year(value: string | undefined): number | null {
  if (value === undefined) return null
  const m = YEAR.exec(value)
  return m ? Number(m[1]) : null
}

/**
 * The birth-year ranges of a record's dates of birth (keys DATE, YEAR, FROM_YEAR, TO_YEAR, NOTE),
 * merged and sorted; [] when none states a year.
 *
 * @example birthYearsOf([{ TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1951', TO_YEAR: '1953' }]) // [[1951, 1953]]
 */
export function birthYearsOf(dates: readonly Readonly<Record<string, string>>[]): [number, number][] {
  const out: [number, number][] = []
  for (const d of dates) {
    const from = year(d['FROM_YEAR'])
    const to = year(d['TO_YEAR'])
    if (from !== null || to !== null) {
      const a = from ?? (to as number)
      const b = to ?? a
      out.push([Math.min(a, b), Math.max(a, b)])
      continue
    }
    const y = year(d['DATE']) ?? year(d['YEAR']) ?? year(d['NOTE'])
    if (y !== null) out.push([y, y])
  }
  out.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const r of out) {
    const last = merged[merged.length - 1]
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1])
    else merged.push([r[0], r[1]])
  }
  return merged
}

/**
 * The year of a query's birth date (YYYY, YYYY-MM or YYYY-MM-DD), or null when it has none.
 *
 * @example queryBirthYear('1960-06-29') // 1960
 */
export function queryBirthYear(date: string | undefined): number | null {
  if (date === undefined) return null
  const m = /^\s*(\d{4})(?:-\d{2}(?:-\d{2})?)?\s*$/.exec(date)
  return m ? Number(m[1]) : null
}

/** How a query's birth year stands against a subject's ranges. */
export interface BirthVerdict {
  /** Added to the score (negative lowers it). */
  readonly adjust: number
  readonly reason: string
}

/** What a birth year within the listed ones adds to the score. */
export const BIRTH_MATCH = 0.06
/** What a birth year one or two years off takes away (approximate dates, calendar conversions). */
export const BIRTH_NEAR = -0.03
/** What a birth year further off takes away. */
export const BIRTH_MISMATCH = -0.15

function show(r: YearRange): string {
  return r[0] === r[1] ? String(r[0]) : `${r[0]}–${r[1]}`
}

/**
 * Compares a query's birth year with a subject's ranges; null when either side has none.
 *
 * @example birthVerdict(1951, [[1951, 1951]]) // { adjust: 0.06, reason: 'birth year 1951 within 1951' }
 */
export function birthVerdict(queryYear: number | null, ranges: readonly YearRange[]): BirthVerdict | null {
  if (queryYear === null || ranges.length === 0) return null
  const listed = ranges.map(show).join(', ')
  const inside = ranges.find((r) => queryYear >= r[0] && queryYear <= r[1])
  if (inside) return { adjust: BIRTH_MATCH, reason: `birth year ${queryYear} within ${show(inside)}` }
  const gap = Math.min(...ranges.map((r) => (queryYear < r[0] ? r[0] - queryYear : queryYear - r[1])))
  if (gap <= 2) return { adjust: BIRTH_NEAR, reason: `birth year ${queryYear} near ${listed} (${gap} year${gap > 1 ? 's' : ''} off)` }
  return { adjust: BIRTH_MISMATCH, reason: `birth year ${queryYear} not in ${listed}` }
}
