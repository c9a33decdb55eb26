import { EXTRA_SUBJECT_WEIGHT, MIDDLE_FACTOR, MISSING_QUERY_WEIGHT, type ComparableName, type Pairing } from './compare.js'
import type { NameWord } from './normalize.js'

/**
 * Added to a bound before it is compared: the bound and the score sum the same terms in another
 * order, so may differ in the last bits of a float.
 */
export const BOUND_SLACK = 1e-9

/**
 * An upper bound of the score scorePairings gives a listed name, read off its candidate pairings
 * in one pass (no sort, no assignment) — as a search engine's MaxScore skips documents whose
 * best possible score cannot make the cut, the index skips names that cannot reach the threshold
 * or the k-th best score already held.
 *
 * With W the weight of the query's words, M the weight of those paired, A the weight-times-score
 * of the pairs and X the listed words left out, the score is A / (W·m + M·(1 − m) + X·e)
 * (m = MISSING_QUERY_WEIGHT, e = EXTRA_SUBJECT_WEIGHT), times a factor ≤ 1. As A ≤ M it is at
 * most g(A) = A / (W·m + A·(1 − m) + X·e), which grows with A; so bounding A from above and X
 * from below bounds the score:
 *
 * - A ≤ Σ over query words of weight × the best score of any pairing holding it;
 * - A ≤ Σ over listed words of the best gain (score × query weight) of any pairing holding it
 *   (no listed word is in two pairs: a long query against a short name gains little);
 * - X ≥ MIDDLE_FACTOR × the weight of the listed words no pairing holds (a word left out costs
 *   at least that share of its weight).
 *
 * A name with no pairing of a query word weighing 0.5 or more scores 0, and so does its bound.
 */
export function scoreBound(query: ComparableName, subject: ComparableName, edges: readonly Pairing[]): number {
  const Q = query.name.words
  const S = subject.name.words
  const bestQ = new Float64Array(Q.length)
  const bestS = new Float64Array(S.length)
  const held = new Uint8Array(S.length)
  let nameWord = false
  for (const e of edges) {
    let w = 0
    for (const i of e.q) {
      const qw = (Q[i] as NameWord).weight
      w += qw
      if (qw >= 0.5) nameWord = true
      if (e.score > (bestQ[i] as number)) bestQ[i] = e.score
    }
    const gain = e.score * w
    for (const j of e.s) {
      held[j] = 1
      if (gain > (bestS[j] as number)) bestS[j] = gain
    }
  }
  if (!nameWord) return 0
  let total = 0
  let byQuery = 0
  for (let i = 0; i < Q.length; i++) {
    const w = (Q[i] as NameWord).weight
    total += w
    byQuery += w * (bestQ[i] as number)
  }
  let bySubject = 0
  let unpaired = 0
  for (let j = 0; j < S.length; j++) {
    bySubject += bestS[j] as number
    if (!held[j]) unpaired += (S[j] as NameWord).weight
  }
  return gainBound(total, Math.min(byQuery, bySubject), unpaired * MIDDLE_FACTOR)
}

/**
 * g(A) above: the most a name gaining `a` (weight times score) can score against a query
 * weighing `totalWeight`, with at least `leftOut` weight of its own words left out.
 *
 * @example gainBound(2, 1) // 0.556: one of two query words matched scores 1 / (1.6 + 0.2) at most
 */
export function gainBound(totalWeight: number, a: number, leftOut = 0): number {
  const denominator = totalWeight * MISSING_QUERY_WEIGHT + a * (1 - MISSING_QUERY_WEIGHT) + leftOut * EXTRA_SUBJECT_WEIGHT
  return denominator > 0 ? Math.min(1, a / denominator) : 0
}

/**
 * The least weight-times-score A a name must gain for its score to reach `score` (the inverse of
 * g above with no listed word left out); 0 when any name may, Infinity when none can (over 1).
 *
 * @example weightNeeded(2, 0.8) // 1.524: two query words of weight 1 must gain 1.524 between them
 */
export function weightNeeded(totalWeight: number, score: number): number {
  if (score <= 0) return 0
  if (score > 1) return Infinity
  return (totalWeight * MISSING_QUERY_WEIGHT * score) / (1 - (1 - MISSING_QUERY_WEIGHT) * score)
}
