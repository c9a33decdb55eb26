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
import { SegmentMerger } from './merger.js'
import { type BuiltSegment, type Segment, SegmentBuilder } from './segment.js'
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
  SegmentSink,
  writeSegment,
} from './storage.js'

/** The segments a connection has read in a space, by id (a segment never changes once written, so its rows need not be read again). */
export type KnownSegments = (space: string) => ReadonlyMap<number, Segment>

/** One space of a corpus a writer builds: its name, field weights, and the fields a document gives it. */
interface SpaceOfWrite {
  readonly space: string
  readonly weights: readonly number[]
  readonly fields: (streams: Record<MatchMode, string[][]>, facets: FacetValues) => readonly (readonly string[])[]
}

/** The spaces of a layout: one per match mode, and the facet space. */
function spacesOf(layout: IndexLayout): SpaceOfWrite[] {
  return [
    ...MATCH_MODES.map((mode) => ({
      space: spaceOf(layout.name, mode),
      weights: weightsOf(layout),
      fields: (streams: Record<MatchMode, string[][]>) => streams[mode],
    })),
    {
      space: spaceOf(layout.name, 'facets'),
      weights: FACET_WEIGHTS,
      fields: (_: Record<MatchMode, string[][]>, facets: FacetValues) => [facets.map(([f, v]) => facetTerm(f, v))],
    },
  ]
}

/**
 * A writer of a corpus's documents: each added document goes at once into one segment builder per
 * space (its texts are not kept), removals are buffered; both are written by `finish` (nothing when
 * nothing was buffered), or before when the builders reach `SEGMENT_LIMITS`.
 *
 * @example
 * const w = blockWriter(st, layout, known)
 * w.add(rowid, texts, facets)
 * w.finish()
 */
export function blockWriter(st: Statements, layout: IndexLayout, known: KnownSegments): IndexWriter {
  const spaces = spacesOf(layout)
  const addVariant = st.prepared('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
  const onVariant = (canonical: string, raw: string) => addVariant.run(layout.name, canonical, raw)
  let builders = spaces.map((s) => new SegmentBuilder(s.weights))
  const removed = new Set<number>()
  let chars = 0
  const flush = () => {
    write(st, spaces, builders, removed, known)
    builders = spaces.map((s) => new SegmentBuilder(s.weights))
    removed.clear()
    chars = 0
  }
  return {
    add: (rowid, texts, facets) => {
      const streams = termStreams(layout, texts, onVariant)
      spaces.forEach((s, i) => (builders[i] as SegmentBuilder).add(rowid, s.fields(streams, facets)))
      for (const t of texts) chars += t.length
      // A large call (an ingest, an upgrade) is written in segments of a bounded size: memory stays flat.
      if ((builders[0] as SegmentBuilder).size >= SEGMENT_LIMITS.docs || chars >= SEGMENT_LIMITS.chars) flush()
    },
    remove: (rowid) => {
      for (const b of builders) b.drop(rowid)
      removed.add(rowid)
    },
    finish: () => {
      if ((builders[0] as SegmentBuilder).size === 0 && removed.size === 0) return
      flush()
    },
  }
}

/**
 * The most documents, and characters of their texts, a writer holds before it writes them as a
 * segment (still in the caller's transaction): one segment per call up to these, so a bulk load
 * makes few large segments and few merges, and a call of any size stays within bounded memory.
 */
export const SEGMENT_LIMITS = { docs: 50_000, chars: 16_000_000 } as const

/** Writes one call's built segments to their spaces (the same documents in each), then merges each space's segments. */
function write(
  st: Statements,
  spaces: readonly SpaceOfWrite[],
  builders: readonly SegmentBuilder[],
  removed: ReadonlySet<number>,
  known: KnownSegments,
): void {
  // Postings this write reads are cached for it alone (see `TermCache`).
  const cache = new TermCache()
  spaces.forEach(({ space, weights }, i) => {
    const builder = builders[i] as SegmentBuilder
    const built = builder.size > 0 ? builder.finish() : undefined
    // A document written again or removed leaves the segment that held it.
    const gone = built === undefined ? [...removed] : [...removed, ...built.docs]
    const segments: Input[] = readSegments(st, space, known(space), cache).map((s) => {
      const hit = gone.filter((d) => !s.deleted.has(d) && includes(s.segment.docs, d))
      if (hit.length === 0) return s
      deleteFromSegment(st, s.id, hit)
      return { ...s, deleted: new Set([...s.deleted, ...hit]) }
    })
    bumpVersion(st, space)
    // Written only if the merge does not take it at once.
    if (built !== undefined) segments.push({ id: undefined, segment: built, deleted: new Set() })
    merge(st, space, weights, segments)
  })
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

/** Terms a merge reads, merges and writes at a time: its memory is a batch's postings, never a whole segment's. */
const MERGE_BATCH = 256

/**
 * Writes the live documents of `inputs` as one segment (the built one taken from memory), and
 * drops the stored inputs. Terms in several inputs, and every term of an input with deleted
 * documents, are merged in term order, `MERGE_BATCH` at a time (each stored input's postings of a
 * batch read in one statement); the others' rows are kept as they are (a term's postings name
 * documents by id, never by place): a stored input's copied inside SQLite, the built one's written
 * from memory.
 */
function combine(st: Statements, space: string, weights: readonly number[], inputs: readonly Input[]): void {
  const termLists = inputs.map((s) => (s.id === undefined ? [...s.segment.terms.keys()] : termsOf(st, s.id)))
  const seen = new Map<string, number>()
  for (const terms of termLists) for (const t of terms) seen.set(t, (seen.get(t) ?? 0) + 1)
  const encode = new Set<string>()
  inputs.forEach((s, i) => {
    for (const t of termLists[i] as string[]) if (s.deleted.size > 0 || (seen.get(t) as number) > 1) encode.add(t)
  })
  seen.clear()
  const merger = new SegmentMerger(inputs, weights)
  const sink = new SegmentSink(st, space, merger)
  const built = inputs.find((s) => s.id === undefined)?.segment as BuiltSegment | undefined
  const order = [...encode, ...(built === undefined ? [] : [...built.terms.keys()].filter((t) => !encode.has(t)))].sort()
  for (let at = 0; at < order.length; at += MERGE_BATCH) {
    const batch = order.slice(at, at + MERGE_BATCH)
    const merged = batch.filter((t) => encode.has(t))
    const read = inputs.map((s) => (s.id === undefined ? s.segment.terms : postingsOfTerms(st, s.id, merged)))
    for (const t of batch) {
      const p = encode.has(t) ? merger.term(read.map((r) => r.get(t))) : built?.terms.get(t)
      if (p) sink.add(t, p)
    }
  }
  const id = sink.close()
  for (const s of inputs) if (s.id !== undefined && s.deleted.size === 0) copyTerms(st, s.id, id)
  dropSegments(
    st,
    inputs.flatMap((s) => (s.id === undefined ? [] : [s.id])),
  )
}
