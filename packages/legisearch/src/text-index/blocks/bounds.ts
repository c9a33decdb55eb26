/**
 * Upper bounds of BM25 from a term's block impacts (see `segment.ts`): at a document of a given
 * length in a block, anywhere in a block, anywhere in the segment. A query skips what its bounds
 * say cannot enter the page, compared with `SLACK`.
 */
import { bm25 } from '../bm25.js'
import type { PostingCursor } from './cursor.js'
import type { TermPostings } from './segment.js'

/**
 * Bounds are compared as if this much larger: a bound and the score it bounds may round apart by
 * an ulp (sums in another order, a frequency rounded up against a fractional weight).
 */
export const SLACK = 1 + 1e-9

/**
 * The bound of a term's score at a document of `length` in block `b`: the largest frequency of the
 * block's impacts no longer than it (the document's own pair is one of those or beaten by one).
 */
export function boundAt(p: TermPostings, b: number, idf: number, avgLength: number, length: number): number {
  const { impacts } = p
  let weighted = 0
  for (let i = b === 0 ? 0 : (p.impactEnds[b - 1] as number), end = p.impactEnds[b] as number; i < end; i++) {
    if ((impacts[2 * i + 1] as number) > length) break
    weighted = impacts[2 * i] as number
  }
  return bm25(idf, weighted, length, avgLength)
}

/** The best score of any document of block `b` of a term: the best of its impacts'. */
export function blockBest(p: TermPostings, b: number, idf: number, avgLength: number): number {
  const { impacts } = p
  let best = 0
  for (let i = b === 0 ? 0 : (p.impactEnds[b - 1] as number), end = p.impactEnds[b] as number; i < end; i++) {
    const score = bm25(idf, impacts[2 * i] as number, impacts[2 * i + 1] as number, avgLength)
    if (score > best) best = score
  }
  return best
}

/** The best score of any document holding a term: the best of its blocks'. */
export function termBest(p: TermPostings, idf: number, avgLength: number): number {
  let best = 0
  for (let b = 0; b < p.lastDocs.length; b++) best = Math.max(best, blockBest(p, b, idf, avgLength))
  return best
}

/** The bound of one term's current block at a document of `length`. */
export function blockBound(c: PostingCursor, idf: number, avgLength: number, length: number): number {
  return boundAt(c.postings, c.currentBlock, idf, avgLength, length)
}
