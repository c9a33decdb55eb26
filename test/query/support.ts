import type { SearchQuery, Snapshot } from 'legisearch'
import { untyped } from '../helpers/untyped.js'

/** A notice with only the searched fields set (everything else takes its default). */
export function notice(
  id: string,
  title: string,
  description = '',
  content = '',
  date = '2024-01-01T10:00:00-03:00',
): { id: string; title: string; description: string; content: string; date: string } {
  return { id, title, description, content, date }
}

/** Every result id of a notices search, across all pages (limit 20), in result order. */
export function allNoticeIds(snap: Snapshot, query: Omit<SearchQuery, 'page' | 'limit'>, body?: unknown): string[] {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const r = snap.searchNotices({ ...query, page, limit: 20 }, untyped(body))
    for (const row of r.results) ids.push(row['id'] as string)
    if (page >= r.pagination.pages) {
      if (ids.length !== r.pagination.total) {
        throw new Error(`pages hold ${ids.length} results but pagination.total is ${r.pagination.total}`)
      }
      return ids
    }
  }
}

/** The ids as a sorted array, to compare as sets. */
export function sorted(ids: Iterable<string>): string[] {
  return [...ids].sort()
}
