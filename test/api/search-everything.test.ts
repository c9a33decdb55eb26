/**
 * `snap.searchEverything` (`POST /search`): its merged order and its pages equal a brute-force
 * merge of every corpus's whole result list (`searchAll`), its totals each corpus's own search
 * total, an identifier typed in `q` finds the proposition and the documents citing it, and every
 * fault of its input is a 400 naming the parameter or field.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { CORPUS_NAMES, type CorpusName, type Snapshot } from 'legisearch'
import { parseInstant } from '../../packages/legisearch/src/common/dates.js'
import { corpusOf } from '../../packages/legisearch/src/corpora/registry.js'
import { errorOf } from '../helpers/errors.js'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

type Row = Record<string, unknown> & { id: string }

/** The same instant in every corpus, and a word only these records hold: ties of dates and of ranks across corpora. */
const TIE = '2025-03-03T12:00:00-03:00'
const tied: Record<CorpusName, Row[]> = {
  propositions: [1, 2].map((i) => ({
    id: `tie-p${i}`,
    acronymType: 'PL',
    number: 9000 + i,
    year: 2025,
    datePresentation: TIE,
    title: `PL ${9000 + i}/2025`,
    summary: 'empate geral',
  })),
  social: [1, 2].map((i) => ({ id: `tie-s${i}`, text: 'empate geral', postedAt: TIE })),
  dou: [1, 2].map((i) => ({ id: `tie-d${i}`, title: 'Portaria empate', content: 'empate geral', date: TIE })),
  bacen: [1].map((i) => ({ id: `tie-b${i}`, title: 'Circular empate', subject: 'empate geral', date: TIE })),
  notices: [1, 2, 3].map((i) => ({ id: `tie-n${i}`, title: 'Notícia empate', content: 'empate geral', date: TIE })),
  irs: [],
}

const snap = sharedSnapshot((s) => {
  s.upsert('stakeholders', [...generate('stakeholders', 40)])
  for (const c of CORPUS_NAMES) s.upsert(c, untyped([...(generate(c, 70) as Iterable<unknown>), ...tied[c]]))
})

const QUERIES = ['', 'lei', 'saúde', 'reforma', 'imposto', 'portaria', 'empate', 'lei -saúde', 'lei OR imposto', 'nenhumapalavra']
const RANGES = [undefined, { from: '2024-01-01', to: '2025-12-31' }, { from: '2025-03-03', to: '2025-03-03' }]

/** Each corpus's whole result list, in its own order, as its own search gives it. */
function lists(s: Snapshot, q: string, sort: 'relevance' | 'newest', created_at: unknown): Row[][] {
  const body = created_at === undefined ? {} : { created_at }
  return CORPUS_NAMES.map((c) => [...s.searchAll(c, { q, sort }, untyped(body))] as Row[])
}

/** The corpus date of a result, as stored (to the second). */
const mainMs = (c: CorpusName, r: Row): number => parseInstant(corpusOf(c).mainDate(r)) as number

/**
 * The brute-force merge, written apart from the library's: `relevance` = every list's rank 1 in
 * registry order, then every rank 2, …; `newest` = one sort of every result by date descending,
 * then registry order, then the position in its own list.
 */
function bruteForce(all: Row[][], sort: 'relevance' | 'newest'): (Row & { corpus: CorpusName })[] {
  const tagged = all.flatMap((list, k) =>
    list.map((r, rank) => ({ k, rank, ms: mainMs(CORPUS_NAMES[k] as CorpusName, r), r: { corpus: CORPUS_NAMES[k] as CorpusName, ...r } })),
  )
  tagged.sort((a, b) => (sort === 'relevance' ? a.rank - b.rank || a.k - b.k : b.ms - a.ms || a.k - b.k || a.rank - b.rank))
  return tagged.map((t) => t.r)
}

describe('searchEverything', () => {
  it('pages are slices of the brute-force merge of every corpus’s results; totals are each corpus’s own', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUERIES),
        fc.constantFrom('relevance' as const, 'newest' as const),
        fc.constantFrom(...RANGES),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        (q, sort, created_at, limit, page) => {
          const s = snap()
          const body = created_at === undefined ? {} : { created_at }
          const merged = bruteForce(lists(s, q, sort, created_at), sort)
          const got = s.searchEverything({ q, sort, limit, page }, body)
          expect(got.results).toEqual(merged.slice((page - 1) * limit, page * limit))
          for (const c of CORPUS_NAMES) expect(got.totals[c]).toBe(s.search(c, { q, sort }, body).pagination.total)
          expect(got.pagination).toEqual({ page, limit, total: merged.length, pages: Math.ceil(merged.length / limit) })
        },
      ),
      { numRuns: 60 },
    )
  })

  it('every page at a limit, concatenated, is the whole merged order with no repeat (ties across corpora included)', () => {
    const s = snap()
    for (const sort of ['relevance', 'newest'] as const) {
      const first = s.searchEverything({ q: 'empate', sort, limit: 3 })
      const ids: string[] = []
      for (let page = 1; page <= first.pagination.pages + 1; page++)
        ids.push(...s.searchEverything({ q: 'empate', sort, limit: 3, page }).results.map((r) => `${r.corpus}/${r.id}`))
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids).toEqual(bruteForce(lists(s, 'empate', sort, undefined), sort).map((r) => `${r.corpus}/${r.id}`))
    }
    // The same instant everywhere: registry order, then each corpus's own order (id).
    expect(
      s
        .searchEverything({ q: 'empate geral', sort: 'newest', limit: 20 })
        .results.map((r) => r.id)
        .slice(0, 5),
    ).toEqual(['tie-p1', 'tie-p2', 'tie-s1', 'tie-s2', 'tie-d1'])
  })

  it('the answer’s shape: each result its corpus’s result plus `corpus`; totals of every corpus, 0s included', () => {
    const got = snap().searchEverything({ q: 'empate', limit: 2 })
    expect({
      keys: Object.keys(got),
      results: got.results.map((r) => ({ corpus: r.corpus, id: r.id, keys: Object.keys(r).sort() })),
      pagination: got.pagination,
      totals: got.totals,
    }).toMatchInlineSnapshot(`
      {
        "keys": [
          "results",
          "pagination",
          "totals",
        ],
        "pagination": {
          "limit": 2,
          "page": 1,
          "pages": 5,
          "total": 10,
        },
        "results": [
          {
            "corpus": "propositions",
            "id": "tie-p1",
            "keys": [
              "acronymType",
              "authors",
              "corpus",
              "datePresentation",
              "highlights",
              "id",
              "lastProceeding",
              "number",
              "openDataId",
              "openDataResource",
              "openDataTypeId",
              "rapporteurs",
              "relevance",
              "savedPropositions",
              "summary",
              "themes",
              "title",
              "type",
              "year",
            ],
          },
          {
            "corpus": "social",
            "id": "tie-s1",
            "keys": [
              "corpus",
              "highlights",
              "id",
              "link",
              "media",
              "mediaAnalysis",
              "openDataId",
              "openDataResource",
              "organ",
              "postedAt",
              "resource",
              "savedBuckets",
              "social_organ_profile",
              "stakeholder",
              "text",
            ],
          },
        ],
        "totals": {
          "bacen": 1,
          "dou": 2,
          "irs": 0,
          "notices": 3,
          "propositions": 2,
          "social": 2,
        },
      }
    `)
  })
})

describe('searchEverything past 500 results a corpus (dates read a chunk at a time as the merge reaches them)', () => {
  const s = sharedSnapshot((x) => {
    const at = (i: number, hours: number) => new Date(Date.UTC(2024, 0, 1) + i * hours * 3_600_000).toISOString()
    x.upsert(
      'notices',
      Array.from({ length: 1200 }, (_, i) => ({ id: `n${String(i).padStart(4, '0')}`, title: 'cruzamento', date: at(i, 1) })),
    )
    x.upsert(
      'social',
      Array.from({ length: 700 }, (_, i) => ({ id: `s${String(i).padStart(4, '0')}`, text: 'cruzamento', postedAt: at(i, 2) })),
    )
  })

  it('deep pages of both sorts equal the brute-force merge', () => {
    for (const sort of ['newest', 'relevance'] as const) {
      const merged = bruteForce(lists(s(), 'cruzamento', sort, undefined), sort)
      for (const page of [1, 26, 60, 95, 96]) {
        const got = s().searchEverything({ q: 'cruzamento', sort, limit: 20, page })
        expect(got.results, `${sort} page ${page}`).toEqual(merged.slice((page - 1) * 20, page * 20))
      }
    }
  })
})

describe('searchEverything with an identifier typed in q', () => {
  const s = sharedSnapshot((x) => {
    x.upsert('propositions', [
      {
        id: 'pl-2630',
        acronymType: 'PL',
        number: 2630,
        year: 2020,
        datePresentation: '2020-05-04',
        title: 'PL 2630/2020',
        summary: 'Institui a Lei Brasileira de Liberdade, Responsabilidade e Transparência na Internet.',
      },
      { id: 'pl-other', acronymType: 'PL', number: 1, year: 2024, datePresentation: '2024-01-02', summary: 'Internet e redes sociais.' },
    ])
    x.upsert('dou', [
      {
        id: 'dou-cites',
        title: 'DESPACHO',
        content: 'Encaminha parecer sobre o PL 2630/2020, que trata da internet.',
        date: '2024-06-01',
      },
      { id: 'dou-other', title: 'PORTARIA Nº 1', content: 'Dispõe sobre a internet nas escolas.', date: '2024-06-02' },
    ])
    x.upsert('notices', [
      { id: 'news-cites', title: 'Câmara adia votação do PL 2630/2020', content: 'O projeto das fake news.', date: '2024-05-01' },
    ])
  })

  it('finds the proposition first, then the DOU and the news citing it', () => {
    for (const sort of ['relevance', 'newest'] as const) {
      const got = s().searchEverything({ q: 'PL 2630/2020', sort })
      expect(got.results[0]).toMatchObject({ corpus: 'propositions', id: 'pl-2630' })
      // The proposition leads whatever the sort (though older than both), as on `/search/propositions`.
      expect(got.results.map((r) => `${r.corpus}/${r.id}`)).toEqual(['propositions/pl-2630', 'dou/dou-cites', 'notices/news-cites'])
      expect(got.totals).toMatchObject({ propositions: 1, dou: 1, notices: 1, social: 0, bacen: 0, irs: 0 })
    }
  })
  it('pages of one result each, concatenated, are the whole order (the leading proposition on page 1 only)', () => {
    for (const sort of ['relevance', 'newest'] as const) {
      const whole = s().searchEverything({ q: 'PL 2630/2020', sort, limit: 20 })
      const paged = [1, 2, 3, 4].flatMap((page) => s().searchEverything({ q: 'PL 2630/2020', sort, limit: 1, page }).results)
      expect(paged).toEqual(whole.results)
    }
  })
})

describe('searchEverything refuses what it does not take, naming it', () => {
  const s = sharedSnapshot()
  it('every corpus of the registry takes created_at (the one filter searchEverything passes on)', () => {
    for (const c of CORPUS_NAMES) expect(corpusOf(c).filters, c).toHaveProperty('created_at')
  })

  it.each([
    [{ sort: 'older' }, {}, 'invalid_parameters', 'sort: must be one of relevance, newest'],
    [{ sort: 'recently_updated' }, {}, 'invalid_parameters', 'sort: must be one of relevance, newest'],
    [{ limit: 21 }, {}, 'invalid_parameters', 'limit: must be an integer from 1 to 20 (got 21)'],
    [{ page: '0' }, {}, 'invalid_parameters', 'page: must be an integer ≥ 1 (got "0")'],
    [{ modes: 'fuzzy' }, {}, 'invalid_parameters', "modes: unknown mode 'fuzzy'"],
    [{ facets: 'parties' }, {}, 'invalid_parameters', "'facets'"],
    [{ q: '--' }, {}, 'invalid_parameters', 'q:'],
    [{}, { parties: ['PT'] }, 'invalid_parameters', "'parties'"],
    [{}, { keywords: { or: ['lei'] } }, 'invalid_parameters', "'keywords'"],
    [{}, { created_at: { to: '2024-01-01' } }, 'invalid_date_range', "created_at: 'to' was given without 'from'"],
    [{}, { created_at: { from: 5 } }, 'invalid_date_range', 'created_at.from'],
    [{}, [], 'invalid_parameters', 'body'],
  ])('%j %j → %s', (query, body, code, message) => {
    const e = errorOf(() => s().searchEverything(query as never, untyped(body)))
    expect(e.code).toBe(code)
    expect(e.message).toContain(message)
  })

  it('a body field other than created_at names what the endpoint takes', () => {
    expect(errorOf(() => s().searchEverything({}, untyped({ states: ['SP'] }))).message).toMatchInlineSnapshot(
      `"body: unknown field 'states'; POST /search (every corpus) takes created_at; search one corpus for its other filters"`,
    )
  })
})
