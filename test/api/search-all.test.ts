/**
 * `snap.searchAll` across a writer: a rowid freed by a removal is reused by SQLite for the next
 * insert, of this corpus or another; the iterator must never yield that new record in the removed
 * one's place (nor read a record of another corpus as its own).
 */
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const notices = Array.from({ length: 600 }, (_, i) => ({
  id: `n${String(i).padStart(3, '0')}`,
  title: `Reforma número ${i}`,
  // One hour apart: sorted `older`, the last written is the last yielded (in the second page).
  date: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
}))

describe('snap.searchAll and a rowid reused between its pages', () => {
  it.each([
    [
      'a notice',
      (s: ReturnType<typeof openSnapshot>) =>
        s.upsert('notices', [{ id: 'zz-new', title: 'Reforma nova', date: '2024-04-01T10:00:00-03:00' }]),
    ],
    [
      'a post of another corpus',
      (s: ReturnType<typeof openSnapshot>) =>
        s.upsert('social', [{ id: 'post-new', text: 'Reforma nova', postedAt: '2024-04-01T10:00:00-03:00' }]),
    ],
  ])('the removed last record is left out, and %s taking its rowid is not yielded', (_label, insert) => {
    const s = openSnapshot(tempSnapshotPath('search-all-rowid.db'))
    try {
      s.upsert('notices', notices)
      const all = s.searchAll('notices', { q: 'reforma', sort: 'older' })
      expect(all.total).toBe(600)
      const it = all[Symbol.iterator]()
      const first = it.next().value as { id: string }
      // n599 was written last: it holds the highest rowid, which the next insert takes again.
      s.remove('notices', ['n599'])
      insert(s)
      const ids = [first.id, ...[...{ [Symbol.iterator]: () => it }].map((r) => (r as { id: string }).id)]
      expect(ids).toHaveLength(599)
      expect(new Set(ids)).toEqual(new Set(notices.slice(0, 599).map((n) => n.id)))
    } finally {
      s.close()
    }
  })
})
