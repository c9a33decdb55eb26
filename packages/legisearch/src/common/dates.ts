/**
 * Dates are compared as calendar days in Brasília time (UTC−03:00; Brazil has had no daylight
 * saving since 2019, and the fixed offset keeps old records comparable too).
 */
export const BRASILIA_OFFSET_MS = -3 * 3_600_000

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/

/** `YYYY-MM-DD` → a day key `YYYYMMDD`, or null when the text is not a real calendar day. */
export function parseDay(text: string): number | null {
  const m = DAY.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!isRealDay(y, mo, d)) return null
  return y * 10_000 + mo * 100 + d
}

/**
 * An ISO 8601 date or date-time → epoch milliseconds, or null. A value without a zone is taken as
 * Brasília time, the zone every origin of these records publishes in.
 */
export function parseInstant(text: string): number | null {
  const m = DATE_TIME.exec(text)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (!isRealDay(y, mo, d)) return null
  const h = Number(m[4] ?? 0)
  const mi = Number(m[5] ?? 0)
  const s = Number(m[6] ?? 0)
  if (h > 23 || mi > 59 || s > 59) return null
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0
  const local = utc(y, mo, d, h, mi, s, ms)
  const zone = m[8]
  if (zone === undefined) return local - BRASILIA_OFFSET_MS
  if (zone === 'Z') return local
  const sign = zone[0] === '-' ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  const offsetMinutes = Number(digits.slice(2, 4))
  const offsetMin = Number(digits.slice(0, 2)) * 60 + offsetMinutes
  if (offsetMinutes > 59 || offsetMin > 14 * 60) return null
  return local - sign * offsetMin * 60_000
}

/** The canonical form of a stored date-time: `YYYY-MM-DDTHH:MM:SS±HH:MM`, nothing else. */
export const CANONICAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

/**
 * An ISO 8601 date or date-time in the one canonical RFC 3339 form every stored date carries:
 * `YYYY-MM-DDTHH:MM:SS±HH:MM` exactly. A missing time → midnight, a missing zone → Brasília
 * (`-03:00`), `Z` → `+00:00`, `+0300` → `+03:00`, a fraction of a second truncated; the instant
 * (to the second) and the offset are otherwise kept. Null when `parseInstant` refuses it.
 *
 * @example canonicalDateTime('2024-05-04') // '2024-05-04T00:00:00-03:00'
 * @example canonicalDateTime('2024-05-04 10:00+0300') // '2024-05-04T10:00:00+03:00'
 * @example canonicalDateTime('2026-09-04T12:49:00.999Z') // '2026-09-04T12:49:00+00:00'
 */
export function canonicalDateTime(text: string): string | null {
  if (CANONICAL_DATE_TIME.test(text)) return parseInstant(text) === null ? null : text
  if (parseInstant(text) === null) return null
  const m = DATE_TIME.exec(text) as RegExpExecArray
  const time = `${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`
  const zone = m[8] === undefined ? '-03:00' : m[8] === 'Z' ? '+00:00' : `${m[8].slice(0, 3)}:${m[8].slice(-2)}`
  return `${m[1]}-${m[2]}-${m[3]}T${time}${zone}`
}

/** The Brasília calendar day `YYYYMMDD` of an instant. */
export function dayOf(ms: number): number {
  const t = new Date(ms + BRASILIA_OFFSET_MS)
  return t.getUTCFullYear() * 10_000 + (t.getUTCMonth() + 1) * 100 + t.getUTCDate()
}

/** Today's Brasília calendar day `YYYYMMDD`. */
export function today(now: number = Date.now()): number {
  return dayOf(now)
}

/** Epoch ms of a UTC calendar time; unlike `Date.UTC`, years 0–99 stay years 0–99. */
function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  // Date.UTC reads years 0–99 as 1900–1999; past them it is the same, without a Date made.
  if (y >= 100) return Date.UTC(y, mo - 1, d, h, mi, s, ms)
  const t = new Date(0)
  t.setUTCFullYear(y, mo - 1, d)
  t.setUTCHours(h, mi, s, ms)
  return t.getTime()
}

/** Whether year, month and day name a real calendar day (no 31 February). */
export function isRealDay(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false
  // Whole numbers of the years dates are written in: the month's days counted (proleptic Gregorian, as Date).
  if (Number.isInteger(y) && Number.isInteger(mo) && y >= 0 && y <= 9999) {
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
    return d <= (mo === 2 && leap ? 29 : (DAYS_IN_MONTH[mo - 1] as number))
  }
  return d <= new Date(utc(y, mo + 1, 0)).getUTCDate()
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
