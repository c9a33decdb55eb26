/**
 * One segment of the block index: the postings of the documents one write added, per
 * term, in blocks of `BLOCK` documents. A block holds the documents' id gaps and, per field, their
 * term frequencies (bit-packed frames); the term's positions are a separate stream, read only
 * for the documents a phrase must check. Each block carries what a ranked query needs to skip it:
 * its last document, and its impacts: the pairs (weighted frequency, document length) of its
 * documents that no other of its documents beats on both (BM25 rises with the first and falls with
 * the second), so the block's best score under any statistics is the best of a few pairs'.
 *
 * A segment is built in memory here; `storage.ts` stores it in the snapshot, and the index merges
 * segments as they pile up.
 */
import { BLOCK, ByteWriter, bitsFor, pooledInt32s } from './codec.js'
import type { TermPostings } from './postings.js'

export type { TermPostings } from './postings.js'

/** Where a segment's postings are found by term: a map in memory, or rows read on demand. */
export interface TermLookup {
  get(term: string): TermPostings | undefined
}

/** A segment: its documents (ascending), their lengths, and the postings of each term. */
export interface Segment {
  readonly fields: number
  /** The documents, ascending. */
  readonly docs: Int32Array
  /** Per document (in `docs` order), per field: its length in tokens (`fields` values per document). */
  readonly lengths: Int32Array
  readonly terms: TermLookup
  /** A stored segment's summed lengths, when the file keeps them (`storage.ts`): what a search reads instead of `lengths`. */
  readonly norms?: SegmentNorms
}

/** Each document's length (every field summed), dense from `base` (the first document: `values[doc - base]`), and their total. */
export interface SegmentNorms {
  readonly base: number
  readonly total: number
  readonly values: Int32Array
}

/** A segment just built: every term's postings in memory. */
export interface BuiltSegment extends Segment {
  readonly terms: ReadonlyMap<string, TermPostings>
}

/** The frame `encodeTerm` packs each block's values in (encoding is synchronous: one serves all). */
const FRAME = new Uint32Array(BLOCK)
/** A block's (weighted frequency, length) pairs, for its impacts (likewise shared). */
const PAIRS = new Float64Array(BLOCK * 2)
const ORDER = Array.from({ length: BLOCK }, (_, i) => i)

/** A block's pairs as sort keys (length, then frequency descending), sorted as numbers: no comparator to call. */
const KEYS = new Float64Array(BLOCK)
/** Frequencies are rounded up to integers below 2^21 in a key (larger ones sort by a comparator). */
const TF_ROOM = 2 ** 21

/**
 * Appends to `out` the impacts of `count` pairs (`pairs[2i]` weighted frequency, `pairs[2i + 1]`
 * length): the pairs no other beats on both, shortest first, each frequency rounded up.
 */
function impactsOf(pairs: Float64Array, count: number, out: number[]): void {
  if (count === 1) {
    out.push(Math.ceil(pairs[0] as number), pairs[1] as number)
    return
  }
  // Shortest first; of equal lengths, the largest frequency first. Only rounded frequencies are
  // compared below, so the order of frequencies rounding to one integer does not matter.
  let small = true
  for (let i = 0; i < count; i++) {
    const tf = Math.ceil(pairs[2 * i] as number)
    if (tf >= TF_ROOM) small = false
    KEYS[i] = (pairs[2 * i + 1] as number) * TF_ROOM + (TF_ROOM - 1 - tf)
  }
  let best = -1
  if (small) {
    const keys = KEYS.subarray(0, count).sort()
    for (let i = 0; i < count; i++) {
      const key = keys[i] as number
      const length = Math.floor(key / TF_ROOM)
      const tf = TF_ROOM - 1 - (key - length * TF_ROOM)
      if (tf <= best) continue
      out.push(tf, length)
      best = tf
    }
    return
  }
  const order = ORDER.slice(0, count)
  order.sort((a, b) => (pairs[2 * a + 1] as number) - (pairs[2 * b + 1] as number) || (pairs[2 * b] as number) - (pairs[2 * a] as number))
  for (const i of order) {
    const tf = Math.ceil(pairs[2 * i] as number)
    if (tf <= best) continue
    out.push(tf, pairs[2 * i + 1] as number)
    best = tf
  }
}

/** One term's postings before encoding: `n` documents, their frequencies and positions (arrays may be longer than used). */
export interface Pending {
  n: number
  docs: ArrayLike<number>
  /** Per posting, per field: tf. */
  tfs: ArrayLike<number>
  /** Every position, by posting, then field, then position: `tfs` says how many each holds. */
  positions: ArrayLike<number>
}

/** A growable array of int32s (a builder's columns: one value per token, no object per term). */
class Ints {
  a: Int32Array
  n = 0
  constructor(size = 1024) {
    this.a = new Int32Array(size)
  }
  push(v: number): void {
    if (this.n === this.a.length) this.room(this.n + 1)
    this.a[this.n++] = v
  }
  /** Room for `size` values. */
  room(size: number): Int32Array {
    if (size > this.a.length) {
      const next = new Int32Array(Math.max(size, this.a.length * 2))
      next.set(this.a.subarray(0, this.n))
      this.a = next
    }
    return this.a
  }
}

/**
 * Builds a segment from documents, each as its fields' term streams (a term's position is its
 * index in its field's stream), given in any order: a document given again, or `drop`ped, leaves
 * its earlier tokens out. Tokens are kept as columns (term number, document, field and position)
 * and sorted by document, then term, at `finish`, so adding a token allocates nothing and a
 * writer can add each document as it comes, holding no text.
 *
 * @example
 * const b = new SegmentBuilder([2, 1])
 * b.add(1, [['reforma', 'tributari'], ['lei']])
 * const seg = b.finish() // seg.terms.get('reforma').df === 1
 */
export class SegmentBuilder {
  private readonly termIds = new Map<string, number>()
  private readonly names: string[] = []
  private readonly docs = new Ints()
  private readonly lengths = new Ints()
  /** Per token: its term's number. */
  private readonly tokTerm = new Ints(1 << 14)
  /** Per document (by place in `docs`): the number of tokens up to its end (a token's document is found from these at `finish`). */
  private readonly ends = new Ints()
  /** Per token: position × fields + field. */
  private readonly tokAt = new Ints(1 << 14)
  /** Each live document's place in `docs`. */
  private readonly placeOf = new Map<number, number>()
  /** Whether `docs` is ascending with every place live (then `finish` sorts tokens by term only). */
  private inOrder = true

  constructor(private readonly weights: readonly number[]) {}

  /** The documents added and not dropped. */
  get size(): number {
    return this.placeOf.size
  }

  /** Leaves out the tokens of `doc`, if it was added (a document written again or removed in the same call). */
  drop(doc: number): void {
    if (this.placeOf.delete(doc)) this.inOrder = false
  }

  add(doc: number, fields: readonly (readonly string[])[]): void {
    const { docs, termIds, names, tokTerm, tokAt } = this
    if (fields.length !== this.weights.length) throw new RangeError(`a document has ${this.weights.length} fields, got ${fields.length}`)
    this.drop(doc)
    if (docs.n > 0 && doc <= (docs.a[docs.n - 1] as number)) this.inOrder = false
    const F = this.weights.length
    const place = docs.n
    this.placeOf.set(doc, place)
    docs.push(doc)
    for (let f = 0; f < F; f++) {
      const terms = fields[f] as readonly string[]
      this.lengths.push(terms.length)
      for (let position = 0; position < terms.length; position++) {
        const term = terms[position] as string
        let id = termIds.get(term)
        if (id === undefined) {
          id = names.length
          names.push(term)
          termIds.set(term, id)
        }
        tokTerm.push(id)
        tokAt.push(position * F + f)
      }
    }
    this.ends.push(tokTerm.n)
  }

  finish(): BuiltSegment {
    const F = this.weights.length
    const T = this.names.length
    const tokTerm = this.tokTerm.a
    // The live documents ascending, and each token's document as its rank among them (the identity
    // when documents came in order, none dropped); `seq`, the live tokens by document rank.
    const tokDoc = this.tokenDocs()
    const { docs, lengths, rankOf, seq } = this.inOrder ? this.asAdded() : this.reordered(tokDoc)
    const N = seq === undefined ? this.tokTerm.n : seq.length
    const docLength = new Int32Array(docs.length)
    for (let i = 0; i < docs.length; i++) {
      let n = 0
      for (let f = 0; f < F; f++) n += lengths[i * F + f] as number
      docLength[i] = n
    }
    // Tokens by term, in `seq` order within a term (a stable counting sort): documents ascending,
    // then fields, then positions, as a term's postings hold them.
    const start = new Int32Array(T + 1)
    for (let k = 0; k < N; k++) {
      const t = (tokTerm[seq === undefined ? k : (seq[k] as number)] as number) + 1
      start[t] = (start[t] as number) + 1
    }
    for (let t = 0; t < T; t++) start[t + 1] = (start[t + 1] as number) + (start[t] as number)
    const next = start.slice(0, T)
    const order = new Int32Array(N)
    for (let k = 0; k < N; k++) {
      const i = seq === undefined ? k : (seq[k] as number)
      const t = tokTerm[i] as number
      const at = next[t] as number
      order[at] = i
      next[t] = at + 1
    }
    const tokAt = this.tokAt.a
    const pDocs = new Ints()
    const pPlaces = new Ints()
    const pTfs = new Ints()
    const pPositions = new Ints()
    const terms = new Map<string, TermPostings>()
    const scratch = { data: new ByteWriter(), positions: new ByteWriter() }
    const pending: Pending = { n: 0, docs: pDocs.a, tfs: pTfs.a, positions: pPositions.a }
    for (let t = 0; t < T; t++) {
      const from = start[t] as number
      const to = start[t + 1] as number
      // A term only dropped documents held.
      if (from === to) continue
      const tfs = pTfs.room((to - from) * F)
      const positions = pPositions.room(to - from)
      const places = pPlaces.room(to - from)
      const ids = pDocs.room(to - from)
      let n = 0
      let last = -1
      for (let k = from; k < to; k++) {
        const i = order[k] as number
        const place = rankOf === undefined ? (tokDoc[i] as number) : (rankOf[tokDoc[i] as number] as number)
        if (place !== last) {
          last = place
          places[n] = place
          ids[n] = docs[place] as number
          tfs.fill(0, n * F, n * F + F)
          n++
        }
        const at = tokAt[i] as number
        const f = at % F
        tfs[(n - 1) * F + f] = (tfs[(n - 1) * F + f] as number) + 1
        positions[k - from] = (at - f) / F
      }
      pending.n = n
      pending.docs = ids
      pending.tfs = tfs
      pending.positions = positions
      terms.set(
        this.names[t] as string,
        encodeTerm(pending, F, this.weights, (posting) => docLength[places[posting] as number] as number, scratch),
      )
    }
    return { fields: F, docs, lengths, terms }
  }

  /** Per token: its document's place in `docs`. */
  private tokenDocs(): Int32Array {
    const out = new Int32Array(this.tokTerm.n)
    let from = 0
    for (let place = 0; place < this.ends.n; place++) {
      const to = this.ends.a[place] as number
      out.fill(place, from, to)
      from = to
    }
    return out
  }

  /** Documents and tokens as added (every document live, ascending). */
  private asAdded(): { docs: Int32Array; lengths: Int32Array; rankOf: undefined; seq: undefined } {
    return { docs: this.docs.a.slice(0, this.docs.n), lengths: this.lengths.a.slice(0, this.lengths.n), rankOf: undefined, seq: undefined }
  }

  /** The live documents sorted, each place's rank among them (-1 when dropped), and the live tokens by rank (a stable counting sort). */
  private reordered(tokDoc: Int32Array): { docs: Int32Array; lengths: Int32Array; rankOf: Int32Array; seq: Int32Array } {
    const F = this.weights.length
    const all = this.docs.a
    // Ascending by document (a sort per document, not per token).
    const byDoc = [...this.placeOf.values()].sort((a, b) => (all[a] as number) - (all[b] as number))
    const rankOf = new Int32Array(this.docs.n).fill(-1)
    const docs = new Int32Array(byDoc.length)
    const lengths = new Int32Array(byDoc.length * F)
    byDoc.forEach((place, r) => {
      rankOf[place] = r
      docs[r] = all[place] as number
      for (let f = 0; f < F; f++) lengths[r * F + f] = this.lengths.a[place * F + f] as number
    })
    const count = new Int32Array(docs.length + 1)
    for (let i = 0; i < tokDoc.length; i++) {
      const r = rankOf[tokDoc[i] as number] as number
      if (r >= 0) count[r + 1] = (count[r + 1] as number) + 1
    }
    for (let r = 0; r < docs.length; r++) count[r + 1] = (count[r + 1] as number) + (count[r] as number)
    const seq = new Int32Array(count[docs.length] as number)
    for (let i = 0; i < tokDoc.length; i++) {
      const r = rankOf[tokDoc[i] as number] as number
      if (r < 0) continue
      const at = count[r] as number
      seq[at] = i
      count[r] = at + 1
    }
    return { docs, lengths, rankOf, seq }
  }
}

/** Per block of a term being encoded: its last document, offsets, count and impacts' end (reused by every term). */
let BLOCKS = new Int32Array(5 * 64)
/** The impacts of the term being encoded (reused). */
const IMPACTS: number[] = []

/**
 * Encodes one term's postings; `scratch` writers, when given, are reused (their bytes are copied
 * out). `docLength(i)` is the length of the term's `i`-th document. The block metadata is one
 * int32 array, the layout `storage.ts` stores (so it is written as it is).
 */
export function encodeTerm(
  p: Pending,
  F: number,
  weights: readonly number[],
  docLength: (posting: number) => number,
  scratch: { data: ByteWriter; positions: ByteWriter } = { data: new ByteWriter(), positions: new ByteWriter() },
): TermPostings {
  const n = p.n
  const blocks = Math.ceil(n / BLOCK)
  if (BLOCKS.length < 5 * blocks) BLOCKS = new Int32Array(5 * blocks * 2)
  const meta = BLOCKS
  const impacts = IMPACTS
  impacts.length = 0
  const { data, positions } = scratch
  data.reset()
  positions.reset()
  const frame = FRAME
  let base = -1
  /** The next of `p.positions` to write. */
  let next = 0
  for (let b = 0; b < blocks; b++) {
    const from = b * BLOCK
    const count = Math.min(BLOCK, n - from)
    // Per block, 5 values: last document, offset in data, offset in positions, count, impacts' end.
    meta[5 * b + 1] = data.length
    meta[5 * b + 2] = positions.length
    // Id gaps.
    let max = 0
    for (let i = 0; i < count; i++) {
      const gap = (p.docs[from + i] as number) - (i === 0 ? base : (p.docs[from + i - 1] as number)) - 1
      frame[i] = gap
      if (gap > max) max = gap
    }
    data.packed(frame, 0, count, bitsFor(max))
    // One frequency frame per field.
    for (let f = 0; f < F; f++) {
      let top = 0
      for (let i = 0; i < count; i++) {
        const tf = p.tfs[(from + i) * F + f] as number
        frame[i] = tf
        if (tf > top) top = tf
      }
      data.packed(frame, 0, count, bitsFor(top))
    }
    // Positions, and the block's impacts.
    for (let i = 0; i < count; i++) {
      let weighted = 0
      for (let f = 0; f < F; f++) {
        const at = (from + i) * F + f
        const tf = p.tfs[at] as number
        weighted += (weights[f] as number) * tf
        let prev = -1
        for (const end = next + tf; next < end; next++) {
          const pos = p.positions[next] as number
          positions.varint(pos - prev - 1)
          prev = pos
        }
      }
      PAIRS[2 * i] = weighted
      PAIRS[2 * i + 1] = docLength(from + i)
    }
    impactsOf(PAIRS, count, impacts)
    meta[5 * b + 4] = impacts.length / 2
    meta[5 * b + 3] = count
    meta[5 * b] = p.docs[from + count - 1] as number
    base = meta[5 * b] as number
  }
  // One int32 array: how many blocks, then per block field its values, then the impacts' pairs.
  const all = pooledInt32s(1 + 5 * blocks + impacts.length)
  all[0] = blocks
  for (let k = 0; k < 5; k++) for (let b = 0; b < blocks; b++) all[1 + k * blocks + b] = meta[5 * b + k] as number
  all.set(impacts, 1 + 5 * blocks)
  const field = (k: number) => all.subarray(1 + k * blocks, 1 + (k + 1) * blocks)
  return {
    df: n,
    lastDocs: field(0),
    offsets: field(1),
    positionOffsets: field(2),
    counts: field(3),
    impactEnds: field(4),
    impacts: all.subarray(1 + 5 * blocks),
    data: data.bytes(),
    positions: positions.bytes(),
  }
}

/**
 * A segment and its documents deleted since it was written (replaced or removed): what a search
 * sees, and what a merge takes.
 */
export interface LiveSegment {
  readonly segment: Segment
  readonly deleted: ReadonlySet<number>
}
