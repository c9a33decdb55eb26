/**
 * Shared pieces of the block index tests: random documents, queries and write histories, the
 * segments a history leaves (each write a segment; a document written again or removed is
 * deleted from the segment that held it), and a brute-force oracle written from the definitions.
 */
import fc from 'fast-check'
import { B, K1 } from '../../packages/legisearch/src/text-index/bm25.js'
import type { Alternative, ItemSpec, QuerySpec } from '../../packages/legisearch/src/text-index/blocks/query-spec.js'
import { type BuiltSegment, SegmentBuilder } from '../../packages/legisearch/src/text-index/blocks/segment.js'

export const WEIGHTS = [3, 1]
export const VOCAB = ['a', 'b', 'c', 'd', 'e', 'f', 'g']

export type Doc = { id: number; fields: string[][] }

const fieldsArb = fc.tuple(fc.array(fc.constantFrom(...VOCAB), { maxLength: 5 }), fc.array(fc.constantFrom(...VOCAB), { maxLength: 14 }))

/** Documents with ascending ids. */
export const docsArb = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 5 }), fields: fieldsArb }), { minLength: 1, maxLength: 1200, size: 'max' })
  .map((docs) => {
    let id = -1
    return docs.map((d) => ({ id: (id += d.gap), fields: d.fields as string[][] }))
  })

const altArb: fc.Arbitrary<Alternative> = fc.record(
  { terms: fc.array(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 3 }), field: fc.constantFrom(0, 1) },
  { requiredKeys: ['terms'] },
)
const itemArb: fc.Arbitrary<ItemSpec> = fc.record({ alternatives: fc.array(altArb, { minLength: 1, maxLength: 2 }) })
export const queryArb: fc.Arbitrary<QuerySpec> = fc.record({
  groups: fc.array(fc.array(itemArb, { minLength: 1, maxLength: 2 }), { maxLength: 3 }),
  exclude: fc.array(itemArb, { maxLength: 1 }),
})
/** One word, in any field, nothing excluded: the single-word path. */
export const singleWordArb: fc.Arbitrary<QuerySpec> = fc
  .constantFrom(...VOCAB)
  .map((w) => ({ groups: [[{ alternatives: [{ terms: [w] }] }]], exclude: [] }))

/** An OR of two to four words, in any field, maybe minus a word: the OR's own path (bitmap count, MaxScore). */
export const orOfWordsArb: fc.Arbitrary<QuerySpec> = fc
  .record({
    words: fc.uniqueArray(fc.constantFrom(...VOCAB), { minLength: 2, maxLength: 4 }),
    minus: fc.option(fc.constantFrom(...VOCAB), { nil: undefined }),
  })
  .map(({ words, minus }) => ({
    groups: [words.map((w) => ({ alternatives: [{ terms: [w] }] }))],
    exclude: minus === undefined ? [] : [{ alternatives: [{ terms: [minus] }] }],
  }))
/** One word minus another (in any field): the single word's paths with exclusions. */
export const wordMinusArb: fc.Arbitrary<QuerySpec> = fc
  .tuple(fc.constantFrom(...VOCAB), fc.constantFrom(...VOCAB))
  .map(([w, minus]) => ({ groups: [[{ alternatives: [{ terms: [w] }] }]], exclude: [{ alternatives: [{ terms: [minus] }] }] }))

/** Writes: documents upserted (by id) and ids removed, one segment per write. */
export const historyArb = fc.array(
  fc.record({
    upserts: fc.array(fc.record({ id: fc.integer({ min: 0, max: 400 }), fields: fieldsArb }), { maxLength: 300, size: 'max' }),
    removes: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 40 }),
  }),
  { minLength: 1, maxLength: 5 },
)

export interface Written {
  readonly segment: BuiltSegment
  readonly deleted: Set<number>
}

/** The segments a history leaves, oldest first, and the live documents. */
export type History = typeof historyArb extends fc.Arbitrary<infer H> ? H : never

export function replay(history: History, weights: readonly number[] = WEIGHTS): { segments: Written[]; docs: Doc[] } {
  const live = new Map<number, string[][]>()
  const holder = new Map<number, Written>()
  const segments: Written[] = []
  for (const batch of history) {
    const docs = new Map<number, string[][]>()
    for (const u of batch.upserts) docs.set(u.id, u.fields as string[][])
    for (const id of batch.removes) {
      docs.delete(id)
      holder.get(id)?.deleted.add(id)
      holder.delete(id)
      live.delete(id)
    }
    const b = new SegmentBuilder(weights)
    const ids = [...docs.keys()].sort((x, y) => x - y)
    for (const id of ids) b.add(id, docs.get(id) as string[][])
    const written: Written = { segment: b.finish(), deleted: new Set() }
    for (const id of ids) {
      holder.get(id)?.deleted.add(id)
      holder.set(id, written)
      live.set(id, docs.get(id) as string[][])
    }
    segments.push(written)
  }
  return { segments, docs: [...live].sort((a, b) => a[0] - b[0]).map(([id, fields]) => ({ id, fields })) }
}

/** Σ weight × occurrences of the alternative's phrase in the document (0: absent). */
function weightedOccurrences(d: Doc, alt: Alternative, weights: readonly number[]): number {
  let total = 0
  d.fields.forEach((terms, f) => {
    if (alt.field !== undefined && alt.field !== f) return
    let count = 0
    for (let i = 0; i + alt.terms.length <= terms.length; i++) if (alt.terms.every((t, k) => terms[i + k] === t)) count++
    total += count * (weights[f] as number)
  })
  return total
}

/** How the oracle ranks: by a key (no scores) instead of BM25, and documents that lead. */
export interface OracleOrder {
  readonly key?: (doc: number) => number
  readonly descending?: boolean
  readonly first?: (doc: number) => boolean
}

/** The total and the best `k` (leading documents first; score or key; then id), computed from the documents' arrays. */
export function oracle(
  docs: Doc[],
  q: QuerySpec,
  accept: (doc: number) => boolean,
  k: number,
  order: OracleOrder = {},
  weights: readonly number[] = WEIGHTS,
) {
  const present = (d: Doc, item: ItemSpec) => item.alternatives.some((a) => weightedOccurrences(d, a, weights) > 0)
  const alternatives = q.groups.flatMap((g) => g.flatMap((i) => i.alternatives))
  const N = docs.length
  const avg = docs.reduce((s, d) => s + d.fields.flat().length, 0) / N
  // A word's idf from the documents holding it anywhere; a phrase's, the sum of its words'.
  const idfOfWord = (t: string) => {
    const n = docs.filter((d) => d.fields.some((f) => f.includes(t))).length
    return Math.max(1e-6, Math.log((N - n + 0.5) / (n + 0.5)))
  }
  const idfs = alternatives.map((a) => a.terms.reduce((s, t) => s + idfOfWord(t), 0))
  const hits = docs
    .filter((d) => q.groups.every((g) => g.some((i) => present(d, i))) && !q.exclude.some((i) => present(d, i)) && accept(d.id))
    .map((d) => {
      const length = d.fields.flat().length
      let score = 0
      alternatives.forEach((a, i) => {
        const f = weightedOccurrences(d, a, weights)
        if (f > 0) score += ((idfs[i] as number) * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * length) / avg))
      })
      return { doc: d.id, score: order.key ? 0 : score }
    })
  const lead = (doc: number) => Number(order.first?.(doc) ?? false)
  const key = order.key
  const sign = order.descending ? -1 : 1
  hits.sort((a, b) => lead(b.doc) - lead(a.doc) || (key ? sign * (key(a.doc) - key(b.doc)) : b.score - a.score) || a.doc - b.doc)
  return { total: hits.length, top: hits.slice(0, k) }
}
