/**
 * `affiliations`: organisations and groups the subject is stated to be a member, leader, official,
 * founder, fighter… of, or associated, affiliated or linked with ("Member of Al-Qaida (QDe.004)",
 * "associated with Jemaah Islamiyah (QDe.092)", "Longtime member of the ADF (CDe.001)", "leads the
 * <place>-based militia group <Name> (ACR)", "Senior <Org> (ACR) (ref) member", "is a <Org> (ACR)
 * official", "<ORG> Deputy Commander").
 *
 * Each sentence (cut before any kinship phrase: "Son of …", "Brother of …", "Father's name …") is
 * scanned for name mentions — runs of capitalised words joined by "of", "the", "in", "de", "pour"…,
 * a quoted name, or the words an acronym in brackets spells ("Fédération des entreprises
 * congolaises (FEC)") — with their trailing brackets (acronym, list reference number, "(deceased)",
 * "(not listed)"). A mention is taken when (1) a relation cue precedes it in the same clause (within
 * 12 words, not across "which", ";" or "against"), or it continues a list started by such a mention,
 * or (2) a role noun follows it ("<Org> member", "<ORG> President") and no person's name follows the
 * role ("<Org> leader <Person>" is about that person). Cues that are negated ("Not affiliated with")
 * or sit in a relative clause about another name ("X (ACR), which was accepted as an affiliate of Y")
 * do not count, nor does an agent ("formed by a former <Org> commander").
 * A mention must look like an organisation: a reference number of an entity (XXe.NNN, also through
 * its "listed as" alias), an acronym, a quoted name, an organisation word (Group, Network, Front,
 * Council, Shura, Movement, Army, Bank, Company, Ministry…) with a proper name, an all-capitals
 * acronym, or a known group name (Taliban, Al-Qaida, Séléka…). Rejected: persons (individual
 * reference XXi.NNN, "(deceased)", a title like Mullah), tribes, clans, ethnic groups and
 * communities, "<Place>-based" modifiers, provinces ("Jonglei State"), countries' acronyms (DRC,
 * DPRK…), the alias clause "listed as Al-Qaida in Iraq", and the subject itself (its name, its
 * acronym, its initials). Names are returned as written, without acronym, reference number, leading
 * "the" or a country's possessive ("DPRK’s"); an acronym is dropped when its full name is also found.
 */

import { type Mention, type Token, findMentions, tokenize } from './affiliation-mentions.js'
import {
  CONNECTORS,
  KNOWN_ACRONYMS,
  KNOWN_ORGS,
  NOT_ORGS,
  ORG_WORDS,
  PERSON_TITLES,
  PROPER_ORG_WORDS,
  isAcronymWord,
} from './affiliation-words.js'
import { compareKey, nameTokens } from './text.js'

/** Relation cues; a bare "member" ("is a member Workers’ Party …") needs a capital next. */
const CUE_RE = new RegExp(
  [
    '\\b(?:(?:founding|senior|former|longtime|long-time|active|official|key|current|de facto|interim|overall|deputy|military|operational|top|sharia|finance|financial|religious|political|spiritual|regional|local|supreme|principal|prominent|three-star|two-star|one-star)\\s+)*' +
      '(?:members?|leaders?|head|chief|commanders?|founders?|co-founder|emir|amir|spokesperson|spokesman|official|operative|financier|facilitator|representative|deputy|director|president|secretary|coordinator|general|officer|chairman|treasurer|ideologue|recruiter|instructor|trainer|affiliate|leadership|fighters?)' +
      '[”"’\']?(?:\\s+and\\s+(?:[\\w-]+\\s+){0,3}?[\\w-]+)?\\s+(?:of|in|for|within)\\b',
    '\\b(?:deputy|secretary|advis[eo]r|assistant)\\s+to\\b',
    '\\bassociated\\s+(?:with|to)\\b',
    '\\baffiliated\\s+(?:with|to)\\b',
    '\\blinked\\s+to\\b',
    '\\bbelong(?:s|ed)?\\s+to\\b',
    "\\bpledged\\s+(?:allegiance|loyalty|bay['’]?ah)\\s+to\\b",
    '\\b(?:founded|leads|led|heads|headed|heading|commands|commanded|joined|left)\\b(?!\\s+by\\b)',
    '\\bpart\\s+of\\b',
    '\\b(?:splinter\\s+group|faction|branch|wing|body|organ|arm)\\s+of\\b',
    '\\bfighters?\\s+with\\b',
    '\\bsubordinate\\s+to\\b',
    '\\b(?:owned|controlled)\\s+(?:or\\s+controlled\\s+)?by\\b',
    '\\bfront\\s+(?:company\\s+)?for\\b',
    '\\brole\\s+in\\s+the\\s+creation\\s+of\\b',
    '\\bmembers?\\s+(?=\\S)',
  ].join('|'),
  'gi',
)

/** A role noun right after a name ("<Org> member", "<Org> senior commander"). */
const ROLE_AFTER =
  /^\s*(?:(?:senior|military|key|active|prominent|former|top|financial|local|regional|field|operational|shadow|deputy|chief|founding)\s+){0,2}(member|leader|commander|official|financier|operative|facilitator|emir|amir|spokesperson|spokesman|representative|founder|president|chief|deputy|general|officer|ideologue|recruiter)\b/
/** A kinship phrase ("Son of …", "Father's name …"): a sentence is cut before it. */
const KINSHIP =
  /\b(?:son|daughter|father|mother|brother|sister|wife|husband|nephew|niece|cousin|uncle|aunt|grandson|granddaughter|brother-in-law|sister-in-law|son-in-law|father-in-law)\s+(?:of|to)\b|\b(?:father|mother)['’]s\s+name\b|\bmarried\s+to\b|\blinked\s+by\s+marriage\b/i

/** A name as returned: without quotes, a leading "the", trailing punctuation or repeated spaces. */
function normalizeName(name: string): string {
  return name
    .replace(/^[“"‘]+|[”"’]+$/g, '')
    .replace(/^(?:the|The)\s+/, '')
    .replace(/[\s,.;:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether a mention looks like an organisation (and is not the subject itself). */
function looksLikeOrg(m: Mention, selfKeys: Set<string>, selfTokens: Set<string>): boolean {
  if (m.personRef || m.deceased || m.based || m.tribal || m.alias) return false
  const name = normalizeName(m.name)
  const key = compareKey(name)
  // "Mullah Omar", "General Injai" — but "General Bureau of Atomic Energy (GBAE)" is an organisation
  if (PERSON_TITLES.test(name) && !(m.entityRef || m.acronym || nameTokens(name).some((t) => ORG_WORDS.has(t) && !PROPER_ORG_WORDS.has(t))))
    return false
  if (!key || NOT_ORGS.has(key)) return false
  if (selfKeys.has(key)) return false
  const toks = nameTokens(name)
  if (toks.length === 1 && (selfTokens.has(toks[0] ?? '') || selfKeys.has(`initials:${toks[0] ?? ''}`)) && isAcronymWord(name)) return false // the subject's own acronym
  if (m.entityRef || m.quoted) return true
  if (KNOWN_ORGS.has(key)) return true
  if (/^\p{Lu}[\p{L}-]+ State$/u.test(name) && !/^Islamic /.test(name)) return false // "Jonglei State": a province
  // a bare organisation word is no name: "the 31st Brigade", "Mouvement", "Corporation"
  if (toks.every((t) => (ORG_WORDS.has(t) && !PROPER_ORG_WORDS.has(t)) || CONNECTORS.has(t)) && !m.acronym) return false
  if (m.acronym && !NOT_ORGS.has(compareKey(m.acronym))) return true
  if (KNOWN_ORGS.has(key)) return true
  if (toks.some((t) => ORG_WORDS.has(t))) return true
  return isAcronymWord(name)
}

/** A relation cue's place in a sentence. */
interface Cue {
  start: number
  end: number
}

/** The relation cues of a sentence, less negated ones and those in a relative clause about another name. */
function findCues(s: string): Cue[] {
  const out: Cue[] = []
  CUE_RE.lastIndex = 0
  for (let m = CUE_RE.exec(s); m; m = CUE_RE.exec(s)) {
    const text = m[0]
    if (/^members?\s+$/i.test(text)) {
      const next = s.charAt(m.index + text.length)
      if (!/\p{Lu}/u.test(next)) continue
    }
    const before = s.slice(Math.max(0, m.index - 60), m.index)
    if (/\bnot\s+(?:\w+\s+)?$/i.test(before)) continue // "Not affiliated with …"
    if (/[\p{Lu})][^,;]*,\s*(?:which|who|whose)\b[^,;()]*$/u.test(before)) continue // "X (ACR), which was accepted as an affiliate of Y": about X
    out.push({ start: m.index, end: m.index + text.length })
  }
  return out
}

/** Cheap pre-test: a sentence without any cue or role word cannot yield an affiliation. */
const MAY_HOLD_AFFILIATION =
  /\b(?:members?|leaders?|leadership|head(?:s|ed|ing)?|chief|command(?:er|ers|s|ed)?|found(?:ed|er|ers|ing)|co-founder|emir|amir|spokes(?:person|man)|officials?|operative|financier|facilitator|representative|deputy|director|president|secretary|coordinator|general|officer|chairman|treasurer|ideologue|recruiter|instructor|trainer|affiliat\w*|associated|linked|belong\w*|pledged|leads|led|joined|left|part|splinter|faction|branch|wing|body|organ|arm|subordinate|owned|controlled|front|creation|fighters?|advis[eo]r|assistant|governor|minister)\b/i

/** What may separate the names of a list that a cue opens (", ", " and ", " as well as "). */
const LIST_GAP =
  /^\s*(?:(?:affiliates?|groups?|entities|organi[sz]ations)\s*)?(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|as\s+well\s+as\s+)(?:the\s+)?$/i
/** What ends the clause a cue governs (";", ", which", "against", "including"). */
const CLAUSE_BREAK = /[;]|,\s*(?:which|who|whose|that|where|when)\b|\bwhich\b|\b(?:against|including|except|versus)\b/i

/** How many words a text holds. */
function wordCount(s: string): number {
  return s.trim() === '' ? 0 : s.trim().split(/\s+/).length
}

/** What names the subject itself: the compare keys of its names and of their initials, and their tokens. */
interface Self {
  readonly keys: Set<string>
  readonly tokens: Set<string>
}

/**
 * The organisations the sentences say the subject belongs to, leads or is linked with, as written,
 * each once. The steps, per sentence (cut before a kinship phrase): its name mentions
 * (`findMentions`), names cut at "and" joined again ({@link joinCutNames}), an alias's reference
 * number given to the name it follows ({@link aliasRefs}), the mentions a cue precedes
 * ({@link acceptCued}) and those a role noun follows ({@link acceptRoled}); then an acronym whose
 * expansion is also found is dropped ({@link withoutExpandedAcronyms}).
 *
 * @example affiliationsOf(['Member of Al-Qaida (QDe.004).'], ['John Doe']) // ['Al-Qaida']
 */
export function affiliationsOf(sentences: readonly string[], subjectNames: readonly string[]): string[] {
  const candidates = sentences.filter((s) => MAY_HOLD_AFFILIATION.test(s))
  if (candidates.length === 0) return []
  const self = selfOf(subjectNames)
  const found: string[] = []
  const acronyms = new Map<string, string>()
  for (const raw of candidates) {
    const cut = KINSHIP.exec(raw)
    const s = cut ? raw.slice(0, cut.index) : raw
    if (!s.trim()) continue
    const tokens = tokenize(s)
    const mentions = findMentions(s, tokens)
    joinCutNames(s, mentions)
    aliasRefs(s, mentions)
    for (const m of mentions) if (m.acronym) acronyms.set(compareKey(m.acronym), normalizeName(m.name))
    const accepted = new Set<Mention>()
    acceptCued(s, mentions, self, accepted)
    acceptRoled(s, tokens, mentions, self, accepted)
    for (const m of mentions) if (accepted.has(m)) found.push(normalizeName(m.name))
  }
  return withoutExpandedAcronyms(found, acronyms)
}

/** The subject's own names, acronym ("… (ACR)") and initials ("TOUS POUR LA PAIX ET LE DEVELOPPEMENT" → "tpd"). */
function selfOf(subjectNames: readonly string[]): Self {
  const keys = new Set<string>()
  const tokens = new Set<string>()
  for (const n of subjectNames) {
    const withoutParen = n.replace(/\([^)]*\)/g, ' ')
    keys.add(compareKey(withoutParen))
    for (const t of nameTokens(n)) tokens.add(t)
    const inParen = /\(([^)]*)\)/.exec(n)?.[1]
    if (inParen) keys.add(compareKey(inParen))
    const initials = nameTokens(withoutParen)
      .filter((t) => !CONNECTORS.has(t) && !/^(?:pour|la|le|et|les)$/.test(t))
      .map((t) => t.charAt(0))
      .join('')
    if (initials.length >= 2) keys.add(`initials:${initials}`)
  }
  return { keys, tokens }
}

/** "Army of Emigrants and Supporters (QDe.148)": one name the list rule cut at "and", joined again (in place). */
function joinCutNames(s: string, mentions: Mention[]): void {
  for (let k = mentions.length - 1; k > 0; k--) {
    const a = mentions[k - 1]
    const b = mentions[k]
    if (!a || !b || !(b.entityRef || b.acronym) || a.tokAfter !== a.tokLast + 1 || a.entityRef || a.acronym) continue
    if (s.slice(a.end, b.start) !== ' and ') continue
    a.name = s.slice(a.start, b.start) + b.name
    a.end = b.end
    a.tokLast = b.tokLast
    a.tokAfter = b.tokAfter
    a.entityRef = b.entityRef
    a.acronym = b.acronym
    a.personRef = b.personRef
    a.deceased = b.deceased
    mentions.splice(k, 1)
  }
}

/** "Jabhat al-Nusrah, listed as Al-Nusrah Front … (QDe.137)": the alias's reference number names the first. */
function aliasRefs(s: string, mentions: Mention[]): void {
  mentions.forEach((m, k) => {
    const prev = mentions[k - 1]
    if (m.alias && m.entityRef && prev && !prev.personRef && /^\s*,?\s*listed\s+as\s+$/i.test(s.slice(prev.end, m.start)))
      prev.entityRef = true
  })
}

/** (1) The organisations a relation cue precedes in its clause, and the list they start. */
function acceptCued(s: string, mentions: Mention[], self: Self, accepted: Set<Mention>): void {
  const cues = findCues(s)
  for (const cue of cues) {
    let prevEnd = cue.end
    let inList = false
    for (const m of mentions) {
      if (m.start < cue.end) continue
      const gap = s.slice(prevEnd, m.start)
      if (inList) {
        if (!LIST_GAP.test(gap) && !(m.alias && /^\s*,\s*$/.test(gap))) break
      } else {
        const span = s.slice(cue.end, m.start)
        if (wordCount(span) > 12 || CLAUSE_BREAK.test(span) || /[.]/.test(gap)) break
        if (cues.some((c) => c !== cue && c.start >= cue.end && c.end <= m.start)) break // a later cue owns it
      }
      prevEnd = m.end
      if (looksLikeOrg(m, self.keys, self.tokens)) {
        accepted.add(m)
        inList = true
      } else if (inList && !(m.personRef || m.deceased || m.alias)) {
        break // a list of organisations ends at the first other name; persons and the "listed as" alias are skipped
      }
    }
  }
}

/** (2) The organisations a role noun follows ("<Org> member", "<ORG> President"), unless the role is a named person's. */
function acceptRoled(s: string, tokens: Token[], mentions: Mention[], self: Self, accepted: Set<Mention>): void {
  for (const m of mentions) {
    if (accepted.has(m)) continue
    const rest = s.slice(m.end)
    const role = ROLE_AFTER.exec(rest)
    const capRoleHere = m.capRole
    if (!role && !capRoleHere) continue
    // the role belongs to a named person right after it ("LRA leader Joseph Kony")
    const afterRole = role ? rest.slice(role[0].length) : s.slice(tokens[m.tokLast + 1]?.end ?? m.end)
    if (role && /^\s*,?\s*\p{Lu}[\p{L}’'-]+\s+\p{Lu}/u.test(afterRole) && !/^\s*(?:of|in|for)\b/.test(afterRole)) continue
    if (/\p{Lu}[\p{L}’'-]+,\s+(?:an?|the)\s+(?:former\s+)?$/u.test(s.slice(0, m.start))) continue // appositive to a person
    if (/\bby\s+(?:an?\s+|the\s+)?(?:former\s+)?$/i.test(s.slice(0, m.start))) continue // agent: "formed by a former TTP commander"
    if (
      !capRoleHere &&
      m.acronym === null &&
      !m.entityRef &&
      !isAcronymWord(normalizeName(m.name)) &&
      !KNOWN_ORGS.has(compareKey(normalizeName(m.name))) &&
      !nameTokens(m.name).some((t) => ORG_WORDS.has(t))
    )
      continue
    if (capRoleHere && !(isAcronymWord(normalizeName(m.name)) || nameTokens(m.name).some((t) => ORG_WORDS.has(t)) || m.entityRef)) continue
    if (looksLikeOrg(m, self.keys, self.tokens)) accepted.add(m)
  }
}

/** The names found, each once, less an acronym whose expansion is also an affiliation. */
function withoutExpandedAcronyms(found: readonly string[], acronyms: ReadonlyMap<string, string>): string[] {
  const keys = new Set(found.map(compareKey))
  const out: string[] = []
  const seen = new Set<string>()
  for (const name of found) {
    const key = compareKey(name)
    if (seen.has(key)) continue
    const expansion = acronyms.get(key)
    if (expansion && keys.has(compareKey(expansion)) && compareKey(expansion) !== key) continue
    if ((KNOWN_ACRONYMS[key] ?? []).some((e) => keys.has(e))) continue
    seen.add(key)
    out.push(name)
  }
  return out
}
