/**
 * The merge policy of an index space, apart from how a merge is done (`writer.ts`): given its
 * segments' live documents, oldest first, which to drop and which to merge. Segments with no live
 * document are dropped, and while the newest segment holds at least half as many live documents as
 * the one before it, the two become one. Sizes then fall geometrically from the oldest segment to
 * the newest: about log₂(documents) segments, each document re-encoded about log₂(documents)
 * times over its life.
 */

/** What to do with a space's segments after a write. */
export interface MergePlan {
  /** The segments (their places, oldest first) with no live document, dropped. */
  readonly drop: readonly number[]
  /** How many of the newest segments left become one (0: none; else at least 2), merged two at a time, newest first. */
  readonly merge: number
}

/**
 * The merge plan of segments holding `live` live documents each, oldest first.
 *
 * @example
 * mergePlan([2000, 0, 300, 100, 60]) // { drop: [1], merge: 3 }: 60 + 100, then 160 + 300; 2000 > 2 × 460
 */
export function mergePlan(live: readonly number[]): MergePlan {
  const drop: number[] = []
  const kept: number[] = []
  live.forEach((n, i) => (n === 0 ? drop.push(i) : kept.push(n)))
  let merged = kept.length === 0 ? 0 : (kept[kept.length - 1] as number)
  let count = 1
  for (let i = kept.length - 2; i >= 0; i--) {
    const before = kept[i] as number
    if (before > 2 * merged) break
    merged += before
    count++
  }
  return { drop, merge: count >= 2 ? count : 0 }
}
