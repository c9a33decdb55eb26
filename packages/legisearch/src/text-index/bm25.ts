/**
 * BM25 as FTS5's `bm25()` computes it, the one place for its formula, its constants, a word's idf
 * and the relevance scale every text index reports. Both indexes use it: the block index scores
 * with `bm25` and `idfOf`, FTS5 scores in SQLite and scales with `relevanceSql`.
 *
 * One alternative at a document: idf · f·(k1+1) / (f + k1·(1 − b + b·D/avgD)), where
 * f = Σ weight × occurrences per field, D the document's tokens over all fields, avgD their mean,
 * and idf a word's ln((N − n + ½)/(n + ½)) floored at 10⁻⁶ (n the documents holding it, N the
 * documents indexed). A phrase's idf is the sum of its words' idfs, as Lucene's: FTS5 counts the
 * phrase's documents first, a second pass over every match that the ranking does not need.
 */

/** FTS5's constants. */
export const K1 = 1.2
export const B = 0.75
/** FTS5 floors a word's idf here: a word in half the documents or more still counts a little. */
const MIN_IDF = 1e-6

/**
 * One alternative's BM25 at a document: FTS5's formula.
 *
 * @example
 * bm25(idfOf(['lei'], 1000, () => 10), 3, 12, 20) // > 0
 */
export function bm25(idf: number, weighted: number, length: number, avgLength: number): number {
  return (idf * (weighted * (K1 + 1))) / (weighted + K1 * (1 - B + (B * length) / avgLength))
}

/**
 * An alternative's idf: the sum of its words' (a word, or a phrase's words), each from `df`, the
 * documents holding it among `documents`.
 *
 * @example
 * idfOf(['reforma', 'agraria'], 1000, (w) => (w === 'reforma' ? 40 : 12))
 */
export function idfOf(words: readonly string[], documents: number, df: (word: string) => number): number {
  let idf = 0
  for (const w of words) {
    const n = df(w)
    idf += Math.max(MIN_IDF, Math.log((documents - n + 0.5) / (n + 0.5)))
  }
  return idf
}

/**
 * The relevance scale: round(10⁶ · log10(1 + 10⁶ · score)), score = BM25 (higher is better). The
 * transform is monotone, so it orders exactly as BM25 does, and it keeps integer resolution at
 * both ends: FTS5 clamps the IDF of a word present in half the documents or more to 10⁻⁶, where a
 * linear scale would round every score to 0 and turn the relevance sort into a date sort.
 */
const SCALE = 1_000_000

/**
 * A BM25 score on the relevance scale.
 *
 * @example
 * relevanceOf(0) // 0
 */
export function relevanceOf(score: number): number {
  return Math.round(SCALE * Math.log10(1 + SCALE * score))
}

/**
 * The relevance scale in SQL, over an SQL expression of the score (higher is better).
 *
 * @example
 * relevanceSql('-m.score') // 'CAST(round(1000000 * log10(1 + 1000000 * -m.score)) AS INTEGER)'
 */
export function relevanceSql(score: string): string {
  return `CAST(round(${SCALE} * log10(1 + ${SCALE} * ${score})) AS INTEGER)`
}
