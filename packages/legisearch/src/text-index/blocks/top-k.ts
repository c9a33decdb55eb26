/**
 * The page being filled: the best `k` documents offered so far (`TopK`), whose worst is the
 * threshold every walk's bounds are compared with.
 */

/** A document offered to the page: its score (or key), and whether it leads. */
export interface Entry {
  readonly doc: number
  readonly score: number
  readonly lead: boolean
}

/** The best `k` of what is offered under `order` (negative: the first is better), in a heap whose root is the worst kept. */
export class TopK<T> {
  private readonly heap: T[] = []
  constructor(
    private readonly k: number,
    private readonly order: (a: T, b: T) => number,
  ) {}

  /** How many it keeps at most. */
  get size(): number {
    return this.k
  }

  /** The worst kept once `k` are kept: what a newcomer must beat. */
  get threshold(): T | undefined {
    return this.heap.length === this.k ? this.heap[0] : undefined
  }

  offer(item: T): void {
    const h = this.heap
    if (h.length < this.k) {
      h.push(item)
      let i = h.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (this.order(h[i] as T, h[parent] as T) <= 0) break
        ;[h[i], h[parent]] = [h[parent] as T, h[i] as T]
        i = parent
      }
      return
    }
    if (this.k === 0 || this.order(item, h[0] as T) >= 0) return
    h[0] = item
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let worst = i
      if (l < h.length && this.order(h[l] as T, h[worst] as T) > 0) worst = l
      if (r < h.length && this.order(h[r] as T, h[worst] as T) > 0) worst = r
      if (worst === i) break
      ;[h[i], h[worst]] = [h[worst] as T, h[i] as T]
      i = worst
    }
  }

  /** What is kept, best first. */
  sorted(): T[] {
    return [...this.heap].sort(this.order)
  }
}
