/** Markdown tables and number formatting for the console and the report file (`--out`). Missing values (NaN) print as '—'. */
import type { Summary } from './stats.js'

export function table(header: readonly string[], rows: readonly (readonly string[])[], align?: readonly ('l' | 'r')[]): string {
  const a = align ?? header.map((_, i) => (i === 0 ? 'l' : 'r'))
  const sep = a.map((x) => (x === 'r' ? '---:' : '---'))
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [line(header), line(sep), ...rows.map(line)].join('\n')
}

/** Milliseconds with about three significant digits. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return '—'
  if (x >= 100) return x.toFixed(0)
  if (x >= 10) return x.toFixed(1)
  if (x >= 1) return x.toFixed(2)
  return x.toFixed(3)
}

export function int(x: number): string {
  return Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '—'
}

export function mb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1e6).toFixed(1)} MB` : '—'
}

export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return '—'
  return `${(a / b).toFixed(2)}×`
}

/** `p50 / p95 / p99` in ms. */
export function pcts(s: Summary | null | undefined): string {
  if (!s || s.n === 0) return '—'
  return `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`
}

export function qps(s: Summary | null | undefined): string {
  if (!s || s.n === 0) return '—'
  return int(s.qps)
}

/** Escapes a query for a table cell. */
export function code(s: string): string {
  return `\`${s.replaceAll('|', '\\|').replaceAll('`', "'")}\``
}
