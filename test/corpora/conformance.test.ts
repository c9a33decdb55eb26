/**
 * The conformance suite: the same assertions against every search collection (interface-spec
 * 2.3–2.7, 4.1–4.7; DECISIONS §2, §3, §5, §8). The corpora are described in `cases.ts`.
 */
import { describe, expect, it } from 'vitest'
import {
  COLLECTIONS,
  LegisearchError,
  type SearchContext,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  type Snapshot,
  type Sort,
  searchMethodOf,
} from 'legisearch'
import { sharedSnapshot, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, type CorpusCase, type Rec, SAVED_REF_SHAPE, defaultDate, merge, shapeProblems } from './cases.js'
import { errorOf } from '../helpers/errors.js'
import { untyped } from '../helpers/untyped.js'

/** Generic over the six corpora, so results are read as plain records. */
type Response = SearchResponse<Rec>

const DAY_MS = 86_400_000
const BRT_MS = -3 * 3_600_000

/** The same instant written with the Brasília offset (`…T12:00:00.000-03:00`). */
function brt(ms: number): string {
  return new Date(ms + BRT_MS).toISOString().replace('Z', '-03:00')
}

function expectError(fn: () => unknown, status: number, code: string, mentions?: string): LegisearchError {
  const e = errorOf(fn)
  expect({ status: e.status, code: e.code }).toEqual({ status, code })
  expect(typeof e.message).toBe('string')
  if (mentions !== undefined) expect(e.message).toContain(mentions)
  return e
}

const idsOf = (r: Response): string[] => r.results.map((x) => x.id as string)
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const sorted = (xs: readonly string[]): string[] => [...xs].sort(cmp)
const idOfRec = (r: Rec): string => r['id'] as string

/** Orders records by a key (ascending or descending), ties by id ascending. */
function orderBy<T extends { id: string }>(items: readonly T[], key: (t: T) => number, dir: 'asc' | 'desc'): string[] {
  return [...items].sort((a, b) => (dir === 'asc' ? key(a) - key(b) : key(b) - key(a)) || cmp(a.id, b.id)).map((t) => t.id)
}

describe('coverage', () => {
  it('every registered corpus has a conformance case, and no case names an unregistered one', () => {
    const registered = COLLECTIONS.filter((c) => c !== 'stakeholders')
    expect(CASES.map((c) => c.collection).sort()).toEqual([...registered].sort())
    for (const c of CASES) expect(c.method).toBe(searchMethodOf(c.collection))
  })
})

describe.each(CASES)('$collection', (c: CorpusCase) => {
  const search = (snap: Snapshot, query?: SearchQuery, body?: unknown, ctx?: SearchContext): Response =>
    snap[c.method](query, untyped(body), ctx) as unknown as Response

  /** Every page of a search at a given limit, concatenated. */
  const allPages = (snap: Snapshot, query: SearchQuery, body?: unknown, limit = 20): Response[] => {
    const first = search(snap, { ...query, limit, page: 1 }, body)
    const out = [first]
    for (let p = 2; p <= first.pagination.pages; p++) out.push(search(snap, { ...query, limit, page: p }, body))
    return out
  }
  const allIds = (snap: Snapshot, query: SearchQuery, body?: unknown, limit = 20): string[] =>
    allPages(snap, query, body, limit).flatMap(idsOf)

  it('declares a search method on the snapshot', () => {
    const snap = tempSnapshot()
    expect(typeof snap[c.method]).toBe('function')
    expect(search(snap)).toEqual({ results: [], pagination: { page: 1, limit: 10, pages: 0, total: 0 } })
  })

  // -------------------------------------------------------------------------------------------
  describe('paging and sorting', () => {
    const N = 23
    const BASE = Date.UTC(2023, 4, 1, 15)
    // Corpus dates: pairs share an instant, written once in UTC and once with the -03:00 offset
    // (ties break by id). Last-change dates: another order, with ties too.
    const entries = Array.from({ length: N }, (_, i) => {
      const mainMs = BASE + Math.floor(i / 2) * DAY_MS + 3_600_000
      const updMs = BASE + ((i * 5) % 12) * DAY_MS + 7 * 3_600_000
      const rec = c.make(i, {
        date: i % 2 === 0 ? new Date(mainMs).toISOString() : brt(mainMs),
        updated: i % 3 === 0 ? brt(updMs) : new Date(updMs).toISOString(),
      })
      return { id: idOfRec(rec), rec, main: mainMs, upd: c.hasUpdated ? updMs : mainMs }
    })
    const expected = {
      newest: orderBy(entries, (e) => e.main, 'desc'),
      older: orderBy(entries, (e) => e.main, 'asc'),
      recently_updated: orderBy(entries, (e) => e.upd, 'desc'),
    }
    // Inserted in reverse, so the storage order is neither the date order nor the id order.
    const snap = sharedSnapshot((s) => {
      expect(s.upsert(c.collection, untyped([...entries].reverse().map((e) => e.rec)))).toEqual({ inserted: N, updated: 0 })
    })

    it('defaults to page 1, limit 10 and sort recently_updated', () => {
      const r = search(snap())
      expect(r.pagination).toEqual({ page: 1, limit: 10, pages: 3, total: N })
      expect(idsOf(r)).toEqual(expected.recently_updated.slice(0, 10))
      expect(search(snap(), {}, {})).toEqual(r)
      expect(search(snap(), undefined, undefined, undefined)).toEqual(r)
      expect(idsOf(search(snap(), { sort: 'recently_updated' }))).toEqual(idsOf(r))
    })

    it('pages at limit 5: pages = ceil(N/5), sizes 5,5,5,5,3, exact totals, no duplicates', () => {
      const pages = allPages(snap(), {}, undefined, 5)
      expect(pages.map((p) => p.results.length)).toEqual([5, 5, 5, 5, 3])
      pages.forEach((p, i) => expect(p.pagination).toEqual({ page: i + 1, limit: 5, pages: Math.ceil(N / 5), total: N }))
      const ids = pages.flatMap(idsOf)
      expect(new Set(ids).size).toBe(N)
      expect(ids).toEqual(expected.recently_updated)
    })

    it('accepts page and limit as strings', () => {
      const r = search(snap(), { limit: '5', page: '2' })
      expect(r.pagination).toEqual({ page: 2, limit: 5, pages: 5, total: N })
      expect(idsOf(r)).toEqual(expected.recently_updated.slice(5, 10))
      expect(search(snap(), { limit: '20', page: '1' }).results).toHaveLength(20)
    })

    it('answers a page past the last with no results and the true pagination', () => {
      expect(search(snap(), { limit: 5, page: 6 })).toEqual({ results: [], pagination: { page: 6, limit: 5, pages: 5, total: N } })
      expect(search(snap(), { page: 4 })).toEqual({ results: [], pagination: { page: 4, limit: 10, pages: 3, total: N } })
      expect(search(snap(), { page: '1000', limit: '20' })).toEqual({
        results: [],
        pagination: { page: 1000, limit: 20, pages: 2, total: N },
      })
    })

    it.each(['newest', 'older', 'recently_updated'] as const)('sort=%s orders by the right date, ties by id', (sort) => {
      expect(allIds(snap(), { sort })).toEqual(expected[sort])
      // The same order whatever the page size: stable across pages.
      expect(allIds(snap(), { sort }, undefined, 7)).toEqual(expected[sort])
      expect(allIds(snap(), { sort }, undefined, 1).slice(0, 4)).toEqual(expected[sort].slice(0, 4))
    })

    it('sort=relevance without text orders newest first (every relevance equal), ties by id', () => {
      const r = allPages(snap(), { sort: 'relevance' })
      expect(r.flatMap(idsOf)).toEqual(expected.newest)
      if (c.relevance) for (const x of r.flatMap((p) => p.results)) expect(x['relevance']).toBe(0)
    })

    it('recently_updated differs from newest exactly when the corpus has its own last-change date', () => {
      if (c.hasUpdated) expect(expected.recently_updated).not.toEqual(expected.newest)
      else expect(expected.recently_updated).toEqual(expected.newest)
    })

    if (c.relevance) {
      it('relevance is the integer 0 under the other sorts', () => {
        for (const sort of ['newest', 'older', 'recently_updated'] as const) {
          for (const x of search(snap(), { sort, limit: 20 }).results) expect(x['relevance']).toBe(0)
        }
      })
    }
  })

  if (c.withoutUpdated) {
    it('recently_updated falls back to the corpus date when the last-change date is absent', () => {
      const snap = tempSnapshot()
      const a = c.make(0, { date: '2024-01-10T12:00:00-03:00', updated: '2024-01-20T12:00:00-03:00' })
      const b = merge(c.make(1, { date: '2024-01-15T12:00:00-03:00' }), c.withoutUpdated ?? {})
      const d = c.make(2, { date: '2024-01-01T12:00:00-03:00', updated: '2024-01-12T12:00:00-03:00' })
      snap.upsert(c.collection, untyped([a, b, d]))
      expect(idsOf(search(snap, { sort: 'recently_updated' }))).toEqual([a, b, d].map(idOfRec))
      expect(idsOf(search(snap, { sort: 'newest' }))).toEqual([b, a, d].map(idOfRec))
    })
  }

  // -------------------------------------------------------------------------------------------
  describe('text and relevance', () => {
    const FILL = ['alfa', 'beta', 'gama', 'delta', 'epsilon', 'omega']
    /** Six words in the text field: `tf` times the term, the rest filler (equal field lengths). */
    const textWith = (tf: number): string => [...Array<string>(tf).fill('zebra'), ...FILL.slice(tf)].join(' ')
    const tf = [1, 2, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0]
    const dates = [31, 30, 20, 20, 21, 1, 2, 3, 4, 5, 6, 7].map((d) => defaultDate(d))
    const recs = tf.map((n, i) => c.make(i, { date: dates[i] as string, text: textWith(n) }))
    const entries = recs.map((rec, i) => ({ id: idOfRec(rec), tf: tf[i] as number, main: Date.parse(dates[i] as string) }))
    const matching = entries.filter((e) => e.tf > 0)
    const byRelevance = [...matching].sort((a, b) => b.tf - a.tf || b.main - a.main || cmp(a.id, b.id)).map((e) => e.id)
    const snap = sharedSnapshot((s) => s.upsert(c.collection, untyped(recs)))

    it('sort=relevance orders by relevance, ties by corpus date newest first then id', () => {
      const r = search(snap(), { q: 'zebra', sort: 'relevance' })
      expect(r.pagination.total).toBe(matching.length)
      expect(idsOf(r)).toEqual(byRelevance)
      expect(idsOf(search(snap(), { sort: 'relevance' }, { keywords: { and: ['zebra'] } }))).toEqual(byRelevance)
      // Page by page, the same order.
      expect(allIds(snap(), { q: 'zebra', sort: 'relevance' }, undefined, 2)).toEqual(byRelevance)
    })

    if (c.relevance) {
      it('relevance is an integer, non-increasing, higher for more hits, equal for equal hits', () => {
        const r = search(snap(), { q: 'zebra', sort: 'relevance' }).results
        const rel = r.map((x) => x['relevance'])
        for (const v of rel) {
          expect(Number.isInteger(v)).toBe(true)
          expect(v as number).toBeGreaterThan(0)
        }
        const nums = rel as number[]
        for (let i = 1; i < nums.length; i++) expect(nums[i] as number).toBeLessThanOrEqual(nums[i - 1] as number)
        const relOf = new Map(r.map((x) => [x.id as string, x['relevance'] as number]))
        const at = (i: number) => relOf.get(entries[i]?.id ?? '') as number
        expect(at(2)).toBe(at(3))
        expect(at(3)).toBe(at(4))
        expect(at(4)).toBeGreaterThan(at(1))
        expect(at(1)).toBeGreaterThan(at(0))
      })
    }

    it('sort=relevance ranks more hits first even when every document has the term', () => {
      // Equal field lengths, the term in every document: only the number of hits differs, and the
      // oldest record has the most. A ranking that ignores the hits would give the date order.
      const s = tempSnapshot()
      const docs = [1, 2, 3].map((n) => c.make(n, { date: defaultDate(40 - n), text: textWith(n) }))
      s.upsert(c.collection, untyped(docs))
      const r = search(s, { q: 'zebra', sort: 'relevance' }).results
      expect(r.map((x) => x.id)).toEqual([docs[2], docs[1], docs[0]].map((d) => idOfRec(d as Rec)))
      if (c.relevance) {
        const rel = r.map((x) => x['relevance'] as number)
        expect(rel[0] as number).toBeGreaterThan(rel[1] as number)
        expect(rel[1] as number).toBeGreaterThan(rel[2] as number)
      }
    })

    it('with a text constraint and another sort, orders by that sort', () => {
      const newest = orderBy(matching, (e) => e.main, 'desc')
      expect(idsOf(search(snap(), { q: 'zebra', sort: 'newest' }))).toEqual(newest)
      expect(idsOf(search(snap(), { q: 'zebra', sort: 'older' }))).toEqual(orderBy(matching, (e) => e.main, 'asc'))
      if (c.relevance) for (const x of search(snap(), { q: 'zebra', sort: 'newest' }).results) expect(x['relevance']).toBe(0)
    })

    it('highlights the matched field with a passage of the original text; none without text', () => {
      const r = search(snap(), { q: 'ZEBRA' }).results
      expect(r.length).toBe(matching.length)
      for (const x of r) {
        const hs = x['highlights'] as { path: unknown; score: unknown; texts: { value: unknown; type: unknown }[] }[]
        expect(Array.isArray(hs)).toBe(true)
        const h = hs.find((y) => y.path === c.textField)
        expect(h, `highlight on ${c.textField}`).toBeDefined()
        if (!h) continue
        expect(Array.isArray(h.texts)).toBe(true)
        for (const t of h.texts) {
          expect(typeof t.value).toBe('string')
          expect(['hit', 'text']).toContain(t.type)
        }
        const passage = h.texts.map((t) => t.value).join('')
        expect(String(x[c.textField])).toContain(passage)
        const hits = h.texts.filter((t) => t.type === 'hit').map((t) => String(t.value).toLowerCase())
        expect(hits.length).toBeGreaterThan(0)
        for (const v of hits) expect(v).toMatch(/^zebra(\s+zebra)*$/)
        expect(passage).not.toMatch(/<[a-z/]/i)
      }
      expect(search(snap(), {}, { keywords: { or: ['zebra'] } }).results.every((x) => (x['highlights'] as unknown[]).length > 0)).toBe(true)
      for (const x of search(snap(), { limit: 20 }).results) expect(x['highlights']).toEqual([])
      for (const x of search(snap(), { q: '   ' }).results) expect(x['highlights']).toEqual([])
    })

    it('blank q is no text constraint', () => {
      expect(search(snap(), { q: '' }).pagination.total).toBe(recs.length)
      expect(search(snap(), { q: '  ' }).pagination.total).toBe(recs.length)
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('value filters', () => {
    for (const f of c.valueFilters) {
      it(`${f.field} (${f.kind}): each value, OR inside the field, [] = no constraint${f.variants ? ', case/accent variants' : ''}`, () => {
        const snap = tempSnapshot()
        const recs = f.values.map((v, k) => c.make(k, { fields: f.withValue(v) }))
        snap.upsert(c.collection, untyped(recs))
        const ids = recs.map(idOfRec)
        const find = (values: unknown): string[] => sorted(allIds(snap, {}, { [f.field]: values }))

        f.values.forEach((v, k) => expect(find([v]), `${f.field}: ['${v}']`).toEqual([ids[k]]))
        expect(find([f.values[0], f.values[1]])).toEqual(sorted([ids[0] as string, ids[1] as string]))
        expect(find([...f.values])).toEqual(sorted(ids))
        expect(find([])).toEqual(sorted(ids))
        for (const { query, stored } of f.variants ?? []) {
          expect(find([query]), `${f.field}: '${query}' should select '${stored}'`).toEqual([ids[f.values.indexOf(stored)]])
        }
        if (f.kind !== 'flag') {
          const none = search(snap, {}, { [f.field]: ['no-such-value-4711'] })
          expect(none).toEqual({ results: [], pagination: { page: 1, limit: 10, pages: 0, total: 0 } })
        }
        if (f.kind === 'id') {
          // Ids compare exactly.
          const v = f.values.find((x) => x.toUpperCase() !== x) ?? 'stk-1'
          expect(find([v.toUpperCase()])).toEqual([])
          expect(find([` ${v}`])).toEqual([])
        }
        if (f.kind === 'flag') {
          expectError(() => search(snap, {}, { [f.field]: ['yes'] }), 400, 'invalid_parameters', f.field)
          expectError(() => search(snap, {}, { [f.field]: [true] }), 400, 'invalid_parameters', f.field)
        }
        expectError(() => search(snap, {}, { [f.field]: [1] }), 400, 'invalid_parameters', f.field)
      })
    }

    const [f0, f1] = c.valueFilters
    if (f0 && f1) {
      it(`AND across fields: ${f0.field} + ${f1.field}`, () => {
        const snap = tempSnapshot()
        const [a0, b0] = f0.values as [string, string]
        const [a1, b1] = f1.values as [string, string]
        const both = c.make(0, { fields: merge(f0.withValue(a0), f1.withValue(a1)) })
        const first = c.make(1, { fields: merge(f0.withValue(a0), f1.withValue(b1)) })
        const second = c.make(2, { fields: merge(f0.withValue(b0), f1.withValue(a1)) })
        snap.upsert(c.collection, untyped([both, first, second]))
        expect(idsOf(search(snap, {}, { [f0.field]: [a0], [f1.field]: [a1] }))).toEqual([idOfRec(both)])
        expect(sorted(idsOf(search(snap, {}, { [f0.field]: [a0, b0], [f1.field]: [a1] })))).toEqual(sorted([both, second].map(idOfRec)))
        expect(sorted(idsOf(search(snap, {}, { [f0.field]: [a0], [f1.field]: [] })))).toEqual(sorted([both, first].map(idOfRec)))
        expect(search(snap, {}, { [f0.field]: [b0], [f1.field]: [b1] }).pagination.total).toBe(0)
      })
    }

    const d0 = c.dateFilters[0]
    if (f0 && d0) {
      it(`AND across fields: ${f0.field} + ${d0.field} + keywords`, () => {
        const snap = tempSnapshot()
        const [a0, b0] = f0.values as [string, string]
        const at = (day: string) => (d0.column === 'main' ? { date: `${day}T12:00:00-03:00` } : { updated: `${day}T12:00:00-03:00` })
        const hit = c.make(0, { ...at('2024-03-10'), text: 'tema alvo', fields: f0.withValue(a0) })
        const outOfRange = c.make(1, { ...at('2024-04-10'), text: 'tema alvo', fields: f0.withValue(a0) })
        const otherValue = c.make(2, { ...at('2024-03-10'), text: 'tema alvo', fields: f0.withValue(b0) })
        const otherText = c.make(3, { ...at('2024-03-10'), text: 'outro assunto', fields: f0.withValue(a0) })
        snap.upsert(c.collection, untyped([hit, outOfRange, otherValue, otherText]))
        const range = { from: '2024-03-01', to: '2024-03-31' }
        expect(idsOf(search(snap, {}, { [f0.field]: [a0], [d0.field]: range, keywords: { and: ['alvo'] } }))).toEqual([idOfRec(hit)])
        expect(idsOf(search(snap, { q: 'alvo' }, { [f0.field]: [a0], [d0.field]: range }))).toEqual([idOfRec(hit)])
        expect(search(snap, {}, { [f0.field]: [a0], [d0.field]: range }).pagination.total).toBe(2)
      })

      it(`text with filters: the exact total on every page and past the last (${f0.field} + q)`, () => {
        const snap = tempSnapshot()
        const [a0, b0] = f0.values as [string, string]
        const records = Array.from({ length: 7 }, (_, i) =>
          c.make(i, { date: `2024-03-${String(10 + i)}T12:00:00-03:00`, text: 'tema alvo', fields: f0.withValue(i < 5 ? a0 : b0) }),
        )
        snap.upsert(c.collection, untyped(records))
        const body = { [f0.field]: [a0] }
        const pageOf = (page: number, sort: Sort = 'relevance') => search(snap, { q: 'alvo', limit: 2, page, sort }, body)
        for (const sort of ['relevance', 'newest'] as const) {
          for (const page of [1, 2, 3]) expect(pageOf(page, sort).pagination).toEqual({ page, limit: 2, pages: 3, total: 5 })
          expect(new Set([1, 2, 3].flatMap((page) => idsOf(pageOf(page, sort)))).size).toBe(5)
          expect(pageOf(4, sort)).toEqual({ results: [], pagination: { page: 4, limit: 2, pages: 3, total: 5 } })
        }
        expect(search(snap, { q: 'ausente' }, body).pagination.total).toBe(0)
      })

      it(`text with filters over thousands of matches (the total rides on the page's pass): exact on the last page and past it`, () => {
        const snap = tempSnapshot()
        const [a0, b0] = f0.values as [string, string]
        const records = Array.from({ length: 2500 }, (_, i) =>
          c.make(i, { date: `2024-03-10T12:00:00-03:00`, text: 'tema alvo', fields: f0.withValue(i < 2100 ? a0 : b0) }),
        )
        snap.upsert(c.collection, untyped(records))
        const body = { [f0.field]: [a0] }
        for (const sort of ['relevance', 'newest'] as const) {
          const first = search(snap, { q: 'alvo', limit: 20, sort }, body)
          expect(first.pagination).toEqual({ page: 1, limit: 20, pages: 105, total: 2100 })
          expect(first.results).toHaveLength(20)
          const last = search(snap, { q: 'alvo', limit: 20, page: 105, sort }, body)
          expect(last.pagination.total).toBe(2100)
          expect(last.results).toHaveLength(20)
          expect(search(snap, { q: 'alvo', limit: 20, page: 106, sort }, body)).toEqual({
            results: [],
            pagination: { page: 106, limit: 20, pages: 105, total: 2100 },
          })
        }
        expect(search(snap, { q: 'alvo' }, { [f0.field]: [b0] }).pagination.total).toBe(400)
      })
    }
  })

  // -------------------------------------------------------------------------------------------
  for (const d of c.dateFilters) {
    describe(`date filter ${d.field} (${d.column} date)`, () => {
      const OTHER = '2022-06-15T12:00:00-03:00'
      const now = Date.now()
      const points: readonly [key: string, instant: string][] = [
        ['d09-2359', '2024-03-09T23:59:00-03:00'],
        ['d10-0000', '2024-03-10T00:00:00-03:00'],
        ['d10-2359', '2024-03-10T23:59:59-03:00'],
        ['d10-2359z', '2024-03-11T02:59:00Z'],
        ['d11-0000z', '2024-03-11T03:00:00Z'],
        ['d11-2359', '2024-03-11T23:59:00-03:00'],
        ['d12-0000', '2024-03-12T00:00:00-03:00'],
        ['d1231-utc0100', '2024-01-01T01:00:00Z'],
        ['d0101-utc0300', '2024-01-01T03:00:00Z'],
        ['d15-bare', '2024-03-15'],
        ['d16-local', '2024-03-16T23:30:00'],
        ['now', new Date(now - 60_000).toISOString()],
        ['future', new Date(now + 5 * DAY_MS).toISOString()],
      ]
      const recs = points.map(([, instant], i) =>
        c.make(i, d.column === 'main' ? { date: instant, updated: OTHER } : { date: OTHER, updated: instant }),
      )
      const idOfKey = new Map(points.map(([key], i) => [key, idOfRec(recs[i] as Rec)]))
      const keys = (...ks: string[]): string[] => sorted(ks.map((k) => idOfKey.get(k) as string))
      const snap = sharedSnapshot((s) => s.upsert(c.collection, untyped(recs)))
      const find = (range: unknown): string[] => sorted(allIds(snap(), {}, { [d.field]: range }))

      it('includes both ends at Brasília day bounds (23:59 and 00:00 BRT)', () => {
        expect(find({ from: '2024-03-10', to: '2024-03-11' })).toEqual(keys('d10-0000', 'd10-2359', 'd10-2359z', 'd11-0000z', 'd11-2359'))
        expect(find({ from: '2024-03-10', to: '2024-03-10' })).toEqual(keys('d10-0000', 'd10-2359', 'd10-2359z'))
        expect(find({ from: '2024-03-11', to: '2024-03-11' })).toEqual(keys('d11-0000z', 'd11-2359'))
        expect(find({ from: '2024-03-09', to: '2024-03-09' })).toEqual(keys('d09-2359'))
        expect(find({ from: '2024-03-12', to: '2024-03-12' })).toEqual(keys('d12-0000'))
      })

      it('reads instants as Brasília days (2024-01-01T01:00:00Z is 2023-12-31)', () => {
        expect(find({ from: '2023-12-31', to: '2023-12-31' })).toEqual(keys('d1231-utc0100'))
        expect(find({ from: '2024-01-01', to: '2024-01-01' })).toEqual(keys('d0101-utc0300'))
        expect(find({ from: '2024-03-15', to: '2024-03-15' })).toEqual(keys('d15-bare'))
        expect(find({ from: '2024-03-16', to: '2024-03-16' })).toEqual(keys('d16-local'))
      })

      it('with only from, runs up to today', () => {
        expect(find({ from: '2024-03-12' })).toEqual(keys('d12-0000', 'd15-bare', 'd16-local', 'now'))
        expect(find({ from: '2024-03-12', to: new Date(now + 10 * DAY_MS + BRT_MS).toISOString().slice(0, 10) })).toEqual(
          keys('d12-0000', 'd15-bare', 'd16-local', 'now', 'future'),
        )
      })

      it('combines with the rest of the body and keeps paging exact', () => {
        const r = search(snap(), { limit: 2 }, { [d.field]: { from: '2024-03-10', to: '2024-03-11' } })
        expect(r.pagination).toEqual({ page: 1, limit: 2, pages: 3, total: 5 })
      })

      it('refuses only to, from after to, and malformed dates with 400 invalid_date_range', () => {
        expectError(() => search(snap(), {}, { [d.field]: { to: '2024-03-11' } }), 400, 'invalid_date_range', d.field)
        expectError(() => search(snap(), {}, { [d.field]: { from: '2024-03-12', to: '2024-03-10' } }), 400, 'invalid_date_range', d.field)
        expectError(() => search(snap(), {}, { [d.field]: { from: '2024-03-11', to: '2024-03-10' } }), 400, 'invalid_date_range', d.field)
        expectError(() => search(snap(), {}, { [d.field]: { from: '2024-01-01', to: '2023-12-31' } }), 400, 'invalid_date_range', d.field)
        const tomorrow = new Date(Date.now() + DAY_MS + BRT_MS).toISOString().slice(0, 10)
        expectError(() => search(snap(), {}, { [d.field]: { from: tomorrow } }), 400, 'invalid_date_range', d.field)
        for (const bad of ['2024-02-30', '2024-1-1', '2024-13-01', '2023-02-29', '10/03/2024', '2024-03-10x', '']) {
          expectError(() => search(snap(), {}, { [d.field]: { from: bad, to: '2024-03-11' } }), 400, 'invalid_date_range', d.field)
          expectError(() => search(snap(), {}, { [d.field]: { from: '2024-01-01', to: bad } }), 400, 'invalid_date_range', d.field)
        }
        expectError(() => search(snap(), {}, { [d.field]: { from: '2024-1-1' } }), 400, 'invalid_date_range', d.field)
        // A leap day is a real day.
        expect(find({ from: '2024-02-29', to: '2024-03-09' })).toEqual(keys('d09-2359'))
      })

      it('refuses a malformed DateRange object with 400 naming the field', () => {
        expect(errorOf(() => search(snap(), {}, { [d.field]: '2024-03-10' })).status).toBe(400)
        expect(errorOf(() => search(snap(), {}, { [d.field]: '2024-03-10' })).message).toContain(d.field)
        expect(errorOf(() => search(snap(), {}, { [d.field]: { from: '2024-03-10', until: '2024-03-11' } })).message).toContain('until')
        expect(errorOf(() => search(snap(), {}, { [d.field]: { from: 20240310, to: '2024-03-11' } })).status).toBe(400)
      })
    })
  }

  // -------------------------------------------------------------------------------------------
  describe('validation (400)', () => {
    const snap = sharedSnapshot((s) => s.upsert(c.collection, untyped([c.make(0), c.make(1)])))

    it('refuses an unknown body field, naming it', () => {
      expectError(() => search(snap(), {}, { unknownFieldX: ['a'] }), 400, 'invalid_parameters', 'unknownFieldX')
      const f0 = c.valueFilters[0]
      if (f0) expectError(() => search(snap(), {}, { [`${f0.field}_typo`]: [] }), 400, 'invalid_parameters', `${f0.field}_typo`)
      expectError(() => search(snap(), {}, { keywords: { and: ['a'], nand: ['b'] } }), 400, 'invalid_parameters', 'nand')
    })

    it('refuses a wrong type (a string instead of an array), naming the field', () => {
      for (const f of c.valueFilters) {
        expectError(() => search(snap(), {}, { [f.field]: String(f.values[0]) }), 400, 'invalid_parameters', f.field)
      }
      expectError(() => search(snap(), {}, { keywords: 'zebra' }), 400, 'invalid_parameters', 'keywords')
      expectError(() => search(snap(), {}, { keywords: { and: 'zebra' } }), 400, 'invalid_parameters', 'keywords')
      expectError(() => search(snap(), {}, { keywords: { or: [1] } }), 400, 'invalid_parameters', 'keywords')
    })

    it('refuses a body that is not an object', () => {
      expectError(() => search(snap(), {}, []), 400, 'invalid_parameters')
      expectError(() => search(snap(), {}, 'zebra'), 400, 'invalid_parameters')
      expectError(() => search(snap(), {}, 42), 400, 'invalid_parameters')
    })

    it('refuses an unknown query parameter, naming it', () => {
      expectError(() => search(snap(), { pagee: '2' } as unknown as SearchQuery), 400, 'invalid_parameters', 'pagee')
      expectError(() => search(snap(), { q: 'x', order: 'newest' } as unknown as SearchQuery), 400, 'invalid_parameters', 'order')
    })

    it.each([0, 21, '0', '21', 2.5, '2.5', 'abc', -1, '', '1e1'])('refuses limit %j', (limit) => {
      expectError(() => search(snap(), { limit }), 400, 'invalid_parameters', 'limit')
    })

    it.each([0, -1, '0', '-1', 'abc', 1.5, '', 'NaN'])('refuses page %j', (page) => {
      expectError(() => search(snap(), { page }), 400, 'invalid_parameters', 'page')
    })

    it('refuses an unknown sort and an unknown mode', () => {
      expectError(() => search(snap(), untyped({ sort: 'bogus' })), 400, 'invalid_parameters', 'sort')
      expectError(() => search(snap(), untyped({ sort: 'relevancy' })), 400, 'invalid_parameters', 'sort')
      expectError(() => search(snap(), untyped({ modes: 'fuzzy' })), 400, 'invalid_parameters', 'fuzzy')
      expectError(() => search(snap(), untyped({ modes: 'keyword,fuzzy' })), 400, 'invalid_parameters', 'fuzzy')
    })

    it('accepts the limits of the ranges and every valid mode set', () => {
      expect(search(snap(), { limit: 1 }).pagination).toEqual({ page: 1, limit: 1, pages: 2, total: 2 })
      expect(search(snap(), { limit: 20, page: 1 }).pagination).toEqual({ page: 1, limit: 20, pages: 1, total: 2 })
      for (const modes of ['keyword', 'sensitive', 'sensitive,keyword', 'keyword,sensitive'] as const) {
        expect(search(snap(), { modes }).pagination.total).toBe(2)
      }
      for (const sort of ['newest', 'older', 'recently_updated', 'relevance'] as const)
        expect(search(snap(), { sort }).pagination.total).toBe(2)
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('saved references', () => {
    it('are scoped to the calling client, with _id, monitorId, originId and monitorName', () => {
      const snap = tempSnapshot()
      const recs = [0, 1, 2].map((i) => c.make(i))
      snap.upsert(c.collection, untyped(recs))
      const doc = idOfRec(recs[1] as Rec)
      const ma = snap.createMonitor('client-a', 'Pasta A')
      const mb = snap.createMonitor('client-b', 'Pasta B')
      const sa = snap.saveToMonitor('client-a', ma.id, c.collection, doc)
      const sb = snap.saveToMonitor('client-b', mb.id, c.collection, doc)
      expect(sa).toEqual({ _id: expect.any(String), monitorId: ma.id, originId: doc, monitorName: 'Pasta A' })
      expect(sb).toEqual({ _id: expect.any(String), monitorId: mb.id, originId: doc, monitorName: 'Pasta B' })

      const refsFor = (ctx?: SearchContext): Map<string, unknown> =>
        new Map(search(snap, {}, {}, ctx).results.map((x) => [x.id as string, x[c.savedKey]]))

      const forA = refsFor({ clientId: 'client-a' })
      expect(forA.get(doc)).toEqual([sa])
      for (const r of recs) if (idOfRec(r) !== doc) expect(forA.get(idOfRec(r))).toEqual([])
      const refA = (forA.get(doc) as Rec[])[0] as Rec
      expect(shapeProblems(refA, { object: SAVED_REF_SHAPE })).toEqual([])
      expect(refA['originId']).toBe(doc)

      expect(refsFor({ clientId: 'client-b' }).get(doc)).toEqual([sb])
      expect(refsFor().get(doc)).toEqual([])
      expect(refsFor({}).get(doc)).toEqual([])
      expect(refsFor({ clientId: 'client-c' }).get(doc)).toEqual([])

      // Saving twice is idempotent; a second monitor of the same client adds a second reference.
      expect(snap.saveToMonitor('client-a', ma.id, c.collection, doc)).toEqual(sa)
      const ma2 = snap.createMonitor('client-a', 'Pasta A2')
      const sa2 = snap.saveToMonitor('client-a', ma2.id, c.collection, doc)
      expect(refsFor({ clientId: 'client-a' }).get(doc)).toEqual(expect.arrayContaining([sa, sa2]))
      expect((refsFor({ clientId: 'client-a' }).get(doc) as unknown[]).length).toBe(2)

      expect(snap.removeFromMonitor('client-a', ma.id, c.collection, doc)).toEqual({ removed: true })
      expect(snap.removeFromMonitor('client-a', ma.id, c.collection, doc)).toEqual({ removed: false })
      expect(refsFor({ clientId: 'client-a' }).get(doc)).toEqual([sa2])
      snap.removeFromMonitor('client-a', ma2.id, c.collection, doc)
      expect(refsFor({ clientId: 'client-a' }).get(doc)).toEqual([])
      expect(refsFor({ clientId: 'client-b' }).get(doc)).toEqual([sb])
      // Another client cannot unsave from B's monitor; deleting B's monitor drops B's reference.
      expectError(() => snap.removeFromMonitor('client-a', mb.id, c.collection, doc), 404, 'not_found')
      expect(refsFor({ clientId: 'client-b' }).get(doc)).toEqual([sb])
      snap.deleteMonitor('client-b', mb.id)
      expect(refsFor({ clientId: 'client-b' }).get(doc)).toEqual([])
    })

    it("refuse another client's monitor and unknown documents with 404", () => {
      const snap = tempSnapshot()
      const rec = c.make(0)
      snap.upsert(c.collection, untyped([rec]))
      const ma = snap.createMonitor('client-a', 'Pasta A')
      const mb = snap.createMonitor('client-b', 'Pasta B')
      expectError(() => snap.saveToMonitor('client-a', mb.id, c.collection, idOfRec(rec)), 404, 'not_found')
      expectError(() => snap.saveToMonitor('client-a', ma.id, c.collection, 'no-such-document'), 404, 'not_found')
      expectError(() => snap.saveToMonitor('client-a', 'no-such-monitor', c.collection, idOfRec(rec)), 404, 'not_found')
      const other = c.collection === 'dou' ? 'bacen' : 'dou'
      expectError(() => snap.saveToMonitor('client-a', ma.id, other, idOfRec(rec)), 404, 'not_found')
      // Nothing was saved by the refused calls.
      const r = search(snap, {}, {}, { clientId: 'client-b' }).results[0] as Rec
      expect(r[c.savedKey]).toEqual([])
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('result shape', () => {
    it('every result carries every field of the spec with its type (full and minimal records)', () => {
      const snap = tempSnapshot()
      const full = c.make(0, { text: 'texto com a palavra zebra' })
      const minimal = c.minimal(1, '2024-05-04')
      expect(snap.upsert(c.collection, untyped([full, minimal]))).toEqual({ inserted: 2, updated: 0 })
      for (const query of [{}, { q: 'zebra OR 2024' }, { sort: 'relevance', q: 'zebra' }] as SearchQuery[]) {
        for (const x of search(snap, query, {}, { clientId: 'client-a' }).results) {
          expect(shapeProblems(x, { object: c.shape }), `${String(x.id)} under ${JSON.stringify(query)}`).toEqual([])
          if (x.id === idOfRec(full) && c.fullShape) expect(shapeProblems(x, { object: c.fullShape })).toEqual([])
          expect(x.id).toEqual(expect.any(String))
        }
      }
      const plain = search(snap, {}, {}).results
      expect(plain).toHaveLength(2)
      for (const x of plain) {
        expect(x['highlights']).toEqual([])
        expect(x[c.savedKey]).toEqual([])
      }
      const hit = search(snap, { q: 'zebra' }).results
      expect(hit.map((x) => x.id)).toEqual([idOfRec(full)])
      const hs = (hit[0] as SearchResult)['highlights'] as unknown[]
      expect(hs.length).toBeGreaterThan(0)
      for (const h of hs) {
        expect(
          shapeProblems(h, { object: { path: 'string', texts: { arrayOf: { object: { value: 'string', type: 'string' } } } } }),
        ).toEqual([])
      }
    })

    it('returns the stored values of a full record', () => {
      const snap = tempSnapshot()
      const full = c.make(3)
      snap.upsert(c.collection, untyped([full]))
      const x = search(snap).results[0] as Rec
      for (const [k, v] of Object.entries(full)) {
        if (k === 'approved') continue
        expect(x[k], k).toEqual(v)
      }
    })
  })

  // -------------------------------------------------------------------------------------------
  describe('upsert and remove', () => {
    it('remove() drops records from results and totals; upsert of an existing id updates it', () => {
      const snap = tempSnapshot()
      const f0 = c.valueFilters[0]
      const [v0, v1] = (f0?.values ?? []) as [string?, string?]
      const withF = (v: string | undefined): Rec => (f0 && v !== undefined ? f0.withValue(v) : {})
      const recs = [0, 1, 2].map((i) => c.make(i, { text: `primeira versao zebra ${i}`, fields: withF(v0) }))
      const [r0, r1, r2] = recs.map(idOfRec) as [string, string, string]
      expect(snap.upsert(c.collection, untyped(recs))).toEqual({ inserted: 3, updated: 0 })
      expect(search(snap, { q: 'zebra' }).pagination.total).toBe(3)

      expect(snap.remove(c.collection, [r1, 'no-such-id'])).toEqual({ removed: 1 })
      expect(snap.remove(c.collection, [r1])).toEqual({ removed: 0 })
      const afterRemove = search(snap, { q: 'zebra' })
      expect(afterRemove.pagination).toEqual({ page: 1, limit: 10, pages: 1, total: 2 })
      expect(sorted(idsOf(afterRemove))).toEqual(sorted([r0, r2]))
      expect(search(snap).pagination.total).toBe(2)
      if (f0 && v0 !== undefined) expect(sorted(idsOf(search(snap, {}, { [f0.field]: [v0] })))).toEqual(sorted([r0, r2]))

      // r0 again, with new words, a new filter value and the newest date.
      const changed = c.make(0, { text: 'segunda versao girafa', date: '2030-01-01T12:00:00-03:00', fields: withF(v1) })
      expect(snap.upsert(c.collection, untyped([changed]))).toEqual({ inserted: 0, updated: 1 })
      expect(idsOf(search(snap, { q: 'zebra' }))).toEqual([r2])
      expect(search(snap, { q: 'primeira' }).pagination.total).toBe(1)
      const g = search(snap, { q: 'girafa' })
      expect(idsOf(g)).toEqual([r0])
      expect((g.results[0] as Rec)[c.textField]).toBe('segunda versao girafa')
      expect(idsOf(search(snap, { sort: 'newest' }))[0]).toBe(r0)
      if (f0 && v0 !== undefined && v1 !== undefined) {
        expect(idsOf(search(snap, {}, { [f0.field]: [v0] }))).toEqual([r2])
        expect(idsOf(search(snap, {}, { [f0.field]: [v1] }))).toEqual([r0])
      }
      expect(search(snap).pagination.total).toBe(2)

      // A removed id comes back as an insert.
      expect(snap.upsert(c.collection, untyped([recs[1] as Rec]))).toEqual({ inserted: 1, updated: 0 })
      expect(search(snap, { q: 'zebra' }).pagination.total).toBe(2)
    })

    it('removing a saved document hides it from the client; re-ingesting it gives a well-formed saved array', () => {
      const snap = tempSnapshot()
      const rec = c.make(0)
      snap.upsert(c.collection, untyped([rec]))
      const m = snap.createMonitor('client-a', 'Pasta')
      snap.saveToMonitor('client-a', m.id, c.collection, idOfRec(rec))
      snap.remove(c.collection, [idOfRec(rec)])
      expect(search(snap, {}, {}, { clientId: 'client-a' }).pagination.total).toBe(0)
      snap.upsert(c.collection, untyped([rec]))
      // Re-ingesting the same id: the document is back; whether the old save survives is not
      // specified, but the result must carry a well-formed array.
      const x = search(snap, {}, {}, { clientId: 'client-a' }).results[0] as Rec
      expect(shapeProblems(x[c.savedKey], { arrayOf: { object: SAVED_REF_SHAPE } })).toEqual([])
    })
  })
})
