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
import { BLOCK, ByteWriter, bitsFor, pooledInt32s, readGaps, writeGaps } from './codec.js'
import { NO_MORE, PostingCursor } from './cursor.js'
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
interface Pending {
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
 * Builds a segment from documents given in ascending id order, each as its fields' term streams
 * (a term's position is its index in its field's stream). Tokens are kept as columns (term number,
 * document, field and position) and sorted by term at `finish`, so adding a token allocates nothing.
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
  /** Per token: its document's place in `docs`. */
  private readonly tokDoc = new Ints(1 << 14)
  /** Per token: position × fields + field. */
  private readonly tokAt = new Ints(1 << 14)

  constructor(private readonly weights: readonly number[]) {}

  add(doc: number, fields: readonly (readonly string[])[]): void {
    const { docs, termIds, names, tokTerm, tokDoc, tokAt } = this
    if (docs.n > 0 && doc <= (docs.a[docs.n - 1] as number))
      throw new RangeError(`documents must be added in ascending order: ${doc} after ${docs.a[docs.n - 1]}`)
    if (fields.length !== this.weights.length) throw new RangeError(`a document has ${this.weights.length} fields, got ${fields.length}`)
    const F = this.weights.length
    const place = docs.n
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
        tokDoc.push(place)
        tokAt.push(position * F + f)
      }
    }
  }

  finish(): BuiltSegment {
    const F = this.weights.length
    const T = this.names.length
    const N = this.tokTerm.n
    const tokTerm = this.tokTerm.a
    const lengths = this.lengths.a.slice(0, this.lengths.n)
    const docs = this.docs.a.slice(0, this.docs.n)
    const docLength = new Int32Array(docs.length)
    for (let i = 0; i < docs.length; i++) {
      let n = 0
      for (let f = 0; f < F; f++) n += lengths[i * F + f] as number
      docLength[i] = n
    }
    // Tokens by term, in token order within a term (a stable counting sort): documents ascending,
    // then fields, then positions, as a term's postings hold them.
    const start = new Int32Array(T + 1)
    for (let i = 0; i < N; i++) {
      const t = (tokTerm[i] as number) + 1
      start[t] = (start[t] as number) + 1
    }
    for (let t = 0; t < T; t++) start[t + 1] = (start[t + 1] as number) + (start[t] as number)
    const next = start.slice(0, T)
    const order = new Int32Array(N)
    for (let i = 0; i < N; i++) {
      const t = tokTerm[i] as number
      const at = next[t] as number
      order[at] = i
      next[t] = at + 1
    }
    const tokDoc = this.tokDoc.a
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
      const tfs = pTfs.room((to - from) * F)
      const positions = pPositions.room(to - from)
      const places = pPlaces.room(to - from)
      const ids = pDocs.room(to - from)
      let n = 0
      let last = -1
      for (let k = from; k < to; k++) {
        const i = order[k] as number
        const place = tokDoc[i] as number
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
function encodeTerm(
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

/**
 * One segment holding the live documents of several (their deleted documents dropped), postings
 * re-encoded term by term from the inputs' own postings: what a merge writes in place of its
 * inputs. `terms` names every term of the inputs. A document live in two inputs is a caller's bug.
 */
export function mergeSegments(inputs: readonly LiveSegment[], weights: readonly number[], terms: Iterable<string>): BuiltSegment {
  if (appendable(inputs)) return concatenate(inputs, weights.length, terms)
  const F = weights.length
  // The live documents and their lengths, ascending.
  const live: { doc: number; lengths: number[] }[] = []
  for (const { segment, deleted } of inputs) {
    segment.docs.forEach((doc, i) => {
      if (deleted.has(doc)) return
      live.push({ doc, lengths: Array.from({ length: F }, (_, f) => segment.lengths[i * F + f] as number) })
    })
  }
  live.sort((a, b) => a.doc - b.doc)
  for (let i = 1; i < live.length; i++) {
    if ((live[i] as { doc: number }).doc === (live[i - 1] as { doc: number }).doc)
      throw new RangeError(`document ${live[i]?.doc} is live in two segments`)
  }
  const docLength = new Map(live.map((d) => [d.doc, d.lengths.reduce((s, n) => s + n, 0)]))
  const out = new Map<string, TermPostings>()
  for (const term of new Set(terms)) {
    const entries: { doc: number; tfs: number[]; positions: number[] }[] = []
    for (const { segment, deleted } of inputs) {
      const postings = segment.terms.get(term)
      if (!postings) continue
      const c = new PostingCursor(postings, F)
      for (let doc = c.next(); doc !== NO_MORE; doc = c.next()) {
        if (deleted.has(doc)) continue
        const tfs: number[] = []
        const positions: number[] = []
        for (let f = 0; f < F; f++) {
          tfs.push(c.tf(f))
          for (const pos of c.positions(f)) positions.push(pos)
        }
        entries.push({ doc, tfs, positions })
      }
    }
    if (entries.length === 0) continue
    entries.sort((a, b) => a.doc - b.doc)
    const docs: number[] = []
    const tfs: number[] = []
    const positions: number[] = []
    for (const e of entries) {
      docs.push(e.doc)
      for (const tf of e.tfs) tfs.push(tf)
      for (const pos of e.positions) positions.push(pos)
    }
    out.set(
      term,
      encodeTerm({ n: docs.length, docs, tfs, positions }, F, weights, (i) => docLength.get(docs[i] as number) ?? 0),
    )
  }
  return { fields: F, docs: Int32Array.from(live.map((d) => d.doc)), lengths: Int32Array.from(live.flatMap((d) => d.lengths)), terms: out }
}

/** Inputs without deleted documents whose ids follow one another (the usual appends): their blocks can be copied. */
function appendable(inputs: readonly LiveSegment[]): boolean {
  let last = -1
  for (const { segment, deleted } of inputs) {
    if (deleted.size > 0) return false
    if (segment.docs.length === 0) continue
    if ((segment.docs[0] as number) <= last) return false
    last = segment.docs[segment.docs.length - 1] as number
  }
  return true
}

/**
 * The merge of appendable inputs: each term's blocks copied as they are, only the id frame of an
 * input's first block written again (its first gap counted from the previous input's last
 * document instead of from -1); frequencies, positions and impacts are copied.
 */
function concatenate(inputs: readonly LiveSegment[], F: number, terms: Iterable<string>): BuiltSegment {
  const out = new Map<string, TermPostings>()
  const ids = new Int32Array(BLOCK)
  for (const term of new Set(terms)) {
    const parts = inputs.map((i) => i.segment.terms.get(term)).filter((p): p is TermPostings => p !== undefined)
    if (parts.length === 0) continue
    if (parts.length === 1) {
      out.set(term, parts[0] as TermPostings)
      continue
    }
    const data = new ByteWriter()
    const positions = new ByteWriter()
    const lastDocs: number[] = []
    const counts: number[] = []
    const offsets: number[] = []
    const positionOffsets: number[] = []
    const impacts: number[] = []
    const impactEnds: number[] = []
    let df = 0
    for (const p of parts) {
      const base = lastDocs.length === 0 ? -1 : (lastDocs[lastDocs.length - 1] as number)
      for (let b = 0; b < p.lastDocs.length; b++) {
        const count = p.counts[b] as number
        const start = p.offsets[b] as number
        const end = b + 1 < p.lastDocs.length ? (p.offsets[b + 1] as number) : p.data.length
        offsets.push(data.length)
        if (b === 0) {
          // The first block's ids again, from the new base; the rest of the block as it is.
          const after = readGaps(p.data, start, count, -1, ids)
          writeGaps(data, ids, count, base)
          data.bytesFrom(p.data, after, end)
        } else data.bytesFrom(p.data, start, end)
        positionOffsets.push(positions.length + (p.positionOffsets[b] as number))
        lastDocs.push(p.lastDocs[b] as number)
        counts.push(count)
        for (let i = b === 0 ? 0 : 2 * (p.impactEnds[b - 1] as number), end = 2 * (p.impactEnds[b] as number); i < end; i++)
          impacts.push(p.impacts[i] as number)
        impactEnds.push(impacts.length / 2)
      }
      positions.bytesFrom(p.positions, 0, p.positions.length)
      df += p.df
    }
    const flat = Int32Array.from(impacts)
    const ends = Int32Array.from(impactEnds)
    out.set(term, {
      df,
      counts: Int32Array.from(counts),
      lastDocs: Int32Array.from(lastDocs),
      offsets: Int32Array.from(offsets),
      positionOffsets: Int32Array.from(positionOffsets),
      impacts: flat,
      impactEnds: ends,
      data: data.bytes(),
      positions: positions.bytes(),
    })
  }
  const docs = new Int32Array(inputs.reduce((n, i) => n + i.segment.docs.length, 0))
  const lengths = new Int32Array(docs.length * F)
  let at = 0
  for (const { segment } of inputs) {
    docs.set(segment.docs, at)
    lengths.set(segment.lengths, at * F)
    at += segment.docs.length
  }
  return { fields: F, docs, lengths, terms: out }
}
