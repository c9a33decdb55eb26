/**
 * A segment of the block index read back through its cursors: for random documents, every term's
 * documents, frequencies per field and positions are what the documents say; `advance` lands on
 * the first document at or after any target; block bounds hold for every document of the block;
 * a block's impacts are exactly its documents' undominated (weighted frequency, length) pairs,
 * built or merged.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NO_MORE, PostingCursor } from '../../packages/legisearch/src/text-index/blocks/cursor.js'
import { type BuiltSegment, SegmentBuilder } from '../../packages/legisearch/src/text-index/blocks/segment.js'
import { mergeSegments } from '../../packages/legisearch/src/text-index/blocks/merger.js'

const WEIGHTS = [3, 1]
const VOCAB = ['a', 'b', 'c', 'd', 'e', 'f']

/** Random documents: ascending ids with gaps, two fields of words from a small vocabulary (so terms are dense and blocks fill). */
const corpus = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 40 }),
      fields: fc.tuple(fc.array(fc.constantFrom(...VOCAB), { maxLength: 6 }), fc.array(fc.constantFrom(...VOCAB), { maxLength: 12 })),
    }),
    { maxLength: 700, size: 'max' },
  )
  .map((docs) => {
    let id = -1
    return docs.map((d) => ({ id: (id += d.gap), fields: d.fields as string[][] }))
  })

describe('block index segment', () => {
  it('each term reads back its documents, frequencies and positions, in order', () => {
    fc.assert(
      fc.property(corpus, (docs) => {
        const b = new SegmentBuilder(WEIGHTS)
        for (const d of docs) b.add(d.id, d.fields)
        const seg = b.finish()
        expect([...seg.docs]).toEqual(docs.map((d) => d.id))
        for (const term of VOCAB) {
          const holding = docs.filter((d) => d.fields.some((f) => f.includes(term)))
          const postings = seg.terms.get(term)
          if (holding.length === 0) {
            expect(postings).toBeUndefined()
            continue
          }
          const c = new PostingCursor(postings!, 2)
          expect(c.df).toBe(holding.length)
          for (const d of holding) {
            expect(c.next()).toBe(d.id)
            // Positions before frequencies on odd documents, after on even: both orders decode.
            for (const f of d.id % 2 ? [1, 0] : [0, 1]) {
              const want = (d.fields[f] as string[]).flatMap((t, i) => (t === term ? [i] : []))
              expect([...c.positions(f)]).toEqual(want)
              expect(c.tf(f)).toBe(want.length)
            }
          }
          expect(c.next()).toBe(NO_MORE)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('advance lands on the first document at or after the target, skipping blocks; bounds hold', () => {
    fc.assert(
      fc.property(corpus, fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 40 }), (docs, targets) => {
        const b = new SegmentBuilder(WEIGHTS)
        for (const d of docs) b.add(d.id, d.fields)
        const seg = b.finish()
        for (const term of VOCAB) {
          const postings = seg.terms.get(term)
          if (!postings) continue
          const ids = docs.filter((d) => d.fields.some((f) => f.includes(term)))
          const c = new PostingCursor(postings, 2)
          let at = -1
          for (const t of [...targets].sort((x, y) => x - y)) {
            const want = ids.find((d) => d.id >= Math.max(t, at))?.id ?? NO_MORE
            at = c.advance(t)
            expect(at).toBe(want)
            if (at === NO_MORE) break
            // The block bound is at least this document's weighted frequency; its length at least the block's shortest.
            const doc = ids.find((d) => d.id === at)!
            const weighted = WEIGHTS.reduce((s, w, f) => s + w * (doc.fields[f] as string[]).filter((x) => x === term).length, 0)
            expect(c.weightedTf(WEIGHTS)).toBe(weighted)
            // Some impact of its block no longer than it has at least its weighted frequency.
            const b = c.currentBlock
            const length = doc.fields.flat().length
            let best = 0
            for (let i = b === 0 ? 0 : (postings.impactEnds[b - 1] as number); i < (postings.impactEnds[b] as number); i++)
              if ((postings.impacts[2 * i + 1] as number) <= length) best = Math.max(best, postings.impacts[2 * i] as number)
            expect(best).toBeGreaterThanOrEqual(weighted)
          }
        }
      }),
      { numRuns: 60 },
    )
  })

  it("a block's impacts are its documents' undominated pairs (weighted frequency, length), shortest first, built or merged", () => {
    /** Per term, per block: the pairs of its documents, from the cursor. */
    const check = (seg: BuiltSegment, docs: readonly { id: number; fields: string[][] }[]) => {
      const lengthOf = new Map(docs.map((d) => [d.id, d.fields.flat().length]))
      for (const [, postings] of seg.terms) {
        const c = new PostingCursor(postings, 2)
        const byBlock = new Map<number, [number, number][]>()
        for (let d = c.next(); d !== NO_MORE; d = c.next())
          byBlock.set(c.currentBlock, [...(byBlock.get(c.currentBlock) ?? []), [c.weightedTf(WEIGHTS), lengthOf.get(d) as number]])
        for (const [b, pairs] of byBlock) {
          const from = b === 0 ? 0 : (postings.impactEnds[b - 1] as number)
          const impacts: [number, number][] = []
          for (let i = from; i < (postings.impactEnds[b] as number); i++)
            impacts.push([postings.impacts[2 * i] as number, postings.impacts[2 * i + 1] as number])
          const undominated = pairs.filter(([w, l]) => !pairs.some(([w2, l2]) => w2 >= w && l2 <= l && (w2 > w || l2 < l)))
          const want = [...new Map(undominated.map((p) => [p.join(), p])).values()].sort((x, y) => x[1] - y[1])
          expect(impacts).toEqual(want)
        }
      }
    }
    fc.assert(
      fc.property(corpus, fc.integer({ min: 0, max: 700 }), (docs, cut) => {
        const build = (part: typeof docs) => {
          const b = new SegmentBuilder(WEIGHTS)
          for (const d of part) b.add(d.id, d.fields)
          return b.finish()
        }
        check(build(docs), docs)
        // Appended segments are concatenated (blocks copied); with a deletion, re-encoded.
        const [a, b] = [build(docs.slice(0, cut)), build(docs.slice(cut))]
        check(
          mergeSegments(
            [
              { segment: a, deleted: new Set() },
              { segment: b, deleted: new Set() },
            ],
            WEIGHTS,
            VOCAB,
          ),
          docs,
        )
        // The first document deleted in the segment that holds it.
        const gone = new Set(docs.slice(0, 1).map((d) => d.id))
        const none = new Set<number>()
        const [da, db] = cut > 0 ? [gone, none] : [none, gone]
        check(
          mergeSegments(
            [
              { segment: a, deleted: da },
              { segment: b, deleted: db },
            ],
            WEIGHTS,
            VOCAB,
          ),
          docs.slice(1),
        )
      }),
      { numRuns: 40 },
    )
  })

  it('documents added in any order, some dropped or given again, build the segment of the live ones in order', () => {
    /** Every term's postings as plain data: documents, frequencies, positions, and the block bounds. */
    const dump = (seg: BuiltSegment) => ({
      docs: [...seg.docs],
      lengths: [...seg.lengths],
      terms: [...seg.terms]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([t, p]) => [
          t,
          p.df,
          ...[p.counts, p.lastDocs, p.offsets, p.positionOffsets, p.impacts, p.impactEnds, p.data, p.positions].map((a) => [...a]),
        ]),
    })
    fc.assert(
      fc.property(
        corpus,
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.integer(),
        (docs, dropped, again, seed) => {
          // The same documents shuffled, some given twice (the first copy's words replaced), some dropped.
          const shuffled = fc.sample(fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }), {
            seed,
            numRuns: 1,
          })[0]!
          const b = new SegmentBuilder(WEIGHTS)
          const twice = new Set(again.map((i) => docs[i % Math.max(1, docs.length)]?.id))
          for (const d of shuffled) {
            if (twice.has(d.id)) b.add(d.id, [['z', 'z'], ['y']])
          }
          for (const d of shuffled) b.add(d.id, d.fields)
          const gone = new Set(dropped.map((i) => docs[i % Math.max(1, docs.length)]?.id))
          for (const id of gone) if (id !== undefined) b.drop(id)
          const live = docs.filter((d) => !gone.has(d.id))
          const want = new SegmentBuilder(WEIGHTS)
          for (const d of live) want.add(d.id, d.fields)
          expect(b.size).toBe(live.length)
          expect(dump(b.finish())).toEqual(dump(want.finish()))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('refuses a document with the wrong number of fields', () => {
    const b = new SegmentBuilder(WEIGHTS)
    b.add(5, [['a'], []])
    expect(() => b.add(6, [['a']])).toThrow('a document has 2 fields, got 1')
  })
})
