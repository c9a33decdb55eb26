import type { FacetCounts, Histogram } from 'legisearch'
import { wholeWidth } from './format.js'

/**
 * The counts of `search --facets/--histogram` as text: per filter, its values and counts (count
 * descending), then the histogram's periods (ascending), each block headed by its name.
 *
 * @example countsTable({ facets: { parties: [{ value: 'PT', count: 12 }] } }) // 'parties\n  PT  12'
 */
export function countsTable(answer: { facets?: FacetCounts | undefined; histogram?: Histogram | undefined }): string {
  const block = (title: string, rows: readonly (readonly [string, number])[]) => {
    if (rows.length === 0) return `${title}\n  (no match)`
    const width = wholeWidth(
      rows.map(([label]) => label),
      1,
    )
    const counts = rows.map(([, n]) => n.toLocaleString('en-US'))
    const countWidth = wholeWidth(counts, 1)
    return [title, ...rows.map(([label], i) => `  ${label.padEnd(width)}  ${(counts[i] as string).padStart(countWidth)}`)].join('\n')
  }
  const blocks = Object.entries(answer.facets ?? {}).map(([name, values]) =>
    block(
      name,
      values.map((v) => [v.value, v.count] as const),
    ),
  )
  if (answer.histogram)
    blocks.push(
      block(
        'histogram',
        answer.histogram.map((h) => [h.period, h.count] as const),
      ),
    )
  return blocks.join('\n\n')
}
