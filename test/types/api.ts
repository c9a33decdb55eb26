/**
 * The public types, as an app developer in TypeScript strict meets them (not a vitest file: it is
 * compiled by `npm run typecheck`, `tsc -p test/types/tsconfig.json`). Each `@ts-expect-error`
 * line is a mistake the types must catch: if it compiles again, the directive is unused and the
 * compile fails. The calls beside them (the README's among them) must compile.
 */
import {
  openSnapshot,
  schemas,
  type DouResult,
  type PropositionResult,
  type RecordInput,
  type SearchBody,
  type StakeholderKind,
  type WatchlistQuery,
} from 'legisearch'
import type { z } from 'zod'

const snap = openSnapshot('legisearch.db')

// A search body is the corpus's own: its filters by name, their values by kind.
snap.searchDou({ q: 'x' }, { sections: ['3'], organizations: ['Ministério da Saúde'], created_at: { from: '2024-01-01' } })
// @ts-expect-error the DOU filter is `sections`, not `section`
snap.searchDou({ q: 'x' }, { section: ['3'] })
// @ts-expect-error a value filter takes a list of strings, not one string
snap.searchPropositions({}, { types: 'PL' })
// @ts-expect-error a flag filter takes 'true'/'false' strings
snap.searchPropositions({}, { processing: ['yes'] })
// @ts-expect-error `states` is a propositions filter, not a DOU one
snap.search('dou', {}, { states: ['SP'] })
snap.search('propositions', { q: 'PL 2630/2020', sort: 'relevance' }, { states: ['SP'] })
// @ts-expect-error a sort is newest, recently_updated, older or relevance
snap.searchDou({ q: 'x', sort: 'relevence' })
// @ts-expect-error searchEverything's body takes created_at only
snap.searchEverything({ q: 'x' }, { states: ['SP'] })
// @ts-expect-error searchEverything sorts by relevance or newest only
snap.searchEverything({ q: 'x', sort: 'older' })
// @ts-expect-error a mode is sensitive or keyword
snap.searchDou({ q: 'x', modes: 'fuzzy' })
snap.searchDou({ q: 'x', modes: ['sensitive', 'keyword'] })
snap.searchDou({ q: 'x', modes: 'keyword,sensitive' })
// A query string as it comes from a URL is taken (and checked at run time).
snap.searchDou(new URLSearchParams('q=x&sort=newest'))
const body: SearchBody<'dou'> = { sections: ['1'], keywords: { or: ['portaria'], not: ['revoga'] } }
snap.searchDou({}, body)
// @ts-expect-error `keywords` takes or, and, not
const badKeywords: SearchBody<'dou'> = { keywords: { any: ['x'] } }

// upsert takes the collection's records.
snap.upsert('dou', [{ id: 'dou-1', title: 'PORTARIA Nº 1', date: '2024-05-04' }])
// @ts-expect-error a DOU act has `id` (a string) and `date`; `idd` is no field
snap.upsert('dou', [{ idd: 1 }])
// @ts-expect-error a proposition needs acronymType, number, year and datePresentation
snap.upsert('propositions', [{ id: 'p1' }])
snap.upsert('stakeholders', [{ id: 'stk-1', name: 'Maria da Silva' }])
const act: RecordInput<'dou'> = { id: 'dou-2', date: '2024-05-04T10:00:00-03:00', section: 'Seção 1' }
snap.upsert('dou', [act])

// The schemas are typed per corpus.
type DouBody = z.input<typeof schemas.searchBodySchemas.dou>
// @ts-expect-error the DOU body has no `sectionz`
const badSchemaBody: DouBody = { sectionz: 1 }
const schemaBody: DouBody = { sections: ['3'] }
type DouRecord = z.input<typeof schemas.recordSchemas.dou>
// @ts-expect-error a DOU record's `date` is a string
const badRecord: DouRecord = { id: 'dou-3', date: 20240504 }
const douTitle: string = schemas.resultSchemas.dou.parse({}).title

// The watchlist's enumerated parameters are literal unions.
snap.listWatchlist({ search: 'al qaida', status: 'listed', sort: 'name', limit: 10 })
// @ts-expect-error status is 'listed' or 'delisted'
const badStatus: WatchlistQuery = { status: 'listd' }
// @ts-expect-error subjectType is 'individual' or 'entity'
const badSubject: WatchlistQuery = { subjectType: 'person' }
// @ts-expect-error sort is recently_changed, name or listed_on
const badSort: WatchlistQuery = { sort: 'date' }
// @ts-expect-error regime is one of the UN regimes
const badRegime: WatchlistQuery = { regime: 'ISIL' }
const query: WatchlistQuery = { subjectType: 'entity', regime: 'Al-Qaida', hideDeceased: true }

// An ingest's logged report is the ingest report.
const [latest] = snap.ingests()
const inserted: number | undefined = latest?.report.collections.propositions.inserted
// @ts-expect-error the report has no `total`
const total: unknown = latest?.report.total

// A stakeholder match's kind is a literal union, and so is the kind filter.
const [match] = snap.findStakeholders({ q: 'Comissão de Saúde', kind: ['committee', 'organ'] })
const matchKind: StakeholderKind | undefined = match?.kind
// @ts-expect-error the kinds are person, committee, party, organ and unknown: no 'comittee'
const misspelt = match?.kind === 'comittee'
// @ts-expect-error the kind filter takes those kinds only
snap.findStakeholders({ q: 'saúde', kind: 'people' })
// @ts-expect-error the kind filter takes a kind or a list of them, not a number
snap.findStakeholders({ q: 'saúde', kind: 1 })
snap.findStakeholders({ q: 'saúde', kind: 'person', limit: 5 })

// The README's calls.
snap.upsert('propositions', [
  {
    id: 'prop-1',
    acronymType: 'PL',
    number: 2630,
    year: 2020,
    title: 'PL 2630/2020',
    summary: 'Institui a Lei Brasileira de Liberdade, Responsabilidade e Transparência na Internet.',
    datePresentation: '2020-05-04T10:00:00-03:00',
  },
])
const { results, pagination } = snap.searchPropositions(
  { q: 'transparência internet', sort: 'relevance', limit: 5 },
  { states: ['SE'], created_at: { from: '2020-01-01', to: '2020-12-31' } },
  { clientId: 'acme' },
)
snap.searchDou({}, { created_at: { to: '2024-01-01' } })
const all = snap.searchAll('dou', { q: 'portaria', sort: 'newest' }, { organizations: ['Ministério da Ciência, Tecnologia e Inovação'] })
for (const a of all) console.log(a.id, a.section)
const everything = snap.searchEverything({ q: 'PL 2630/2020', limit: 10 }, { created_at: { from: '2020-01-01' } })
console.log(
  everything.results.map((r) => `${r.corpus}/${r.id}`),
  everything.totals,
)
const r = snap.searchPropositions({ q: 'reforma tributária', limit: 5, facets: 'parties,states', histogram: 'year' }, { types: ['PEC'] })
console.log(r.facets?.['parties'], r.histogram)
const m = snap.createMonitor('acme', 'Reforma tributária')
const saved = snap.saveSearch('acme', m.id, {
  collection: 'propositions',
  query: { q: 'reforma tributária', sort: 'newest' },
  body: { states: ['SP'] },
  name: 'Reforma em SP',
  webhook: 'https://example.org/legisearch-hook',
})
// @ts-expect-error a saved DOU search takes the DOU body
snap.saveSearch('acme', m.id, { collection: 'dou', body: { states: ['SP'] } })
console.log(saved.webhookSecret, snap.checkAlerts('acme', m.id).data, snap.checkAlerts('acme', undefined, { limit: 50 }).more)
snap.screen([{ name: 'Salek, Abdulhai', birthDate: '1965', nationality: 'af', id: 'c1' }, { name: 'Maria Aparecida da Silva' }], {
  threshold: 0.8,
  limit: 5,
  includeDelisted: false,
})
snap.getDesignation('QDi.001', { lang: 'pt' })
// One document by id: typed as its corpus's result.
const oneAct: DouResult = snap.getDocument('dou', 'dou-1')
const section: string = snap.getDocument('dou', 'dou-1').section
const proposition: PropositionResult = snap.getDocument('propositions', 'prop-1', { clientId: 'acme' })
// @ts-expect-error a proposition is not a DOU act
const notAnAct: DouResult = snap.getDocument('propositions', 'prop-1')
// @ts-expect-error `stakeholders` is no search corpus (getStakeholder reads them)
snap.getDocument('stakeholders', 's1')
// @ts-expect-error the collection is `dou`, not `DOU`
snap.getDocument('DOU', 'dou-1')
snap.close()

export {
  badKeywords,
  badSchemaBody,
  schemaBody,
  badRecord,
  douTitle,
  badStatus,
  badSubject,
  badSort,
  badRegime,
  query,
  inserted,
  total,
  results,
  pagination,
  oneAct,
  section,
  proposition,
  notAnAct,
  matchKind,
  misspelt,
}
