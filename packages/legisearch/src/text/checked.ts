import { invalid } from '../common/errors.js'
import { shown } from '../common/shown.js'
import { fold as foldWord } from './fold.js'
import { MATCH_MODES, type MatchMode, termOf as termOfWord } from './modes.js'
import { stem as stemWord } from './stem.js'
import { type Token, tokenize as tokenizeText } from './tokenize.js'

/**
 * The text analysis as the package exports it: the same functions the index uses, with their
 * arguments checked once here (the index calls the unchecked ones, once per token).
 */
export { MATCH_MODES, matchModeOf, type MatchMode } from './modes.js'
export type { Token } from './tokenize.js'

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalid(`${name}: must be a string (got ${shown(value)})`, [name])
  return value
}

/**
 * Case and accent folding of one word.
 *
 * @example fold('TRIBUTÁRIA') // 'tributaria'
 */
export const fold = (word: string): string => foldWord(text(word, 'word'))

/**
 * The Portuguese stem of a folded word.
 *
 * @example stem(fold('tributárias')) // 'tributari'
 */
export const stem = (word: string): string => stemWord(text(word, 'word'))

/**
 * The words of a text, with their offsets.
 *
 * @example tokenize('Reforma tributária').map((t) => t.text) // ['Reforma', 'tributária']
 */
export const tokenize = (value: string): Token[] => tokenizeText(text(value, 'text'))

/**
 * The term a word is indexed under in a match mode.
 *
 * @example termOf('Tributárias', 'default') // 'tributari'
 */
export function termOf(word: string, mode: MatchMode): string {
  if (!MATCH_MODES.includes(mode)) throw invalid(`mode: must be one of ${MATCH_MODES.join(', ')} (got ${shown(mode)})`, ['mode'])
  return termOfWord(text(word, 'word'), mode)
}
