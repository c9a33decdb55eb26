/**
 * One word (in any field) in a segment, read from its postings with no matcher between: ranked by
 * BM25 from its blocks (a block whose bound cannot enter the page never decoded), alone or minus
 * exclusions; or walked in one loop when ranked by a date or filtered.
 */
import { bm25 } from '../bm25.js'
import { blockBest, boundAt, SLACK } from './bounds.js'
import { NO_MORE, PostingCursor } from './cursor.js'
import type { Docs } from './matchers.js'
import type { EvaluateOptions } from './query-spec.js'
import type { Entry, TopK } from './top-k.js'

/** A one-word search in a segment: the word's cursor and idf, what BM25 needs, the deleted documents, the page. */
export interface OneWord {
  readonly c: PostingCursor
  readonly idf: number
  readonly weights: readonly number[]
  readonly byDoc: Int32Array
  readonly avg: number
  readonly deleted: ReadonlySet<number>
  readonly top: TopK<Entry>
}

/**
 * One word's live documents in a segment: how many, and the best of them offered to the page,
 * block by block, skipping the blocks whose bound is below the page's last score.
 */
export function singleTerm(w: OneWord, excluded?: (doc: number) => boolean): number {
  const { c, idf, weights, byDoc, avg, deleted, top } = w
  const p = c.postings
  const { lastDocs } = p
  let gone = 0
  if (deleted.size > 0) {
    const probe = new PostingCursor(c.postings, c.fields)
    for (const d of [...deleted].sort((a, b) => a - b)) if (probe.advance(d) === d) gone++
  }
  // Only counting: nothing to rank.
  if (top.size === 0) return c.postings.df - gone
  for (let b = 0; b < lastDocs.length; b++) {
    const worst = top.threshold
    if (worst && blockBest(p, b, idf, avg) * SLACK < worst.score) continue
    const end = lastDocs[b] as number
    for (let doc = c.advance(b === 0 ? 0 : (lastDocs[b - 1] as number) + 1); doc <= end; doc = c.next()) {
      if (deleted.size > 0 && deleted.has(doc)) continue
      const length = byDoc[doc] as number
      const last = top.threshold
      // The block's impacts at this document's length: most documents stop here, their
      // frequencies never decoded.
      if (last && boundAt(p, b, idf, avg, length) * SLACK < last.score) continue
      const score = bm25(idf, c.weightedTf(weights), length, avg)
      if (last && score < last.score) continue
      if (excluded && excluded(doc)) continue
      top.offer({ doc, score, lead: false })
    }
  }
  return c.postings.df - gone
}

/**
 * One word minus exclusions in a segment: its documents less the excluded ones it holds, counted by
 * walking the exclusions (`exclusions` makes a fresh walk each time: matchers only move forward);
 * the page from its blocks as `singleTerm`'s, each candidate checked against them.
 */
export function singleTermExcept(w: OneWord, exclusions: () => Docs): number {
  const { c, deleted } = w
  const excluded = exclusions()
  const isExcluded = (doc: number) => (excluded.doc >= doc ? excluded.doc : excluded.advance(doc)) === doc
  const kept = singleTerm(w, isExcluded)
  const probe = new PostingCursor(c.postings, c.fields)
  const counter = exclusions()
  let out = 0
  for (let doc = counter.next(); doc !== NO_MORE; doc = counter.next()) {
    if (deleted.size > 0 && deleted.has(doc)) continue
    const at = probe.advance(doc)
    if (at === NO_MORE) break
    if (at === doc) out++
  }
  return kept - out
}

/**
 * One word's live documents in a segment that pass the filters and the exclusions: how many, each
 * offered to the page when its date (or its bound, then its score) can enter it.
 */
export function walkTerm(w: OneWord, opts: EvaluateOptions, excluded?: Docs): number {
  const { c, idf, weights, byDoc, avg, deleted, top } = w
  const { order, accept } = opts
  const p = c.postings
  const ranked = top.size > 0
  let total = 0
  for (let doc = c.next(); doc !== NO_MORE; doc = c.next()) {
    if (deleted.size > 0 && deleted.has(doc)) continue
    if (accept && !accept(doc)) continue
    if (excluded && (excluded.doc >= doc ? excluded.doc : excluded.advance(doc)) === doc) continue
    total++
    opts.collect?.(doc)
    if (!ranked) continue
    const worst = top.threshold
    let score: number
    if (order) {
      const key = order.key(doc)
      score = order.descending ? key : -key
    } else {
      const length = byDoc[doc] as number
      if (worst && boundAt(p, c.currentBlock, idf, avg, length) * SLACK < worst.score) continue
      score = bm25(idf, c.weightedTf(weights), length, avg)
    }
    if (worst && score < worst.score) continue
    top.offer({ doc, score, lead: false })
  }
  return total
}
