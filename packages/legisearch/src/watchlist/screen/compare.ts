import { makeWord, prepareName, type NameWord, type PreparedName } from './normalize.js'
import { compareWords, type WordMatch, type WordMatchKind } from './words.js'

/**
 * Name-against-name scoring. The words of the two names are paired (any order: the list writes
 * `AL ZAWAHIRI Ayman` as often as `Ayman al-Zawahiri`), a word may also pair with two adjacent
 * words of the other name written together (`abdulhai` ~ `abdul hai`, `jinping` ~ `jin ping`,
 * `abdelfattahr emadna` ~ `abdelfattah remadna`), best pairs first. The score is the weighted
 * share of the query's words matched, each weighed by how well it matched, against the weight
 * matched plus most of the weight of the query's words with no counterpart (MISSING_QUERY_WEIGHT)
 * plus a fraction of the listed words the query left out (EXTRA_SUBJECT_WEIGHT) — so a dropped
 * middle name costs little and a query word with no counterpart costs nearly its weight.
 */

/** What a query word with no counterpart costs, against its weight when matched (1). */
export const MISSING_QUERY_WEIGHT = 0.8
/** What a listed word the query leaves out costs. */
export const EXTRA_SUBJECT_WEIGHT = 0.3
/** A query that shares one name word only with a longer listed name keeps this share of its score. */
export const SINGLE_WORD_FACTOR = 0.8
/** A listed middle name, or one right after `bin` (an ancestor's), costs this share when left out. */
export const MIDDLE_FACTOR = 0.5

/** A pairing of query words with listed words. */
export interface Pairing {
  /** Indexes of the query's words (one, or two adjacent written together). */
  readonly q: readonly number[]
  /** Indexes of the listed name's words. */
  readonly s: readonly number[]
  readonly score: number
  readonly how: WordMatchKind | 'joined'
}

/** The outcome of comparing a query name with a listed name. */
export interface NameComparison {
  readonly score: number
  readonly pairs: readonly Pairing[]
  /** The matched words do not come in the same order on both sides. */
  readonly orderDiffers: boolean
}

/** The words of a name and the words made by joining each two adjacent ones. */
export interface ComparableName {
  readonly name: PreparedName
  /** joined[i] = words[i] + words[i + 1], or null where that join makes no sense (numbers). */
  readonly joined: readonly (NameWord | null)[]
}

/**
 * Adds the joined adjacent words to a prepared name.
 *
 * @example comparable(prepareName('Xi Jin Ping')).joined[1]?.text // 'jinping'
 */
export function comparable(name: PreparedName): ComparableName {
  const w = name.words
  const joined: (NameWord | null)[] = []
  for (let i = 0; i + 1 < w.length; i++) {
    const a = w[i] as NameWord
    const b = w[i + 1] as NameWord
    joined.push(
      a.kind === 'number' || b.kind === 'number'
        ? null
        : makeWord(a.text + b.text, 'word', a.form === 'plain' ? b.form : a.form, `${a.shown} ${b.shown}`, true),
    )
  }
  return { name, joined }
}

/** Matches one query word (or joined pair) against one listed word (or joined pair). */
export type WordMatcher = (q: NameWord, s: NameWord) => WordMatch | null

/**
 * Every pairing of a query word (or two adjacent ones written together) with a listed word (or
 * two), by the given word matcher.
 */
export function pairingsOf(query: ComparableName, subject: ComparableName, match: WordMatcher = compareWords): Pairing[] {
  const Q = query.name.words
  const S = subject.name.words
  const edges: Pairing[] = []
  const add = (q: number[], s: number[], qw: NameWord | null, sw: NameWord | null, joined: boolean): void => {
    if (!qw || !sw) return
    const m = match(qw, sw)
    if (m) edges.push({ q, s, score: m.score, how: joined ? 'joined' : m.how })
  }
  for (let i = 0; i < Q.length; i++) {
    for (let j = 0; j < S.length; j++) add([i], [j], Q[i] as NameWord, S[j] as NameWord, false)
    for (let j = 0; j < subject.joined.length; j++) add([i], [j, j + 1], Q[i] as NameWord, subject.joined[j] ?? null, true)
  }
  for (let i = 0; i < query.joined.length; i++) {
    const qj = query.joined[i] ?? null
    for (let j = 0; j < S.length; j++) add([i, i + 1], [j], qj, S[j] as NameWord, true)
    for (let j = 0; j < subject.joined.length; j++) add([i, i + 1], [j, j + 1], qj, subject.joined[j] ?? null, true)
  }
  return edges
}

/**
 * Scores a query name against a listed name from the candidate pairings of their words: the
 * best pairs are kept first (no word in two pairs), then the weighted share is taken.
 */
export function scorePairings(query: ComparableName, subject: ComparableName, edges: Pairing[]): NameComparison {
  // Two greedy passes, the better kept: best-scored pairs first (at equal scores single words,
  // clearer to explain), and pairs weighing most first (a joined pair that covers two words
  // fairly well can beat one word exactly: `xal-assad` ~ `al-assad`).
  edges.sort((a, b) => b.score - a.score || a.q.length + a.s.length - (b.q.length + b.s.length) || (a.q[0] as number) - (b.q[0] as number))
  const first = assign(query, subject, edges)
  if (!edges.some((e) => e.q.length > 1 || e.s.length > 1)) return first
  const gain = (e: Pairing): number => e.score * e.q.reduce((w, i) => w + (query.name.words[i] as NameWord).weight, 0)
  const second = assign(
    query,
    subject,
    [...edges].sort((a, b) => gain(b) - gain(a)),
  )
  return second.score > first.score ? second : first
}

function assign(query: ComparableName, subject: ComparableName, edges: readonly Pairing[]): NameComparison {
  const Q = query.name.words
  const S = subject.name.words
  const usedQ = new Uint8Array(Q.length)
  const usedS = new Uint8Array(S.length)
  const pairs: Pairing[] = []
  for (const e of edges) {
    if (e.q.some((i) => usedQ[i]) || e.s.some((j) => usedS[j])) continue
    for (const i of e.q) usedQ[i] = 1
    for (const j of e.s) usedS[j] = 1
    pairs.push(e)
  }
  let nameWordsMatched = 0
  let matched = 0
  let matchedWeight = 0
  for (const p of pairs) {
    let w = 0
    for (const i of p.q) {
      const word = Q[i] as NameWord
      w += word.weight
      if (word.weight >= 0.5) nameWordsMatched++
    }
    matched += w * p.score
    matchedWeight += w
  }
  let missing = 0
  for (let i = 0; i < Q.length; i++) if (!usedQ[i]) missing += (Q[i] as NameWord).weight
  let firstUsed = S.length
  let lastUsed = -1
  for (let j = 0; j < S.length; j++) {
    if (usedS[j]) {
      firstUsed = Math.min(firstUsed, j)
      lastUsed = j
    }
  }
  let extra = 0
  for (let j = 0; j < S.length; j++) {
    if (usedS[j]) continue
    // A middle name (between matched words, when every query word is matched: not replaced by
    // another) or a name after `bin` (an ancestor's) is often left out.
    const middle = missing === 0 && j > firstUsed && j < lastUsed
    const ancestor = j > 0 && S[j - 1]?.kind === 'patronymic'
    extra += (S[j] as NameWord).weight * (middle || ancestor ? MIDDLE_FACTOR : 1)
  }
  const denominator = matchedWeight + MISSING_QUERY_WEIGHT * missing + EXTRA_SUBJECT_WEIGHT * extra
  let score = nameWordsMatched > 0 && denominator > 0 ? matched / denominator : 0
  // One word in common with a longer name is weak evidence (`Reshad` against `Habibullah Reshad`).
  if (nameWordsMatched === 1 && S.some((w, j) => !usedS[j] && w.weight >= 0.5)) score *= SINGLE_WORD_FACTOR
  pairs.sort((a, b) => (a.q[0] as number) - (b.q[0] as number))
  let orderDiffers = false
  for (let k = 1; k < pairs.length; k++) if ((pairs[k]?.s[0] as number) < (pairs[k - 1]?.s[0] as number)) orderDiffers = true
  return { score: Math.min(1, score), pairs, orderDiffers }
}

/** Scores a query name against a listed name with the given word matcher (compareWords by default). */
export function alignNames(query: ComparableName, subject: ComparableName, match: WordMatcher = compareWords): NameComparison {
  return scorePairings(query, subject, pairingsOf(query, subject, match))
}

/**
 * Scores two names against each other, 0..1 (the first is the query: its words all count, the
 * second's left-out words count less).
 *
 * @example compareNames('Saif al-Adel', 'Seif al Adel').score // ≈ 0.95
 */
export function compareNames(query: string, subject: string, options: { entity?: boolean } = {}): NameComparison {
  const entity = options.entity ?? false
  return alignNames(comparable(prepareName(query, entity)), comparable(prepareName(subject, entity)))
}
