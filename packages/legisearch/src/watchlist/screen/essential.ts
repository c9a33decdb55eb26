/**
 * MaxScore's split of the query's words (as Lucene skips documents that match only the
 * "non-essential" terms): a name that holds none of the essential words' matches gains at most
 * what the other words can give it; while that is under the weight a name needs to reach the
 * cut, only the essential words' matches need be walked to find every name that can.
 */

/** What one query word can add to a name's matched weight. */
export interface WordPotential {
  /** At most: its weight times the best score of any of its matches. */
  readonly most: number
  /** The listed names holding its matches, with repeats: the work of walking them. */
  readonly postings: number
}

/**
 * Which words must be walked so that every name that can gain `needed` weight is found: the
 * words with the most postings are left out first, as long as what all the words left out can
 * give stays under `needed`.
 *
 * @example essentialWords([{ most: 1, postings: 900 }, { most: 1, postings: 3 }], 1.5) // [false, true]
 */
export function essentialWords(words: readonly WordPotential[], needed: number): boolean[] {
  const essential = words.map(() => true)
  let reach = 0
  const order = words.map((_, i) => i).sort((a, b) => (words[b] as WordPotential).postings - (words[a] as WordPotential).postings || a - b)
  for (const i of order) {
    const most = (words[i] as WordPotential).most
    if (reach + most < needed) {
      reach += most
      essential[i] = false
    }
  }
  return essential
}
