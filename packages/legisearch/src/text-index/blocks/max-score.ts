/**
 * An OR (one group of several alternatives) in a segment: counted on a bitmap, ranked by MaxScore
 * or by date.
 */
import { bm25 } from '../bm25.js'
import { SLACK } from './bounds.js'
import { NO_MORE } from './cursor.js'
import { matcherOf } from './matchers.js'
import type { Alternative, EvaluateOptions } from './query-spec.js'
import type { Segment } from './segment.js'
import type { Entry, TopK } from './top-k.js'

/**
 * An OR of alternatives in a segment: its live matches (not excluded, passing the filters) marked
 * on a bitmap as each alternative's documents are walked once (nothing scored), and counted there;
 * the page then by date over the marks, or by MaxScore: the alternatives whose best scores together
 * cannot reach the page's last are no longer walked, only looked up at the documents the others bring.
 */
export function unionSearch(
  seg: Segment,
  deleted: ReadonlySet<number>,
  byDoc: Int32Array,
  avg: number,
  weights: readonly number[],
  alts: readonly Alternative[],
  idfs: readonly number[],
  exclude: readonly Alternative[],
  opts: EvaluateOptions,
  top: TopK<Entry>,
): number {
  const last = seg.docs.length === 0 ? -1 : (seg.docs[seg.docs.length - 1] as number)
  // 0: not seen; 1: a match; 2: not one (deleted, excluded or filtered out).
  const marks = new Uint8Array(last + 1)
  for (const d of deleted) if (d <= last) marks[d] = 2
  for (const alt of exclude) {
    const m = matcherOf(seg, weights, alt)
    for (let d = m.next(); d !== NO_MORE; d = m.next()) marks[d] = 2
  }
  const { accept, order } = opts
  // The matches, when ranked by date (in the order found).
  const found: number[] | null = order && top.size > 0 ? [] : null
  let total = 0
  for (const alt of alts) {
    const m = matcherOf(seg, weights, alt)
    for (let d = m.next(); d !== NO_MORE; d = m.next()) {
      if (marks[d] !== 0) continue
      if (accept && !accept(d)) marks[d] = 2
      else {
        marks[d] = 1
        total++
        opts.collect?.(d)
        found?.push(d)
      }
    }
  }
  if (top.size === 0 || total === 0) return total
  if (order && found) {
    const { key, descending } = order
    for (const d of found) {
      const k = key(d)
      const score = descending ? k : -k
      const worst = top.threshold
      if (worst && score < worst.score) continue
      top.offer({ doc: d, score, lead: false })
    }
    return total
  }
  // MaxScore. Scores are summed in the alternatives' order (as everywhere: equal documents, equal
  // scores); the walk goes by each alternative's best score, lowest first.
  const all = alts.map((alt, i) => ({ m: matcherOf(seg, weights, alt), idf: idfs[i] as number }))
  const walk = all.map((x) => ({ ...x, max: x.m.max(x.idf, avg) * SLACK })).sort((a, b) => a.max - b.max)
  /** `upTo[j]`: the best scores of `walk[0..j]` together. */
  const upTo: number[] = []
  walk.forEach((x, j) => upTo.push((j === 0 ? 0 : (upTo[j - 1] as number)) + x.max))
  /** `walk[essential..]` are walked; those before only looked up (together they cannot reach the page). */
  let essential = 0
  const raise = () => {
    const now = top.threshold
    if (now) while (essential < walk.length && (upTo[essential] as number) < now.score) essential++
  }
  // The page may be full already (from earlier segments).
  raise()
  let target = 0
  for (;;) {
    let doc = NO_MORE
    for (let j = essential; j < walk.length; j++) {
      const m = (walk[j] as (typeof walk)[number]).m
      const d = m.doc >= target ? m.doc : m.advance(target)
      if (d < doc) doc = d
    }
    if (doc === NO_MORE) break
    target = doc + 1
    if (marks[doc] !== 1) continue
    const length = byDoc[doc] as number
    const worst = top.threshold
    if (worst) {
      let bound = essential === 0 ? 0 : (upTo[essential - 1] as number)
      for (let j = essential; j < walk.length; j++) {
        const x = walk[j] as (typeof walk)[number]
        if (x.m.doc === doc) bound += x.m.bound(x.idf, avg, length)
      }
      if (bound * SLACK < worst.score) continue
    }
    let score = 0
    for (const x of all) {
      const m = x.m
      if ((m.doc >= doc ? m.doc : m.advance(doc)) === doc) score += bm25(x.idf, m.weightedTf(), length, avg)
    }
    if (worst && score < worst.score) continue
    top.offer({ doc, score, lead: false })
    raise()
  }
  return total
}
