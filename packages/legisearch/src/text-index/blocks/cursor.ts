/**
 * A cursor over one term's postings in a segment: documents in ascending order, `advance` skipping
 * whole blocks by their last document, frequencies decoded only when asked, positions only for the
 * documents a phrase checks. Nothing is allocated per document.
 */
import { BLOCK, readGaps, readPacked, readVarint } from './codec.js'
import type { TermPostings } from './postings.js'

/** The document id of an exhausted cursor: larger than any document. */
export const NO_MORE = 0x7fffffff

export class PostingCursor {
  /** The current document, or `NO_MORE`; -1 before the first `next`/`advance`. */
  doc = -1
  private block = -1
  private count = 0
  private i = -1
  private readonly docs = new Int32Array(BLOCK)
  private readonly tfs: Int32Array
  private tfsFor = -1
  /** Where the positions of document `posDoc` of the current block start. */
  private posAt = 0
  private posDoc = 0
  private readonly posBuf: Int32Array[]
  private readonly scratch = [0]

  constructor(
    readonly postings: TermPostings,
    readonly fields: number,
  ) {
    this.tfs = new Int32Array(BLOCK * fields)
    this.posBuf = Array.from({ length: fields }, () => new Int32Array(8))
  }

  /** Documents holding the term. */
  get df(): number {
    return this.postings.df
  }

  /** Moves to the next document; returns it (or `NO_MORE`). */
  next(): number {
    if (this.doc === NO_MORE) return NO_MORE
    if (++this.i < this.count) return (this.doc = this.docs[this.i] as number)
    return this.load(this.block + 1) ? (this.doc = this.docs[(this.i = 0)] as number) : (this.doc = NO_MORE)
  }

  /** Moves to the first document ≥ `target` (never backwards); returns it (or `NO_MORE`). */
  advance(target: number): number {
    if (this.doc >= target) return this.doc
    const last = this.postings.lastDocs
    if (this.block < 0 || target > (last[this.block] as number)) {
      // The first block whose last document reaches the target: galloping, then binary search.
      let lo = this.block + 1
      let step = 1
      let hi = lo
      while (hi < last.length && (last[hi] as number) < target) {
        lo = hi + 1
        hi += step
        step *= 2
      }
      if (hi >= last.length) hi = last.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if ((last[mid] as number) < target) lo = mid + 1
        else hi = mid
      }
      if (lo >= last.length || (last[lo] as number) < target || !this.load(lo)) return (this.doc = NO_MORE)
      this.i = 0
    }
    while ((this.docs[this.i] as number) < target) this.i++
    return (this.doc = this.docs[this.i] as number)
  }

  /** The current block's index (the one `blockBound` describes). */
  get currentBlock(): number {
    return this.block
  }

  /** The block that holds or would hold `target` without moving: for block-max bounds. -1 past the end. */
  blockOf(target: number): number {
    const last = this.postings.lastDocs
    let lo = Math.max(this.block, 0)
    let hi = last.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((last[mid] as number) < target) lo = mid + 1
      else hi = mid
    }
    return lo < last.length ? lo : -1
  }

  /** The term's frequency in field `f` of the current document. */
  tf(f: number): number {
    this.decodeTfs()
    return this.tfs[f * BLOCK + this.i] as number
  }

  /** Σ weight·tf over the fields, for the current document. */
  weightedTf(weights: readonly number[]): number {
    this.decodeTfs()
    let s = 0
    for (let f = 0; f < this.fields; f++) s += (weights[f] as number) * (this.tfs[f * BLOCK + this.i] as number)
    return s
  }

  /**
   * The positions of the term in field `f` of the current document (a view valid until the next
   * call); its length is `tf(f)`.
   */
  positions(f: number): Int32Array {
    this.decodeTfs()
    const src = this.postings.positions
    // Walk forward from the last document read in this block (or from the block's start).
    if (this.posDoc > this.i) {
      this.posDoc = 0
      this.posAt = this.postings.positionOffsets[this.block] as number
    }
    // How many positions lie before this document's (every field of the documents between), then
    // skip that many varints at once: each ends in the one byte without its high bit.
    let skip = 0
    const tfs = this.tfs
    for (let g = 0; g < this.fields; g++)
      for (let d = g * BLOCK + this.posDoc, end = g * BLOCK + this.i; d < end; d++) skip += tfs[d] as number
    let at = this.posAt
    while (skip > 0) if ((src[at++] as number) < 0x80) skip--
    this.posDoc = this.i
    this.posAt = at
    for (let g = 0; g < f; g++) skip += tfs[g * BLOCK + this.i] as number
    while (skip > 0) if ((src[at++] as number) < 0x80) skip--
    const n = this.tfs[f * BLOCK + this.i] as number
    let buf = this.posBuf[f] as Int32Array
    if (buf.length < n) buf = this.posBuf[f] = new Int32Array(Math.max(n, buf.length * 2))
    let prev = -1
    for (let k = 0; k < n; k++) {
      at = readVarint(src, at, this.scratch)
      prev = prev + (this.scratch[0] as number) + 1
      buf[k] = prev
    }
    return buf.subarray(0, n)
  }

  private load(block: number): boolean {
    const p = this.postings
    if (block >= p.lastDocs.length) {
      this.count = 0
      return false
    }
    const base = block === 0 ? -1 : (p.lastDocs[block - 1] as number)
    this.count = p.counts[block] as number
    readGaps(p.data, p.offsets[block] as number, this.count, base, this.docs)
    this.block = block
    this.tfsFor = -1
    this.posDoc = 0
    this.posAt = p.positionOffsets[block] as number
    return true
  }

  private decodeTfs(): void {
    if (this.tfsFor === this.block) return
    const p = this.postings
    // Skip the id frame: its width byte, then its packed bytes.
    let at = p.offsets[this.block] as number
    at += 1 + Math.ceil((this.count * (p.data[at] as number)) / 8)
    for (let f = 0; f < this.fields; f++) at = readPacked(p.data, at, this.count, this.tfs.subarray(f * BLOCK, f * BLOCK + BLOCK))
    this.tfsFor = this.block
  }
}
