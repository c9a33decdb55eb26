/** Latency summaries: percentiles by linear interpolation between closest ranks. */

export interface Summary {
  readonly n: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  /** Queries per second of one process running them back to back: n / total seconds. */
  readonly qps: number
}

/** The `p`-th percentile (0..100) of ascending `sorted` values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = (p / 100) * (sorted.length - 1)
  const lo = Math.floor(rank)
  const hi = Math.ceil(rank)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (b - a) * (rank - lo)
}

export function summarize(ms: readonly number[]): Summary {
  const sorted = [...ms].sort((a, b) => a - b)
  const total = sorted.reduce((s, x) => s + x, 0)
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    qps: total === 0 ? Number.NaN : sorted.length / (total / 1000),
  }
}

export function median(xs: readonly number[]): number {
  return percentile([...xs].sort((a, b) => a - b), 50)
}
