import { canonicalLegalForms, joinDotted } from './legal.js'
import { ABJADS, SYLLABIC_SCRIPTS, toLatin } from './transliterate.js'
import { canonicalParticle, collapse, kindWeight, skeleton, splitPrefix, wordKind, type WordKind } from './variants.js'

/** One word of a name, with the keys the comparison reads. */
export interface NameWord {
  /** Lower-case ASCII; particles in their canonical spelling (`el` → `al`, `ibn` → `bin`). */
  readonly text: string
  /** The word as written (lower-case ASCII), for reasons. */
  readonly shown: string
  /** `text` with doubled letters written once. */
  readonly collapsed: string
  /** The consonant skeleton (variants.ts). */
  readonly skeleton: string
  readonly kind: WordKind
  /** Its weight in the name: 1 for a name word, less for particles and forms. */
  readonly weight: number
  /**
   * `vowelless`: from a script that writes no short vowels (Arabic, Hebrew…), compared by
   * skeleton only; `syllabic`: a Han or Kana syllable, never compared by skeleton (a syllable's
   * skeleton is one or two letters); `hangul`: a Hangul syllable, compared by its Korean key
   * (korean.ts) as well.
   */
  readonly form: WordForm
  /** Two adjacent words written together (compare.ts), never matched by skeleton alone. */
  readonly joined: boolean
}

/** How a word was written: see NameWord.form. */
export type WordForm = 'plain' | 'vowelless' | 'syllabic' | 'hangul'

/** A name read for comparison. */
export interface PreparedName {
  readonly original: string
  readonly words: readonly NameWord[]
  /** The non-Latin script it was transliterated from, or null. */
  readonly script: string | null
  /** Written `FAMILY, Given` and read as `Given FAMILY`. */
  readonly commaForm: boolean
}

const QUOTES = /['’‘`´ʼʻʿʾ"?]/g
const WORD = /[a-z0-9]+|&/g

/**
 * Builds a name word from its lower-case ASCII text.
 *
 * @example makeWord('seif', 'word').skeleton // 'sf'
 */
export function makeWord(text: string, kind: WordKind, form: WordForm = 'plain', shown = text, joined = false): NameWord {
  return { text, shown, collapsed: collapse(text), skeleton: skeleton(text), kind, weight: kindWeight(kind), form, joined }
}

/**
 * Reads a name for comparison: transliterated to Latin, folded to lower-case ASCII, apostrophes
 * (and the ʿayn/hamza marks) dropped inside words, `FAMILY, Given` turned round, split into words
 * at spaces, hyphens and punctuation, glued `abdul…` prefixes split off, particles canonicalised.
 * `entity` makes legal-form words (`ltd`, `company`…) count less.
 *
 * @example prepareName('SALEK, ABDULHAI').words.map((w) => w.text) // ['abd', 'hai', 'salek']
 */
export function prepareName(name: string, entity = false): PreparedName {
  const { text: latin, script } = toLatin(name.normalize('NFKC'))
  let text = joinDotted(latin.toLowerCase().replace(QUOTES, ''))
  if (entity) text = canonicalLegalForms(text)
  let commaForm = false
  const parts = text.split(',')
  if (!entity && parts.length === 2 && /[a-z0-9]/.test(parts[0] as string) && /[a-z]/.test(parts[1] as string)) {
    text = `${parts[1]} ${parts[0]}`
    commaForm = true
  }
  const form: WordForm =
    script === null
      ? 'plain'
      : ABJADS.has(script)
        ? 'vowelless'
        : script === 'Korean'
          ? 'hangul'
          : SYLLABIC_SCRIPTS.has(script)
            ? 'syllabic'
            : 'plain'
  const words: NameWord[] = []
  for (const m of text.matchAll(WORD)) {
    const raw = m[0] === '&' ? 'and' : m[0]
    const hyphenated = text[(m.index ?? 0) + m[0].length] === '-'
    const read = wordKind(raw, { hyphenated, first: words.length === 0, entity })
    // A syllable of one letter (이 → `i`) is a whole name, not an initial.
    const kind = read === 'initial' && (form === 'hangul' || form === 'syllabic') ? 'word' : read
    const split = kind === 'word' ? splitPrefix(raw) : null
    if (split) {
      const tail = split[1]
      words.push(makeWord('abd', 'abd', form, raw.slice(0, raw.length - tail.length)))
      words.push(makeWord(tail, wordKind(tail, { hyphenated, first: false, entity }), form, tail))
      continue
    }
    words.push(makeWord(canonicalParticle(raw, kind), kind, form, raw))
  }
  return { original: name, words, script, commaForm }
}
