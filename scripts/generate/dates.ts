import type { Rng } from './prng.js'

/** Every generated date lies in this window, in Brasília time (UTC−03:00, no daylight saving). */
export const RANGE_START = Date.parse('2015-01-01T00:00:00-03:00')
export const RANGE_END = Date.parse('2026-11-20T23:59:59-03:00')

const HOUR = 3_600_000
export const DAY = 24 * HOUR
const OFFSET = 3 * HOUR

export const MONTHS_PT = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const

/** Calendar parts of an instant, read in Brasília time. */
export interface Parts {
  readonly y: number
  /** 1..12 */
  readonly m: number
  readonly d: number
  /** 0 = Sunday */
  readonly wd: number
  /** Day of the year, 0-based. */
  readonly doy: number
}

/** `2023-05-04T14:30:00-03:00` (seconds precision, fixed offset). */
export function iso(ms: number): string {
  return new Date(ms - OFFSET).toISOString().slice(0, 19) + '-03:00'
}

export function parts(ms: number): Parts {
  const t = new Date(ms - OFFSET)
  const y = t.getUTCFullYear()
  return {
    y,
    m: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    wd: t.getUTCDay(),
    doy: Math.floor((Date.UTC(y, t.getUTCMonth(), t.getUTCDate()) - Date.UTC(y, 0, 1)) / DAY),
  }
}

/** Midnight (Brasília) of the day holding `ms`. */
export function startOfDay(ms: number): number {
  return Math.floor((ms - OFFSET) / DAY) * DAY + OFFSET
}

/** The instant at `h:mm` Brasília time on the day holding `ms`. */
export function atTime(ms: number, h: number, min: number, s = 0): number {
  return startOfDay(ms) + h * HOUR + min * 60_000 + s * 1000
}

/** A whole day drawn uniformly in [from, to], returned as its midnight. */
export function randomDay(rng: Rng, from: number, to: number): number {
  const first = Math.floor((from - OFFSET) / DAY)
  const last = Math.floor((to - OFFSET) / DAY)
  return rng.int(first, last) * DAY + OFFSET
}

/** A time of day between `fromHour` and `toHour` (exclusive) on a random day in [from, to]. */
export function randomInstant(rng: Rng, from: number, to: number, fromHour = 0, toHour = 24): number {
  const day = randomDay(rng, from, to)
  const ms = day + rng.int(fromHour * 60, toHour * 60 - 1) * 60_000 + rng.int(0, 59) * 1000
  return Math.min(Math.max(ms, from), to)
}

/** Moves a weekend day to the next Monday (the gazette and the regulators publish on working days). */
export function workingDay(ms: number): number {
  const wd = parts(ms).wd
  if (wd === 6) return ms + 2 * DAY
  if (wd === 0) return ms + DAY
  return ms
}

/** `1º de abril de 2021`, `3 de maio de 2024`. */
export function longDate(p: Parts): string {
  return `${p.d === 1 ? '1º' : p.d} de ${MONTHS_PT[p.m - 1] ?? ''} de ${p.y}`
}

/** `22/5/2024` (the Banco Central's titles). */
export function slashDate(p: Parts): string {
  return `${p.d}/${p.m}/${p.y}`
}

/** `22/05/2024`. */
export function paddedDate(p: Parts): string {
  return `${String(p.d).padStart(2, '0')}/${String(p.m).padStart(2, '0')}/${p.y}`
}

/** `5.5.2024` (the gazette's edition labels). */
export function dottedDate(p: Parts): string {
  return `${p.d}.${p.m}.${p.y}`
}

/**
 * The latest date a text mentions in the form `21 de junho de 1993` (midnight, Brasília), or
 * −Infinity. A template citing a norm may only be used on or after the norm's date.
 */
export function latestDateIn(text: string): number {
  let latest = -Infinity
  for (const m of text.matchAll(
    /(\d{1,2})º? de (janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) de (\d{4})/g,
  )) {
    const month = MONTHS_PT.indexOf(m[2] as (typeof MONTHS_PT)[number])
    const ms = Date.UTC(Number(m[3]), month, Number(m[1])) + OFFSET
    if (ms > latest) latest = ms
  }
  return latest
}

/** Midnight (Brasília) of an ISO `YYYY-MM-DD`. */
export function dayOf(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00-03:00`)
}
