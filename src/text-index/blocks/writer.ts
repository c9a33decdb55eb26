/**
 * Writing to the block index, in the caller's transaction: a write call's documents become one
 * new segment per index space of the corpus (one per match mode, and the facet space), the
 * documents written again or removed are deleted from the segments that held them, and each space's
 * segments are then merged as the merge policy says (`merge.ts`).
 */
import type { Statements } from '../../store/statements.js'
import { MATCH_MODES, type MatchMode } from '../../text/modes.js'
import { termStreams } from '../terms.js'
import type { FacetValues, IndexLayout, IndexWriter } from '../types.js'
import { includes } from './matchers.js'
import { mergePlan } from './merge.js'
import { type Segment, SegmentBuilder, mergeSegments } from './segment.js'
import { FACET_WEIGHTS, facetTerm, spaceOf, weightsOf } from './spaces.js'
import {
  type StoredSegment,
  bumpVersion,
  copyTerms,
  deleteFromSegment,
  dropSegments,
  TermCache,
  readSegments,
  storedSegment,
  termsOf,
  writeSegment,
} from './storage.js'

/** The segments a connection has read in a space, by id (a segment never changes once written, so its rows need not be read again). */
export type KnownSegments = (space: string) => ReadonlyMap<number, Segment>

type Added = ReadonlyMap<number, { texts: readonly string[]; facets: FacetValues }>

/**
 * A writer of a corpus's documents: adds and removals buffered, written by `finish` (nothing when
 * nothing was buffered).
 *
 * @example
 * const w = blockWriter(st, layout, known)
 * w.add(rowid, texts, facets)
 * w.finish()
 */
export function blockWriter(st: Statements, layout: IndexLayout, known: KnownSegments): IndexWriter {
  const added = new Map<number, { texts: readonly string[]; facets: FacetValues }>()
  const removed = new Set<number>()
  return {
    add: (rowid, texts, facets) => {
      added.set(rowid, { texts, facets })
    },
    remove: (rowid) => {
      added.delete(rowid)
      removed.add(rowid)
    },
    finish: () => {
      if (added.size === 0 && removed.size === 0) return
      write(st, layout, added, removed, known)
      added.clear()
      removed.clear()
    },
  }
}

/** Writes one call's documents to every space of the corpus, then merges each space's segments. */
function write(st: Statements, layout: IndexLayout, added: Added, removed: ReadonlySet<number>, known: KnownSegments): void {
  const rowids = [...added.keys()].sort((a, b) => a - b)
  const addVariant = st.prepared('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
  const onVariant = (canonical: string, raw: string) => addVariant.run(layout.name, canonical, raw)
  const docs = rowids.map((r) => added.get(r) as { texts: readonly string[]; facets: FacetValues })
  const streams = docs.map((d) => termStreams(layout, d.texts, onVariant))
  // A document written again or removed leaves the segment that held it.
  const gone = [...removed, ...rowids]
  const spaces: { space: string; weights: readonly number[]; fields: (i: number) => readonly (readonly string[])[] }[] = [
    ...MATCH_MODES.map((mode) => ({
      space: spaceOf(layout.name, mode),
      weights: weightsOf(layout),
      fields: (i: number) => (streams[i] as Record<MatchMode, string[][]>)[mode],
    })),
    {
      space: spaceOf(layout.name, 'facets'),
      weights: FACET_WEIGHTS,
      fields: (i: number) => [(docs[i] as { facets: FacetValues }).facets.map(([f, v]) => facetTerm(f, v))],
    },
  ]
  // Postings this write reads are cached for it alone (see `TermCache`).
  const cache = new TermCache()
  for (const { space, weights, fields } of spaces) {
    for (const s of readSegments(st, space, known(space), cache)) {
      const hit = gone.filter((d) => !s.deleted.has(d) && includes(s.segment.docs, d))
      if (hit.length > 0) deleteFromSegment(st, s.id, hit)
    }
    bumpVersion(st, space)
    if (rowids.length > 0) {
      const builder = new SegmentBuilder(weights)
      rowids.forEach((r, i) => builder.add(r, fields(i)))
      writeSegment(st, space, builder.finish())
    }
    merge(st, space, weights, cache, known)
  }
}

/** Merges a space's segments as `mergePlan` says, in the write's transaction. */
function merge(st: Statements, space: string, weights: readonly number[], cache: TermCache, known: KnownSegments): void {
  const read = readSegments(st, space, known(space), cache)
  const plan = mergePlan(read.map((s) => s.segment.docs.length - s.deleted.size))
  if (plan.drop.length > 0)
    dropSegments(
      st,
      plan.drop.map((i) => (read[i] as StoredSegment).id),
    )
  let segments = read.filter((_, i) => !plan.drop.includes(i))
  for (let n = 1; n < plan.merge; n++) {
    const newest = segments[segments.length - 1] as StoredSegment
    const before = segments[segments.length - 2] as StoredSegment
    // Terms of both inputs, and every term of an input with deleted documents, are encoded again;
    // the others' rows are copied as they are, inside SQLite.
    const inputs = [before, newest]
    const termLists = inputs.map((s) => termsOf(st, s.id))
    const inNewest = new Set(termLists[1])
    const encode = new Set((termLists[0] as string[]).filter((t) => inNewest.has(t)))
    inputs.forEach((s, i) => {
      if (s.deleted.size > 0) for (const t of termLists[i] as string[]) encode.add(t)
    })
    const merged = mergeSegments(inputs, weights, encode)
    const id = writeSegment(st, space, merged)
    for (const s of inputs) if (s.deleted.size === 0) copyTerms(st, s.id, id)
    dropSegments(st, [before.id, newest.id])
    segments = [...segments.slice(0, -2), storedSegment(st, id, merged, cache)]
  }
}
