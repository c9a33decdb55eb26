/**
 * `validFrom` / `validUntil`: a validity period OF THE MEASURES OR THE DESIGNATION, when the
 * narrative states one ("The measures apply until 1 May 2024", "designated for a period of 12 months
 * from 1 May 2023", "valid from 1 May 2023 until 1 May 2024", "the designation expires on …").
 * The sentence must speak of the designation, listing, measures or sanctions; any sentence about a
 * passport, identity card, licence, visa, sentence, prison, detention, residence order or warrant is
 * ignored ("passport … which expires on 1 January 2020", "released on licence … which expires in
 * July 2021", "In prison in Italy until …"). Only full dates count, as `YYYY-MM-DD`. None of the 15
 * UN list files states such a period.
 */

import { findDates } from './text.js'

const TOPIC =
  /\b(?:designation|designated|listing|measures?|sanctions?|asset\s+freeze|travel\s+ban|arms\s+embargo|port\s+entry\s+ban|deflagging)\b/i
const OFF_TOPIC =
  /\b(?:passport|identity\s+card|id\s+card|licen[cs]e|visa|sentence[ds]?|prison|imprisonment|detention|custody|residence\s+order|control\s+measure|warrant|appeared\s+also\s+as|also\s+listed\s+under)\b/i

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  eighteen: 18,
  twenty: 20,
  'twenty-four': 24,
  thirty: 30,
  sixty: 60,
  ninety: 90,
}

function fullDateAfter(text: string, at: number): string | null {
  const d = findDates(text.slice(at)).find((x) => x.index <= 3)
  return d && d.value.length === 10 ? d.value : null
}

function addPeriod(from: string, n: number, unit: string): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number]
  const u = unit.toLowerCase()
  const date = new Date(Date.UTC(y, m - 1, d))
  if (u.startsWith('day')) date.setUTCDate(date.getUTCDate() + n)
  else if (u.startsWith('week')) date.setUTCDate(date.getUTCDate() + 7 * n)
  else if (u.startsWith('month')) date.setUTCMonth(date.getUTCMonth() + n)
  else date.setUTCFullYear(date.getUTCFullYear() + n)
  return date.toISOString().slice(0, 10)
}

export function validityOf(sentences: readonly string[]): { validFrom: string | null; validUntil: string | null } {
  let validFrom: string | null = null
  let validUntil: string | null = null
  for (const s of sentences) {
    if (!TOPIC.test(s) || OFF_TOPIC.test(s)) continue
    const period =
      /\bfor\s+a\s+period\s+of\s+(\d{1,3}|[a-z-]+)\s+(days?|weeks?|months?|years?)\b(?:\s+(?:from|starting(?:\s+on)?|beginning(?:\s+on)?|as\s+of|with\s+effect\s+from)\s+)?/i.exec(
        s,
      )
    if (period) {
      const n = /^\d+$/.test(period[1] ?? '') ? Number(period[1]) : NUMBER_WORDS[(period[1] ?? '').toLowerCase()]
      const start = fullDateAfter(s, period.index + period[0].length)
      if (start) {
        validFrom ??= start
        if (n) validUntil ??= addPeriod(start, n, period[2] ?? 'days')
      }
    }
    const from =
      /\b(?:valid|effective|applies|apply|applicable|in\s+force|in\s+effect)\s+(?:from|as\s+of|with\s+effect\s+from)\s+|\bwith\s+effect\s+from\s+/i.exec(
        s,
      )
    if (from) validFrom ??= fullDateAfter(s, from.index + from[0].length)
    const until = /\b(?:until|till|through|to|expires?\s+on|expiring\s+on|terminates?\s+on|lapses?\s+on|ends?\s+on)\s+/gi
    for (let m = until.exec(s); m; m = until.exec(s)) {
      const before = s.slice(0, m.index)
      // "valid … until", "apply until", "measures … until", "designated … until", "expires on"
      if (
        !/\b(?:valid|apply|applies|applicable|in\s+force|in\s+effect|effective|remain|remains|extended|renewed)\b[^.]*$/i.test(before) &&
        !/expir|terminat|laps|end/i.test(m[0]) &&
        !/\b(?:designat|listed|measures)\w*[^.]*$/i.test(before)
      )
        continue
      const d = fullDateAfter(s, m.index + m[0].length)
      if (d) validUntil ??= d
    }
  }
  if (validFrom && validUntil && validUntil < validFrom) validUntil = null
  return { validFrom, validUntil }
}
