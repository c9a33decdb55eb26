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
import { BLOCK, ByteWriter, bitsFor, readGaps, writeGaps } from './codec.js'
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

/**
 * Appends to `out` the impacts of `count` pairs (`pairs[2i]` weighted frequency, `pairs[2i + 1]`
 * length): the pairs no other beats on both, shortest first, each frequency rounded up.
 */
function impactsOf(pairs: Float64Array, count: number, out: number[]): void {
  if (count === 1) {
    out.push(Math.ceil(pairs[0] as number), pairs[1] as number)
    return
  }
  const order = ORDER.slice(0, count)
  // Shortest first; of equal lengths, the largest frequency first.
  order.sort((a, b) => (pairs[2 * a + 1] as number) - (pairs[2 * b + 1] as number) || (pairs[2 * b] as number) - (pairs[2 * a] as number))
  let best = -1
  for (const i of order) {
    const tf = Math.ceil(pairs[2 * i] as number)
    if (tf <= best) continue
    out.push(tf, pairs[2 * i + 1] as number)
    best = tf
  }
}

interface Pending {
  docs: number[]
  /** Per posting, per field: tf. */
  tfs: number[]
  /** Every position, by posting, then field, then position: `tfs` says how many each holds. */
  positions: number[]
  /** The document of the last posting (a term seen again in the same document adds to it). */
  last: number
}

/**
 * Builds a segment from documents given in ascending id order, each as its fields' term streams
 * (a term's position is its index in its field's stream).
 *
 * @example
 * const b = new SegmentBuilder([2, 1])
 * b.add(1, [['reforma', 'tributari'], ['lei']])
 * const seg = b.finish() // seg.terms.get('reforma').df === 1
 */
export class SegmentBuilder {
  private readonly pending = new Map<string, Pending>()
  private readonly docs: number[] = []
  private readonly lengths: number[] = []

  constructor(private readonly weights: readonly number[]) {}

  add(doc: number, fields: readonly (readonly string[])[]): void {
    const last = this.docs[this.docs.length - 1]
    if (last !== undefined && doc <= last) throw new RangeError(`documents must be added in ascending order: ${doc} after ${last}`)
    if (fields.length !== this.weights.length) throw new RangeError(`a document has ${this.weights.length} fields, got ${fields.length}`)
    const F = this.weights.length
    this.docs.push(doc)
    const pending = this.pending
    for (let f = 0; f < F; f++) {
      const terms = fields[f] as readonly string[]
      this.lengths.push(terms.length)
      for (let position = 0; position < terms.length; position++) {
        const term = terms[position] as string
        let p = pending.get(term)
        if (!p) {
          p = { docs: [], tfs: [], positions: [], last: -1 }
          pending.set(term, p)
        }
        if (p.last !== doc) {
          p.last = doc
          p.docs.push(doc)
          for (let i = 0; i < F; i++) p.tfs.push(0)
        }
        const at = (p.docs.length - 1) * F + f
        p.tfs[at] = (p.tfs[at] as number) + 1
        p.positions.push(position)
      }
    }
  }

  finish(): BuiltSegment {
    const F = this.weights.length
    const lengths = Int32Array.from(this.lengths)
    const docIndex = new Map<number, number>()
    this.docs.forEach((d, i) => docIndex.set(d, i))
    const docLength = (doc: number) => {
      const i = docIndex.get(doc) as number
      let n = 0
      for (let f = 0; f < F; f++) n += lengths[i * F + f] as number
      return n
    }
    const terms = new Map<string, TermPostings>()
    const scratch = { data: new ByteWriter(), positions: new ByteWriter() }
    for (const [term, p] of this.pending) terms.set(term, encodeTerm(p, F, this.weights, docLength, scratch))
    return { fields: F, docs: Int32Array.from(this.docs), lengths, terms }
  }
}

/** Encodes one term's postings; `scratch` writers, when given, are reused (their bytes are copied out). */
function encodeTerm(
  p: Pending,
  F: number,
  weights: readonly number[],
  docLength: (doc: number) => number,
  scratch: { data: ByteWriter; positions: ByteWriter } = { data: new ByteWriter(), positions: new ByteWriter() },
): TermPostings {
  const n = p.docs.length
  const blocks = Math.ceil(n / BLOCK)
  const lastDocs = new Int32Array(blocks)
  const counts = new Int32Array(blocks)
  const offsets = new Int32Array(blocks)
  const positionOffsets = new Int32Array(blocks)
  const impacts: number[] = []
  const impactEnds = new Int32Array(blocks)
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
    offsets[b] = data.length
    positionOffsets[b] = positions.length
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
      PAIRS[2 * i + 1] = docLength(p.docs[from + i] as number)
    }
    impactsOf(PAIRS, count, impacts)
    impactEnds[b] = impacts.length / 2
    counts[b] = count
    lastDocs[b] = p.docs[from + count - 1] as number
    base = lastDocs[b] as number
  }
  const flat = Int32Array.from(impacts)
  return {
    df: n,
    counts,
    lastDocs,
    offsets,
    positionOffsets,
    impacts: flat,
    impactEnds,
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
    const pending: Pending = { docs: [], tfs: [], positions: [], last: -1 }
    for (const e of entries) {
      pending.docs.push(e.doc)
      for (const tf of e.tfs) pending.tfs.push(tf)
      for (const pos of e.positions) pending.positions.push(pos)
    }
    out.set(
      term,
      encodeTerm(pending, F, weights, (doc) => docLength.get(doc) ?? 0),
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
