import { foldCompat } from '../text/fold.js'

/**
 * The watchlist's name normalization (DECISIONS §6): NFKD, marks removed, lower-cased, every
 * character that is not a letter or digit removed, so `al qaida`, `AL-QAIDA` and `alqaida` all
 * match `Al-Qaida`. Applied to both sides of the `search` substring match.
 *
 * @example nameKey('Al-Qaida') // 'alqaida'
 */
export function nameKey(s: string): string {
  return foldCompat(s).replace(/[^\p{L}\p{N}]+/gu, '')
}

/** The key of `sort=name`: the primary name folded, spaces kept, leading punctuation (`‘ABD…`) ignored. */
export function nameSortKey(s: string): string {
  return foldCompat(s)
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Every name of a designation as one key string; '|' keeps a match from spanning two names. */
export function namesKeyOf(names: readonly (string | null)[]): string {
  return `|${names
    .flatMap((n) => (n ? [nameKey(n)] : []))
    .filter(Boolean)
    .join('|')}|`
}
