/**
 * `subjectStatus`: 'deceased' only when a sentence states the listed subject's OWN death.
 *
 * A sentence counts when
 *  1. it OPENS with the death predicate, the subject being implicit as throughout the UN narratives:
 *     "Reportedly deceased as of…", "Deceased as of…", "Confirmed to have died in…", "Died in…",
 *     "Killed in…", "Confirmed killed on…", "Reported to have died…", "Death confirmed…", optionally
 *     after "As of <date>," or a status label ("Status:", "Believed status/location:"); or
 *  2. its grammatical subject right before the predicate is "he"/"she" or the subject's own name
 *     (strictly: the full name or a leading part of it, see namesSubject): "<Name> is believed to have
 *     died", "…, <Name> was reportedly killed".
 * Never counted: "(deceased)" after another name, "now-deceased X", "who allegedly died",
 * "(QDi.232, reported deceased…)", "sentenced to death", "death sentence", "the death of…", "killing
 * of…", "forces under his command killed…" (active "killed" with an object), and any sentence whose
 * subject is another person ("His son X was killed" — X is not the subject's name).
 * Entities never get a status.
 */

import { namesSubject } from './text.js'

const QUALIFIER = '(?:(?:reportedly|reported|confirmed|believed|allegedly|presumed|presumably|later|subsequently)\\s+)?'
const PREDICATE = '(?:to\\s+have\\s+(?:died|been\\s+killed|been\\s+assassinated)|deceased|dead|died|killed|assassinated)'
const STATUS_LABEL = '(?:(?:believed\\s+|current\\s+)?(?:status(?:\\s*/\\s*location)?|location)\\s*:\\s*)?'
const LEADING_DATE = '(?:(?:as\\s+(?:of|at)|in|on|since)\\s+[^,]{1,40},\\s*)?'
/** "Was killed in…", "Has been reportedly killed…": the subject implicit before an auxiliary. */
const LEADING_AUX = '(?:(?:is|was|has\\s+been|had\\s+been)\\s+)?'

/** Rule 1: the sentence opens with the death predicate. */
const OPENS_WITH_DEATH = new RegExp(`^${LEADING_DATE}${STATUS_LABEL}${LEADING_AUX}${QUALIFIER}(${PREDICATE})\\b`, 'i')
const OPENS_WITH_DEATH_NOUN = /^(?:(?:his|her)\s+)?death\s+(?:was\s+|has\s+been\s+)?(?:confirmed|reported)\b/i

/** Rule 2: "<he|she|Name> [is|was…] [qualifier] <predicate>" at a clause start. */
const CLAUSE_DEATH = new RegExp(
  `(?:^|[,;]\\s*|\\band\\s+)((?:he|she)|(?:[\\p{Lu}][\\p{L}\\p{M}'’.-]*)(?:\\s+(?:[\\p{Lu}][\\p{L}\\p{M}'’.-]*|bin|ibn|al|el|wa|de|ould))*)\\s+` +
    `(?:(is|was|has\\s+been|had\\s+been)\\s+)?(?:(?:reportedly|reported|confirmed|believed|allegedly|presumed|later|subsequently)\\s+)?` +
    `(to\\s+have\\s+(?:died|been\\s+killed|been\\s+assassinated)|deceased|dead|died|killed|assassinated)\\b`,
  'gu',
)

/**
 * What may follow the predicate for the sentence to state a death. After "killed"/"died", a direct
 * object means the active voice ("killed 34 civilians"); after "deceased"/"dead", a word that is not
 * a preposition or a date makes it an adjective of something else ("Deceased brother: …", "Dead or
 * alive reward"). A question ("Killed in action?") states nothing.
 */
function passiveTail(predicate: string, tail: string): boolean {
  if (/^[^.;!]*\?/.test(tail)) return false
  if (/^to\s+have\b/i.test(predicate)) return true
  const t = tail.trimStart()
  if (t === '' || /^[.,;:)]/.test(t)) return true
  if (/^(?:deceased|dead)$/i.test(predicate) && /^[(–-]/.test(t)) return true
  if (
    /^(?:in|on|at|by|during|while|near|as|when|following|after|before|from|of|together|along|within|inside|under|through|and|since|aged|reportedly)\b/i.test(
      t,
    )
  )
    return true
  // a date right after: "Killed 3 December 2016", "Died 2003"
  return /^\d{1,2}\s+[A-Z][a-z]+\.?\s+\d{4}|^(?:19|20)\d{2}\b/.test(t)
}

const KINSHIP_OPENING =
  /^(?:his|her|their|its)\s+(?:son|daughter|father|mother|brother|sister|wife|husband|uncle|nephew|cousin|associate|deputy|bodyguard|leader|successor|predecessor)\b/i

export function statesOwnDeath(sentence: string, subjectNames: readonly string[]): boolean {
  const s = sentence.trim()
  const m = OPENS_WITH_DEATH.exec(s)
  if (m && passiveTail(m[1] ?? '', s.slice(m.index + m[0].length))) return true
  if (OPENS_WITH_DEATH_NOUN.test(s)) return true
  if (KINSHIP_OPENING.test(s)) return false
  CLAUSE_DEATH.lastIndex = 0
  for (let c = CLAUSE_DEATH.exec(s); c; c = CLAUSE_DEATH.exec(s)) {
    const who = c[1] ?? ''
    const aux = c[2]
    const predicate = c[3] ?? ''
    const tail = s.slice(c.index + c[0].length)
    CLAUSE_DEATH.lastIndex = c.index + 1
    // active "He killed …" / "X killed …" is not a death; "deceased"/"dead" need "is/was"
    if (/^(?:killed|assassinated|deceased|dead)$/i.test(predicate) && !aux) continue
    if (!passiveTail(predicate, tail)) continue
    if (/^(?:he|she)$/i.test(who) || namesSubject(who, subjectNames)) return true
    // a longer capitalised run may start with a non-name word ("While president … , Name")
    const words = who.split(/\s+/)
    for (let i = 1; i < words.length - 1; i++) if (namesSubject(words.slice(i).join(' '), subjectNames)) return true
  }
  return false
}

export function subjectStatusOf(
  sentences: readonly string[],
  subjectType: 'individual' | 'entity',
  subjectNames: readonly string[],
): 'deceased' | null {
  if (subjectType !== 'individual') return null
  for (const s of sentences) if (statesOwnDeath(s, subjectNames)) return 'deceased'
  return null
}
