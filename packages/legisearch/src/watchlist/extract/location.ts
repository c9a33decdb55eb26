/**
 * `lastKnownLocation`: where the narrative last places the subject.
 *
 * Counted: residence ("resides in", "living in", "As of <date>, resides in <place>"), presence
 * ("Believed to be (hiding) in", "Located in", "Present in", "stationed in", "He was in", "<Name> is
 * in", "while in"), custody ("detained/imprisoned/incarcerated in|at", "in prison/custody/detention
 * in", "his incarceration in", a residence order), a move ("fled/moved/relocated/returned/
 * repatriated/transferred/extradited/deported … to", "Left X for Y", "Entered X"), labels
 * ("Location: X", "Location X") and, for entities, "Headquarters … in", "Based in", "a … company
 * based in". Not counted: a death place (a sentence stating a death is skipped), an arrest place, a
 * sentence passed ("imprisonment in"), travel, an area of activity ("operates in", "active in"),
 * anyone else's whereabouts, "Alternative location", and institutions ("transferred to the ICC").
 * Whose whereabouts: in a sentence that does not open with the subject ("He …", "<Name> is …"), a
 * statement must open its clause — sentence start, "As of <date>,", "and …", "he was …" — so that
 * "…, headed by <person>, jailed at …" or a relative clause ("which is based in") is not taken.
 *
 * Several statements: one marked "currently" wins (its `observedOn` is null: it speaks as of the
 * list); else the one with the latest date; else the last one written. `observedOn` is the latest
 * date in the statement's clause (up to a relative clause or the next statement), at the precision
 * stated: `YYYY-MM-DD`, `YYYY-MM` or `YYYY` ("early/mid/late 2016" → `2016`; "until <date>" counts:
 * the subject was there up to that day), or null. A leading lower-case "the" is dropped from the
 * place ("the Russian Federation" → "Russian Federation"; "The Hague" stays).
 */

import { findDates, MONTH_WORD, namesSubject } from './text.js'

export interface Location {
  place: string
  observedOn: string | null
}

interface Candidate {
  place: string
  observedOn: string | null
  current: boolean
  order: number
}

const PERSON_TRIGGERS: RegExp[] = [
  // residence
  /\b(?:resides|reside|resided|residing|lives|lived|living|settled(?:\s+and\s+lived(?:\s+later)?)?)\s+(?:later\s+)?in\s+/gi,
  // presence
  /\b(?:believed|reported|reportedly|thought|said)\s+to\s+(?:be|have\s+been)\s+(?:hiding\s+|residing\s+|living\s+|located\s+|based\s+)?in\s+/gi,
  /\b(?:present|hiding|stationed)\s+in\s+/gi,
  /\bwhile\s+in\s+/gi,
  // custody
  /\b(?:detained|imprisoned|incarcerated|jailed|interned)\s+(?:in|at)\s+/gi,
  /\b(?:in\s+(?:prison|custody|detention|jail)|placed\s+in\s+prison|incarceration|detention)\s+in\s+/gi,
  /\bserving\s+(?:a|an)\s+[\w\s-]{0,30}?(?:sentence|term)\s+in\s+/gi,
  /\b(?:restricted\s+)?(?:residence\s+order|house\s+arrest|administrative\s+control\s+measure)\s+in\s+/gi,
  // moves
  /\b(?:fled|moved|relocated|returned|repatriated|transferred|extradited|deported|expelled|went|going|gone)\s+(?:back\s+)?(?:from\s+[^,.;]{1,60}?\s+)?to\s+/gi,
  /\b[Ll]eft\s+\p{Lu}[^,.;]{0,40}?\s+for\s+/gu,
  /\bentered\s+/gi,
  /^(?:is\s+|was\s+)?based\s+in\s+/gi,
]

/** "He/She/<Name> is|was|remains in X" — only with an explicit subject. */
const IS_IN = /\b(he|she)\s+(?:is|was|remains|remained|has\s+been|had\s+been)\s+(?:currently\s+|still\s+|now\s+)?in\s+/gi

const ANY_TRIGGERS: RegExp[] = [
  /\b(?:located|reportedly\s+located|located\s+and\s+primarily\s+active)\s+in\s+/gi,
  /^(?:current\s+|last\s+known\s+)?location\s*:?\s+/gi,
  /^[Ii]n\s+(?=\p{Lu}[^,.;]*?\s+as\s+(?:of|at)\b)/gu,
]

const ENTITY_TRIGGERS: RegExp[] = [
  /^(?:its\s+)?(?:headquarters?|head\s+office|seat)\s+(?:is|are|was|were)\s+(?:located\s+)?in\s+/gi,
  /^based\s+in\s+/gi,
  /^(?:an?|the)\s+(?:[\p{L}-]+\s+){0,4}?based\s+in\s+/giu,
  /\b(?:located|located\s+and\s+primarily\s+active)\s+in\s+/gi,
  /^(?:current\s+|last\s+known\s+)?location\s*:?\s+/gi,
]

/** Lower-case words that may sit inside a place name. */
const PLACE_NOUNS = new Set([
  'camp',
  'border',
  'area',
  'areas',
  'region',
  'prison',
  'penitentiary',
  'province',
  'district',
  'territory',
  'city',
  'town',
  'village',
  'valley',
  'refugee',
  'detention',
  'centre',
  'center',
  'facility',
  'tribal',
  'governorate',
  'state',
  'county',
])
/** Institutions that follow "transferred to" but are no place. */
const NOT_PLACES = /^(?:ICC|International Criminal Court|MONUC|MONUSCO|UN|United Nations|INTERPOL|Government|authorities)\b/
const CONNECTORS = new Set(['of', 'and', 'de', 'du', 'des', 'la', 'le', 'al', 'el', 'the', 'in', 'on', 'upon', 'es', 'dar', 'bin'])
const DIRECTIONS =
  /^(?:northern|southern|eastern|western|central|north|south|east|west|north-eastern|north-western|south-eastern|south-western|northeast|northwest|southeast|southwest|north-east|north-west|south-east|south-west)$/i
/** Capitalised words that start the next statement when a full stop is missing. */
const STOP_CAPS = new Set([
  'Associated',
  'Linked',
  'Member',
  'Belongs',
  'Belonged',
  'Review',
  'Reportedly',
  'Believed',
  'Photo',
  'Mother',
  'Father',
  'Listed',
  'Also',
  'Wanted',
  'Arrested',
  'Gender',
  'INTERPOL',
])

/** Reads the place that starts at `text` (after a trigger), or null. */
export function readPlace(text: string): string | null {
  // "a prison facility in the DRC" → the place after "in"
  const generic = /^(?:an?)\s+(?:[a-z-]+\s+){0,3}?in\s+(?=the\s|\p{Lu})/u.exec(text)
  if (generic) text = text.slice(generic[0].length)
  text = text.replace(/^(?:the\s+)?territory\s+of\s+(?=(?:the\s+)?\p{Lu})/u, '') // "the territory of Belgium" → "Belgium"
  const tokens = text.split(/(\s+)/)
  const words: string[] = []
  let pendingComma = false
  let seenProper = false
  for (let i = 0; i < tokens.length; i += 2) {
    let tok = tokens[i] ?? ''
    if (tok === '') break
    let endsWithComma = false
    let endsHard = false
    const trail = /[,.;:)"”’]+$/.exec(tok)
    if (trail) {
      endsWithComma = trail[0].startsWith(',')
      endsHard = !endsWithComma
      tok = tok.slice(0, tok.length - trail[0].length)
    }
    if (tok.startsWith('(')) break
    const bare = tok.replace(/^["“‘]/, '')
    const lower = bare.toLowerCase()
    let ok = false
    if (pendingComma) {
      // after a comma only a capitalised word continues the place ("Ngoma camp, Rwanda")
      ok = /^[\p{Lu}]/u.test(bare) && !STOP_CAPS.has(bare) && !MONTH_WORD.test(bare)
    } else if (words.length === 0) {
      ok = /^[\p{Lu}]/u.test(bare) || lower === 'the' || DIRECTIONS.test(bare)
    } else if (/^[\p{Lu}]/u.test(bare)) {
      ok = !STOP_CAPS.has(bare) && !(MONTH_WORD.test(bare) && words[words.length - 1]?.toLowerCase() === 'in')
    } else if (CONNECTORS.has(lower)) {
      // a connector must be followed by a capitalised word (not a month: "in March 2013")
      const next = (tokens[i + 2] ?? '').replace(/^["“‘]/, '')
      ok =
        /^[\p{Lu}]/u.test(next) &&
        !(lower === 'in' && MONTH_WORD.test(next)) &&
        !(lower === 'on' || lower === 'upon') &&
        !STOP_CAPS.has(next)
    } else if (PLACE_NOUNS.has(lower) || DIRECTIONS.test(bare) || /^[\p{Lu}][\p{L}]*\/[\p{Lu}]/u.test(bare)) {
      ok = true
    }
    if (!ok || bare === '') break
    words.push(pendingComma ? `, ${bare}` : bare)
    if (/^[\p{Lu}]/u.test(bare) && !/^the$/i.test(bare)) seenProper = true
    pendingComma = endsWithComma
    if (endsHard) break
  }
  let place = words.join(' ').replace(/ , /g, ', ').trim()
  place = place.replace(/^the\s+/, '') // "the Russian Federation" → "Russian Federation"; "The Hague" stays.replace(/(?:\s+(?:of|and|de|du|des|la|le|al|el|the|in))+$/i, '').trim()
  if (!seenProper || place.length < 2 || place.length > 90) return null
  if (!/[\p{Lu}]/u.test(place)) return null
  if (NOT_PLACES.test(place)) return null
  return place
}

/** Cheap pre-test for any trigger word. */
const MAY_HOLD_LOCATION =
  /resid|\bliv(?:e|es|ed|ing)\b|settled|believed|reported|thought|said|present|hiding|stationed|while in|detain|impris|incarcer|jail|intern|prison|custody|detention|serving|residence|house arrest|control measure|fled|moved|relocat|returned|repatriat|transferr|extradit|deport|expell|went|going|gone|left|entered|based|located|location|\b(?:is|was|remains?|remained)\s+in\b|\b(?:he|she)\s+(?:is|was|remain|has|had)|headquarter|head office|seat|^in\s/i

/**
 * A statement in a sentence that is not plainly about the subject must open its clause: at the
 * sentence start, after "As of <date>,", or after "and", "but", ";" or "he/she", with only auxiliaries
 * and adverbs between ("Arrested in 2007 and was in custody in Pakistan").
 */
const AUX =
  '(?:(?:is|was|has\\s+been|had\\s+been|remains|remained|currently|still|now|later|then|subsequently|reportedly|allegedly|also)\\s+)*'
const CLAUSE_OPENER = new RegExp(`(?:^|;|\\band|\\bbut|\\bthen|\\bbefore|\\bafter|\\b(?:he|she))\\s+${AUX}$`, 'i')

function atClauseStart(before: string): boolean {
  if (/^\s*(?:under|placed\s+under|placed)?\s*$/i.test(before)) return true
  if (/^(?:as\s+(?:of|at)|in|since|on|from|by)\s+[^,]{1,40},\s*$/i.test(before)) return true
  if (/^\s*[\p{L}-]+(?:\s+and)?\s+$/u.test(before)) return true // "Disappeared while in …"
  if (/^\s*(?:served|serving|under|subject\s+to)\s+(?:an?\s+)?[\w\s-]{0,30}$/i.test(before)) return true // "Served a two-year residence order in …"
  if (/\b(?:his|her)\s+$/i.test(before)) return true // "his incarceration in …"
  return CLAUSE_OPENER.test(before.slice(-80))
}

const KIN_BEFORE =
  /\b(?:his|her|their)\s+(?:son|daughter|father|mother|brother|sister|wife|husband|family|uncle|nephew|cousin|associate)s?\s+(?:\S+\s+){0,3}$/i
const RELATIVE_BEFORE = /\b(?:which|who|whose|that)\s+(?:\S+\s+){0,3}$/i
const DEATH_SENTENCE = /\b(?:died|deceased|killed|assassinated|buried)\b/i

function clauseDates(sentence: string, from: number, to: number): string | null {
  let best: string | null = null
  for (const d of findDates(sentence.slice(from, to))) if (best === null || d.value > best) best = d.value
  return best
}

export function lastKnownLocationOf(
  sentences: readonly string[],
  subjectType: 'individual' | 'entity',
  subjectNames: readonly string[],
): Location | null {
  const candidates: Candidate[] = []
  let order = 0
  for (const raw of sentences) {
    if (!MAY_HOLD_LOCATION.test(raw)) continue
    if (DEATH_SENTENCE.test(raw) && !/\bresides|living|lives\b/i.test(raw)) continue
    let s = raw
    // "<Subject's name> is in Iraq" → "He is in Iraq"
    const named = /^([\p{Lu}][\p{L}\p{M}'’-]*(?:\s+[\p{Lu}][\p{L}\p{M}'’-]*){0,5})\s+(?=is|was|remains|resides|lives|has|had)/u.exec(s)
    if (named && namesSubject(named[1] ?? '', subjectNames)) s = `He ${s.slice((named[1] ?? '').length).trimStart()}`
    const aboutSubject = /^(?:he|she)\b/i.test(s)
    const triggers = subjectType === 'entity' ? ENTITY_TRIGGERS : [...PERSON_TRIGGERS, IS_IN, ...ANY_TRIGGERS]
    const hits: { start: number; end: number }[] = []
    for (const re of triggers) {
      re.lastIndex = 0
      for (let m = re.exec(s); m; m = re.exec(s)) {
        if (m[0].length === 0) {
          re.lastIndex++
          continue
        }
        hits.push({ start: m.index, end: m.index + m[0].length })
      }
    }
    hits.sort((a, b) => a.start - b.start)
    const kept: { start: number; end: number; place: string; current: boolean }[] = []
    for (const h of hits) {
      if (kept.some((k) => h.start < k.end && h.end > k.start)) continue // overlapping triggers: first wins
      const before = s.slice(0, h.start)
      if (KIN_BEFORE.test(before) || RELATIVE_BEFORE.test(before)) continue
      if (/\balternative\s+$/i.test(before)) continue
      if (subjectType === 'individual' && !aboutSubject && !atClauseStart(before)) continue
      if (/\p{Lu}[\p{L}\p{M}'’-]+,\s*$/u.test(before) && !/^(?:as\s+(?:of|at)|in|since|on|from|by)\s+[^,]{1,40},\s*$/i.test(before))
        continue // appositive: "<Other person>, jailed at …"
      const place = readPlace(s.slice(h.end))
      if (!place) continue
      kept.push({ ...h, place, current: /\bcurrently\s+(?:\S+\s+){0,2}$/i.test(before) || /\bcurrently\b/i.test(s.slice(h.start, h.end)) })
    }
    kept.forEach((k, i) => {
      const from = i === 0 ? 0 : (kept[i - 1]?.end ?? 0)
      const next = kept[i + 1]?.start ?? s.length
      // the statement's clause ends at a relative clause or a semicolon: "based in Pyongyang that is subordinate to X (designated … in April 2009)"
      const rel = /\s(?:that|which|who|whose)\s|;/.exec(s.slice(k.end, next))
      const to = rel ? k.end + rel.index : next
      // a "currently …" statement speaks as of the list itself: its clause dates belong to other facts
      candidates.push({ place: k.place, observedOn: k.current ? null : clauseDates(s, from, to), current: k.current, order: order++ })
    })
  }
  if (candidates.length === 0) return null
  const current = candidates.filter((c) => c.current)
  const pool = current.length > 0 ? current : candidates
  const dated = pool.filter((c) => c.observedOn !== null)
  let best: Candidate | undefined
  if (dated.length > 0 && current.length === 0) {
    for (const c of dated) if (!best || (c.observedOn ?? '') >= (best.observedOn ?? '')) best = c
  } else {
    best = pool[pool.length - 1]
  }
  return best ? { place: best.place, observedOn: best.observedOn } : null
}
