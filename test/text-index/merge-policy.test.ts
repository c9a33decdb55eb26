/**
 * The block index's merge policy, on segment sizes alone: emptied segments are dropped; the newest
 * segments of the newest one's tier (log₄ of its live documents) or below become one when they
 * number `MERGE_FACTOR`, in cascade; a worn segment (over a quarter of its documents deleted) left
 * out of the merge is written again alone.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MERGE_FACTOR, mergePlan, tierOf } from '../../packages/legisearch/src/text-index/blocks/merge.js'

describe('mergePlan', () => {
  it('drops emptied segments, merges a full tier at once (in cascade) and purges worn segments', () => {
    expect(tierOf(1)).toBe(0)
    expect(tierOf(3)).toBe(0)
    expect(tierOf(4)).toBe(1)
    expect(tierOf(15)).toBe(1)
    expect(tierOf(16)).toBe(2)
    expect(mergePlan([])).toEqual({ drop: [], merge: 0, purge: [] })
    expect(mergePlan([5])).toEqual({ drop: [], merge: 0, purge: [] })
    expect(mergePlan([0, 0])).toEqual({ drop: [0, 1], merge: 0, purge: [] })
    expect(mergePlan([10, 5, 5])).toEqual({ drop: [], merge: 0, purge: [] })
    expect(mergePlan([10, 5, 5, 5])).toEqual({ drop: [], merge: 4, purge: [] })
    expect(mergePlan([70, 0, 20, 3, 2, 1, 1])).toEqual({ drop: [1], merge: 4, purge: [] })
    expect(mergePlan([100, 20, 20, 20, 5, 5, 5, 5])).toEqual({ drop: [], merge: 7, purge: [] })
    expect(mergePlan([100, 20], [40, 0])).toEqual({ drop: [], merge: 0, purge: [0] })
    expect(mergePlan([100, 20], [33, 0])).toEqual({ drop: [], merge: 0, purge: [] })
    // A worn segment inside the merge is not purged besides.
    expect(mergePlan([5, 5, 5, 5], [9, 0, 0, 0])).toEqual({ drop: [], merge: 4, purge: [] })
  })

  it('leaves fewer than MERGE_FACTOR segments in the newest run, each merge a full tier', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 1000 }), fc.nat({ max: 1000 })), { maxLength: 12 }), (segments) => {
        const live = segments.map(([n]) => n)
        const deleted = segments.map(([, d]) => d)
        const { drop, merge, purge } = mergePlan(live, deleted)
        expect(drop).toEqual(live.flatMap((n, i) => (n === 0 ? [i] : [])))
        const kept = live.filter((n) => n > 0)
        expect(merge === 0 || (merge >= MERGE_FACTOR && merge <= kept.length)).toBe(true)
        // After the merge, the newest run of segments of the newest one's tier (or below) is short.
        const after =
          merge === 0 ? kept : [...kept.slice(0, kept.length - merge), kept.slice(kept.length - merge).reduce((a, b) => a + b, 0)]
        const newest = after[after.length - 1]
        if (newest !== undefined) {
          let run = 0
          for (let i = after.length - 1; i >= 0 && tierOf(after[i] as number) <= tierOf(newest); i--) run++
          expect(run).toBeLessThan(MERGE_FACTOR)
        }
        // The worn segments outside the merge, and only they, are purged.
        const places = live.flatMap((n, i) => (n > 0 ? [i] : []))
        const outside = places.slice(0, places.length - merge)
        expect(purge).toEqual(outside.filter((i) => 4 * (deleted[i] as number) > (live[i] as number) + (deleted[i] as number)))
      }),
    )
  })
})
