/**
 * What the walked lookups may give each listed name, summed as the postings are walked: each
 * query unit's best gain in a name counted once (a name holding two of a unit's matches gains
 * the better). The arrays are kept across searches (the matcher is single-threaded) and a stamp
 * tells the current search's entries from stale ones, so a search costs only the names it meets.
 */
export class GainTally {
  private stamps = new Uint32Array(0)
  private sums = new Float64Array(0)
  private units = new Int32Array(0)
  private gains = new Float64Array(0)
  private finds = new Uint8Array(0)
  private stamp = 0
  /** The names met in the current search, in the order first met. */
  touched: number[] = []

  /** Starts a search over `size` names. */
  begin(size: number): void {
    if (this.stamps.length < size) {
      this.stamps = new Uint32Array(size)
      this.sums = new Float64Array(size)
      this.units = new Int32Array(size)
      this.gains = new Float64Array(size)
      this.finds = new Uint8Array(size)
      this.stamp = 0
    }
    // A stamp is stored in 32 bits: before it would wrap, every entry is made stale at once.
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0)
      this.stamp = 0
    }
    this.stamp++
    this.touched = []
  }

  /**
   * Adds `gain` from unit `unit` to name `id` (met now if not yet, unless `metOnly`); units are
   * walked one after another. `finds`: the unit is one that makes a name a candidate.
   */
  add(id: number, unit: number, gain: number, metOnly: boolean, finds: boolean): void {
    if (this.stamps[id] !== this.stamp) {
      if (metOnly) return
      this.stamps[id] = this.stamp
      this.sums[id] = gain
      this.units[id] = unit
      this.gains[id] = gain
      this.finds[id] = finds ? 1 : 0
      this.touched.push(id)
      return
    }
    if (finds) this.finds[id] = 1
    if (this.units[id] !== unit) {
      this.units[id] = unit
      this.gains[id] = gain
      this.sums[id] = (this.sums[id] as number) + gain
    } else if (gain > (this.gains[id] as number)) {
      this.sums[id] = (this.sums[id] as number) + gain - (this.gains[id] as number)
      this.gains[id] = gain
    }
  }

  /** Whether a unit that makes a candidate added to name `id` in the current search. */
  found(id: number): boolean {
    return this.finds[id] === 1
  }

  /** The gain summed for name `id` in the current search. */
  sum(id: number): number {
    return this.sums[id] as number
  }
}
