/** Documents as a search's walks find them (any order): its matches, for facet counts. */
export class MatchSet {
  private docs = new Int32Array(1024)
  size = 0

  add(doc: number): void {
    if (this.size === this.docs.length) {
      const grown = new Int32Array(this.docs.length * 2)
      grown.set(this.docs)
      this.docs = grown
    }
    this.docs[this.size++] = doc
  }

  /** The matches collected. */
  view(): Int32Array {
    return this.docs.subarray(0, this.size)
  }
}
