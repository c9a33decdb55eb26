/**
 * Merging segments, one term at a time: what a merge writes in place of its inputs holds their
 * live documents (deleted ones dropped), each term's postings made from the inputs' postings of
 * that term alone, so a merge can read, merge and write its terms in small batches and hold no
 * whole segment in memory (`writer.ts`).
 */
import { BLOCK, ByteWriter, readGaps, writeGaps } from './codec.js'
import { NO_MORE, PostingCursor } from './cursor.js'
import { type BuiltSegment, type LiveSegment, type TermPostings, encodeTerm } from './segment.js'

/** What a merger needs of an input: its documents, their lengths, and its deleted documents (postings are given term by term). */
export interface MergeInput {
  readonly segment: { readonly fields: number; readonly docs: Int32Array; readonly lengths: Int32Array }
  readonly deleted: ReadonlySet<number>
}

/**
 * The merge of some segments: its documents and lengths at once, each term's postings when given
 * that term's postings in every input. Inputs without deleted documents whose ids follow one
 * another (the usual appends) have their blocks copied; others are decoded and encoded again. A
 * document live in two inputs is a caller's bug.
 *
 * @example
 * const m = new SegmentMerger([a, b], weights)
 * const p = m.term([a.segment.terms.get('lei'), b.segment.terms.get('lei')])
 */
export class SegmentMerger {
  /** The merged segment's documents, ascending. */
  readonly docs: Int32Array
  /** Per document, per field, its length. */
  readonly lengths: Int32Array
  readonly fields: number
  private readonly append: boolean
  private readonly docLength = new Map<number, number>()
  private readonly ids = new Int32Array(BLOCK)

  constructor(
    private readonly inputs: readonly MergeInput[],
    private readonly weights: readonly number[],
  ) {
    const F = weights.length
    this.fields = F
    this.append = appendable(inputs)
    if (this.append) {
      this.docs = new Int32Array(inputs.reduce((n, i) => n + i.segment.docs.length, 0))
      this.lengths = new Int32Array(this.docs.length * F)
      let at = 0
      for (const { segment } of inputs) {
        this.docs.set(segment.docs, at)
        this.lengths.set(segment.lengths, at * F)
        at += segment.docs.length
      }
      return
    }
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
    for (const d of live)
      this.docLength.set(
        d.doc,
        d.lengths.reduce((s, n) => s + n, 0),
      )
    this.docs = Int32Array.from(live.map((d) => d.doc))
    this.lengths = Int32Array.from(live.flatMap((d) => d.lengths))
  }

  /** One term's merged postings from its postings in each input (in input order, `undefined` where absent), or `undefined` when no live document holds it. */
  term(parts: readonly (TermPostings | undefined)[]): TermPostings | undefined {
    return this.append ? this.concatenated(parts) : this.encodedAgain(parts)
  }

  /** The term's live postings decoded from every input and encoded again. */
  private encodedAgain(parts: readonly (TermPostings | undefined)[]): TermPostings | undefined {
    const F = this.fields
    const entries: { doc: number; tfs: number[]; positions: number[] }[] = []
    parts.forEach((postings, i) => {
      if (!postings) return
      const { deleted } = this.inputs[i] as MergeInput
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
    })
    if (entries.length === 0) return undefined
    entries.sort((a, b) => a.doc - b.doc)
    const docs: number[] = []
    const tfs: number[] = []
    const positions: number[] = []
    for (const e of entries) {
      docs.push(e.doc)
      for (const tf of e.tfs) tfs.push(tf)
      for (const pos of e.positions) positions.push(pos)
    }
    return encodeTerm({ n: docs.length, docs, tfs, positions }, F, this.weights, (i) => this.docLength.get(docs[i] as number) ?? 0)
  }

  /**
   * The term's blocks copied as they are from appendable inputs, only the id frame of an input's
   * first block written again (its first gap counted from the previous input's last document
   * instead of from -1); frequencies, positions and impacts are copied.
   */
  private concatenated(all: readonly (TermPostings | undefined)[]): TermPostings | undefined {
    const parts = all.filter((p): p is TermPostings => p !== undefined)
    if (parts.length <= 1) return parts[0]
    const ids = this.ids
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
    return {
      df,
      counts: Int32Array.from(counts),
      lastDocs: Int32Array.from(lastDocs),
      offsets: Int32Array.from(offsets),
      positionOffsets: Int32Array.from(positionOffsets),
      impacts: Int32Array.from(impacts),
      impactEnds: Int32Array.from(impactEnds),
      data: data.bytes(),
      positions: positions.bytes(),
    }
  }
}

/** Inputs without deleted documents whose ids follow one another: their blocks can be copied. */
function appendable(inputs: readonly MergeInput[]): boolean {
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
 * One segment holding the live documents of several, in memory: `terms` names every term of the
 * inputs (the merge of whole segments, as tests and small merges take it).
 *
 * @example
 * const merged = mergeSegments([{ segment: a, deleted: new Set() }, { segment: b, deleted: new Set([7]) }], weights, ['lei'])
 */
export function mergeSegments(inputs: readonly LiveSegment[], weights: readonly number[], terms: Iterable<string>): BuiltSegment {
  const m = new SegmentMerger(inputs, weights)
  const out = new Map<string, TermPostings>()
  for (const term of new Set(terms)) {
    const p = m.term(inputs.map((i) => i.segment.terms.get(term)))
    if (p) out.set(term, p)
  }
  return { fields: m.fields, docs: m.docs, lengths: m.lengths, terms: out }
}
