/**
 * The k best scores among distinct subjects while a query's candidates are scored: the k-th of
 * them is the cut below which a name cannot enter the results (limit k), so it need not be scored.
 */
export class TopScores {
  /** At most k subjects, best first. */
  private readonly top: { subject: number; score: number }[] = []

  /** `k`: how many subjects the results keep (Infinity: all). */
  constructor(private readonly k: number) {}

  /** Records a subject's score; a subject's score only rises (its best name so far). */
  offer(subject: number, score: number): void {
    const top = this.top
    const held = top.findIndex((t) => t.subject === subject)
    if (held >= 0) {
      if (score <= (top[held] as { score: number }).score) return
      top.splice(held, 1)
    } else if (top.length >= this.k && score <= (top[top.length - 1]?.score ?? Infinity)) {
      return
    }
    // Its place among the better ones: after every score at least as high.
    let lo = 0
    let hi = top.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((top[mid] as { score: number }).score >= score) lo = mid + 1
      else hi = mid
    }
    top.splice(lo, 0, { subject, score })
    if (top.length > this.k) top.pop()
  }

  /** The k-th best score held, or -Infinity while fewer than k subjects are. */
  get kth(): number {
    return this.top.length < this.k ? -Infinity : (this.top[this.k - 1]?.score ?? -Infinity)
  }
}
