/**
 * The block index's evaluation against a brute-force oracle written from the definitions
 * (documents as arrays of terms): for random documents and random queries (ANDs of ORs of
 * phrases, in any field or one, minus exclusions, with or without a filter), the same total, the
 * same best documents in the same order, the same BM25 scores — in one segment, and over the
 * segments a random history of writes leaves (replaced and removed documents deleted).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { evaluate, search } from '../../packages/legisearch/src/text-index/blocks/evaluate.js'
import { SegmentBuilder } from '../../packages/legisearch/src/text-index/blocks/segment.js'
import { mergeSegments } from '../../packages/legisearch/src/text-index/blocks/merger.js'
import { NO_MORE, PostingCursor } from '../../packages/legisearch/src/text-index/blocks/cursor.js'
import {
  VOCAB,
  WEIGHTS,
  docsArb,
  historyArb,
  oracle,
  orOfWordsArb,
  queryArb,
  replay,
  singleWordArb,
  wordMinusArb,
} from './blocks-support.js'

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
    fc.assert(
      fc.property(
        historyArb,
        fc.oneof(queryArb, singleWordArb),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (history, q, k, filtered) => {
          const { segments, docs } = replay(history)
          if (docs.length === 0) return
          const accept = filtered ? (doc: number) => doc % 3 !== 1 : undefined
          const got = search(segments, WEIGHTS, q, { k, ...(accept ? { accept } : {}) })
          const want = oracle(docs, q, accept ?? (() => true), k)
          expect(got.total).toBe(want.total)
          expect(got.top.map((r) => r.doc)).toEqual(want.top.map((r) => r.doc))
          got.top.forEach((r, i) => expect(r.score).toBeCloseTo(want.top[i]?.score as number, 9))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('ranks by a key (a date, either way, ties by id) and puts leading documents first, as the oracle', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.oneof(queryArb, singleWordArb),
        fc.integer({ min: 1, max: 30 }),
        fc.record({ keyed: fc.boolean(), descending: fc.boolean(), leads: fc.integer({ min: 0, max: 7 }) }),
        (history, q, k, how) => {
          const { segments, docs } = replay(history)
          if (docs.length === 0) return
          // Few distinct keys, so ties are common; a document leads when its id is a multiple of `leads`.
          const key = (doc: number) => (doc * 7919) % 13
          const first = how.leads === 0 ? undefined : (doc: number) => doc % how.leads === 0
          const got = search(segments, WEIGHTS, q, {
            k,
            ...(how.keyed ? { order: { key, descending: how.descending } } : {}),
            ...(first ? { first } : {}),
          })
          const want = oracle(docs, q, () => true, k, {
            ...(how.keyed ? { key, descending: how.descending } : {}),
            ...(first ? { first } : {}),
          })
          expect(got.total).toBe(want.total)
          expect(got.top.map((r) => r.doc)).toEqual(want.top.map((r) => r.doc))
          got.top.forEach((r, i) => expect(r.score).toBeCloseTo(want.top[i]?.score as number, 9))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('every shortcut (ORs of words, a word minus another, one word) with a date order and a filter together, under integer and fractional weights, as the oracle', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.oneof(orOfWordsArb, wordMinusArb, singleWordArb, queryArb),
        fc.integer({ min: 1, max: 30 }),
        fc.record({ keyed: fc.boolean(), descending: fc.boolean(), filtered: fc.boolean() }),
        // Fractional weights make a weighted frequency's rounding up (the impacts) matter.
        fc.constantFrom([3, 1], [1.1, 0.7], [2.9, 0.35], [0.3, 0.1]),
        (history, q, k, how, weights) => {
          const { segments, docs } = replay(history, weights)
          if (docs.length === 0) return
          const key = (doc: number) => (doc * 7919) % 13
          const accept = how.filtered ? (doc: number) => doc % 3 !== 1 : undefined
          const got = search(segments, weights, q, {
            k,
            ...(how.keyed ? { order: { key, descending: how.descending } } : {}),
            ...(accept ? { accept } : {}),
          })
          const want = oracle(docs, q, accept ?? (() => true), k, how.keyed ? { key, descending: how.descending } : {}, weights)
          expect(got.total).toBe(want.total)
          expect(got.top.map((r) => r.doc)).toEqual(want.top.map((r) => r.doc))
          got.top.forEach((r, i) => expect(r.score).toBeCloseTo(want.top[i]?.score as number, 9))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('a merge of a history’s segments (deleted documents dropped) answers exactly as the segments it replaces', () => {
    fc.assert(
      fc.property(historyArb, fc.array(fc.oneof(queryArb, singleWordArb), { minLength: 1, maxLength: 4 }), (history, queries) => {
        const { segments, docs } = replay(history)
        const terms = segments.flatMap((s) => [...s.segment.terms.keys()])
        const merged = mergeSegments(segments, WEIGHTS, terms)
        expect([...merged.docs]).toEqual(docs.map((d) => d.id))
        for (const q of queries) {
          for (const k of [1, 25])
            expect(search([{ segment: merged, deleted: new Set() }], WEIGHTS, q, { k })).toEqual(search(segments, WEIGHTS, q, { k }))
        }
      }),
      { numRuns: 100 },
    )
  })

  it('a merge of appended segments (blocks copied whole) reads back as one segment built from all their documents', () => {
    fc.assert(
      fc.property(
        docsArb,
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 4 }),
        fc.array(fc.oneof(queryArb, singleWordArb), { maxLength: 3 }),
        (docs, cuts, queries) => {
          // The documents, in order, cut into consecutive segments (as appends leave them).
          const bounds = [...new Set([0, ...cuts.map((c) => c % (docs.length + 1)), docs.length])].sort((a, b) => a - b)
          const parts = bounds.slice(1).map((end, i) => {
            const b = new SegmentBuilder(WEIGHTS)
            for (const d of docs.slice(bounds[i], end)) b.add(d.id, d.fields)
            return { segment: b.finish(), deleted: new Set<number>() }
          })
          const whole = new SegmentBuilder(WEIGHTS)
          for (const d of docs) whole.add(d.id, d.fields)
          const one = whole.finish()
          const merged = mergeSegments(
            parts,
            WEIGHTS,
            parts.flatMap((p) => [...p.segment.terms.keys()]),
          )
          expect([...merged.docs]).toEqual([...one.docs])
          expect([...merged.lengths]).toEqual([...one.lengths])
          for (const term of VOCAB) {
            const a = merged.terms.get(term)
            const b = one.terms.get(term)
            expect(a === undefined).toBe(b === undefined)
            if (!a || !b) continue
            const ca = new PostingCursor(a, 2)
            const cb = new PostingCursor(b, 2)
            for (let d = cb.next(); d !== NO_MORE; d = cb.next()) {
              expect(ca.next()).toBe(d)
              for (const f of [0, 1]) expect([...ca.positions(f)]).toEqual([...cb.positions(f)])
            }
            expect(ca.next()).toBe(NO_MORE)
          }
          for (const q of queries)
            expect(search([{ segment: merged, deleted: new Set() }], WEIGHTS, q, { k: 20 })).toEqual(search(parts, WEIGHTS, q, { k: 20 }))
        },
      ),
      { numRuns: 150 },
    )
  })
})
