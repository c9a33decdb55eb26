/**
 * People that resolve: after a source's real files are ingested (each source alone, in a fresh
 * snapshot), every stakeholder id written into a stored record (propositions' authors and
 * rapporteurs, posts' posters) answers `getStakeholder`; party and state are kept as `organs`
 * links and titles are worded as the files give the sex.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { readCsvRecords } from '../helpers/csv.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'

/** The real files each source reads, as found in test/fixtures. */
const FILES = {
  camara: [
    'camara/proposicoes-2023.csv',
    'camara/proposicoesAutores-2023.csv',
    'camara/proposicoesTemas-2023.csv',
    'camara/deputados.csv',
    'camara/orgaos.csv',
    'camara/api/deputados_dataInicio-2021-01-01_dataFim-2024-01-01_pagina-1.json',
    'camara/api/deputados_dataInicio-2025-01-01_dataFim-2028-01-01.json',
    'camara/samples-2026/camara-proposicoes-2026-amostra.csv',
    'camara/samples-2026/camara-proposicoesAutores-2026-amostra.csv',
    'camara/samples-2026/camara-proposicoesTemas-2026-amostra.csv',
  ],
  senado: [
    'senado/v3-processo/processo-lista.json',
    'senado/v3-processo/processo-detalhe.json',
    'senado/v3-processo/processo-relatoria.json',
    'senado/legado/senador-lista-atual.json',
    'senado/legado/senador-comissoes.json',
    'senado/legado/senadores-afastados.json',
    'senado/legado/senador-detalhe.json',
  ],
  alesp: [
    'alesp-proposituras-amostra.xml',
    'alesp-documento-autor-amostra.xml',
    'alesp-naturezas-amostra.xml',
    'alesp-deputados-amostra.xml',
  ].map((f) => `alesp/${f}`),
  social: [
    'parlametria-leggo-twitter-dados/tweets.csv',
    'parlametria-leggo-twitter-dados/tweets_to_process.csv',
    'parlametria-leggo-twitter-dados/perfil_parlamentar.csv',
    'parlametria-leggo-twitter-dados/parlamentares.csv',
    'labhackercd/twitterData.js',
  ].map((f) => `social/${f}`),
} as const
type Source = keyof typeof FILES
const pathsOf = (source: Source) => FILES[source].map((f) => fixture(f))

/** Every stakeholder id the stored records of a corpus carry, read page by page through the search. */
function referencedIds(snap: Snapshot): Set<string> {
  const ids = new Set<string>()
  for (let page = 1; ; page++) {
    const r = snap.searchPropositions({ limit: 20, page })
    for (const p of r.results) for (const a of [...p.authors, ...p.rapporteurs]) if (a.stakeholderId !== null) ids.add(a.stakeholderId)
    if (page * 20 >= r.pagination.total) break
  }
  for (let page = 1; ; page++) {
    const r = snap.searchSocial({ limit: 20, page })
    for (const p of r.results) if (p.stakeholder.id !== '') ids.add(p.stakeholder.id)
    if (page * 20 >= r.pagination.total) break
  }
  return ids
}

function unresolved(snap: Snapshot, ids: Iterable<string>): string[] {
  return [...ids].filter((id) => {
    try {
      snap.getStakeholder(id)
      return false
    } catch {
      return true
    }
  })
}

const linksOf = (snap: Snapshot, id: string) =>
  Object.fromEntries(
    snap
      .getStakeholder(id)
      .organs.filter((o) => o.role === 'Partido' || o.role === 'UF')
      .map((o) => [o.role, o.initials]),
  )

describe('every stakeholder id the real files write resolves', () => {
  for (const source of Object.keys(FILES) as Source[]) {
    it(`${source}: after ingesting its files alone`, { timeout: 120_000 }, async () => {
      const snap = tempSnapshot()
      await snap.ingest(source, pathsOf(source))
      const ids = referencedIds(snap)
      expect(ids.size).toBeGreaterThan(0)
      expect(unresolved(snap, ids)).toEqual([])
      console.log(`${source}: ${ids.size} distinct stakeholder ids referenced, all resolve`)
    })
  }

  it('Kátia Abreu: her posts’ id is a senator with party and state; findStakeholders answers it first', async () => {
    const snap = tempSnapshot()
    // The Câmara's deputy of the same name (legislatures 51–52), whom no record names, stored first.
    await snap.ingest('camara', [fixture('camara/deputados.csv')])
    await snap.ingest('social', pathsOf('social'))
    const raw = readCsvRecords(pathsOf('social')[1] as string, ',')
    const posts = snap.searchSocial({ limit: 1 }, { stakeholders: ['senado-senador-1249'] })
    expect(posts.pagination.total).toBe(new Set(raw.map((r) => r['id_tweet'])).size)
    const profile = readCsvRecords(pathsOf('social')[2] as string, ',').find((p) => p['id_parlamentar'] === '1249') as Record<
      string,
      string
    >
    expect(snap.getStakeholder('senado-senador-1249')).toMatchObject({
      openDataId: '1249',
      openDataResource: 'senado',
      title: 'Senador(a)',
    })
    expect(linksOf(snap, 'senado-senador-1249')).toEqual({ Partido: profile['partido'], UF: profile['UF'] })
    const found = snap.findStakeholders({ q: 'Katia Abreu' })
    expect(found[0]).toMatchObject({
      id: 'senado-senador-1249',
      records: posts.pagination.total,
      party: profile['partido'],
      uf: profile['UF'],
    })
    expect(found.find((f) => f.id === 'camara-deputado-73592')).toMatchObject({ records: 0, title: 'Deputada Federal' })
    expect(snap.findStakeholders({ q: 'KÁTIA abreu' })[0]?.id).toBe('senado-senador-1249')
    // A broad prefix over thousands of names stays quick (the ranking counts records for its window only).
    const started = performance.now()
    expect(snap.findStakeholders({ q: 'jo', limit: 20 })).toHaveLength(20)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('Câmara: titles by siglaSexo; party and state from the API page, kept when deputados.csv comes again', async () => {
    const snap = tempSnapshot()
    const [deputados, page] = [fixture('camara/deputados.csv'), fixture(FILES.camara[6])]
    await snap.ingest('camara', [deputados, page])
    const women = readCsvRecords(deputados, ';').filter((d) => d['siglaSexo'] === 'F')
    const woman = women[0] as Record<string, string>
    const wid = `camara-deputado-${(woman['uri'] as string).split('/').pop()}`
    expect(snap.getStakeholder(wid).title).toBe('Deputada Federal')
    const item = (JSON.parse(readFileSync(page, 'utf8')) as { dados: Record<string, unknown>[] }).dados[0] as Record<string, unknown>
    const id = `camara-deputado-${String(item['id'])}`
    expect(linksOf(snap, id)).toEqual({ Partido: item['siglaPartido'], UF: item['siglaUf'] })
    await snap.ingest('camara', [deputados])
    expect(linksOf(snap, id)).toEqual({ Partido: item['siglaPartido'], UF: item['siglaUf'] })
  })

  it('Senado: senators with party, state and the title the file gives (Senadora)', async () => {
    const snap = tempSnapshot()
    await snap.ingest('senado', pathsOf('senado'))
    const list = JSON.parse(readFileSync(pathsOf('senado')[3] as string, 'utf8')).ListaParlamentarEmExercicio.Parlamentares.Parlamentar as {
      IdentificacaoParlamentar: Record<string, string>
    }[]
    for (const { IdentificacaoParlamentar: who } of list) {
      const s = snap.getStakeholder(`senado-senador-${who['CodigoParlamentar']}`)
      expect(s.title).toBe((who['FormaTratamento'] as string).trim())
      expect(linksOf(snap, s.id)).toEqual({ Partido: who['SiglaPartidoParlamentar'], UF: who['UfParlamentar'] })
    }
    expect(list.some((p) => p.IdentificacaoParlamentar['FormaTratamento']?.trim() === 'Senadora')).toBe(true)
    const away = JSON.parse(readFileSync(pathsOf('senado')[5] as string, 'utf8')).AfastamentoAtual.Parlamentares.Parlamentar[0]
      .IdentificacaoParlamentar as Record<string, string>
    expect(snap.getStakeholder(`senado-senador-${away['CodigoParlamentar']}`)).toMatchObject({
      active: false,
      name: away['NomeParlamentar'],
    })
  })
})
