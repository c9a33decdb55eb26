// The library without its 80 locales (its package entry registers every one), and the four the
// names here are looked up in.
import countries from 'i18n-iso-countries/index.js'
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' }
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' }
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' }

/**
 * Country names and codes to ISO 3166-1 alpha-2 (lower case), through `i18n-iso-countries`. The
 * UN list writes nationalities as English names in UN style ("Iran (Islamic Republic of)",
 * "Democratic People's Republic of Korea"); a query may give a code (`af`, `AFG`) or a name in
 * English or Portuguese ("Iraque").
 */

/** UN-style long names the library does not carry. */
const UN_NAMES: Readonly<Record<string, string>> = {
  "democratic people's republic of korea": 'kp',
  'republic of korea': 'kr',
  'united kingdom of great britain and northern ireland': 'gb',
  "lao people's democratic republic": 'la',
  'viet nam': 'vn',
  'republic of moldova': 'md',
  'east timor': 'tl',
}

const LANGS = ['en', 'pt', 'es', 'fr'] as const
let registered = false

/** Registers the four locales on first use (not when the library loads). */
function ready(): void {
  if (registered) return
  for (const locale of [en, pt, es, fr]) countries.registerLocale(locale)
  registered = true
}

const cache = new Map<string, string | null>()

/**
 * The ISO alpha-2 code (lower case) of a country name or code, or null when unknown.
 *
 * @example countryCode('Iran (Islamic Republic of)') // 'ir'
 * @example countryCode('BR') // 'br'
 */
export function countryCode(value: string): string | null {
  const key = value.trim().toLowerCase().replace(/\s+/g, ' ')
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const code = lookup(key)
  if (cache.size < 10_000) cache.set(key, code)
  return code
}

function lookup(key: string): string | null {
  if (key === '') return null
  ready()
  if (/^[a-z]{2}$/.test(key)) return countries.isValid(key.toUpperCase()) ? key : null
  if (/^[a-z]{3}$/.test(key)) {
    const a2 = countries.alpha3ToAlpha2(key.toUpperCase())
    if (a2) return a2.toLowerCase()
  }
  const un = UN_NAMES[key]
  if (un) return un
  const plain = key.replace(/\s*\([^)]*\)\s*/g, ' ').trim()
  for (const name of plain === key ? [key] : [key, plain]) {
    for (const lang of LANGS) {
      const code = countries.getAlpha2Code(name, lang) ?? countries.getSimpleAlpha2Code(name, lang)
      if (code) return code.toLowerCase()
    }
  }
  return null
}

/**
 * The codes of the nationalities a list record states, unknown ones left out. The list never
 * writes a code, so a two-letter value there (`na`: not available) is not read as one.
 *
 * @example nationalityCodes(['Afghanistan', 'na']) // ['af']
 */
export function nationalityCodes(values: readonly string[]): string[] {
  const out = new Set<string>()
  for (const v of values) {
    if (/^\s*[a-z]{2}\s*$/i.test(v)) continue
    const code = countryCode(v)
    if (code) out.add(code)
  }
  return [...out]
}

/** What a shared nationality adds to the score. */
export const NATIONALITY_MATCH = 0.03
/** What a different nationality takes away: little, people change or add one. */
export const NATIONALITY_MISMATCH = -0.06

/**
 * Compares a query's nationality code with a subject's; null when either side has none.
 *
 * @example nationalityVerdict('br', ['eg']) // { adjust: -0.06, reason: 'nationality br differs (eg)' }
 */
export function nationalityVerdict(query: string | null, subject: readonly string[]): { adjust: number; reason: string } | null {
  if (query === null || subject.length === 0) return null
  if (subject.includes(query)) return { adjust: NATIONALITY_MATCH, reason: `nationality ${query} matches` }
  return { adjust: NATIONALITY_MISMATCH, reason: `nationality ${query} differs (${subject.join(', ')})` }
}
