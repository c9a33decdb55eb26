/**
 * Facets and histogram (README "Facets and histogram"): for every corpus, over generated records,
 * the counts of `facets=all` and `histogram` equal a brute-force count over the stored records of
 * every match (the matches read through `searchAll`, the values through the corpus's own filter
 * definitions), with `q`, modes and filters drawn by fast-check; on both text indexes.
 */
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { dayOf, parseInstant } from '../../packages/legisearch/src/common/dates.js'
import type { AnyCorpus } from '../../packages/legisearch/src/corpora/define.js'
import { corpusOf } from '../../packages/legisearch/src/corpora/registry.js'
import { CORPUS_NAMES, type CorpusName, type Snapshot, openSnapshot } from 'legisearch'
import { type ValueFilter, normalizerOf } from '../../packages/legisearch/src/query/filters.js'
import { tokenize } from '../../packages/legisearch/src/text/tokenize.js'
import { errorOf } from '../helpers/errors.js'
import { withTextIndex } from '../helpers/text-index.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

type Rec = Record<string, unknown>
const N = 90

/** Each corpus's stored records by id, as `upsert` validated them. */
function storedOf(corpus: AnyCorpus, raw: readonly unknown[]): Map<string, Rec> {
  return new Map(raw.map((r) => corpus.schema.parse(r) as Rec).map((r) => [r['id'] as string, r]))
}

function valueFilters(corpus: AnyCorpus): [string, ValueFilter<unknown>][] {
  return Object.entries(corpus.filters).flatMap(([n, f]) => (f.kind === 'date' ? [] : [[n, f as ValueFilter<unknown>]]))
}

/** The brute-force counts: per value filter, per normalized value, the matches offering it (each once). */
function bruteFacets(corpus: AnyCorpus, matched: readonly Rec[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  for (const [name, f] of valueFilters(corpus)) {
    const normalize = normalizerOf(f)
    const counts = new Map<string, number>()
    for (const r of matched)
      for (const v of new Set([...f.values(r as never)].map(normalize))) if (v !== '') counts.set(v, (counts.get(v) ?? 0) + 1)
    out.set(name, counts)
  }
  return out
}

function bruteHistogram(corpus: AnyCorpus, matched: readonly Rec[], by: 'month' | 'year'): { period: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const r of matched) {
    const day = String(dayOf(parseInstant(corpus.mainDate(r as never)) as number))
    const period = by === 'year' ? day.slice(0, 4) : `${day.slice(0, 4)}-${day.slice(4, 6)}`
    counts.set(period, (counts.get(period) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([period, count]) => ({ period, count }))
}

/** A search drawn from the corpus's own records: a word of theirs (or none), a mode, maybe a filter with one of their values. */
function searchArb(corpus: AnyCorpus, records: readonly Rec[]) {
  const words = [
    ...new Set(records.slice(0, 20).flatMap((r) => corpus.text.flatMap((t) => tokenize(t.get(r as never) ?? '').map((x) => x.text)))),
  ].filter((w) => w.length > 3)
  const filters = valueFilters(corpus).flatMap(([name, f]) => {
    const values = [...new Set(records.flatMap((r) => [...f.values(r as never)]))].filter((v) => v.trim() !== '')
    return values.length === 0 ? [] : [{ name, values }]
  })
  return fc.record({
    q: fc.oneof(
      fc.constant(''),
      fc.constantFrom(...words),
      fc.tuple(fc.constantFrom(...words), fc.constantFrom(...words)).map(([a, b]) => `${a} OR ${b}`),
      fc.tuple(fc.constantFrom(...words), fc.constantFrom(...words)).map(([a, b]) => `${a} -${b}`),
    ),
    modes: fc.constantFrom('', 'keyword', 'sensitive', 'sensitive,keyword'),
    filter: fc.option(
      fc.constantFrom(...filters).chain((f) => fc.subarray(f.values, { minLength: 1, maxLength: 2 }).map((v) => ({ [f.name]: v }))),
      { nil: undefined },
    ),
    histogram: fc.constantFrom('month' as const, 'year' as const),
    sort: fc.constantFrom('newest', 'relevance', 'older'),
  })
}

describe.each(['blocks', 'fts5'])('facets and histogram, text index %s', (indexName) => {
  const dir = sharedTempDir()
  let snap: Snapshot
  const stored = new Map<CorpusName, Map<string, Rec>>()
  beforeAll(() => {
    snap = withTextIndex(indexName, () => openSnapshot(join(dir(), 'snapshot.db')))
    snap.upsert('stakeholders', [...generate('stakeholders', 40)])
    for (const c of CORPUS_NAMES) {
      const raw = [...generate(c, N, { seed: 11 })] as unknown[]
      snap.upsert(c, untyped(raw))
      stored.set(c, storedOf(corpusOf(c), raw))
    }
  })
  afterAll(() => snap.close())

  it.each(CORPUS_NAMES)('%s: facet counts equal a brute-force count over the stored records of every match', (name) => {
    const corpus = corpusOf(name)
    const records = [...(stored.get(name) as Map<string, Rec>).values()]
    fc.assert(
      fc.property(searchArb(corpus, records), (s) => {
        const query = { q: s.q, modes: s.modes, sort: s.sort }
        const body = s.filter ?? {}
        const answer = snap.search(name, { ...query, limit: 3, facets: 'all', histogram: s.histogram }, body)
        const ids = [...snap.searchAll(name, query, body)].map((r) => (r as { id: string }).id)
        const matched = ids.map((id) => stored.get(name)?.get(id) as Rec)
        expect(answer.pagination.total).toBe(matched.length)
        const want = bruteFacets(corpus, matched)
        expect(Object.keys(answer.facets ?? {})).toEqual([...want.keys()])
        for (const [filter, counts] of want) {
          const f = corpus.filters[filter] as ValueFilter<unknown>
          const got = answer.facets?.[filter] ?? []
          // Count descending, then value ascending.
          for (let i = 1; i < got.length; i++) {
            const [a, b] = [got[i - 1], got[i]] as [{ value: string; count: number }, { value: string; count: number }]
            expect(a.count > b.count || (a.count === b.count && a.value < b.value), `${filter} order`).toBe(true)
          }
          // Each value shown types back into its filter: its normalized form is the counted one.
          const byNormal = new Map(got.map((g) => [normalizerOf(f)(g.value), g.count]))
          expect(byNormal.size).toBe(got.length)
          expect(byNormal, `${name}.${filter} ${JSON.stringify(s)}`).toEqual(counts)
        }
        const histogram = answer.histogram ?? []
        expect(histogram).toEqual(bruteHistogram(corpus, matched, s.histogram))
        expect(histogram.reduce((n, h) => n + h.count, 0)).toBe(answer.pagination.total)
      }),
      { numRuns: indexName === 'blocks' ? 25 : 8, seed: 25 },
    )
  })

  it('shows an open value as the first stored record spells it, and it types back into the filter', () => {
    const answer = snap.searchPropositions({ limit: 1, facets: 'types,parties' })
    const pl = answer.facets?.['types']?.find((t) => t.value.toLowerCase() === 'pl')
    expect(pl?.value).toBe('PL')
    const party = answer.facets?.['parties']?.[0] as { value: string; count: number }
    expect(party.value).not.toBe(party.value.toLowerCase())
    expect(snap.searchPropositions({ limit: 1 }, { parties: [party.value] }).pagination.total).toBe(party.count)
  })

  it('facetLimit keeps the first values of each whole list, counts unchanged', () => {
    const whole = snap.searchPropositions({ limit: 1, facets: 'parties,authors', histogram: 'year' })
    expect((whole.facets?.['authors'] ?? []).length).toBeGreaterThan(3)
    for (const n of [1, 3]) {
      const cut = snap.searchPropositions({ limit: 1, facets: 'parties,authors', histogram: 'year', facetLimit: String(n) })
      expect(cut.facets).toEqual({ parties: whole.facets?.['parties']?.slice(0, n), authors: whole.facets?.['authors']?.slice(0, n) })
      expect(cut.histogram).toEqual(whole.histogram)
      expect(cut.pagination).toEqual(whole.pagination)
    }
    expect(snap.searchPropositions({ facets: 'parties', facetLimit: 10_000 }).facets).toEqual(
      snap.searchPropositions({ facets: 'parties' }).facets,
    )
  })
})

describe('facets and histogram: asked only, and checked', () => {
  const dir = sharedTempDir()
  let snap: Snapshot
  beforeAll(() => {
    snap = openSnapshot(join(dir(), 'snapshot.db'))
    snap.upsert('stakeholders', [...generate('stakeholders', 40)])
    snap.upsert('notices', untyped([...generate('notices', 5)] as unknown[]))
  })
  afterAll(() => snap.close())

  it('the answer is the spec’s when neither is asked', () => {
    const answer = snap.searchNotices({ limit: 1, sort: 'older' })
    expect(Object.keys(answer)).toEqual(['results', 'pagination'])
    expect(answer.pagination).toMatchInlineSnapshot(`
      {
        "limit": 1,
        "page": 1,
        "pages": 5,
        "total": 5,
      }
    `)
  })

  it('only what was asked is added, a blank facets asks nothing', () => {
    expect(Object.keys(snap.searchNotices({ facets: 'resources' }))).toEqual(['results', 'pagination', 'facets'])
    expect(Object.keys(snap.searchNotices({ histogram: 'year' }))).toEqual(['results', 'pagination', 'histogram'])
    expect(Object.keys(snap.searchNotices({ facets: ' , ' }))).toEqual(['results', 'pagination'])
    expect(snap.searchNotices({ facets: ['all'] }).facets).toEqual(snap.searchNotices({ facets: 'resources' }).facets)
  })

  it('no match: empty lists', () => {
    const answer = snap.searchNotices({ q: 'zzzzqqq', facets: 'all', histogram: 'month' })
    expect(answer).toMatchObject({ facets: { resources: [] }, histogram: [] })
  })

  it('an unknown facet, a date filter or a bad histogram is a 400 naming the parameter and what is allowed', () => {
    const expectLegisearchError = (fn: () => unknown, status: number, message: RegExp) => {
      const e = errorOf(fn)
      expect(e.status).toBe(status)
      expect(e.message).toMatch(message)
    }
    expectLegisearchError(
      () => snap.searchNotices({ facets: 'parties' }),
      400,
      /^facets: unknown facet 'parties'; notices counts all, resources/,
    )
    expectLegisearchError(() => snap.searchNotices({ facets: 'created_at' }), 400, /^facets: 'created_at' is a date filter/)
    expectLegisearchError(() => snap.searchNotices({ histogram: 'week' as never }), 400, /^histogram: must be one of month, year/)
    expectLegisearchError(() => snap.searchNotices({ facets: 3 as never }), 400, /^facets: must be a comma-separated string/)
    expectLegisearchError(() => snap.searchAll('notices', { facets: 'all' }), 400, /^facets: searchAll yields every result/)
    expectLegisearchError(
      () => snap.searchNotices({ facetLimit: 5 }),
      400,
      /^facetLimit: limits the values of each facet asked; it needs facets/,
    )
    expectLegisearchError(() => snap.searchNotices({ facets: 'all', facetLimit: 0 }), 400, /^facetLimit: /)
    expectLegisearchError(() => snap.searchNotices({ facets: 'all', facetLimit: '2.5' }), 400, /^facetLimit: /)
  })
})
