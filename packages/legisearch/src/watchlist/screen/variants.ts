/**
 * Spelling-variant canonicalisation of name words. Arabic, Persian and Pashto names reach the list
 * through several transliteration habits (English, French, scholarly), and Arabic script writes no
 * short vowels; two keys make those spellings meet:
 *
 * - the *collapsed* form: doubled letters written once (`mohammad` → `mohamad`, `attiiqullah` →
 *   `atiqulah`), a variant no reader would call a different name;
 * - the *skeleton*: digraphs folded to one consonant (sh, ch → š; kh → h; th → t; dh → d;
 *   gh → g; ph → f; q, c, ck → k; dj, zh → j), every vowel dropped (y and w too, inside a word:
 *   they write long vowels), a leading vowel kept as one `a`, a final h dropped, doubles once.
 *   `Muhammad`, `Mohamed` and Arabic `mhmd` are all `mhmd`; `Usama` and `Osama` are `asm`; `Saif`
 *   and `Seif` are `sf`; `Shihata` and `Chehata` are `šht`.
 *
 * Particles (the article al-/el-/ad-…, bin/ibn/ben, abu) and organisation-form words are told
 * apart here too, so the comparison can weigh them less.
 */

/** Doubled letters written once. @example collapse('attiiqullah') // 'atiqulah' */
export function collapse(word: string): string {
  return word.replace(/(.)\1+/g, '$1')
}

/**
 * Whether two words are equal once their doubled letters are written once: collapse(a) ===
 * collapse(b) without building either (it runs for every particle met in every name found).
 *
 * @example sameCollapsed('abdull', 'abdul') // true
 */
export function sameCollapsed(a: string, b: string): boolean {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const c = a.charCodeAt(i)
    if (c !== b.charCodeAt(j)) return false
    while (a.charCodeAt(i) === c) i++
    while (b.charCodeAt(j) === c) j++
  }
  return i === a.length && j === b.length
}

const DIGRAPHS: readonly [RegExp, string][] = [
  [/tch|sch|sh|ch/g, 'š'],
  [/dzh|dj|zh/g, 'j'],
  [/kh/g, 'h'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/gh/g, 'g'],
  [/ph/g, 'f'],
  [/ck|q|c/g, 'k'],
  [/x/g, 'ks'],
  // Arabic has no p and no v: Pérez is written بيريز, Vladimir فلاديمير.
  [/p/g, 'b'],
  [/v/g, 'f'],
]

/**
 * The consonant skeleton of one lower-case ASCII word (see the file's summary).
 *
 * @example skeleton('chehata') === skeleton('shihata') // true ('šht')
 */
export function skeleton(word: string): string {
  let w = word
  for (const [re, to] of DIGRAPHS) w = w.replace(re, to)
  const first = w[0] ?? ''
  const lead = 'aeiou'.includes(first) ? 'a' : first
  // A final i or y (the -i of a nisba, Arabic ي) is kept: Mohammadi is not Mohammad.
  const finalY = w.length >= 2 && /(?:i|y|ie|iy|ee|ey)$/.test(w) && /[^aeiouy]/.test(w)
  let rest = w.slice(1).replace(/[aeiouyw]/g, '')
  if (rest.endsWith('h') && rest.length > 1) rest = rest.slice(0, -1)
  return collapse(lead + rest) + (finalY ? 'y' : '')
}

/** What a word is, for its weight in a name. */
export type WordKind = 'word' | 'middle' | 'article' | 'patronymic' | 'kunya' | 'abd' | 'title' | 'org' | 'initial' | 'number' | 'stop'

/** Articles as written apart or hyphenated: `al`, `el`, `ul`, `il`. */
const ARTICLES = new Set(['al', 'el', 'ul', 'il'])
/** The article assimilated to a sun letter, only when hyphenated (`ad-din`, `ar-rahman`, `ash-shami`). */
const SUN_ARTICLES = new Set([
  'ad',
  'ar',
  'as',
  'ash',
  'at',
  'az',
  'an',
  'ud',
  'ur',
  'us',
  'ut',
  'uz',
  'ed',
  'er',
  'es',
  'et',
  'ez',
  'en',
  'ad',
])
const PATRONYMICS = new Set(['bin', 'ibn', 'ben', 'bint', 'bent', 'ould', 'wuld', 'walad', 'ibni', 'binti', 'ebn'])
const KUNYAS = new Set(['abu', 'abou', 'abo', 'abul', 'umm', 'um', 'oum'])
/** `Abd`, `Abdul`, `Abdel`…: the "servant of" that opens a theophoric name. */
const ABD = /^abd(?:ul|el|al|ol|il|u|ur|us|un|ar|as|ad|er|es)?$/
const ABD_PREFIX = /^(abd(?:ul|el|al|ol|il|u|ur|us|ar|as|ad|er|es)?)([a-z]{3,})$/
/** Honorifics and religious titles that the list and the press put before a name. */
const TITLES = new Set([
  'mullah', 'mulla', 'mollah', 'maulavi', 'mawlawi', 'maulvi', 'moulavi', 'maulana', 'mawlana', 'qari', 'haji', 'hajji', 'hajj', 'alhaj',
  'alhaji', 'sheikh', 'shaikh', 'sheik', 'shaykh', 'mufti', 'imam', 'dr', 'doctor', 'mr', 'mrs', 'ms', 'sir', 'general', 'gen', 'colonel',
  'col', 'major', 'captain', 'capt', 'lieutenant', 'lt', 'brigadier', 'commander', 'cmdr', 'prof', 'professor', 'president', 'presidente',
  'prasident', 'monsieur', 'madame', 'mme', 'senor', 'senhor', 'sr', 'sra', 'herr', 'frau',
]) // prettier-ignore
/** Legal forms and generic organisation words: an entity's name is carried by its other words. */
const ORG_WORDS = new Set([
  'company', 'co', 'companies', 'corp', 'corporation', 'inc', 'incorporated', 'ltd', 'limited', 'llc', 'llp', 'lp', 'plc', 'pllc', 'sa',
  'sarl', 'sas', 'srl', 'spa', 'ag', 'gmbh', 'kg', 'bv', 'nv', 'ab', 'as', 'oy', 'jsc', 'ojsc', 'pjsc', 'cjsc', 'ooo', 'oao', 'zao', 'pao',
  'pte', 'pty', 'bhd', 'sdn', 'kk', 'tbk', 'joint', 'stock', 'holding', 'holdings', 'group', 'trading', 'trade', 'international', 'intl',
  'industries', 'industry', 'industrial', 'enterprise', 'enterprises', 'bank', 'banking', 'shipping', 'services', 'service', 'general',
  'import', 'export', 'investment', 'investments', 'organization', 'organisation', 'foundation', 'association', 'society', 'fund',
  'network', 'establishment', 'office', 'agency', 'institute', 'committee', 'council', 'union', 'federation', 'partners', 'partnership',
  'intl', 'ltda', 'spzoo', 'ptyltd', 'soc', 'jsc', 'plc', 'llc', 'llp', 'cjsc', 'pjsc',
  'the', 'of', 'and', 'for', 'de', 'del', 'la', 'le', 'des', 'du',
]) // prettier-ignore
/** Connectives that carry no identity in a person's name (Portuguese, Spanish, Dutch, German…). */
const STOPS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'del',
  'della',
  'di',
  'du',
  'des',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'ten',
  'y',
  'e',
  'and',
  'of',
  'the',
])

/**
 * The kind of one lower-case word, given its place: the article assimilated to a sun letter is
 * recognised only when the source hyphenated it, `ben` only after the first word.
 *
 * @example wordKind('al', { hyphenated: true, first: false }) // 'article'
 */
export function wordKind(word: string, at: { hyphenated: boolean; first: boolean; entity: boolean }): WordKind {
  if (/^\d+$/.test(word)) return 'number'
  if (ARTICLES.has(word) || (at.hyphenated && SUN_ARTICLES.has(word))) return 'article'
  if (PATRONYMICS.has(word) && !(word === 'ben' && at.first)) return 'patronymic'
  if (KUNYAS.has(word)) return 'kunya'
  if (ABD.test(word)) return 'abd'
  if (at.entity && ORG_WORDS.has(word)) return 'org'
  if (TITLES.has(word)) return 'title'
  if (STOPS.has(word)) return 'stop'
  if (word.length === 1) return 'initial'
  // A Slavic patronymic (Vladimirovich, Viktorovna): a middle name, often left out.
  if (!at.first && word.length >= 8 && /(?:ovich|evich|ovych|evych|ovna|evna|ivna|ichna)$/.test(word)) return 'middle'
  return 'word'
}

/** The canonical spelling of a particle (`el` → `al`, `ibn` → `bin`), or the word itself. */
export function canonicalParticle(word: string, kind: WordKind): string {
  if (kind === 'article') return 'al'
  if (kind === 'patronymic') return 'bin'
  if (kind === 'kunya') return word.startsWith('u') || word.startsWith('o') ? 'umm' : 'abu'
  if (kind === 'abd') return 'abd'
  return word
}

/**
 * A word glued to its `abd…` or article prefix, split: `abdulhai` → `abd hai`,
 * `abdelkader` → `abd kader`; `abdullah` stays whole (Abd Allah is one name). Null when no split.
 *
 * @example splitPrefix('abdurrahman') // ['abd', 'rahman']
 */
export function splitPrefix(word: string): [string, string] | null {
  // `abdullah`, `abdallah`, `abdulla`: the name of God itself, not a prefix.
  if (/^abd[aeiou]?l+ah?$/.test(word)) return null
  const m = ABD_PREFIX.exec(word)
  if (!m) return null
  const rest = m[2] as string
  // `abdurrahman`: the assimilated article doubled the next consonant.
  return ['abd', rest[0] === rest[1] ? rest.slice(1) : rest]
}

/** Weight of a word in its name: particles and forms count little, real name words fully. */
export function kindWeight(kind: WordKind): number {
  switch (kind) {
    case 'article':
    case 'stop':
      return 0.15
    case 'patronymic':
      return 0.25
    case 'org':
      return 0.3
    case 'title':
      return 0.35
    case 'initial':
      return 0.35
    case 'kunya':
    case 'abd':
    case 'middle':
      return 0.5
    default:
      return 1
  }
}
