import { remove as removeDiacritics } from 'diacritics'

const MARKS = /\p{M}+/gu
// Letters that survive NFD untouched (ø, ł, đ, æ, ß…) are mapped by the `diacritics` table; the
// cheap test keeps plain ASCII and common Latin text off that slower path.
const NEEDS_TABLE = /[^ -\u024f]|[øØłŁđĐæÆßœŒðÐþÞħĦıĸŀĿŉŋŊŧŦ]/u

/**
 * Case and accent folding of one word: `Ação` → `acao`, `Øresund` → `oresund`, `Straße` → `strasse`.
 *
 * @example fold('TRIBUTÁRIA') // 'tributaria'
 */
export function fold(word: string): string {
  // Lower case first: the table maps only lower-case letters (ρ → p, but not Ρ).
  let out = word.toLowerCase().normalize('NFD').replace(MARKS, '')
  if (NEEDS_TABLE.test(out)) out = removeDiacritics(out).toLowerCase()
  return out
}

/**
 * Compatibility folding of a name: NFKD (so `ﬁ` → `fi`, full-width → ASCII), marks removed, lower
 * case; punctuation and spacing kept for the caller to treat. What the watchlist's name matching
 * and the narrative rules compare (DECISIONS §6); the search modes use `fold`.
 *
 * @example foldCompat('Al-Qāʿida') // 'al-qaʿida'
 */
export function foldCompat(s: string): string {
  return s.normalize('NFKD').replace(MARKS, '').toLowerCase()
}
