/**
 * Propositions-specific rules (DECISIONS §3, §4): `states` (author uf or the origin assembly),
 * `approved` (own field or derived from the situation), `processing`, and proposition identifiers
 * typed in `q` ranking first.
 */
import { describe, expect, it } from 'vitest'
import type { SearchQuery, SearchResult } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { type Rec, caseOf } from './cases.js'
import { untyped } from '../helpers/untyped.js'

const c = caseOf('propositions')

const author = (o: Rec): Rec => ({
  openDataId: '1',
  type: 'Deputado',
  name: 'Fulana',
  acronymParty: 'PT',
  uf: 'DF',
  stakeholderId: null,
  ...o,
})

/** A proposition `id` with the given field overrides (deep-merged over the case's full record). */
function prop(i: number, id: string, fields: Rec, o: { date?: string; text?: string } = {}): Rec {
  return { ...c.make(i, { ...o, fields }), id }
}

const sortedIds = (rs: readonly SearchResult[]): string[] => rs.map((r) => r.id as string).sort()

describe('propositions: states', () => {
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'propositions',
      untyped([
        prop(0, 'author-sp', { openDataResource: 'camara', authors: [author({ uf: 'SP' })] }),
        prop(1, 'alesp-author-rj', { openDataResource: 'alesp', authors: [author({ uf: 'RJ' })] }),
        prop(2, 'author-mg', { openDataResource: 'senado', authors: [author({ uf: 'MG' })] }),
        prop(3, 'almg-no-author', { openDataResource: 'ALMG', authors: [] }),
        prop(4, 'authors-ba-pe', { openDataResource: 'camara', authors: [author({ uf: 'BA' }), author({ uf: 'PE' })] }),
        prop(5, 'no-state', { openDataResource: 'camara', authors: [] }),
      ]),
    ),
  )
  const find = (states: string[]): string[] => sortedIds(snap().searchPropositions({ limit: 20 }, { states }).results)

  it('matches an author uf or the state of the origin assembly', () => {
    expect(find(['SP'])).toEqual(['alesp-author-rj', 'author-sp'])
    expect(find(['RJ'])).toEqual(['alesp-author-rj'])
    expect(find(['MG'])).toEqual(['almg-no-author', 'author-mg'])
    expect(find(['PE'])).toEqual(['authors-ba-pe'])
    expect(find(['BA', 'PE'])).toEqual(['authors-ba-pe'])
  })

  it('compares case-insensitively, ORs inside the field, [] is no constraint, unknown is empty', () => {
    expect(find(['sp'])).toEqual(['alesp-author-rj', 'author-sp'])
    expect(find(['sp', 'Mg'])).toEqual(['alesp-author-rj', 'almg-no-author', 'author-mg', 'author-sp'])
    expect(find([])).toHaveLength(6)
    expect(find(['AM'])).toEqual([])
  })

  it('ANDs with the other fields', () => {
    expect(sortedIds(snap().searchPropositions({}, { states: ['SP'], resources: ['alesp'] }).results)).toEqual(['alesp-author-rj'])
    expect(sortedIds(snap().searchPropositions({}, { states: ['SP'], resources: ['senado'] }).results)).toEqual([])
  })
})

describe('propositions: approved', () => {
  const withSituation = (situation: string): Rec => ({ lastProceeding: { situation } })
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'propositions',
      untyped([
        prop(0, 'own-true', { approved: 'true', ...withSituation('Arquivada') }),
        prop(1, 'own-false-beats-law', { approved: 'false', ...withSituation('Transformado em Norma Jurídica') }),
        prop(2, 'law', withSituation('Transformado em Norma Jurídica')),
        prop(3, 'rejected', withSituation('Rejeitada')),
        prop(4, 'waiting', withSituation('Aguardando Parecer do Relator na Comissão')),
        prop(5, 'vetoed', withSituation('Vetado totalmente')),
        prop(6, 'own-true-boolean', { approved: true, ...withSituation('Aguardando Sanção') }),
        prop(7, 'nothing', withSituation('')),
      ]),
    ),
  )
  const find = (approved: string[]): string[] => sortedIds(snap().searchPropositions({ limit: 20 }, untyped({ approved })).results)

  it("['true'] keeps approved ones: own field, or a situation of a law", () => {
    expect(find(['true'])).toEqual(['law', 'own-true', 'own-true-boolean'])
  })

  it("['false'] keeps rejected ones: own field, or a situation of rejection or total veto", () => {
    expect(find(['false'])).toEqual(['own-false-beats-law', 'rejected', 'vetoed'])
  })

  it('both values keep every record with an approval state; other situations match neither', () => {
    const both = find(['true', 'false'])
    expect(both).toEqual(['law', 'own-false-beats-law', 'own-true', 'own-true-boolean', 'rejected', 'vetoed'])
    expect(both).not.toContain('waiting')
    expect(both).not.toContain('nothing')
    expect(find([])).toHaveLength(8)
  })

  it('the input field approved is stored but not returned', () => {
    for (const r of snap().searchPropositions({ limit: 20 }).results) expect(Object.hasOwn(r, 'approved')).toBe(false)
  })
})

describe('propositions: processing', () => {
  const snap = sharedSnapshot((s) => {
    const bare = (id: string, n: number): Rec => ({ id, acronymType: 'PL', number: n, year: 2024, datePresentation: '2024-05-04' })
    s.upsert(
      'propositions',
      untyped([
        prop(0, 'in-progress', { lastProceeding: { processing: 'true' } }),
        prop(1, 'archived', { lastProceeding: { processing: 'false' } }),
        prop(2, 'archived-boolean', { lastProceeding: { processing: false } }),
        bare('no-proceeding', 7),
      ]),
    )
  })
  const find = (processing: string[]): string[] => sortedIds(snap().searchPropositions({ limit: 20 }, untyped({ processing })).results)

  it("['true'], ['false'], both, and none", () => {
    expect(find(['true'])).toEqual(['in-progress', 'no-proceeding'])
    expect(find(['false'])).toEqual(['archived', 'archived-boolean'])
    expect(find(['true', 'false'])).toEqual(['archived', 'archived-boolean', 'in-progress', 'no-proceeding'])
    expect(find([])).toHaveLength(4)
  })

  it("lastProceeding.processing is the text 'true'/'false', never a boolean", () => {
    const byId = new Map(
      snap()
        .searchPropositions({ limit: 20 })
        .results.map((r) => [r.id, r]),
    )
    const proc = (id: string): unknown => byId.get(id)?.lastProceeding.processing
    expect(proc('in-progress')).toBe('true')
    expect(proc('archived')).toBe('false')
    expect(proc('archived-boolean')).toBe('false')
    expect(proc('no-proceeding')).toBe('true')
  })
})

describe('propositions: identifiers in q rank first', () => {
  const rec = (i: number, id: string, acronymType: string, number: number, year: number, date: string, summary: string): Rec =>
    prop(i, id, { acronymType, number, year, title: `${acronymType} ${number}/${year}` }, { date, text: summary })
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'propositions',
      untyped([
        rec(
          0,
          'pl-2630-2020',
          'PL',
          2630,
          2020,
          '2020-05-04T10:00:00-03:00',
          'Institui a Lei Brasileira de Liberdade, Responsabilidade e Transparência na Internet.',
        ),
        rec(1, 'pl-2630-2019', 'PL', 2630, 2019, '2019-04-30T10:00:00-03:00', 'Altera o Código Florestal.'),
        rec(2, 'mentions-2630-a', 'PL', 1001, 2023, '2023-06-01T10:00:00-03:00', 'Apensado ao PL 2630/2020, que trata das redes sociais.'),
        rec(3, 'mentions-2630-b', 'PL', 1002, 2024, '2024-02-01T10:00:00-03:00', 'Altera o PL 2630/2020 e a Lei nº 12.965, de 2014.'),
        rec(4, 'pl-2631-2020', 'PL', 2631, 2020, '2020-05-05T10:00:00-03:00', 'Dispõe sobre o tema das redes.'),
        rec(
          5,
          'mpv-1154-2023',
          'MPV',
          1154,
          2023,
          '2023-01-01T10:00:00-03:00',
          'Estabelece a organização básica dos órgãos da Presidência da República e dos Ministérios.',
        ),
        rec(6, 'mentions-mpv-a', 'PL', 1003, 2023, '2023-03-01T10:00:00-03:00', 'Altera a MPV 1.154/2023, sobre ministérios.'),
        rec(7, 'mentions-mpv-b', 'PLV', 1004, 2023, '2023-05-01T10:00:00-03:00', 'Projeto de lei de conversão da MPV 1154/2023.'),
      ]),
    ),
  )
  const ids = (query: SearchQuery): string[] =>
    snap()
      .searchPropositions({ limit: 20, ...query })
      .results.map((r) => r.id as string)

  it.each(['newest', 'older', 'recently_updated', 'relevance'] as const)('PL 2630/2020 first under sort=%s', (sort) => {
    const r = ids({ q: 'PL 2630/2020', sort })
    expect(r[0]).toBe('pl-2630-2020')
    expect(r).toEqual(expect.arrayContaining(['mentions-2630-a', 'mentions-2630-b']))
    expect(r).not.toContain('pl-2630-2019')
    expect(r).not.toContain('pl-2631-2020')
  })

  it('the rest follows the sort (newer mentions after the identified proposition)', () => {
    expect(ids({ q: 'PL 2630/2020', sort: 'newest' })).toEqual(['pl-2630-2020', 'mentions-2630-b', 'mentions-2630-a'])
  })

  it('pl 2630 (lower case, no year) ranks every PL 2630 first, newest first among them', () => {
    const r = ids({ q: 'pl 2630', sort: 'newest' })
    expect(r.slice(0, 2)).toEqual(['pl-2630-2020', 'pl-2630-2019'])
    expect(r.slice(2).sort()).toEqual(['mentions-2630-a', 'mentions-2630-b'])
  })

  it('MPV 1.154/2023 (dotted thousands) ranks MPV 1154/2023 first', () => {
    for (const q of ['MPV 1.154/2023', 'mpv 1154/2023', 'MPV 1154']) {
      const r = ids({ q, sort: 'newest' })
      expect(r[0], q).toBe('mpv-1154-2023')
      expect(r.slice(1).sort(), q).toEqual(['mentions-mpv-a', 'mentions-mpv-b'])
    }
  })

  it('the ways people write it: PL nº 2630/2020, PL n° 2630/20, PL2630/2020, PL-2630/2020 find what PL 2630/2020 finds', () => {
    const want = ids({ q: 'PL 2630/2020', sort: 'newest' })
    for (const q of [
      'PL nº 2630/2020',
      'pl n° 2630/2020',
      'PL n. 2630/2020',
      'PL Nº 2630/20',
      'PL 2630/20',
      'PL2630/2020',
      'pl-2630/2020',
    ]) {
      expect(ids({ q, sort: 'newest' }), q).toEqual(want)
    }
  })

  it('in sensitive mode, a lower-case pl 2630 still scores and highlights the proposition it identifies', () => {
    const [first] = snap().searchPropositions({ q: 'pl 2630/2020', modes: 'sensitive', sort: 'relevance' }).results
    expect(first?.id).toBe('pl-2630-2020')
    expect(first?.relevance).toBeGreaterThan(0)
    const hits = (first?.highlights ?? []).flatMap((h) => h.texts.filter((t) => t.type === 'hit').map((t) => t.value))
    expect(hits).toContain('PL 2630/2020')
    // An ordinary lower-case word stays case-sensitive: `lei` does not mark the summary's `Lei`.
    const [again] = snap().searchPropositions({ q: 'pl 2630/2020 OR lei', modes: 'sensitive', sort: 'relevance' }).results
    expect(again?.id).toBe('pl-2630-2020')
    const marked = (again?.highlights ?? []).map((h) => [h.path, h.texts.filter((t) => t.type === 'hit').map((t) => t.value)])
    expect(marked).toEqual([['title', ['PL 2630/2020']]])
    const [folded] = snap().searchPropositions({ q: 'pl 2630/2020 OR lei', sort: 'relevance' }).results
    expect((folded?.highlights ?? []).map((h) => h.path)).toEqual(['title', 'summary'])
  })

  it('first on page 1 only; later pages continue the same order', () => {
    const all = ids({ q: 'PL 2630/2020', sort: 'newest' })
    const p1 = snap().searchPropositions({ q: 'PL 2630/2020', sort: 'newest', limit: 1, page: 1 })
    const p2 = snap().searchPropositions({ q: 'PL 2630/2020', sort: 'newest', limit: 1, page: 2 })
    expect(p1.pagination.total).toBe(3)
    expect([...p1.results, ...p2.results].map((r) => r.id)).toEqual(all.slice(0, 2))
  })

  it('combines with the body filters (AND)', () => {
    expect(ids({ q: 'PL 2630/2020' }).length).toBe(3)
    const r = snap().searchPropositions({ q: 'PL 2630/2020' }, { created_at: { from: '2023-01-01', to: '2023-12-31' } })
    expect(r.results.map((x) => x.id)).toEqual(['mentions-2630-a'])
  })
})
