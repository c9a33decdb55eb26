/** Latency summaries: percentiles by linear interpolation between closest ranks. */

export interface Summary {
  readonly n: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  /**
   * n ÷ the sum of the n latencies, in seconds: the reciprocal of the mean latency. Not a measured
   * throughput: the time between the calls (in the engines worker, the other engine's call of the
   * interleaved pair) is not in the sum, and nothing runs concurrently.
   */
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
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  )
}

/**
 * The median of the finite values only: `null` (a NaN that went through JSON) and NaN are
 * missing values, not zeros. NaN when none is left, which the formatters print as '—'.
 */
export function finiteMedian(xs: readonly (number | null | undefined)[]): number {
  return median(xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)))
}
