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

import { compareKey, nameTokens } from './text.js'

interface Token {
  text: string
  start: number
  end: number
  kind: 'word' | 'paren' | 'punct' | 'quote'
}

const TOKEN_RE = /\([^()]*\)|[\p{L}\p{M}\p{N}’'-]+|[“”"‘]|[,;:./!?]|\S/gu

function tokenize(s: string): Token[] {
  const out: Token[] = []
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(s); m; m = TOKEN_RE.exec(s)) {
    const t = m[0]
    const kind: Token['kind'] = t.startsWith('(')
      ? 'paren'
      : /^[“”"‘]$/.test(t)
        ? 'quote'
        : /^[\p{L}\p{M}\p{N}’'-]+$/u.test(t)
          ? 'word'
          : 'punct'
    out.push({ text: t, start: m.index, end: m.index + t.length, kind })
  }
  return out
}

// prettier-ignore
const CONNECTORS = new Set(['of', 'the', 'in', 'and', 'for', 'de', 'du', 'des', 'la', 'le', 'les', 'pour', 'wal', 'e', 'i', 'ul', 'bin', 'et', 'en', 'al', 'el', 'wa', 'y', 'da', 'di', 'on'])

/** Capitalised words that are not part of an organisation's name (cues, roles, sentence openers). */
// prettier-ignore
const NOT_NAME = new Set([
  'Member', 'Members', 'Leader', 'Leaders', 'Head', 'Chief', 'Commander', 'Founder', 'Founders', 'Founding', 'Co-founder', 'Senior', 'Former',
  'Key', 'Deputy', 'Associated', 'Affiliated', 'Linked', 'Belongs', 'Belonged', 'Also', 'He', 'She', 'It', 'His', 'Her', 'Its', 'Their',
  'A', 'An', 'Is', 'Was', 'Has', 'Had', 'Reportedly', 'Believed', 'Confirmed', 'Review', 'Listed', 'Photo', 'Operative', 'Financier', 'Emir',
  'Amir', 'Spokesperson', 'Spokesman', 'Official', 'Officer', 'President', 'Secretary', 'Director', 'General', 'Governor', 'Minister',
  'Representative', 'Coordinator', 'Facilitator', 'Longtime', 'Active', 'Prominent', 'Re-elected', 'Appointed', 'Elected', 'Acting',
  'Interim', 'Left', 'Joined', 'Led', 'Leads', 'Heads', 'Headed', 'Founded', 'Commanded', 'Pledged', 'Part', 'Splinter', 'Since', 'As',
  'In', 'On', 'From', 'Until', 'While', 'After', 'Before', 'During', 'Under', 'Following', 'Given', 'Served', 'Serving', 'Involved',
  'Responsible', 'Wanted', 'Arrested', 'Sentenced', 'Current', 'Chairman', 'Treasurer', 'Ideologue', 'Recruiter', 'Instructor', 'Trainer', 'Captain', 'Colonel', 'Major', 'Lieutenant', 'Brigadier',
])
/** Capitalised role words that may follow an organisation inside a run ("FARDC Deputy …", "… Security Official"). */
// prettier-ignore
const CAP_ROLES = new Set(['Deputy', 'Commander', 'Official', 'Officer', 'Chief', 'President', 'Member', 'Leader', 'Head', 'General', 'Secretary', 'Director', 'Representative', 'Spokesperson', 'Emir', 'Amir', 'Governor', 'Minister', 'Chairman'])
// prettier-ignore
const LEADING_ADJECTIVES = new Set(['The', 'Senior', 'Former', 'Key', 'Active', 'Prominent', 'Longtime', 'Re-elected', 'Appointed', 'Elected', 'Acting', 'Interim', 'Current', 'Founding', 'A', 'An'])
const PERSON_TITLES =
  /^(?:Mullah|Maulana|Maulavi|Mawlawi|Mufti|Sheikh|Shaykh|Shaikh|Haji|Hajji|Hafiz|Qari|Dr|Mr|Mrs|Imam|Sayyid|Captain|Colonel|General|Major|Commander|President|Emir|Amir|Prince|King)\b/

// prettier-ignore
const ORG_WORDS = new Set([
  'group', 'groups', 'network', 'front', 'council', 'shura', 'committee', 'commission', 'movement', 'army', 'brigade', 'brigades', 'battalion',
  'battalions', 'regiment', 'organization', 'organisation', 'party', 'bank', 'company', 'corporation', 'corp', 'trust', 'foundation', 'society',
  'association', 'jihad', 'jamaat', 'jamaah', 'jemaah', 'jemmah', 'jamiat', 'lashkar', 'harakat', 'tehrik', 'ansar', 'jaish', 'state', 'emirate',
  'agency', 'ministry', 'department', 'bureau', 'forces', 'force', 'militia', 'alliance', 'union', 'authority', 'institute', 'academy', 'centre',
  'center', 'ltd', 'limited', 'inc', 'trading', 'shipping', 'command', 'guard', 'directorate', 'office', 'coalition', 'federation', 'federation',
  'mouvement', 'parti', 'unite', 'resistance', 'wing', 'service', 'services', 'industry', 'industries', 'enterprise', 'enterprises', 'holding',
  'holdings', 'fund', 'charity', 'relief', 'qaida', 'qaeda', 'taliban', 'haqqani', 'shabaab', 'houthi', 'houthis', 'boko', 'mujahidin',
  'mujahideen', 'brotherhood', 'assembly', 'bureau', 'secretariat', 'administration', 'mission', 'board', 'cell', 'unit', 'division',
])
/** Words of ORG_WORDS that are names in themselves, not generic nouns. */
// prettier-ignore
const PROPER_ORG_WORDS = new Set(['qaida', 'qaeda', 'taliban', 'haqqani', 'shabaab', 'houthi', 'houthis', 'boko', 'lashkar', 'harakat', 'tehrik', 'jaish', 'ansar', 'jemaah', 'jemmah', 'jamaah', 'jamaat', 'jamiat', 'mujahidin', 'mujahideen'])
// prettier-ignore
const KNOWN_ORGS = new Set(['taliban', 'al qaida', 'al qaeda', 'seleka', 'anti balaka', 'al shabaab', 'boko haram', 'houthis', 'isil', 'isis', 'daesh', 'mai mai'])
/** Well-known acronyms, to drop an acronym when its expansion is also found. */
const KNOWN_ACRONYMS: Record<string, string[]> = {
  isil: ['islamic state in iraq and the levant', 'islamic state of iraq and the levant'],
  isis: ['islamic state in iraq and the levant', 'islamic state of iraq and the levant'],
  aqi: ['al qaida in iraq'],
  aqap: ['al qaida in the arabian peninsula'],
  aqim: ['organization of al qaida in the islamic maghreb', 'organisation of al qaida in the islamic maghreb'],
  ttp: ['tehrik e taliban pakistan'],
  let: ['lashkar e tayyiba'],
  ji: ['jemaah islamiyah'],
  komid: ['korea mining development trading corporation'],
  tcb: ['tanchon commercial bank'],
}
/** Acronyms or names that are places or institutions, never an affiliation. */
// prettier-ignore
const NOT_ORGS = new Set(['drc', 'car', 'dprk', 'usa', 'us', 'uk', 'uae', 'un', 'rok', 'prc', 'ksa', 'eu', 'united nations', 'security council', 'government', 'committee', 'council'])

const MONTHS = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/
/** Adjectives that end a run before a capitalised role ("Taliban Shadow Governor", "Houthi Military Chief"). */
// prettier-ignore
const TRAILING_ADJECTIVES = new Set(['Shadow', 'Military', 'Acting', 'Interim', 'Regional', 'Provincial', 'Senior', 'Former', 'Deputy', 'Assistant'])
/** Countries whose possessive may open a name ("DPRK’s Second Academy …", "Yemen's Houthi Movement"). */
const COUNTRY_POSSESSOR = /^(?:DPRK|Iran|Iraq|Yemen|Pakistan|Afghanistan|Korea|Haiti|Libya|Somalia|Sudan|Syria|Mali|Congo|DRC|CAR)[’']s\s+/

const TRIBAL_NOUNS = /^(?:tribe|tribes|clan|clans|sub-tribe|subtribe|section|community|communities|ethnic|family|people|nationality)$/i
const GENERIC_ORG_NOUNS = /^(?:movement|group|coalition|network|militia|faction|party|front|wing|organi[sz]ation)$/i
const ENTITY_REF = /\b[A-Z][A-Za-z]e\.\d{3}\b/
const PERSON_REF = /\b[A-Z][A-Za-z]i\.\d{3}\b/
const ACRONYM_PAREN = /^\(\s*([\p{Lu}\p{N}][\p{Lu}\p{N}&.'’ -]{0,14})\s*\)$/u

interface Mention {
  name: string
  start: number
  end: number
  /** token index range of the name, and of the end of its trailing parentheses */
  tokFirst: number
  tokLast: number
  tokAfter: number
  entityRef: boolean
  personRef: boolean
  deceased: boolean
  acronym: string | null
  quoted: boolean
  based: boolean
  tribal: boolean
  alias: boolean
  /** a capitalised role word followed the name inside its run */
  capRole: boolean
}

function isNameWord(t: string): boolean {
  const c = t.charCodeAt(0)
  if (c >= 65 && c <= 90) return !NOT_NAME.has(t) // A-Z: the common case
  if (c >= 97 && c <= 122 && c !== 97 && c !== 100 && c !== 101 && c !== 108 && c !== 112 && c !== 117) return false // lower-case, not a prefix (al-, d’, el-, l’, pro-, ul-)
  if (NOT_NAME.has(t)) return false
  return /^(?:[ld][’']|(?:al|el|ul|anti|ex|pro)-)?(?:\p{Lu}|\p{N}+\p{Lu})/u.test(t)
}

function isAcronymWord(t: string): boolean {
  return (
    /^[\p{Lu}\p{N}][\p{Lu}\p{N}-]{1,8}$/u.test(t) && /\p{Lu}/u.test(t) && !/^\p{N}+$/u.test(t) && t.replace(/[^\p{Lu}]/gu, '').length >= 2
  )
}

/** Initials of the words before token `k` spelling `acr` (connectors skipped); returns the first token index, or -1. */
function acronymSpan(tokens: Token[], k: number, acr: string): number {
  let letters = acr.toUpperCase().replace(/[^\p{Lu}\p{N}]/gu, '')
  const counted = /^(\d)(\p{Lu})$/u.exec(letters)
  if (counted) letters = (counted[2] ?? '').repeat(Number(counted[1]))
  if (!/^\p{Lu}{2,8}$/u.test(letters)) return -1
  let pos = letters.length
  let first = -1
  for (let i = k - 1, seen = 0; i >= 0 && seen < 14; i--, seen++) {
    const t = tokens[i]
    if (!t) break
    if (t.kind === 'punct' && t.text === ',') continue
    if (t.kind !== 'word') break
    const w = t.text
    if (CONNECTORS.has(w) || /^(?:l|d)[’']?$/i.test(w)) continue
    const initial = w
      .replace(/^(?:[ld][’']|(?:al|el|ul)-)/i, '')
      .charAt(0)
      .toUpperCase()
    if (initial !== letters.charAt(pos - 1)) return -1
    pos--
    first = i
    if (pos === 0) return /^\p{Lu}/u.test(tokens[first]?.text.replace(/^(?:[ld][’']|(?:al|el|ul)-)/i, '') ?? '') ? first : -1
  }
  return -1
}

function findMentions(s: string, tokens: Token[]): Mention[] {
  const mentions: Mention[] = []
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]
    const opensWithGeneral = t?.text === 'General' && tokens[i + 1]?.kind === 'word' && isNameWord(tokens[i + 1]?.text ?? '')
    if (!t || t.kind !== 'word' || (!isNameWord(t.text) && !opensWithGeneral)) {
      i++
      continue
    }
    const quoted = tokens[i - 1]?.kind === 'quote' && /[“"‘]/.test(tokens[i - 1]?.text ?? '')
    // a quoted name is taken whole: “Military Command”, "G9 Family and Allies."
    if (quoted) {
      let q = i
      while (q < tokens.length && q - i < 10 && (tokens[q]?.kind === 'word' || tokens[q]?.text === '.' || tokens[q]?.text === ',')) q++
      const close = tokens[q]
      if (close?.kind === 'quote' && /[”"’]/.test(close.text) && q > i) {
        let lastWord = q - 1
        while (lastWord > i && tokens[lastWord]?.kind !== 'word') lastWord--
        const endTok = tokens[lastWord]
        if (endTok) {
          let after = q + 1
          let entityRef = false
          let personRef = false
          while (tokens[after]?.kind === 'paren') {
            if (ENTITY_REF.test(tokens[after]?.text ?? '')) entityRef = true
            if (PERSON_REF.test(tokens[after]?.text ?? '')) personRef = true
            after++
          }
          mentions.push({
            name: s.slice(t.start, endTok.end),
            start: t.start,
            end: tokens[after - 1]?.end ?? close.end,
            tokFirst: i,
            tokLast: lastWord,
            tokAfter: after,
            entityRef,
            personRef,
            deceased: false,
            acronym: null,
            quoted: true,
            based: false,
            tribal: false,
            alias: false,
            capRole: false,
          })
          i = after
          continue
        }
      }
    }
    // a run of name words joined by connectors
    let last = i
    let j = i + 1
    let capRole = false
    while (j < tokens.length) {
      const u = tokens[j]
      if (!u || u.kind !== 'word') break
      if (/-(?:related|linked|affiliated|inspired|led|backed)$/i.test(u.text)) break // "Al-Qaida-related groups"
      if (isNameWord(u.text)) {
        last = j
        j++
        continue
      }
      const v0 = tokens[j + 1]
      // "Korea Ryonbong General Corporation", "Reconnaissance General Bureau": a role word inside a name
      if (u.text === 'General' && v0?.kind === 'word' && isNameWord(v0.text)) {
        last = j
        j++
        continue
      }
      // "Mouvement du 23 Mars": a number inside a name
      if (
        /^\p{N}+$/u.test(u.text) &&
        v0?.kind === 'word' &&
        isNameWord(v0.text) &&
        !MONTHS.test(v0.text) &&
        !/^(?:on|in)$/.test(tokens[j - 1]?.text ?? '') &&
        CONNECTORS.has(tokens[j - 1]?.text ?? '')
      ) {
        last = j
        j++
        continue
      }
      if (CAP_ROLES.has(u.text)) {
        capRole = true
        break
      }
      if (CONNECTORS.has(u.text)) {
        // connectors must lead to another name word; "and" followed by a capitalised word starts a new name
        let k = j
        while (k < tokens.length && CONNECTORS.has(tokens[k]?.text ?? '')) k++
        const v = tokens[k]
        if (!v || v.kind !== 'word' || !(isNameWord(v.text) || (/^\p{N}+$/u.test(v.text) && isNameWord(tokens[k + 1]?.text ?? '')))) break
        if (u.text === 'and' && k === j + 1) break
        if (u.text === 'and' && isAcronymWord(tokens[j - 1]?.text ?? '')) break // "AQAP and the Organization of …": two names
        if (/^(?:in|on)$/.test(u.text) && (MONTHS.test(v.text) || /^\p{N}+$/u.test(v.text))) break
        last = k
        j = k + 1
        continue
      }
      break
    }
    // drop leading adjectives ("Senior", "The", "Syria-based")
    let first = i
    while (first < last && /-based$/i.test(tokens[first]?.text ?? '')) first++
    while (first < last && LEADING_ADJECTIVES.has(tokens[first]?.text ?? '')) first++
    while (first < last && CONNECTORS.has(tokens[first]?.text ?? '')) first++
    const startTok = tokens[first]
    const endTok = tokens[last]
    if (!startTok || !endTok || LEADING_ADJECTIVES.has(startTok.text)) {
      i = last + 1
      continue
    }
    // trailing parentheses and " / ACR"
    let entityRef = false
    let personRef = false
    let deceased = false
    let acronym: string | null = null
    let after = last + 1
    let closingQuote = false
    if (tokens[after]?.kind === 'quote') {
      closingQuote = true
      after++
    }
    for (;;) {
      const p = tokens[after]
      if (p?.kind === 'paren') {
        const inner = p.text
        if (ENTITY_REF.test(inner)) entityRef = true
        else if (PERSON_REF.test(inner)) personRef = true
        if (/\bdeceased\b/i.test(inner)) deceased = true
        const a = ACRONYM_PAREN.exec(inner)
        if (a && !ENTITY_REF.test(inner) && !PERSON_REF.test(inner) && !/^\(\s*\p{N}+\s*\)$/u.test(inner)) acronym ??= (a[1] ?? '').trim()
        after++
        continue
      }
      if (p?.text === '/' && tokens[after + 1] && isAcronymWord(tokens[after + 1]?.text ?? '')) {
        acronym ??= tokens[after + 1]?.text ?? null
        after += 2
        continue
      }
      break
    }
    if (capRole) while (last > first && TRAILING_ADJECTIVES.has(tokens[last]?.text ?? '')) last--
    const lastTok = tokens[last] ?? endTok
    let name = s
      .slice(startTok.start, lastTok.end)
      .replace(/-(?:related|linked|affiliated|inspired|led|backed)$/i, '')
      .replace(COUNTRY_POSSESSOR, '')
    let nameEndTok = last
    // "anti-Balaka movement", "Séléka coalition": a generic noun right after the name belongs to it
    const next = tokens[last + 1]
    const baseKey = compareKey(s.slice(tokens[first]?.start ?? 0, tokens[last]?.end ?? 0))
    if (
      after === last + 1 &&
      next &&
      next.kind === 'word' &&
      GENERIC_ORG_NOUNS.test(next.text) &&
      !closingQuote &&
      (KNOWN_ORGS.has(baseKey) || isAcronymWord(tokens[last]?.text ?? ''))
    ) {
      name = s.slice(startTok.start, next.end)
      nameEndTok = last + 1
      after = last + 2
    }
    const follow = tokens[after]
    const based =
      /^-based$/i.test(follow?.text ?? '') || /^-based$/i.test(s.slice(tokens[after - 1]?.end ?? 0, (tokens[after - 1]?.end ?? 0) + 6))
    const tribal = follow?.kind === 'word' && TRIBAL_NOUNS.test(follow.text)
    const before = s.slice(Math.max(0, startTok.start - 14), startTok.start)
    const alias = /\blisted\s+as\s+$/i.test(before)
    mentions.push({
      name,
      start: startTok.start,
      end: tokens[after - 1]?.end ?? endTok.end,
      tokFirst: first,
      tokLast: nameEndTok,
      tokAfter: after,
      entityRef,
      personRef,
      deceased,
      acronym,
      quoted: quoted && closingQuote,
      based,
      tribal,
      alias,
      capRole,
    })
    i = Math.max(after, last + 1)
  }
  // acronym-backed spans: "Fédération des entreprises congolaises (FEC)", "Return, Reclamation, Rehabilitation (3R)"
  tokens.forEach((t, k) => {
    if (t.kind !== 'paren') return
    const a = ACRONYM_PAREN.exec(t.text)
    if (!a || ENTITY_REF.test(t.text) || PERSON_REF.test(t.text)) return
    const firstTok = acronymSpan(tokens, k, a[1] ?? '')
    if (firstTok < 0) return
    const startTok = tokens[firstTok]
    const endTok = tokens[k - 1]
    if (!startTok || !endTok) return
    const existing = mentions.find((m) => m.tokLast === k - 1)
    if (existing) {
      if (existing.start > startTok.start) {
        existing.name = s.slice(startTok.start, endTok.end)
        existing.start = startTok.start
        existing.tokFirst = firstTok
      }
      return
    }
    let after = k
    let entityRef = false
    while (tokens[after]?.kind === 'paren') {
      if (ENTITY_REF.test(tokens[after]?.text ?? '')) entityRef = true
      after++
    }
    const follow = tokens[after]
    mentions.push({
      name: s.slice(startTok.start, endTok.end),
      start: startTok.start,
      end: tokens[after - 1]?.end ?? t.end,
      tokFirst: firstTok,
      tokLast: k - 1,
      tokAfter: after,
      entityRef,
      personRef: false,
      deceased: false,
      acronym: (a[1] ?? '').trim(),
      quoted: false,
      based: /^-based$/i.test(follow?.text ?? ''),
      tribal: follow?.kind === 'word' && TRIBAL_NOUNS.test(follow.text),
      alias: false,
      capRole: false,
    })
  })
  // drop mentions nested inside a longer acronym-backed span
  const kept = mentions.filter(
    (m) => !mentions.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
  )
  return kept.sort((a, b) => a.start - b.start)
}

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

const ROLE_AFTER =
  /^\s*(?:(?:senior|military|key|active|prominent|former|top|financial|local|regional|field|operational|shadow|deputy|chief|founding)\s+){0,2}(member|leader|commander|official|financier|operative|facilitator|emir|amir|spokesperson|spokesman|representative|founder|president|chief|deputy|general|officer|ideologue|recruiter)\b/
const KINSHIP =
  /\b(?:son|daughter|father|mother|brother|sister|wife|husband|nephew|niece|cousin|uncle|aunt|grandson|granddaughter|brother-in-law|sister-in-law|son-in-law|father-in-law)\s+(?:of|to)\b|\b(?:father|mother)['’]s\s+name\b|\bmarried\s+to\b|\blinked\s+by\s+marriage\b/i

function normalizeName(name: string): string {
  return name
    .replace(/^[“"‘]+|[”"’]+$/g, '')
    .replace(/^(?:the|The)\s+/, '')
    .replace(/[\s,.;:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

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

interface Cue {
  start: number
  end: number
}

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

const LIST_GAP =
  /^\s*(?:(?:affiliates?|groups?|entities|organi[sz]ations)\s*)?(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|as\s+well\s+as\s+)(?:the\s+)?$/i
const CLAUSE_BREAK = /[;]|,\s*(?:which|who|whose|that|where|when)\b|\bwhich\b|\b(?:against|including|except|versus)\b/i

function wordCount(s: string): number {
  return s.trim() === '' ? 0 : s.trim().split(/\s+/).length
}

export function affiliationsOf(sentences: readonly string[], subjectNames: readonly string[]): string[] {
  const candidates = sentences.filter((s) => MAY_HOLD_AFFILIATION.test(s))
  if (candidates.length === 0) return []
  const selfKeys = new Set<string>()
  const selfTokens = new Set<string>()
  for (const n of subjectNames) {
    const withoutParen = n.replace(/\([^)]*\)/g, ' ')
    selfKeys.add(compareKey(withoutParen))
    for (const t of nameTokens(n)) selfTokens.add(t)
    const inParen = /\(([^)]*)\)/.exec(n)?.[1]
    if (inParen) selfKeys.add(compareKey(inParen))
    // "TOUS POUR LA PAIX ET LE DEVELOPPEMENT" → "tpd"
    const initials = nameTokens(withoutParen)
      .filter((t) => !CONNECTORS.has(t) && !/^(?:pour|la|le|et|les)$/.test(t))
      .map((t) => t.charAt(0))
      .join('')
    if (initials.length >= 2) selfKeys.add(`initials:${initials}`)
  }
  const found: string[] = []
  const acronyms = new Map<string, string>()
  for (const raw of candidates) {
    const cut = KINSHIP.exec(raw)
    const s = cut ? raw.slice(0, cut.index) : raw
    if (!s.trim()) continue
    const tokens = tokenize(s)
    const mentions = findMentions(s, tokens)
    // "Army of Emigrants and Supporters (QDe.148)": one name cut at "and" by the list rule
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
    // "Jabhat al-Nusrah, listed as Al-Nusrah Front … (QDe.137)": the alias's reference number names the first
    mentions.forEach((m, k) => {
      const prev = mentions[k - 1]
      if (m.alias && m.entityRef && prev && !prev.personRef && /^\s*,?\s*listed\s+as\s+$/i.test(s.slice(prev.end, m.start)))
        prev.entityRef = true
    })
    for (const m of mentions) if (m.acronym) acronyms.set(compareKey(m.acronym), normalizeName(m.name))
    const accepted = new Set<Mention>()
    const cues = findCues(s)
    // (1) cue before, then list continuation
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
        if (looksLikeOrg(m, selfKeys, selfTokens)) {
          accepted.add(m)
          inList = true
        } else if (inList && !(m.personRef || m.deceased || m.alias)) {
          break // a list of organisations ends at the first other name; persons and the "listed as" alias are skipped
        }
      }
    }
    // (2) role noun after the name
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
      if (capRoleHere && !(isAcronymWord(normalizeName(m.name)) || nameTokens(m.name).some((t) => ORG_WORDS.has(t)) || m.entityRef))
        continue
      if (looksLikeOrg(m, selfKeys, selfTokens)) accepted.add(m)
    }
    for (const m of mentions) if (accepted.has(m)) found.push(normalizeName(m.name))
  }
  // an acronym is dropped when its expansion is also an affiliation
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
