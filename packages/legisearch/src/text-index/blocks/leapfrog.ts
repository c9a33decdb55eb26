/**
 * Any query in a segment, the general walk: its groups leapfrogged (the one with the fewest
 * documents leads), each match checked against the exclusions and the filters and counted; ranked
 * by a key (a date), or scored by BM25 only when its blocks' bounds could beat the page's last.
 */
import { bm25 } from '../bm25.js'
import { SLACK } from './bounds.js'
import { NO_MORE } from './cursor.js'
import { type Docs, type Matcher, anyOf } from './matchers.js'
import type { EvaluateOptions } from './query-spec.js'
import type { Segment } from './segment.js'
import type { Entry, TopK } from './top-k.js'

/** A positive alternative's matcher and its idf, in the query's order (scores are summed in it). */
export interface Scored {
  readonly idf: number
  readonly matcher: Matcher
}

/**
 * The live matches of a query in a segment: how many, each offered to the page when it can enter
 * it. `matchers`: per group, per item, per alternative; `excluded`: the exclusions as one walk.
 */
export function leapfrog(
  seg: Segment,
  deleted: ReadonlySet<number>,
  byDoc: Int32Array,
  avg: number,
  matchers: readonly (readonly (readonly Matcher[])[])[],
  scored: readonly Scored[],
  excluded: Docs | null,
  opts: EvaluateOptions,
  top: TopK<Entry>,
): number {
  const { order, first } = opts
  // The groups in the leapfrog's order: the one with the fewest documents first.
  const groups = matchers.map((g) => anyOf(g.map((alts) => anyOf(alts)))).sort((a, b) => a.cost - b.cost)
  // Without a positive part, every document is a candidate.
  const all = groups.length === 0 ? seg.docs : null
  let allAt = -1
  const nextMatch = (target: number): number => {
    if (all) {
      while (++allAt < all.length && (all[allAt] as number) < target);
      return allAt < all.length ? (all[allAt] as number) : NO_MORE
    }
    let doc = target
    for (;;) {
      let agreed = true
      for (const g of groups) {
        const d = g.doc >= doc ? g.doc : g.advance(doc)
        if (d !== doc) {
          doc = d
          agreed = false
          break
        }
      }
      if (doc === NO_MORE) return NO_MORE
      if (agreed) return doc
    }
  }
  let total = 0
  for (let doc = nextMatch(0); doc !== NO_MORE; doc = nextMatch(doc + 1)) {
    if (deleted.size > 0 && deleted.has(doc)) continue
    if (excluded && (excluded.doc >= doc ? excluded.doc : excluded.advance(doc)) === doc) continue
    if (opts.accept && !opts.accept(doc)) continue
    total++
    opts.collect?.(doc)
    if (top.size === 0) continue
    const lead = first ? first(doc) : false
    const worst = top.threshold
    if (worst && worst.lead && !lead) continue
    if (order) {
      const key = order.key(doc)
      const score = order.descending ? key : -key
      // Below the page's last (same lead): out, without making an entry.
      if (worst && worst.lead === lead && score < worst.score) continue
      top.offer({ doc, score, lead })
      continue
    }
    // Every match is counted; only one whose blocks could beat the page's last is scored.
    const length = byDoc[doc] as number
    if (worst && worst.lead === lead) {
      let bound = 0
      for (const s of scored)
        if ((s.matcher.doc >= doc ? s.matcher.doc : s.matcher.advance(doc)) === doc) bound += s.matcher.bound(s.idf, avg, length)
      if (bound * SLACK < worst.score) continue
    }
    let score = 0
    for (const s of scored) {
      if ((s.matcher.doc >= doc ? s.matcher.doc : s.matcher.advance(doc)) !== doc) continue
      score += bm25(s.idf, s.matcher.weightedTf(), length, avg)
    }
    if (worst && worst.lead === lead && score < worst.score) continue
    top.offer({ doc, score, lead })
  }
  return total
}
