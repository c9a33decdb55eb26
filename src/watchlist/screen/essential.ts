/**
 * MaxScore's split of the query's words (as Lucene skips documents that match only the
 * "non-essential" terms): a name that holds none of the essential words' matches gains at most
 * what the others and the light words can give it; while that is under the weight a name needs
 * to reach the cut, only the essential words' lookups need be walked to find every name that can.
 */

/** What one query word can add to a name's matched weight. */
export interface WordPotential {
  /** At most: its weight times the best score of any of its lookups or particle slips. */
  readonly most: number
  /**
   * At most, to a name none of its lookups finds: a light word its weight (it meets any listed
   * word), another 0 (the listed light words it meets are walked with it).
   */
  readonly unfound: number
  /** The listed names its lookups find, with repeats: the work of walking them (0 for a light word). */
  readonly postings: number
  /** Light (a particle, form or initial): compared with every name found, never walked. */
  readonly light: boolean
}

/**
 * Which words must be walked so that every name that can gain `needed` weight is found: the
 * words with the most postings are left out first, as long as what all the words left out can
 * give, with what the rest give unfound, stays under `needed`. Light words are left out unless
 * what all words give unfound reaches `needed` already: then every word is walked.
 *
 * @example essentialWords([{ most: 1, unfound: 0, postings: 900, light: false }, { most: 1, unfound: 0, postings: 3, light: false }], 1.5) // [false, true]
 */
export function essentialWords(words: readonly WordPotential[], needed: number): boolean[] {
  let reach = words.reduce((sum, w) => sum + w.unfound, 0)
  if (reach >= needed) return words.map(() => true)
  const essential = words.map((w) => !w.light)
  const order = words
    .map((w, i) => i)
    .filter((i) => !(words[i] as WordPotential).light)
    .sort((a, b) => (words[b] as WordPotential).postings - (words[a] as WordPotential).postings || a - b)
  for (const i of order) {
    const w = words[i] as WordPotential
    if (reach + w.most - w.unfound < needed) {
      reach += w.most - w.unfound
      essential[i] = false
    }
  }
  return essential
}
