import type { NameWord } from './normalize.js'
import { jaroWinkler, osaDistance, withinOneEdit } from './similarity.js'
import { koreanKey } from './korean.js'
import { sameCollapsed } from './variants.js'

/** How two words met. */
export type WordMatchKind = 'exact' | 'variant' | 'close' | 'initial'

/** Two words judged the same, with how sure (0..1). */
export interface WordMatch {
  readonly score: number
  readonly how: WordMatchKind
}

/** Below this two words are not paired at all. */
export const MIN_WORD_SCORE = 0.7

const EXACT: WordMatch = { score: 1, how: 'exact' }
const DOUBLED: WordMatch = { score: 0.97, how: 'variant' }
const INITIAL: WordMatch = { score: 0.8, how: 'initial' }
const SLIP: WordMatch = { score: 0.8, how: 'close' }
const KOREAN: WordMatch = { score: 0.9, how: 'variant' }

/** Particles meet their own canonical spelling, or a slip of it as written — never another particle. */
export const FIXED: ReadonlySet<string> = new Set(['article', 'patronymic', 'kunya', 'abd', 'stop'])

/**
 * Edits a word of this many letters may carry and still be the same word (as nomenklatura's
 * budget: none under 4 letters, one up to 5, two up to 8, three beyond).
 */
export function editBudget(length: number): number {
  return length <= 3 ? 0 : length <= 5 ? 1 : length <= 8 ? 2 : 3
}

/**
 * Compares two words: equal, a spelling variant (doubled letters, the same consonant skeleton),
 * close (a typo within the edit budget, or very high Jaro-Winkler), an initial against its word.
 * Words from a script without short vowels are compared by skeleton alone. Null below
 * MIN_WORD_SCORE.
 *
 * @example compareWords(makeWord('saif', 'word'), makeWord('seif', 'word')) // { score: 0.92, how: 'variant' }
 */
export function compareWords(q: NameWord, s: NameWord): WordMatch | null {
  if (q.text === s.text) return EXACT
  const qf = FIXED.has(q.kind)
  const sf = FIXED.has(s.kind)
  if (qf && sf) return null
  if (qf || sf) return particleSlip(q, s)
  if (q.kind === 'number' || s.kind === 'number') return null
  if (q.kind === 'initial' || s.kind === 'initial') {
    const [i, w] = q.kind === 'initial' ? [q, s] : [s, q]
    return w.kind !== 'initial' && w.text[0] === i.text ? INITIAL : null
  }
  if (q.form === 'vowelless' || s.form === 'vowelless') return compareSkeletons(q, s)
  if ((q.form === 'hangul' || s.form === 'hangul') && !q.joined && !s.joined) {
    // A Korean syllable against another romanization of it: the systems' key, else its letters.
    if (koreanKey(q.text) === koreanKey(s.text)) return q.collapsed === s.collapsed ? DOUBLED : KOREAN
  }
  if (q.collapsed === s.collapsed) return DOUBLED
  const a = q.collapsed
  const b = s.collapsed
  const length = Math.max(a.length, b.length)
  let best: WordMatch | null = null
  const budget = editBudget(length)
  const d = osaDistance(a, b, Math.max(budget, 1))
  if (d <= budget) {
    // One slip: the edit share, or Jaro-Winkler (which forgives a swap of two letters and a
    // slip after a shared prefix) less a margin. Two or more: each edit multiplies the loss,
    // so Castillo is not Castro (as nomenklatura's strict Levenshtein).
    const score = d === 1 ? Math.max(1 - 1 / length, jaroWinkler(a, b) - 0.1) : (1 - d / length) ** d
    best = { score, how: 'close' }
  }
  // Joined pairs and syllables lose too much in a skeleton: only their letters count.
  const syllables = q.form === 'syllabic' || s.form === 'syllabic' || q.form === 'hangul' || s.form === 'hangul'
  const sk = q.joined || s.joined || syllables ? null : skeletonMatch(q.skeleton, s.skeleton, d)
  if (sk && sk.score > (best?.score ?? 0)) best = sk
  return best && best.score >= MIN_WORD_SCORE ? best : null
}

/**
 * A particle against a word, as written: the word is a slip of the particle (`abudl` for
 * `abdul`, `adb` for `abd`, `all-` for `al-`).
 */
function particleSlip(q: NameWord, s: NameWord): WordMatch | null {
  if (q.kind !== 'word' && s.kind !== 'word') return null
  if (sameCollapsed(q.shown, s.shown)) return DOUBLED
  return Math.min(q.shown.length, s.shown.length) >= 3 && withinOneEdit(q.shown, s.shown) ? SLIP : null
}

/** Same skeleton: a transliteration variant, surer the longer the skeleton. */
function skeletonMatch(a: string, b: string, letterEdits: number): WordMatch | null {
  // Long skeletons one consonant apart: a case ending (Alexandros, Alexander) or one more letter.
  if (a !== b) return Math.min(a.length, b.length) >= 6 && osaDistance(a, b, 1) <= 1 ? { score: 0.8, how: 'variant' } : null
  // One letter apart besides (Usama, Osama; Ladin, Laden): surer still.
  const near = letterEdits <= 1 ? 0.04 : 0
  if (a.length >= 4) return { score: 0.93 + near, how: 'variant' }
  if (a.length === 3) return { score: 0.9 + near, how: 'variant' }
  if (a.length === 2 && letterEdits <= 1) return { score: 0.88 + near, how: 'variant' }
  return null
}

/**
 * Vowelless words (Arabic script) against each other or a Latin spelling: skeletons only; a
 * joined pair only by an equal skeleton of four letters or more.
 */
function compareSkeletons(q: NameWord, s: NameWord): WordMatch | null {
  const a = q.skeleton
  const b = s.skeleton
  const joined = q.joined || s.joined
  // Two joined pairs lose too much between them; one joined pair against one word (عبدالحی,
  // `abdul hai`) keeps a skeleton of four letters or more.
  if (q.joined && s.joined) return null
  if (a === b) return a.length >= (joined ? 4 : 2) ? { score: a.length >= 3 ? 0.92 : 0.88, how: 'variant' } : null
  // One consonant apart, but not a final -i (Mohammadi is not Mohammad).
  if (!joined && Math.min(a.length, b.length) >= 4 && a.slice(0, -1) !== b && b.slice(0, -1) !== a && osaDistance(a, b, 1) <= 1) {
    return { score: 0.75, how: 'close' }
  }
  return null
}
