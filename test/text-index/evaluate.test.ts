/**
 * The block index's exhaustive evaluation against a brute-force oracle written from the
 * definitions (documents as arrays of terms): for random documents and random queries (ANDs of
 * ORs of phrases, in any field or one, minus exclusions, with a filter), the same total, the same
 * best documents in the same order, the same BM25 scores.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Alternative,
  B,
  type ItemSpec,
  K1,
  type LiveSegment,
  type QuerySpec,
  evaluate,
  search,
} from '../../src/text-index/blocks/evaluate.js'
import { SegmentBuilder } from '../../src/text-index/blocks/segment.js'

const WEIGHTS = [3, 1]
const VOCAB = ['a', 'b', 'c', 'd', 'e', 'f', 'g']

const docsArb = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 5 }),
      fields: fc.tuple(fc.array(fc.constantFrom(...VOCAB), { maxLength: 5 }), fc.array(fc.constantFrom(...VOCAB), { maxLength: 14 })),
    }),
    { minLength: 1, maxLength: 1200, size: 'max' },
  )
  .map((docs) => {
    let id = -1
    return docs.map((d) => ({ id: (id += d.gap), fields: d.fields as string[][] }))
  })
const altArb: fc.Arbitrary<Alternative> = fc.record(
  { terms: fc.array(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 3 }), field: fc.constantFrom(0, 1) },
  { requiredKeys: ['terms'] },
)
const itemArb: fc.Arbitrary<ItemSpec> = fc.record({ alternatives: fc.array(altArb, { minLength: 1, maxLength: 2 }) })
const queryArb: fc.Arbitrary<QuerySpec> = fc.record({
  groups: fc.array(fc.array(itemArb, { minLength: 1, maxLength: 2 }), { maxLength: 3 }),
  exclude: fc.array(itemArb, { maxLength: 1 }),
})

/** One word, in any field, nothing excluded: the single-word path. */
const singleWordArb: fc.Arbitrary<QuerySpec> = fc
  .constantFrom(...VOCAB)
  .map((w) => ({ groups: [[{ alternatives: [{ terms: [w] }] }]], exclude: [] }))

type Doc = { id: number; fields: string[][] }

/** Σ weight × occurrences of the alternative's phrase in the document (0: absent). */
function weightedOccurrences(d: Doc, alt: Alternative): number {
  let total = 0
  d.fields.forEach((terms, f) => {
    if (alt.field !== undefined && alt.field !== f) return
    let count = 0
    for (let i = 0; i + alt.terms.length <= terms.length; i++) if (alt.terms.every((t, k) => terms[i + k] === t)) count++
    total += count * (WEIGHTS[f] as number)
  })
  return total
}

function oracle(docs: Doc[], q: QuerySpec, accept: (doc: number) => boolean, k: number) {
  const present = (d: Doc, item: ItemSpec) => item.alternatives.some((a) => weightedOccurrences(d, a) > 0)
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
        const f = weightedOccurrences(d, a)
        if (f > 0) score += ((idfs[i] as number) * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * length) / avg))
      })
      return { doc: d.id, score }
    })
  hits.sort((a, b) => b.score - a.score || a.doc - b.doc)
  return { total: hits.length, top: hits.slice(0, k) }
}

describe('block index evaluation', () => {
  it('answers as the brute-force oracle (skipping blocks where it can): total, best documents, order and scores', () => {
    fc.assert(
      fc.property(
        docsArb,
        fc.oneof(queryArb, singleWordArb),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        (docs, q, k, modulo) => {
          const b = new SegmentBuilder(WEIGHTS)
          for (const d of docs) b.add(d.id, d.fields)
          const seg = b.finish()
          // modulo 1: no filter (a single word then takes the path that skips whole blocks).
          const accept = modulo === 1 ? undefined : (doc: number) => doc % modulo !== 1
          const got = evaluate(seg, WEIGHTS, q, { k, ...(accept ? { accept } : {}) })
          const want = oracle(docs, q, accept ?? (() => true), k)
          expect(got.total).toBe(want.total)
          expect(got.top.map((r) => r.doc)).toEqual(want.top.map((r) => r.doc))
          got.top.forEach((r, i) => expect(r.score).toBeCloseTo(want.top[i]?.score as number, 9))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('over several segments with replaced and removed documents, answers as the oracle over the live documents', () => {
    const batchArb = fc.record({
      upserts: fc.array(
        fc.record({
          id: fc.integer({ min: 0, max: 400 }),
          fields: fc.tuple(fc.array(fc.constantFrom(...VOCAB), { maxLength: 5 }), fc.array(fc.constantFrom(...VOCAB), { maxLength: 14 })),
        }),
        { maxLength: 300, size: 'max' },
      ),
      removes: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 40 }),
    })
    fc.assert(
      fc.property(
        fc.array(batchArb, { minLength: 1, maxLength: 5 }),
        fc.oneof(queryArb, singleWordArb),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (batches, q, k, filtered) => {
          // Each batch is one write: its documents a new segment; a document written again, or
          // removed, is deleted from the segment that held it.
          const live = new Map<number, string[][]>()
          const holder = new Map<number, { segment: LiveSegment; deleted: Set<number> }>()
          const segments: { segment: LiveSegment; deleted: Set<number> }[] = []
          for (const batch of batches) {
            const docs = new Map<number, string[][]>()
            for (const u of batch.upserts) docs.set(u.id, u.fields as string[][])
            for (const id of batch.removes) {
              docs.delete(id)
              holder.get(id)?.deleted.add(id)
              holder.delete(id)
              live.delete(id)
            }
            const b = new SegmentBuilder(WEIGHTS)
            const ids = [...docs.keys()].sort((x, y) => x - y)
            for (const id of ids) b.add(id, docs.get(id) as string[][])
            const deleted = new Set<number>()
            const entry = { segment: { segment: b.finish(), deleted }, deleted }
            for (const id of ids) {
              holder.get(id)?.deleted.add(id)
              holder.set(id, entry)
              live.set(id, docs.get(id) as string[][])
            }
            segments.push(entry)
          }
          const docs = [...live].sort((a, b) => a[0] - b[0]).map(([id, fields]) => ({ id, fields }))
          if (docs.length === 0) return
          const accept = filtered ? (doc: number) => doc % 3 !== 1 : undefined
          const got = search(
            segments.map((s) => s.segment),
            WEIGHTS,
            q,
            { k, ...(accept ? { accept } : {}) },
          )
          const want = oracle(docs, q, accept ?? (() => true), k)
          expect(got.total).toBe(want.total)
          expect(got.top.map((r) => r.doc)).toEqual(want.top.map((r) => r.doc))
          got.top.forEach((r, i) => expect(r.score).toBeCloseTo(want.top[i]?.score as number, 9))
        },
      ),
      { numRuns: 200 },
    )
  })
})
