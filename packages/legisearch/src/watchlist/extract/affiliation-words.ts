/**
 * The vocabulary the affiliation extractor reads names with: connectors inside a name, capitalised
 * words that are no name, roles, organisation words, known groups and acronyms, and the shapes of
 * list reference numbers and bracketed acronyms.
 */

// prettier-ignore
export const CONNECTORS = new Set(['of', 'the', 'in', 'and', 'for', 'de', 'du', 'des', 'la', 'le', 'les', 'pour', 'wal', 'e', 'i', 'ul', 'bin', 'et', 'en', 'al', 'el', 'wa', 'y', 'da', 'di', 'on'])

/** Capitalised words that are not part of an organisation's name (cues, roles, sentence openers). */
// prettier-ignore
export const NOT_NAME = new Set([
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
export const CAP_ROLES = new Set(['Deputy', 'Commander', 'Official', 'Officer', 'Chief', 'President', 'Member', 'Leader', 'Head', 'General', 'Secretary', 'Director', 'Representative', 'Spokesperson', 'Emir', 'Amir', 'Governor', 'Minister', 'Chairman'])
// prettier-ignore
export const LEADING_ADJECTIVES = new Set(['The', 'Senior', 'Former', 'Key', 'Active', 'Prominent', 'Longtime', 'Re-elected', 'Appointed', 'Elected', 'Acting', 'Interim', 'Current', 'Founding', 'A', 'An'])
export const PERSON_TITLES =
  /^(?:Mullah|Maulana|Maulavi|Mawlawi|Mufti|Sheikh|Shaykh|Shaikh|Haji|Hajji|Hafiz|Qari|Dr|Mr|Mrs|Imam|Sayyid|Captain|Colonel|General|Major|Commander|President|Emir|Amir|Prince|King)\b/

// prettier-ignore
export const ORG_WORDS = new Set([
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
export const PROPER_ORG_WORDS = new Set(['qaida', 'qaeda', 'taliban', 'haqqani', 'shabaab', 'houthi', 'houthis', 'boko', 'lashkar', 'harakat', 'tehrik', 'jaish', 'ansar', 'jemaah', 'jemmah', 'jamaah', 'jamaat', 'jamiat', 'mujahidin', 'mujahideen'])
// prettier-ignore
export const KNOWN_ORGS = new Set(['taliban', 'al qaida', 'al qaeda', 'seleka', 'anti balaka', 'al shabaab', 'boko haram', 'houthis', 'isil', 'isis', 'daesh', 'mai mai'])
/** Well-known acronyms, to drop an acronym when its expansion is also found. */
export const KNOWN_ACRONYMS: Record<string, string[]> = {
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
export const NOT_ORGS = new Set(['drc', 'car', 'dprk', 'usa', 'us', 'uk', 'uae', 'un', 'rok', 'prc', 'ksa', 'eu', 'united nations', 'security council', 'government', 'committee', 'council'])

export const MONTHS = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)$/
/** Adjectives that end a run before a capitalised role ("Taliban Shadow Governor", "Houthi Military Chief"). */
// prettier-ignore
export const TRAILING_ADJECTIVES = new Set(['Shadow', 'Military', 'Acting', 'Interim', 'Regional', 'Provincial', 'Senior', 'Former', 'Deputy', 'Assistant'])
/** Countries whose possessive may open a name ("DPRK’s Second Academy …", "Yemen's Houthi Movement"). */
export const COUNTRY_POSSESSOR =
  /^(?:DPRK|Iran|Iraq|Yemen|Pakistan|Afghanistan|Korea|Haiti|Libya|Somalia|Sudan|Syria|Mali|Congo|DRC|CAR)[’']s\s+/

export const TRIBAL_NOUNS =
  /^(?:tribe|tribes|clan|clans|sub-tribe|subtribe|section|community|communities|ethnic|family|people|nationality)$/i
export const GENERIC_ORG_NOUNS = /^(?:movement|group|coalition|network|militia|faction|party|front|wing|organi[sz]ation)$/i
export const ENTITY_REF = /\b[A-Z][A-Za-z]e\.\d{3}\b/
export const PERSON_REF = /\b[A-Z][A-Za-z]i\.\d{3}\b/
export const ACRONYM_PAREN = /^\(\s*([\p{Lu}\p{N}][\p{Lu}\p{N}&.'’ -]{0,14})\s*\)$/u

/** Whether a word may be part of a name: capitalised (after a prefix such as al-, d’, ul-), and not a cue, role or opener. */
export function isNameWord(t: string): boolean {
  const c = t.charCodeAt(0)
  if (c >= 65 && c <= 90) return !NOT_NAME.has(t) // A-Z: the common case
  if (c >= 97 && c <= 122 && c !== 97 && c !== 100 && c !== 101 && c !== 108 && c !== 112 && c !== 117) return false // lower-case, not a prefix (al-, d’, el-, l’, pro-, ul-)
  if (NOT_NAME.has(t)) return false
  return /^(?:[ld][’']|(?:al|el|ul|anti|ex|pro)-)?(?:\p{Lu}|\p{N}+\p{Lu})/u.test(t)
}

/** Whether a word is an acronym: 2–9 capitals and digits, at least two capitals, not a number. */
export function isAcronymWord(t: string): boolean {
  return (
    /^[\p{Lu}\p{N}][\p{Lu}\p{N}-]{1,8}$/u.test(t) && /\p{Lu}/u.test(t) && !/^\p{N}+$/u.test(t) && t.replace(/[^\p{Lu}]/gu, '').length >= 2
  )
}
