import anyAscii from 'any-ascii'

/**
 * Latin transliteration of a name in any script, by `any-ascii`, with the few steps a name needs
 * around it: Arabic script gets its article split off and the letters whose scholarly rendering
 * differs from the press's (ظ is `z`, a word-initial alif or ʿayn is a vowel) set beforehand; every
 * Han or Hangul character (one syllable each) becomes its own word, so `习近平` reads `xi jin ping`
 * and the matcher can join syllables as it joins `jin ping` with `jinping`.
 */

/** Scripts whose writing leaves short vowels out: their words are compared by consonant skeleton. */
export const ABJADS: ReadonlySet<string> = new Set(['Arabic', 'Hebrew', 'Syriac', 'Thai'])

/** Scripts written in syllables, each transliterated as its own word. */
export const SYLLABIC_SCRIPTS: ReadonlySet<string> = new Set(['Chinese', 'Korean', 'Japanese'])

const SCRIPTS: readonly [string, RegExp][] = [
  ['Arabic', /\p{Script=Arabic}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Chinese', /\p{Script=Han}/u],
  ['Korean', /\p{Script=Hangul}/u],
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Syriac', /\p{Script=Syriac}/u],
]
const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u

/**
 * The non-Latin script a name is written in (the first found), or null for Latin or plain ASCII.
 *
 * @example scriptOf('أيمن الظواهري') // 'Arabic'
 */
export function scriptOf(name: string): string | null {
  if (!NON_LATIN.test(name)) return null
  for (const [script, re] of SCRIPTS) if (re.test(name)) return script
  return 'other'
}

const ARABIC_WORD = /\p{Script=Arabic}+/gu
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g // harakat, superscript alif, Quranic marks, tatweel
const INITIAL_VOWEL = /^[اأإآعٱ]/u

/** One Arabic-script word, ready for any-ascii: article apart, vowel-initial marked, ظ as z. */
function arabicWord(word: string): string {
  let w = word.replace(ARABIC_MARKS, '')
  let article = ''
  if (w.length > 3 && (w.startsWith('ال') || w.startsWith('ٱل')) && w !== 'الله') {
    article = 'al '
    w = w.slice(2)
  } else if (w.length > 5 && w.startsWith('عبدال')) {
    // عبدالحی: ʿAbd al-Hayy written as one word.
    article = 'abd al '
    w = w.slice(5)
  }
  w = w.replace(/ظ/g, 'z')
  // A word opening with alif or ʿayn opens with a vowel (Usama, Ayman, Umar); any-ascii drops a
  // bare alif and writes ʿayn as a backtick.
  if (INITIAL_VOWEL.test(w)) w = `a${w.slice(1)}`
  return article + w
}

const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/u

/**
 * Latin rendering of a name (case kept as any-ascii gives it), with the script it came from.
 *
 * @example toLatin('Владимир Путин') // { text: 'Vladimir Putin', script: 'Cyrillic' }
 */
export function toLatin(name: string): { text: string; script: string | null } {
  const script = scriptOf(name)
  if (script === null) return { text: anyAscii(name), script }
  let text = name.replace(ARABIC_WORD, arabicWord)
  if (SYLLABIC.test(text)) {
    text = Array.from(text, (ch) => (SYLLABIC.test(ch) ? ` ${ch} ` : ch)).join('')
  }
  return { text: anyAscii(text), script }
}
