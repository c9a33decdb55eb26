/**
 * `flagState`: the flag of the subject itself, which only a vessel has. Read from a statement about
 * the subject's own flag at the start of a sentence: "Flag: Comoros", "Flag State: Togo", "Current
 * flag: Panama", "Vessel flagged in Sierra Leone", "The vessel is flagged under Panama". Never from
 * "<Country>-flagged vessel X" (another vessel), a former flag ("Former flag:", "previously flagged",
 * "Flagged in Togo previously", "until 2019"), or a company's country of registration.
 */

const FLAG_LABEL = /^(?:current\s+)?flag(?:\s+state)?\s*:\s*(.+)$/i
const FLAGGED = /^(?:(?:the|this)\s+)?(?:vessel|ship|tanker)\s+(?:is\s+|was\s+)?(?:currently\s+)?flagged\s+(?:in|under|by)\s+(.+)$/i
const FLAGGED_BARE = /^(?:currently\s+)?flagged\s+(?:in|under|by)\s+(.+)$/i

function readCountry(rest: string): string | null {
  const m = /^(?:the\s+)?(\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+(?:and|of|the|de)?\s*\p{Lu}[\p{L}\p{M}'’.-]*)*)/u.exec(rest.trim())
  const c = m?.[1]?.replace(/[.,;]+$/, '').trim()
  return c && c.length >= 2 ? c : null
}

/** A flag said to be past ("Flagged in Togo previously", "until 2019"); a parenthesis aside ("Togo (previously Panama)") is not. */
const PAST = /\b(?:previously|formerly|former|no\s+longer|until|before|prior\s+to)\b/i

export function flagStateOf(sentences: readonly string[], subjectType: 'individual' | 'entity'): string | null {
  if (subjectType !== 'entity') return null
  for (const s of sentences) {
    if (PAST.test(s.replace(/\([^()]*\)/g, ''))) continue
    const m = FLAG_LABEL.exec(s) ?? FLAGGED.exec(s) ?? FLAGGED_BARE.exec(s)
    if (!m) continue
    const country = readCountry(m[1] ?? '')
    if (country && !/^(?:unknown|none|n\/a)$/i.test(country)) return country
  }
  return null
}
