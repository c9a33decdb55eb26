/**
 * A text query over the live documents of a block index's segments: the exact total of its
 * matches and the best `k` of them (by BM25, `bm25.ts`, or by a key such as a date), one page
 * threshold shared by every segment. This file only chooses, per segment, the walk that answers
 * the query with the least work:
 *
 * - one word (in any field), ranked by BM25 with no filter: from its blocks (`single-term.ts`);
 * - an OR of several alternatives: on a bitmap, ranked by MaxScore or by date (`max-score.ts`);
 * - one word ranked by a date or filtered: one loop over its documents (`single-term.ts`);
 * - anything else: its groups leapfrogged, every match checked and counted (`leapfrog.ts`).
 *
 * Every walk skips what its score bounds (`bounds.ts`) say cannot enter the page (`top-k.ts`);
 * the property tests check each against a brute-force oracle written from the definitions.
 */
import { idfOf } from '../bm25.js'
import { leapfrog } from './leapfrog.js'
import { TermMatcher, anyOf, matcherOf } from './matchers.js'
import { unionSearch } from './max-score.js'
import type { EvaluateOptions, QuerySpec, Ranked } from './query-spec.js'
import type { LiveSegment, Segment } from './segment.js'
import { type OneWord, singleTerm, singleTermExcept, walkTerm } from './single-term.js'
import { type Stats, lengthsOf, statsOf } from './stats.js'
import { type Entry, TopK } from './top-k.js'

/**
 * `search` over one segment with nothing deleted: the exact total and the best `k` matches (score
 * descending, then `tie`). Used only by the tests and the bench, on segments built in memory.
 *
 * @example
 * evaluate(builder.finish(), [3, 1], { groups: [[{ alternatives: [{ terms: ['lei'] }] }]], exclude: [] }, { k: 20 })
 */
export function evaluate(seg: Segment, weights: readonly number[], q: QuerySpec, opts: EvaluateOptions): { total: number; top: Ranked[] } {
  return search([{ segment: seg, deleted: new Set() }], weights, q, opts)
}

/**
 * The exact total and the best `k` matches over the live documents of several segments, ranked
 * together (one page threshold for all, so a later segment skips what an earlier one beat).
 *
 * @example
 * search(readSegments(st, 'propositions:default'), [3, 1, 2], spec, { k: 20 }).total
 */
export function search(
  live: readonly LiveSegment[],
  weights: readonly number[],
  q: QuerySpec,
  opts: EvaluateOptions,
): { total: number; top: Ranked[] } {
  const stats = statsOf(live)
  const alternatives = q.groups.flatMap((g) => g.flatMap((item) => item.alternatives))
  const idfs = alternatives.map((alt) => idfOf(alt.terms, stats.documents, stats.df))
  const tie = opts.tie ?? ((a: number, b: number) => a - b)
  const order = opts.order
  // `score` holds the key when ranking by a key (negated when ascending: higher is always better).
  const top = new TopK<Entry>(opts.k, (a, b) => Number(b.lead) - Number(a.lead) || b.score - a.score || tie(a.doc, b.doc))
  let total = 0
  for (const segment of live) total += searchSegment(segment, weights, q, opts, stats, idfs, top)
  return { total, top: top.sorted().map((e) => ({ doc: e.doc, score: order ? 0 : e.score })) }
}

function searchSegment(
  live: LiveSegment,
  weights: readonly number[],
  q: QuerySpec,
  opts: EvaluateOptions,
  stats: Stats,
  idfs: readonly number[],
  top: TopK<Entry>,
): number {
  const { segment: seg, deleted } = live
  const { order, first } = opts
  const avg = stats.avgLength
  const { byDoc } = lengthsOf(seg)
  // One matcher per alternative, shared by matching and scoring (both only move forward).
  const matchers = q.groups.map((g) => g.map((item) => item.alternatives.map((alt) => matcherOf(seg, weights, alt))))
  const flat = matchers.flat(2)
  const scored = flat.map((matcher, i) => ({ idf: idfs[i] as number, matcher }))

  // One word, nothing else: the total is its live document frequency, and a block whose bound
  // cannot enter the page is never decoded.
  // The exclusions as one matcher (a fresh one each time asked: matchers only move forward).
  const exclusions = () => anyOf(q.exclude.flatMap((i) => i.alternatives.map((a) => matcherOf(seg, weights, a))))
  const ranked = scored.length === 1 && !opts.accept && !opts.collect && !order && !first ? scored[0] : undefined
  if (ranked && ranked.matcher instanceof TermMatcher && ranked.matcher.unrestricted) {
    const word: OneWord = { c: ranked.matcher.termCursor, idf: ranked.idf, weights, byDoc, avg, deleted, top }
    return q.exclude.length === 0 ? singleTerm(word) : singleTermExcept(word, exclusions)
  }
  // An OR (one group of several alternatives), not led by identifiers: counted on a bitmap, ranked
  // by MaxScore or by date.
  if (q.groups.length === 1 && scored.length > 1 && !first) {
    const alts = q.groups.flatMap((g) => g.flatMap((item) => item.alternatives))
    const exclude = q.exclude.flatMap((i) => i.alternatives)
    return unionSearch(seg, deleted, byDoc, avg, weights, alts, idfs, exclude, opts, top)
  }
  // One word ranked by a date or filtered: its documents walked in one loop, no matcher between.
  const walked = scored.length === 1 && !first ? scored[0] : undefined
  if (walked && walked.matcher instanceof TermMatcher && walked.matcher.unrestricted) {
    const excluded = q.exclude.length === 0 ? undefined : exclusions()
    return walkTerm({ c: walked.matcher.termCursor, idf: walked.idf, weights, byDoc, avg, deleted, top }, opts, excluded)
  }
  return leapfrog(seg, deleted, byDoc, avg, matchers, scored, q.exclude.length === 0 ? null : exclusions(), opts, top)
}
