/**
 * The documents an alternative matches in a segment, in ascending order, with its weighted
 * frequency at each and bounds of its score: a word (`TermMatcher`), a phrase (`PhraseMatcher`,
 * its words leapfrogged, then their positions checked) or nothing (`Empty`); and `anyOf`, the
 * union of several.
 */
import { NO_MORE, PostingCursor } from './cursor.js'
import { blockBound, termBest } from './bounds.js'
import type { Alternative } from './query-spec.js'
import type { Segment } from './segment.js'

/** Documents in ascending order: the current one (-1 before the first move, `NO_MORE` after the last). */
export interface Docs {
  doc: number
  next(): number
  advance(target: number): number
}

/** The documents one alternative matches, with its weighted frequency at each. */
export interface Matcher extends Docs {
  /** Σ weight × occurrences at the current document (only asked where it matches). */
  weightedTf(): number
  /** An upper bound of its score at a document of `length` in the current block(s), from the blocks' largest frequency. */
  bound(idf: number, avgLength: number, length: number): number
  /** An upper bound of its score anywhere in the segment (the best of its blocks'). */
  max(idf: number, avgLength: number): number
  /** How many documents it may match at most (the leapfrog leads with the fewest). */
  readonly cost: number
}

class Empty implements Matcher {
  doc = NO_MORE
  readonly cost = 0
  next(): number {
    return NO_MORE
  }
  advance(): number {
    return NO_MORE
  }
  weightedTf(): number {
    return 0
  }
  bound(): number {
    return 0
  }
  max(): number {
    return 0
  }
}

/** One word, in any field or one. */
export class TermMatcher implements Matcher {
  doc = -1
  constructor(
    private readonly cursor: PostingCursor,
    private readonly weights: readonly number[],
    private readonly field: number | undefined,
  ) {}
  next(): number {
    return this.settle(this.cursor.next())
  }
  advance(target: number): number {
    return this.settle(this.cursor.advance(target))
  }
  weightedTf(): number {
    return this.field === undefined
      ? this.cursor.weightedTf(this.weights)
      : (this.weights[this.field] as number) * this.cursor.tf(this.field)
  }
  bound(idf: number, avgLength: number, length: number): number {
    return blockBound(this.cursor, idf, avgLength, length)
  }
  max(idf: number, avgLength: number): number {
    return termBest(this.cursor.postings, idf, avgLength)
  }
  get cost(): number {
    return this.cursor.df
  }
  /** The term's cursor (the single-word path reads its blocks directly). */
  get termCursor(): PostingCursor {
    return this.cursor
  }

  get unrestricted(): boolean {
    return this.field === undefined
  }
  private settle(doc: number): number {
    if (this.field !== undefined) while (doc !== NO_MORE && this.cursor.tf(this.field) === 0) doc = this.cursor.next()
    return (this.doc = doc)
  }
}

/** Terms consecutive in one field: the documents holding them all, then their positions checked. */
class PhraseMatcher implements Matcher {
  doc = -1
  private weighted = 0
  /** Per term, its positions in the field being checked. */
  private readonly lists: Int32Array[] = []
  /** The cursors in the leapfrog's order: the rarest term first. */
  private readonly byCost: readonly PostingCursor[]
  constructor(
    private readonly cursors: readonly PostingCursor[],
    private readonly weights: readonly number[],
    private readonly fields: number,
    private readonly field: number | undefined,
  ) {
    this.byCost = [...cursors].sort((a, b) => a.df - b.df)
  }
  get cost(): number {
    return (this.byCost[0] as PostingCursor).df
  }
  max(idf: number, avgLength: number): number {
    let min = Number.POSITIVE_INFINITY
    for (const c of this.cursors) min = Math.min(min, termBest(c.postings, idf, avgLength))
    return min
  }
  next(): number {
    return this.find((this.byCost[0] as PostingCursor).next())
  }
  advance(target: number): number {
    return this.find((this.byCost[0] as PostingCursor).advance(target))
  }
  weightedTf(): number {
    if (this.weighted < 0) this.weighted = this.occurrences()
    return this.weighted
  }
  /** The phrase's frequency is at most each of its terms'. */
  bound(idf: number, avgLength: number, length: number): number {
    let min = Number.POSITIVE_INFINITY
    for (const c of this.cursors) min = Math.min(min, blockBound(c, idf, avgLength, length))
    return min
  }
  private find(start: number): number {
    let doc = start
    for (;;) {
      if (doc === NO_MORE) return (this.doc = NO_MORE)
      // Leapfrog: every cursor on one document.
      let agreed = true
      for (const c of this.byCost) {
        const d = c.advance(doc)
        if (d !== doc) {
          doc = d
          agreed = false
          break
        }
      }
      if (!agreed) {
        if (doc === NO_MORE) return (this.doc = NO_MORE)
        doc = (this.byCost[0] as PostingCursor).advance(doc)
        continue
      }
      // A match needs one occurrence; how many there are is counted only if it is scored.
      if (this.occurrences(true) > 0) {
        this.weighted = -1
        return (this.doc = doc)
      }
      doc = (this.byCost[0] as PostingCursor).next()
    }
  }
  /**
   * Σ weight × the phrase's occurrences in the current document (`any`: stop at the first, and
   * return a positive number).
   */
  private occurrences(any = false): number {
    let total = 0
    const cursors = this.cursors
    for (let f = 0; f < this.fields; f++) {
      if (this.field !== undefined && f !== this.field) continue
      let all = true
      for (let k = 0; k < cursors.length && all; k++) all = (cursors[k] as PostingCursor).tf(f) > 0
      if (!all) continue
      // Each cursor's positions decoded once (each cursor has its own buffer, so the views coexist).
      const lists = this.lists
      for (let k = 0; k < cursors.length; k++) lists[k] = (cursors[k] as PostingCursor).positions(f)
      const starts = lists[0] as Int32Array
      let count = 0
      for (let s = 0; s < starts.length; s++) {
        const p = starts[s] as number
        let ok = true
        for (let k = 1; k < lists.length && ok; k++) ok = includes(lists[k] as Int32Array, p + k)
        if (ok) {
          if (any) return 1
          count++
        }
      }
      total += count * (this.weights[f] as number)
    }
    return total
  }
}

/** Whether an ascending array holds `v` (binary search). */
export function includes(sorted: Int32Array, v: number): boolean {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((sorted[mid] as number) < v) lo = mid + 1
    else hi = mid
  }
  return lo < sorted.length && sorted[lo] === v
}

/** Documents with what they may cost to walk (the leapfrog leads with the cheapest). */
export interface Walk extends Docs {
  readonly cost: number
}

/** Any of several matchers (one alone is used as it is: see `anyOf`). */
class AnyOf implements Walk {
  doc = -1
  readonly cost: number
  constructor(private readonly parts: readonly Walk[]) {
    this.cost = parts.reduce((n, p) => n + p.cost, 0)
  }
  next(): number {
    const at = this.doc
    for (const p of this.parts) if (p.doc === at || p.doc === -1) p.next()
    return this.settle()
  }
  advance(target: number): number {
    for (const p of this.parts) if (p.doc < target) p.advance(target)
    return this.settle()
  }
  private settle(): number {
    let min = NO_MORE
    for (const p of this.parts) if (p.doc < min) min = p.doc
    return (this.doc = min)
  }
}

/** Any of the parts: the part itself when alone (no wrapper to call through per document). */
export function anyOf(parts: readonly Walk[]): Walk {
  return parts.length === 1 ? (parts[0] as Walk) : new AnyOf(parts)
}

/** The matcher of one alternative in a segment (nothing, when one of its terms is not there). */
export function matcherOf(seg: Segment, weights: readonly number[], alt: Alternative): Matcher {
  const postings = alt.terms.map((t) => seg.terms.get(t))
  if (alt.terms.length === 0 || postings.some((p) => p === undefined)) return new Empty()
  const cursors = postings.map((p) => new PostingCursor(p!, seg.fields))
  if (cursors.length === 1) return new TermMatcher(cursors[0] as PostingCursor, weights, alt.field)
  return new PhraseMatcher(cursors, weights, seg.fields, alt.field)
}
