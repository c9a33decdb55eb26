/**
 * A text query over a block-index segment: which documents match, how many, and the
 * best `k` of them by BM25 — exhaustively, one pass over the matches in document order. This is
 * the reference the skipping evaluation (block-max WAND, date-ordered walks) must agree with.
 *
 * Matching: a document matches when every group has an item present and no excluded item is; an
 * item is present when one of its alternatives is; an alternative is a phrase (one or more terms,
 * consecutive in one field), in any field or in the one it names.
 *
 * Scoring is FTS5's `bm25()` for words (so a word's relevance keeps its meaning): over every
 * alternative of the positive part, idf · f·(k1+1) / (f + k1·(1 − b + b·D/avgD)), where
 * f = Σ weight × occurrences per field, D the document's tokens over all fields, avgD their mean,
 * and idf a word's ln((N − n + ½)/(n + ½)) floored at 10⁻⁶ (n the documents holding it, N the
 * documents indexed). A phrase's idf is the sum of its words' idfs, as Lucene's: FTS5 counts the
 * phrase's documents first, a second pass over every match that the ranking does not need.
 */
import { NO_MORE, PostingCursor } from './cursor.js'
import type { Segment, TermPostings } from './segment.js'

export interface Alternative {
  /** Consecutive terms (one for a word). */
  readonly terms: readonly string[]
  /** The only field it may match in; any field when absent. */
  readonly field?: number
}

export interface ItemSpec {
  readonly alternatives: readonly Alternative[]
}

export interface QuerySpec {
  readonly groups: readonly (readonly ItemSpec[])[]
  readonly exclude: readonly ItemSpec[]
}

/** FTS5's constants. */
export const K1 = 1.2
export const B = 0.75
const MIN_IDF = 1e-6

/** Documents in ascending order: the current one (-1 before the first move, `NO_MORE` after the last). */
interface Docs {
  doc: number
  next(): number
  advance(target: number): number
}

/** The documents one alternative matches, with its weighted frequency at each. */
interface Matcher extends Docs {
  /** Σ weight × occurrences at the current document (only asked where it matches). */
  weightedTf(): number
  /** An upper bound of its score at a document of `length` in the current block(s), from the blocks' largest frequency. */
  bound(idf: number, avgLength: number, length: number): number
  /** An upper bound of its score anywhere in the segment (the best of its blocks'). */
  max(idf: number, avgLength: number): number
  /** How many documents it may match at most (the leapfrog leads with the fewest). */
  readonly cost: number
}

/** One alternative's BM25 at a document: FTS5's formula. */
export function bm25(idf: number, weighted: number, length: number, avgLength: number): number {
  return (idf * (weighted * (K1 + 1))) / (weighted + K1 * (1 - B + (B * length) / avgLength))
}

/**
 * The bound of a term's score at a document of `length` in block `b`: the largest frequency of the
 * block's impacts no longer than it (the document's own pair is one of those or beaten by one).
 */
function boundAt(p: TermPostings, b: number, idf: number, avgLength: number, length: number): number {
  const { impacts } = p
  let weighted = 0
  for (let i = b === 0 ? 0 : (p.impactEnds[b - 1] as number), end = p.impactEnds[b] as number; i < end; i++) {
    if ((impacts[2 * i + 1] as number) > length) break
    weighted = impacts[2 * i] as number
  }
  return bm25(idf, weighted, length, avgLength)
}

/** The best score of any document of block `b` of a term: the best of its impacts'. */
function blockBest(p: TermPostings, b: number, idf: number, avgLength: number): number {
  const { impacts } = p
  let best = 0
  for (let i = b === 0 ? 0 : (p.impactEnds[b - 1] as number), end = p.impactEnds[b] as number; i < end; i++) {
    const score = bm25(idf, impacts[2 * i] as number, impacts[2 * i + 1] as number, avgLength)
    if (score > best) best = score
  }
  return best
}

/** The best score of any document holding a term: the best of its blocks'. */
function termBest(p: TermPostings, idf: number, avgLength: number): number {
  let best = 0
  for (let b = 0; b < p.lastDocs.length; b++) best = Math.max(best, blockBest(p, b, idf, avgLength))
  return best
}

/** The bound of one term's current block at a document of `length`. */
function blockBound(c: PostingCursor, idf: number, avgLength: number, length: number): number {
  return boundAt(c.postings, c.currentBlock, idf, avgLength, length)
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
class TermMatcher implements Matcher {
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
interface Walk extends Docs {
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
function anyOf(parts: readonly Walk[]): Walk {
  return parts.length === 1 ? (parts[0] as Walk) : new AnyOf(parts)
}

export interface EvaluateOptions {
  /** How many of the best matches to return. */
  readonly k: number
  /** A further condition on a matching document (filters); counted and ranked only when true. */
  readonly accept?: (doc: number) => boolean
  /** How equal scores (or keys) are ordered (DECISIONS §4: date, then id); document order by default. */
  readonly tie?: (a: number, b: number) => number
  /** Rank by a key of each document (a date) instead of BM25; nothing is scored (scores are 0). */
  readonly order?: { readonly key: (doc: number) => number; readonly descending: boolean }
  /** Documents for which this holds come first, whatever the order (identifiers typed in `q`). */
  readonly first?: (doc: number) => boolean
}

/** A document offered to the page: its score (or key), and whether it leads. */
interface Entry {
  readonly doc: number
  readonly score: number
  readonly lead: boolean
}

export interface Ranked {
  readonly doc: number
  readonly score: number
}

/** A segment as a search sees it: its postings, and its documents deleted since it was written (replaced or removed). */
export interface LiveSegment {
  readonly segment: Segment
  readonly deleted: ReadonlySet<number>
}

/** Per segment, computed once: each document's length in a dense array by id (ids are rowids, nearly dense). */
interface SegmentLengths {
  readonly byDoc: Int32Array
  readonly total: number
}

const LENGTHS = new WeakMap<Segment, SegmentLengths>()

function lengthsOf(seg: Segment): SegmentLengths {
  const known = LENGTHS.get(seg)
  if (known) return known
  const F = seg.fields
  const last = seg.docs.length === 0 ? -1 : (seg.docs[seg.docs.length - 1] as number)
  const byDoc = new Int32Array(last + 1)
  let total = 0
  seg.docs.forEach((d, i) => {
    let n = 0
    for (let f = 0; f < F; f++) n += seg.lengths[i * F + f] as number
    byDoc[d] = n
    total += n
  })
  const lengths = { byDoc, total }
  LENGTHS.set(seg, lengths)
  return lengths
}

/** What BM25 needs of the live documents of every segment: how many, their mean length, each word's document frequency. */
interface Stats {
  readonly documents: number
  readonly avgLength: number
  readonly df: (term: string) => number
}

function statsOf(live: readonly LiveSegment[]): Stats {
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

function matcherOf(seg: Segment, weights: readonly number[], alt: Alternative): Matcher {
  const postings = alt.terms.map((t) => seg.terms.get(t))
  if (alt.terms.length === 0 || postings.some((p) => p === undefined)) return new Empty()
  const cursors = postings.map((p) => new PostingCursor(p!, seg.fields))
  if (cursors.length === 1) return new TermMatcher(cursors[0] as PostingCursor, weights, alt.field)
  return new PhraseMatcher(cursors, weights, seg.fields, alt.field)
}

/** An alternative's idf: the sum of its words' (each from the live documents holding it, in any field). */
function idfOf(stats: Stats, alt: Alternative): number {
  let idf = 0
  for (const t of alt.terms) {
    const n = stats.df(t)
    idf += Math.max(MIN_IDF, Math.log((stats.documents - n + 0.5) / (n + 0.5)))
  }
  return idf
}

/** The exact total and the best `k` matches of one segment (score descending, then `tie`). */
export function evaluate(seg: Segment, weights: readonly number[], q: QuerySpec, opts: EvaluateOptions): { total: number; top: Ranked[] } {
  return search([{ segment: seg, deleted: new Set() }], weights, q, opts)
}

/**
 * The exact total and the best `k` matches over the live documents of several segments, ranked
 * together (one page threshold for all, so a later segment skips what an earlier one beat).
 */
export function search(
  live: readonly LiveSegment[],
  weights: readonly number[],
  q: QuerySpec,
  opts: EvaluateOptions,
): { total: number; top: Ranked[] } {
  const stats = statsOf(live)
  const alternatives = q.groups.flatMap((g) => g.flatMap((item) => item.alternatives))
  const idfs = alternatives.map((alt) => idfOf(stats, alt))
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
  const ranked = scored.length === 1 && !opts.accept && !order && !first ? scored[0] : undefined
  if (ranked && ranked.matcher instanceof TermMatcher && ranked.matcher.unrestricted) {
    const word: OneWord = { c: ranked.matcher.termCursor, idf: ranked.idf, weights, byDoc, avg, deleted, top }
    if (q.exclude.length === 0) return singleTerm(word)
    // One word minus exclusions: its documents less the excluded ones it holds, counted by walking
    // the exclusions; the page from its blocks as above, each candidate checked against them.
    const excluded = exclusions()
    const isExcluded = (doc: number) => (excluded.doc >= doc ? excluded.doc : excluded.advance(doc)) === doc
    const kept = singleTerm(word, isExcluded)
    const probe = new PostingCursor(ranked.matcher.termCursor.postings, seg.fields)
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

  // The groups in the leapfrog's order: the one with the fewest documents first.
  const groups = matchers.map((g) => anyOf(g.map((alts) => anyOf(alts)))).sort((a, b) => a.cost - b.cost)
  const excluded = q.exclude.length === 0 ? null : exclusions()
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

/** A one-word search in a segment: the word's cursor and idf, what BM25 needs, the deleted documents, the page. */
interface OneWord {
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
function singleTerm(w: OneWord, excluded?: (doc: number) => boolean): number {
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
 * Bounds are compared as if this much larger: a bound and the score it bounds may round apart by
 * an ulp (sums in another order, a frequency rounded up against a fractional weight).
 */
const SLACK = 1 + 1e-9

/**
 * An OR of alternatives in a segment: its live matches (not excluded, passing the filters) marked
 * on a bitmap as each alternative's documents are walked once (nothing scored), and counted there;
 * the page then by date over the marks, or by MaxScore: the alternatives whose best scores together
 * cannot reach the page's last are no longer walked, only looked up at the documents the others bring.
 */
function unionSearch(
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

/**
 * One word's live documents in a segment that pass the filters and the exclusions: how many, each
 * offered to the page when its date (or its bound, then its score) can enter it.
 */
function walkTerm(w: OneWord, opts: EvaluateOptions, excluded?: Docs): number {
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

/** The best `k` of what is offered under `order` (negative: the first is better), in a heap whose root is the worst kept. */
export class TopK<T> {
  private readonly heap: T[] = []
  constructor(
    private readonly k: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  /** How many it keeps at most. */
  get size(): number {
    return this.k
  }

  /** The worst kept once `k` are kept: what a newcomer must beat. */
  get threshold(): T | undefined {
    return this.heap.length === this.k ? this.heap[0] : undefined
  }

  offer(item: T): void {
    const h = this.heap
    if (h.length < this.k) {
      h.push(item)
      let i = h.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (this.order(h[i] as T, h[parent] as T) <= 0) break
        ;[h[i], h[parent]] = [h[parent] as T, h[i] as T]
        i = parent
      }
      return
    }
    if (this.k === 0 || this.order(item, h[0] as T) >= 0) return
    h[0] = item
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let worst = i
      if (l < h.length && this.order(h[l] as T, h[worst] as T) > 0) worst = l
      if (r < h.length && this.order(h[r] as T, h[worst] as T) > 0) worst = r
      if (worst === i) break
      ;[h[i], h[worst]] = [h[worst] as T, h[i] as T]
      i = worst
    }
  }

  /** What is kept, best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.order)
  }
}
