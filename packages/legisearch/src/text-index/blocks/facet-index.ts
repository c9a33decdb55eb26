/**
 * The forward index behind facet counts in the block index, per corpus: per facet and stored
 * segment, its documents' values (a segment never changes once written, so each is read from its
 * postings once, whatever the versions: a write costs the reading of its new segments, not of the
 * corpus); per version, where each live document is (which segment, which position), and per facet
 * each value's live total and lowest live rowid.
 */
import type { Statements } from '../../store/statements.js'
import { NO_MORE, PostingCursor } from './cursor.js'
import { facetTerm } from './spaces.js'
import { type StoredSegment, postingsWithPrefix } from './storage.js'

/** One facet's values in one segment: per position `p` in `segment.docs`, `ids[offsets[p]]` to `ids[offsets[p + 1] - 1]`. */
export interface Piece {
  readonly offsets: Int32Array
  readonly ids: Int32Array
}

/** Where each live document of a version is: its segment (`segments` index + 1; 0: none) and its position there. */
export interface Locator {
  readonly base: number
  readonly segments: readonly StoredSegment[]
  readonly segmentOf: Uint16Array
  readonly positionOf: Int32Array
}

/** One facet at one version: its values, their live totals and lowest live rowids, and a piece per live segment (`Locator.segments` order). */
export interface FacetView {
  /** Indexed by the pieces' ids (may hold values no live document holds any more: their total is 0). */
  readonly values: readonly string[]
  readonly totals: Int32Array
  readonly first: Int32Array
  readonly pieces: readonly Piece[]
}

/**
 * Where each live document of the facet space's segments is, over rowids `base` to `base + size - 1`.
 *
 * @example locatorOf(segmentsIn('propositions:facets'), dates.base, dates.size).segmentOf[rowid - base]
 */
export function locatorOf(segments: readonly StoredSegment[], base: number, size: number): Locator {
  const segmentOf = new Uint16Array(size)
  const positionOf = new Int32Array(size)
  segments.forEach(({ segment, deleted }, k) => {
    const docs = segment.docs
    for (let p = 0; p < docs.length; p++) {
      const at = (docs[p] as number) - base
      if (at < 0 || at >= size || (deleted.size > 0 && deleted.has(docs[p] as number))) continue
      segmentOf[at] = k + 1
      positionOf[at] = p
    }
  })
  return { base, segments, segmentOf, positionOf }
}

/** A corpus's facets' values and pieces, kept across versions (segments read once). */
export class FacetIndexes {
  private readonly facets = new Map<string, { values: string[]; index: Map<string, number>; pieces: Map<number, Piece> }>()

  constructor(private readonly st: Statements) {}

  /** A facet at the version of `locator`: the pieces of new segments read now, those of segments gone dropped. */
  view(facet: string, locator: Locator): FacetView {
    let f = this.facets.get(facet)
    if (!f) this.facets.set(facet, (f = { values: [], index: new Map(), pieces: new Map() }))
    const { values, index } = f
    const known = f.pieces
    const pieces = locator.segments.map(({ id, segment }) => {
      let piece = known.get(id)
      if (!piece) {
        piece = readPiece(this.st, id, segment.docs, segment.fields, facet, values, index)
        known.set(id, piece)
      }
      return piece
    })
    const live = new Set(locator.segments.map((s) => s.id))
    for (const id of [...known.keys()]) if (!live.has(id)) known.delete(id)
    // Each value's live total and lowest live rowid: one pass over the live documents' entries.
    const totals = new Int32Array(values.length)
    const first = new Int32Array(values.length).fill(2 ** 31 - 1)
    const { base, segmentOf, positionOf } = locator
    for (let at = 0; at < segmentOf.length; at++) {
      const s = segmentOf[at] as number
      if (s === 0) continue
      const { offsets, ids } = pieces[s - 1] as Piece
      const p = positionOf[at] as number
      const end = offsets[p + 1] as number
      for (let k = offsets[p] as number; k < end; k++) {
        const v = ids[k] as number
        totals[v] = (totals[v] as number) + 1
        if (base + at < (first[v] as number)) first[v] = base + at
      }
    }
    return { values, totals, first, pieces }
  }
}

/** One segment's piece of a facet, read from the facet's postings in one statement; new values join the facet's list. */
function readPiece(
  st: Statements,
  id: number,
  docs: Int32Array,
  fields: number,
  facet: string,
  values: string[],
  index: Map<string, number>,
): Piece {
  const prefix = facetTerm(facet, '')
  const lowest = docs.length === 0 ? 0 : (docs[0] as number)
  const span = docs.length === 0 ? 0 : (docs[docs.length - 1] as number) - lowest + 1
  // A document's position in `docs`, by rowid (only while reading).
  const positionOf = new Int32Array(span)
  for (let p = 0; p < docs.length; p++) positionOf[(docs[p] as number) - lowest] = p
  const entries: { positions: number[]; value: number }[] = []
  const offsets = new Int32Array(docs.length + 1)
  for (const [term, postings] of postingsWithPrefix(st, id, prefix)) {
    const value = term.slice(prefix.length)
    let v = index.get(value)
    if (v === undefined) {
      v = values.length
      index.set(value, v)
      values.push(value)
    }
    const positions: number[] = []
    const c = new PostingCursor(postings, fields)
    for (let d = c.next(); d !== NO_MORE; d = c.next()) {
      const p = positionOf[d - lowest] as number
      positions.push(p)
      offsets[p + 1] = (offsets[p + 1] as number) + 1
    }
    entries.push({ positions, value: v })
  }
  for (let p = 0; p < docs.length; p++) offsets[p + 1] = (offsets[p + 1] as number) + (offsets[p] as number)
  const fill = offsets.slice(0, docs.length)
  const ids = new Int32Array(offsets[docs.length] as number)
  for (const { positions, value } of entries)
    for (const p of positions) {
      ids[fill[p] as number] = value
      fill[p] = (fill[p] as number) + 1
    }
  return { offsets, ids }
}
