/**
 * The generator's only source of randomness: mulberry32, a 32-bit PRNG that is tiny, fast and
 * identical on every platform (no Math.random anywhere), so one seed gives byte-identical output.
 */

/** A seeded pseudo-random stream. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length))
  }

  /** `n` distinct elements (fewer when the list is shorter), in draw order. */
  pickDistinct<T>(items: readonly T[], n: number): T[] {
    if (n >= items.length) return this.shuffle(items)
    const chosen = new Set<number>()
    const out: T[] = []
    while (out.length < n) {
      const i = Math.floor(this.next() * items.length)
      if (chosen.has(i)) continue
      chosen.add(i)
      out.push(at(items, i))
    }
    return out
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = at(out, i)
      out[i] = at(out, j)
      out[j] = tmp
    }
    return out
  }

  /** A string of `n` random decimal digits (leading zeros allowed). */
  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
}

/** `items[i]`, which must exist (keeps `noUncheckedIndexedAccess` honest without `!`). */
export function at<T>(items: readonly T[], i: number): T {
  const v = items[i]
  if (v === undefined) throw new RangeError(`index ${i} outside a list of ${items.length}`)
  return v
}

/** 32-bit FNV-1a of a string, finalized with murmur3's mixer so nearby strings land far apart. */
export function hash32(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return fmix32(h)
}

/** murmur3 finalizer. */
export function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** An independent seed for one purpose (a collection, a counter) derived from the user's seed. */
export function deriveSeed(seed: number, purpose: string): number {
  return fmix32(hash32(purpose) ^ Math.imul(seed >>> 0, 0x9e3779b1))
}

/** A hash read as a fraction in [0, 1). */
export function unit(h: number): number {
  return (h >>> 0) / 4294967296
}

/** A weighted choice among fixed items, by binary search over the cumulative weights. */
export class Weighted<T> {
  private readonly items: T[]
  private readonly cumulative: number[]
  private readonly total: number

  constructor(entries: Iterable<readonly [T, number]>) {
    this.items = []
    this.cumulative = []
    let total = 0
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue
      total += weight
      this.items.push(item)
      this.cumulative.push(total)
    }
    if (this.items.length === 0) throw new RangeError('a weighted choice needs at least one positive weight')
    this.total = total
  }

  /** Draws one item from the stream. */
  pick(rng: Rng): T {
    return this.pickAt(rng.next())
  }

  /** The item at fraction `u` in [0, 1) of the total weight (for hash-derived, stream-free choices). */
  pickAt(u: number): T {
    const target = u * this.total
    let lo = 0
    let hi = this.cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (at(this.cumulative, mid) > target) hi = mid
      else lo = mid + 1
    }
    return at(this.items, lo)
  }
}
