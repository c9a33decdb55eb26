/**
 * What BM25 needs of a search's segments: each document's length (per segment, computed once) and,
 * over the live documents of every segment, how many there are, their mean length and each word's
 * document frequency.
 */
import { PostingCursor } from './cursor.js'
import type { LiveSegment, Segment } from './segment.js'

/** Per segment, computed once: each document's length in a dense array by id (ids are rowids, nearly dense). */
interface SegmentLengths {
  readonly byDoc: Int32Array
  readonly total: number
}

const LENGTHS = new WeakMap<Segment, SegmentLengths>()

/** A segment's document lengths by id and their sum (computed once per segment). */
export function lengthsOf(seg: Segment): SegmentLengths {
  const known = LENGTHS.get(seg)
  if (known) return known
  const F = seg.fields
  const last = seg.docs.length === 0 ? -1 : (seg.docs[seg.docs.length - 1] as number)
  // Zeroed memory below the segment's first document is never touched (the OS maps it lazily).
  const byDoc = new Int32Array(last + 1)
  if (seg.norms) {
    byDoc.set(seg.norms.values, seg.norms.base)
    const stored = { byDoc, total: seg.norms.total }
    LENGTHS.set(seg, stored)
    return stored
  }
  let total = 0
  const { docs, lengths: fieldLengths } = seg
  for (let i = 0, at = 0; i < docs.length; i++) {
    let n = 0
    for (let f = 0; f < F; f++) n += fieldLengths[at++] as number
    byDoc[docs[i] as number] = n
    total += n
  }
  const lengths = { byDoc, total }
  LENGTHS.set(seg, lengths)
  return lengths
}

/** What BM25 needs of the live documents of every segment: how many, their mean length, each word's document frequency. */
export interface Stats {
  readonly documents: number
  readonly avgLength: number
  readonly df: (term: string) => number
}

/** The statistics of the live documents of a search's segments (document frequencies computed when first asked). */
export function statsOf(live: readonly LiveSegment[]): Stats {
  let documents = 0
  let total = 0
  for (const { segment, deleted } of live) {
    const lengths = lengthsOf(segment)
    documents += segment.docs.length - deleted.size
    total += lengths.total
    for (const d of deleted) total -= lengths.byDoc[d] as number
  }
  const dfs = new Map<string, number>()
  return {
    documents,
    avgLength: documents === 0 ? 0 : total / documents,
    // Exact: the deleted documents holding the word are taken off, so relevance does not depend
    // on how the documents fall into segments.
    df: (term) => {
      let n = dfs.get(term)
      if (n !== undefined) return n
      n = 0
      for (const { segment, deleted } of live) {
        const p = segment.terms.get(term)
        if (!p) continue
        n += p.df
        if (deleted.size === 0) continue
        const c = new PostingCursor(p, segment.fields)
        for (const d of [...deleted].sort((a, b) => a - b)) if (c.advance(d) === d) n--
      }
      dfs.set(term, n)
      return n
    },
  }
}
