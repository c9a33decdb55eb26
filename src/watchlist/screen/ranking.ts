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
    const held = top.find((t) => t.subject === subject)
    if (held) {
      if (score <= held.score) return
      held.score = score
    } else if (top.length < this.k) {
      top.push({ subject, score })
    } else {
      const last = top[top.length - 1]
      if (!last || score <= last.score) return
      last.subject = subject
      last.score = score
    }
    top.sort((a, b) => b.score - a.score)
  }

  /** The k-th best score held, or -Infinity while fewer than k subjects are. */
  get kth(): number {
    return this.top.length < this.k ? -Infinity : (this.top[this.k - 1]?.score ?? -Infinity)
  }
}
