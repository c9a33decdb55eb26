/**
 * The merge policy of an index space, apart from how a merge is done (`writer.ts`): given its
 * segments' live documents, oldest first, which to drop and which to merge. Segments with no live
 * document are dropped. A segment's tier is log₄ of its live documents; when the newest segments
 * of the newest one's tier (or below) number `MERGE_FACTOR`, they become one, a segment of the next
 * tier, which may in turn complete that tier's run (all merged at once: each input is read and
 * written once). A space then holds at most `MERGE_FACTOR − 1` segments per tier, about
 * 3·log₄(documents) in all, and each document is re-encoded about log₄(documents) times over its
 * life (the former policy, merging whenever the newest held half the one before, re-encoded it
 * log₂(documents) times, on nearly every write). A segment left out of the merge whose deleted
 * documents (replaced or removed) are more than a quarter of its documents is written again
 * without them (`purge`), so deleted documents never pass a third of the live ones.
 */

/** How many segments of one tier a space holds before they become one. */
export const MERGE_FACTOR = 4

/** What to do with a space's segments after a write. */
export interface MergePlan {
  /** The segments (their places, oldest first) with no live document, dropped. */
  readonly drop: readonly number[]
  /** How many of the newest segments left become one (0: none; else at least `MERGE_FACTOR`), merged at once. */
  readonly merge: number
  /** The segments (their places, oldest first) outside the merge written again without their deleted documents. */
  readonly purge: readonly number[]
}

/** A segment's tier: ⌊log₄(live documents)⌋ (0 for up to 3). */
export function tierOf(live: number): number {
  let tier = 0
  for (let n = live; n >= MERGE_FACTOR; n = Math.floor(n / MERGE_FACTOR)) tier++
  return tier
}

/**
 * The merge plan of segments holding `live` live documents and `deleted` deleted ones each (none
 * when not given), oldest first.
 *
 * @example
 * mergePlan([70, 0, 20, 3, 2, 1, 1]) // { drop: [1], merge: 4, purge: [] }: 3 + 2 + 1 + 1 (tier 0), 7 (tier 1) then alone in its tier
 * mergePlan([100, 20, 20, 20, 5, 5, 5, 5]) // { drop: [], merge: 7, purge: [] }: the four 5s make a fourth 20, and the four 20s one of 80 (100 stays)
 * mergePlan([100, 20], [40, 0]) // { drop: [], merge: 0, purge: [0] }: 40 of 140 documents deleted
 */
export function mergePlan(live: readonly number[], deleted: readonly number[] = []): MergePlan {
  const drop: number[] = []
  const kept: number[] = []
  /** The place of each kept segment. */
  const places: number[] = []
  live.forEach((n, i) => {
    if (n === 0) drop.push(i)
    else {
      kept.push(n)
      places.push(i)
    }
  })
  // `merged` newest segments become one of `size` documents; the run grows while a tier fills.
  let merged = 0
  let size = 0
  for (;;) {
    const rest = kept.length - merged
    const newest = merged > 0 ? size : kept[rest - 1]
    if (newest === undefined) break
    const tier = tierOf(newest)
    let run = merged > 0 ? 1 : 0
    let runSize = merged > 0 ? size : 0
    for (let i = rest - 1; i >= 0 && tierOf(kept[i] as number) <= tier; i--) {
      run++
      runSize += kept[i] as number
    }
    if (run < MERGE_FACTOR) break
    merged = (merged > 0 ? merged - 1 : 0) + run
    size = runSize
  }
  const purge = places.slice(0, kept.length - merged).filter((i) => 4 * (deleted[i] ?? 0) > (live[i] as number) + (deleted[i] ?? 0))
  return { drop, merge: merged, purge }
}
