/**
 * Searches over the real Câmara slice once ingested, checked against the files read independently
 * of src/: an identifier as people write it, party and state filters, an author's id found by name,
 * a theme id, a situation id.
 */
import { describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, camaraFacts } from './cases.js'
import { untyped } from '../helpers/untyped.js'

const c = CASES.find((x) => x.source === 'camara')

/** Every id a search finds, across pages. */
function ids(snap: Snapshot, body: unknown, q?: string): string[] {
  const out: string[] = []
  for (let page = 1; ; page++) {
    const r = snap.searchPropositions({ limit: 20, page, ...(q === undefined ? {} : { q }) }, untyped(body))
    out.push(...r.results.map((x) => x.id))
    if (page >= r.pagination.pages) break
  }
  return out.sort()
}

const propIds = (list: Iterable<string>) => [...new Set(list)].map((id) => `camara-${id}`).sort()

describe('searches on the ingested Câmara slice', () => {
  const snap = sharedSnapshot()
  const facts = () => camaraFacts()

  it('ingests', async () => {
    await snap().ingest('camara', c?.files ?? [])
  })

  it('finds a proposition by its identifier as people write it, first', () => {
    const f = facts()
    const pl1 = f.props.find((p) => p['siglaTipo'] === 'PL' && p['numero'] === '1' && p['ano'] === '2023')
    for (const q of ['PL 1/2023', 'pl 1/23', 'PL nº 1/2023', 'PL1/2023']) {
      expect(snap().searchPropositions({ q, sort: 'relevance' }).results[0]?.id, q).toBe(`camara-${pl1?.['id']}`)
    }
  })

  it('filters by party (truncated acronyms restored) and by state', () => {
    const f = facts()
    const party = f.authors.filter((a) => a['siglaPartidoAutor'] === 'REPUBLIC' || a['siglaPartidoAutor'] === 'REPUBLICANOS')
    expect(party.length).toBeGreaterThan(0)
    expect(ids(snap(), { parties: ['Republicanos'] })).toEqual(propIds(party.map((a) => a['idProposicao'] as string)))
    const sp = f.authors.filter((a) => a['siglaUFAutor'] === 'SP')
    expect(ids(snap(), { states: ['sp'] })).toEqual(propIds(sp.map((a) => a['idProposicao'] as string)))
  })

  it("filters by an author's id found by name", () => {
    const f = facts()
    const row = f.authors.find((a) => a['nomeAutor'] === 'Dayany do Capitão')
    expect(row).toBeDefined()
    // The deputies file (2025) names her as she is named now, not as the 2023 authors file did.
    const deputy = f.deputies.find((d) => (d['uri'] as string).endsWith(`/${row?.['idDeputadoAutor']}`))
    expect(deputy?.['nome']).toBe('Dayany Bittencourt')
    const [match] = snap().findStakeholders({ q: 'dayany bitencourt' })
    expect(match?.id).toBe(`camara-deputado-${row?.['idDeputadoAutor']}`)
    expect(snap().getStakeholder(match?.id as string).name).toBe('Dayany Bittencourt')
    const want = f.authors.filter((a) => a['idDeputadoAutor'] === row?.['idDeputadoAutor']).map((a) => a['idProposicao'] as string)
    expect(ids(snap(), { authors: [match?.id] })).toEqual(propIds(want))
  })

  it('answers getStakeholder for every author with an id, deputies and organs alike', () => {
    const f = facts()
    const authorIds = new Set(
      f.authors.map((a) =>
        a['idDeputadoAutor'] ? `camara-deputado-${a['idDeputadoAutor']}` : `camara-orgao-${(a['uriAutor'] as string).split('/').pop()}`,
      ),
    )
    for (const id of authorIds) expect(snap().getStakeholder(id).id).toBe(id)
  })

  it('filters by theme id and by situation id', () => {
    const f = facts()
    const theme = f.themes.filter((t) => t['codTema'] === '34')
    expect(ids(snap(), { themes: ['34'] })).toEqual(propIds(theme.map(f.propOfTheme)))
    const situation = f.props.filter((p) => p['ultimoStatus_idSituacao'] === '905')
    expect(situation.length).toBe(483)
    expect(ids(snap(), { situations: ['905'] })).toEqual(propIds(situation.map((p) => p['id'] as string)))
  })
})
