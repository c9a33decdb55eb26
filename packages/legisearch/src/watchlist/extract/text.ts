import { isRealDay } from '../../common/dates.js'
import { foldCompat } from '../../text/fold.js'

/**
 * Text helpers shared by the narrative rules: normalisation, sentence splitting, dates and
 * subject-name matching. Pure functions, no I/O.
 */

/** Collapses every whitespace run (line breaks included) and drops the INTERPOL web-link boilerplate and URLs. */
export function normalizeNarrative(raw: string): string {
  return raw
    .replace(/INTERPOL-UN\s+Security\s+Council\s+Special\s+Notice\s+web\s+link\s*:\s*\S*/gi, ' ')
    .replace(/\(?\s*see\s*https?:\/\/\S+/gi, ' ')
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
}

const MONTH_ABBREV = new Set(['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'])
const OTHER_ABBREV = new Set([
  'no',
  'nos',
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'ltd',
  'co',
  'inc',
  'corp',
  'jr',
  'sr',
  'gen',
  'col',
  'lt',
  'capt',
  'maj',
  'approx',
  'vs',
  'etc',
  'cm',
  'ca',
  'fig',
  'op',
  'ref',
])

/**
 * Splits a normalised narrative into sentences. A full stop ends a sentence unless it closes an
 * abbreviation ("Sep. 2013", "No. 5", "a.k.a.", initials); a full stop glued to the next capital
 * ("2019.Reportedly", "(QDe.118).In") still ends one. Semicolons end a sentence too.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  let start = 0
  const stops = /[.;!?]/g
  for (let m = stops.exec(text); m; m = stops.exec(text)) {
    let i = m.index
    const c = text[i]
    let next = text[i + 1]
    // a closing quote right after the stop stays with its sentence: … known as "G9 Family and Allies."
    if (c === '.' && (next === '"' || next === '”' || next === '’') && (text[i + 2] === undefined || text[i + 2] === ' ')) {
      i++
      next = text[i + 1]
      stops.lastIndex = i + 1
    }
    let cut = false
    if (c === ';') cut = true
    else if (next === undefined) cut = true
    else if (next === ' ') {
      const after = text[i + 2] ?? ''
      const word = lastWord(text, i)
      if (/^[a-z0-9]$/.test(after)) cut = false
      else if (MONTH_ABBREV.has(word.toLowerCase())) cut = !/[0-9]/.test(after)
      else if (OTHER_ABBREV.has(word.toLowerCase())) cut = false
      else if (/^[A-Za-z]$/.test(word) && /[.\s]/.test(text[i - 2] ?? ''))
        cut = false // initials: "A. Name", "U.S."
      else cut = true
    } else if (/[A-Z“"(]/.test(next)) {
      // glued: "2019.Reportedly", ").In", "2020.Photo" — but not "a.k.a.", "U.S.A", "QDe.118"
      const prev = text[i - 1] ?? ''
      cut = /[0-9)]/.test(prev) || (/[a-z]/.test(prev) && /[a-z]{3}$/.test(text.slice(Math.max(0, i - 3), i)))
    }
    if (cut) {
      const s = text.slice(start, i + 1).trim()
      if (s) out.push(s)
      start = i + 1
    }
  }
  const tail = text.slice(start).trim()
  if (tail) out.push(tail)
  return out
}

function lastWord(text: string, end: number): string {
  let j = end - 1
  while (j >= 0 && /[A-Za-z]/.test(text[j] ?? '')) j--
  return text.slice(j + 1, end)
}

// ── dates ──────────────────────────────────────────────────────────────────

/** English month names and abbreviations → month number (the narratives' and the list's dates). */
export const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
}
const MONTH_RE_SRC =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec'
export const MONTH_WORD = new RegExp(`^(?:${MONTH_RE_SRC})\\b`, 'i')

/** A date expression: day-month-year, month-day-year, month-year, or a (qualified) year. */
const DATE_RE = new RegExp(
  [
    `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH_RE_SRC})\\.?,?\\s+((?:19|20)\\d{2})\\b`,
    `\\b(${MONTH_RE_SRC})\\.?\\s+(\\d{1,2}),\\s+((?:19|20)\\d{2})\\b`,
    `\\b(${MONTH_RE_SRC})\\.?,?\\s+((?:19|20)\\d{2})\\b`,
    `(?<![\\d/.])(?<!\\d-)((?:19|20)\\d{2})(?![\\d/]|-\\d)`,
  ].join('|'),
  'gi',
)

export interface FoundDate {
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`: the precision the text states. */
  value: string
  index: number
  end: number
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/**
 * Every date stated in `text`, at its stated precision. Resolution years ("resolution 2048 (2012)"),
 * document symbols and case numbers are skipped.
 */
export function findDates(text: string): FoundDate[] {
  const masked = text
    .replace(/\bresolutions?\s+\d{3,4}\s*\(\s*\d{4}\s*\)/gi, (m) => ' '.repeat(m.length))
    .replace(/\bS\/\d{4}\/\d+/g, (m) => ' '.repeat(m.length))
  const out: FoundDate[] = []
  DATE_RE.lastIndex = 0
  for (let m = DATE_RE.exec(masked); m; m = DATE_RE.exec(masked)) {
    let value: string | null = null
    if (m[1] && m[2] && m[3]) {
      const y = Number(m[3]),
        mo = MONTHS[m[2].toLowerCase()] ?? 0,
        d = Number(m[1])
      value = isRealDay(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : `${y}-${pad(mo)}`
    } else if (m[4] && m[5] && m[6]) {
      const y = Number(m[6]),
        mo = MONTHS[m[4].toLowerCase()] ?? 0,
        d = Number(m[5])
      value = isRealDay(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : `${y}-${pad(mo)}`
    } else if (m[7] && m[8]) {
      const word = m[7]
      // "May" is also a verb: only a month when followed by the year
      const mo = MONTHS[word.toLowerCase()] ?? 0
      value = `${m[8]}-${pad(mo)}`
    } else if (m[9]) {
      value = m[9]
    }
    if (value) out.push({ value, index: m.index, end: m.index + m[0].length })
  }
  return out
}

// ── names ──────────────────────────────────────────────────────────────────

const tokenCache = new Map<string, readonly string[]>()

/** Lower-case, accent-free word tokens of a name (memoised: the same names recur across a list). */
export function nameTokens(s: string): readonly string[] {
  const hit = tokenCache.get(s)
  if (hit) return hit
  const tokens = foldCompat(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
  if (tokenCache.size > 20_000) tokenCache.clear()
  tokenCache.set(s, tokens)
  return tokens
}

/** Normalised comparison key for places and organisation names. */
export function compareKey(s: string): string {
  return nameTokens(s.replace(/^\s*the\s+/i, '')).join(' ')
}

/**
 * Whether `candidate` (a name written in the narrative) names the listed subject: it must equal the
 * primary name or an alias (any word order), or be a leading part of one of at least two words
 * ("Tehrik-e Taliban" for "TEHRIK-E TALIBAN PAKISTAN"). A few shared words are not enough: "Usama
 * bin Laden" does not name "HAMZA USAMA MUHAMMAD BIN LADEN".
 */
export function namesSubject(candidate: string, names: readonly string[]): boolean {
  const c = nameTokens(candidate)
  if (c.length === 0) return false
  for (const n of names) {
    const s = nameTokens(n)
    if (s.length === 0) continue
    if (c.length === s.length && [...c].sort().join(' ') === [...s].sort().join(' ')) return true
    if (c.length >= 2 && c.length < s.length && c.every((t, i) => s[i] === t)) return true
  }
  return false
}
