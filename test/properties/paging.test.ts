import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { notice } from '../query/support.js'

/**
 * Paging (DECISIONS §2, §4): for every sort and limit, the pages concatenated are the full ordered
 * result, with no duplicates and no gaps; `pagination.pages` = ceil(total / limit); a page past the
 * last is empty with the true pagination. Orders are checked against a sort of the records written
 * here: `newest` = date desc, id asc; `older` = date asc, id asc; `recently_updated` (for notices the
 * update date is the date) = `newest`; `relevance` without text = every score 0, ties by date desc
 * then id asc.
 */
const SORTS = ['newest', 'older', 'recently_updated', 'relevance'] as const
type Sort = (typeof SORTS)[number]

/** A few instants, some equal under different spellings, so that ties are common. */
const DATES = [
  '2024-01-01T10:00:00-03:00',
  '2024-01-01T13:00:00Z', // the same instant as the one above
  '2024-01-01T10:00:00.001-03:00', // the same second: stored truncated to it
  '2024-01-01T10:00:01.999-03:00',
  '2024-01-02T08:30:00-03:00',
  '2023-12-31T23:59:59-03:00',
  '2024-01-01T02:00:00+02:00',
]
const WORDS = ['reforma', 'tributária', 'lei', 'imposto', 'renda', 'parte']

interface Rec {
  readonly id: string
  readonly title: string
  readonly date: string
}

const records = fc
  .integer({ min: 0, max: 60 })
  .chain((n) => fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,5}$/), { minLength: n, maxLength: n }))
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          id: fc.constant(`r-${id}`),
          title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')),
          date: fc.constantFrom(...DATES),
        }),
      ),
    ),
  )
  .map((rs): Rec[] => [...rs])

/** Code-unit order, as SQLite compares ASCII ids. */
const byId = (a: Rec, b: Rec) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function expectedOrder(recs: readonly Rec[], sort: Sort): string[] {
  // Stored dates keep the second (a fraction is truncated).
  const ms = (r: Rec) => Math.floor(Date.parse(r.date) / 1000) * 1000
  const cmp = sort === 'older' ? (a: Rec, b: Rec) => ms(a) - ms(b) || byId(a, b) : (a: Rec, b: Rec) => ms(b) - ms(a) || byId(a, b)
  return [...recs].sort(cmp).map((r) => r.id)
}

const snap = sharedSnapshot()
let loaded: string[] = []

function load(recs: readonly Rec[]): void {
  snap().remove('notices', loaded)
  if (recs.length > 0)
    snap().upsert(
      'notices',
      recs.map((r) => notice(r.id, r.title, '', '', r.date)),
    )
  loaded = recs.map((r) => r.id)
}

/** Every page at `limit`, checking each page's pagination; returns the ids in order and the total. */
function pages(query: { sort: Sort; q?: string }, limit: number): { ids: string[]; total: number } {
  const first = snap().searchNotices({ ...query, page: 1, limit })
  const { total, pages: count } = first.pagination
  expect(count).toBe(Math.ceil(total / limit))
  const ids: string[] = []
  for (let page = 1; page <= count; page++) {
    const r = page === 1 ? first : snap().searchNotices({ ...query, page, limit })
    expect(r.pagination).toEqual({ page, limit, pages: count, total })
    expect(r.results.length).toBe(page < count ? limit : total - limit * (count - 1))
    for (const row of r.results) ids.push(row['id'] as string)
  }
  // A page past the last: empty, with the true pagination.
  const past = snap().searchNotices({ ...query, page: count + 1, limit })
  expect(past.results).toEqual([])
  expect(past.pagination).toEqual({ page: count + 1, limit, pages: count, total })
  return { ids, total }
}

describe('paging', () => {
  it('pages concatenated are the full ordered result, for every sort and limit', () => {
    fc.assert(
      fc.property(records, fc.integer({ min: 1, max: 20 }), (recs, limit) => {
        load(recs)
        for (const sort of SORTS) {
          const { ids, total } = pages({ sort }, limit)
          expect(total).toBe(recs.length)
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids, sort).toEqual(expectedOrder(recs, sort))
        }
      }),
      { numRuns: 40 },
    )
  })

  it('with a text constraint, the order does not depend on the limit (relevance included)', () => {
    fc.assert(
      fc.property(
        records,
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...WORDS),
        fc.constantFrom(...SORTS),
        (recs, limit, word, sort) => {
          load(recs)
          const query = { sort, q: word }
          const { ids, total } = pages(query, limit)
          const { ids: by20 } = pages(query, 20)
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids).toEqual(by20)
          // The matching set, by a plain word comparison (the words are lower case and the query
          // word is one of them, so folding and stemming change nothing here).
          const matching = recs.filter((r) => r.title.split(' ').includes(word))
          expect(total).toBe(matching.length)
          expect([...ids].sort()).toEqual(matching.map((r) => r.id).sort())
          if (sort !== 'relevance') {
            expect(ids).toEqual(expectedOrder(matching, sort))
          } else {
            // Records with the same text score the same: among them, date desc then id asc.
            const byTitle = new Map<string, Rec[]>()
            for (const r of matching) byTitle.set(r.title, [...(byTitle.get(r.title) ?? []), r])
            for (const group of byTitle.values()) {
              const members = new Set(group.map((r) => r.id))
              expect(ids.filter((id) => members.has(id))).toEqual(expectedOrder(group, 'newest'))
            }
          }
          // Fetched in one go when it fits in one page.
          if (total <= 20) {
            const one = snap()
              .searchNotices({ ...query, page: 1, limit: 20 })
              .results.map((r) => r['id'] as string)
            expect(ids).toEqual(one)
          }
        },
      ),
      { numRuns: 40 },
    )
  })

  it('page and limit given as strings page the same way', () => {
    fc.assert(
      fc.property(records, fc.integer({ min: 1, max: 20 }), fc.constantFrom(...SORTS), (recs, limit, sort) => {
        load(recs)
        const { ids } = pages({ sort }, limit)
        const asStrings: string[] = []
        const count = Math.ceil(recs.length / limit)
        for (let page = 1; page <= count; page++) {
          const r = snap().searchNotices({ sort, page: String(page), limit: String(limit) })
          for (const row of r.results) asStrings.push(row['id'] as string)
        }
        expect(asStrings).toEqual(ids)
      }),
      { numRuns: 30 },
    )
  })
})
