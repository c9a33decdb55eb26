/**
 * The block index's merge policy, on segment sizes alone: emptied segments are dropped, and the
 * newest segments are merged while the newest (merged so far) holds at least half the live
 * documents of the one before it, so that one is left more than twice the merged segment's size.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergePlan } from '../../src/text-index/blocks/merge.js'

describe('mergePlan', () => {
  it('drops emptied segments and merges the newest while the one before is at most twice their size', () => {
    expect(mergePlan([])).toEqual({ drop: [], merge: 0 })
    expect(mergePlan([5])).toEqual({ drop: [], merge: 0 })
    expect(mergePlan([0, 0])).toEqual({ drop: [0, 1], merge: 0 })
    expect(mergePlan([10, 5])).toEqual({ drop: [], merge: 2 })
    expect(mergePlan([11, 5])).toEqual({ drop: [], merge: 0 })
    expect(mergePlan([2000, 0, 300, 100, 60])).toEqual({ drop: [1], merge: 3 })
    expect(mergePlan([900, 0, 300, 100, 60])).toEqual({ drop: [1], merge: 4 })
  })

  it('leaves the segment before the merged one more than twice its size, and every step it took allowed', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { maxLength: 12 }), (live) => {
        const { drop, merge } = mergePlan(live)
        expect(drop).toEqual(live.flatMap((n, i) => (n === 0 ? [i] : [])))
        const kept = live.filter((n) => n > 0)
        expect(merge === 0 || (merge >= 2 && merge <= kept.length)).toBe(true)
        const folded = Math.max(merge, 1)
        let size = 0
        for (let j = 1; j <= folded && j <= kept.length; j++) {
          const next = kept[kept.length - j] as number
          if (j > 1) expect(next).toBeLessThanOrEqual(2 * size)
          size += next
        }
        const before = kept[kept.length - folded - 1]
        if (before !== undefined) expect(before).toBeGreaterThan(2 * size)
      }),
    )
  })
})
