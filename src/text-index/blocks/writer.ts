/**
 * Writing to the block index, in the caller's transaction: a write call's documents become one
 * new segment per index space of the corpus (one per match mode, and the facet space; a few when
 * the call passes `SEGMENT_LIMITS`), the documents written again or removed are deleted from the
 * segments that held them, and each space's segments are then merged as the merge policy says
 * (`merge.ts`), the new segment from memory.
 */
import type { Statements } from '../../store/statements.js'
import { MATCH_MODES, type MatchMode } from '../../text/modes.js'
import { termStreams } from '../terms.js'
import type { FacetValues, IndexLayout, IndexWriter } from '../types.js'
import { includes } from './matchers.js'
import { mergePlan } from './merge.js'
import { type BuiltSegment, type LiveSegment, type Segment, SegmentBuilder, mergeSegments } from './segment.js'
import { FACET_WEIGHTS, facetTerm, spaceOf, weightsOf } from './spaces.js'
import {
  type StoredSegment,
  bumpVersion,
  copyTerms,
  deleteFromSegment,
  dropSegments,
  postingsOfTerms,
  TermCache,
  readSegments,
  termsOf,
  writeSegment,
} from './storage.js'

/** The segments a connection has read in a space, by id (a segment never changes once written, so its rows need not be read again). */
export type KnownSegments = (space: string) => ReadonlyMap<number, Segment>

type Added = ReadonlyMap<number, { texts: readonly string[]; facets: FacetValues }>

/**
 * A writer of a corpus's documents: adds and removals buffered, written by `finish` (nothing when
 * nothing was buffered), or before when the buffer reaches `SEGMENT_LIMITS`.
 *
 * @example
 * const w = blockWriter(st, layout, known)
 * w.add(rowid, texts, facets)
 * w.finish()
 */
export function blockWriter(st: Statements, layout: IndexLayout, known: KnownSegments): IndexWriter {
  const added = new Map<number, { texts: readonly string[]; facets: FacetValues }>()
  const removed = new Set<number>()
  let chars = 0
  return {
    add: (rowid, texts, facets) => {
      added.set(rowid, { texts, facets })
      for (const t of texts) chars += t.length
      // A large call (an ingest, an upgrade) is written in segments of a bounded size: memory stays flat.
      if (added.size >= SEGMENT_LIMITS.docs || chars >= SEGMENT_LIMITS.chars) {
        write(st, layout, added, removed, known)
        added.clear()
        removed.clear()
        chars = 0
      }
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
      chars = 0
    },
  }
}

/**
 * The most documents, and characters of their texts, a writer holds before it writes them as a
 * segment (still in the caller's transaction): one segment per call up to these, so a bulk load
 * makes few large segments and few merges, and a call of any size stays within bounded memory.
 */
export const SEGMENT_LIMITS = { docs: 50_000, chars: 32_000_000 } as const

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
    const segments: Input[] = readSegments(st, space, known(space), cache).map((s) => {
      const hit = gone.filter((d) => !s.deleted.has(d) && includes(s.segment.docs, d))
      if (hit.length === 0) return s
      deleteFromSegment(st, s.id, hit)
      return { ...s, deleted: new Set([...s.deleted, ...hit]) }
    })
    bumpVersion(st, space)
    if (rowids.length > 0) {
      const builder = new SegmentBuilder(weights)
      rowids.forEach((r, i) => builder.add(r, fields(i)))
      // Written only if the merge does not take it at once.
      segments.push({ id: undefined, segment: builder.finish(), deleted: new Set() })
    }
    merge(st, space, weights, segments)
  }
}

/** A segment of a space during a write: stored (its id), or the one this write built, not written yet. */
type Input = StoredSegment | { readonly id: undefined; readonly segment: BuiltSegment; readonly deleted: ReadonlySet<number> }

/** Merges a space's segments as `mergePlan` says, in the write's transaction (and writes the segment built, unless merged). */
function merge(st: Statements, space: string, weights: readonly number[], segments: readonly Input[]): void {
  const plan = mergePlan(
    segments.map((s) => s.segment.docs.length - s.deleted.size),
    segments.map((s) => s.deleted.size),
  )
  const dropped = plan.drop.map((i) => segments[i] as Input)
  dropSegments(
    st,
    dropped.flatMap((s) => (s.id === undefined ? [] : [s.id])),
  )
  // A worn segment is written again alone, without its deleted documents.
  for (const i of plan.purge) combine(st, space, weights, [segments[i] as Input])
  const kept = segments.filter((s) => !dropped.includes(s))
  if (plan.merge > 0) combine(st, space, weights, kept.slice(kept.length - plan.merge))
  else {
    const built = kept[kept.length - 1]
    if (built !== undefined && built.id === undefined) writeSegment(st, space, built.segment)
  }
}

/** Writes the live documents of `inputs` as one segment (the built one taken from memory), and drops the stored inputs. */
function combine(st: Statements, space: string, weights: readonly number[], inputs: readonly Input[]): void {
  // Terms in several inputs, and every term of an input with deleted documents, are encoded again;
  // the others' postings are kept as they are (a term's postings name documents by id, never by
  // place): a stored input's rows copied inside SQLite, the built one's written from memory.
  const termLists = inputs.map((s) => (s.id === undefined ? [...s.segment.terms.keys()] : termsOf(st, s.id)))
  const seen = new Map<string, number>()
  for (const terms of termLists) for (const t of terms) seen.set(t, (seen.get(t) ?? 0) + 1)
  const encode = new Set<string>()
  inputs.forEach((s, i) => {
    for (const t of termLists[i] as string[]) if (s.deleted.size > 0 || (seen.get(t) as number) > 1) encode.add(t)
  })
  // Each stored input's postings of those terms, read at once (positions too: a merge needs every byte).
  const live: LiveSegment[] = inputs.map((s, i) => {
    if (s.id === undefined) return s
    const wanted = (termLists[i] as string[]).filter((t) => encode.has(t))
    const { fields, docs, lengths } = s.segment
    return { segment: { fields, docs, lengths, terms: postingsOfTerms(st, s.id, wanted) }, deleted: s.deleted }
  })
  const merged = mergeSegments(live, weights, encode)
  const terms = new Map(merged.terms)
  for (const s of inputs) {
    if (s.id !== undefined) continue
    for (const [t, p] of s.segment.terms) if (!encode.has(t)) terms.set(t, p)
  }
  const id = writeSegment(st, space, { ...merged, terms })
  for (const s of inputs) if (s.id !== undefined && s.deleted.size === 0) copyTerms(st, s.id, id)
  dropSegments(
    st,
    inputs.flatMap((s) => (s.id === undefined ? [] : [s.id])),
  )
}
