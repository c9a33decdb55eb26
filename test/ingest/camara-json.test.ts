/**
 * The Câmara's JSON variants give exactly the records of its CSV files, and the API's
 * /api/v2/deputados pages add what the bulk lacks: deputies newer than it, rapporteurs' states.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { legislatureOn } from '../../packages/legisearch/src/ingest/camara/map.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, camaraFacts } from './cases.js'
import { fixture } from '../helpers/fixtures.js'
import { untyped } from '../helpers/untyped.js'

const csv = CASES.find((x) => x.label === 'camara (CSV)')
const json = CASES.find((x) => x.label === 'camara (JSON)')
const PAGES = [
  'deputados_dataInicio-2021-01-01_dataFim-2024-01-01_pagina-1.json',
  'deputados_dataInicio-2025-01-01_dataFim-2028-01-01.json',
].map((f) => fixture(`camara/api/${f}`))

/** Every proposition and every stakeholder, as stored. */
function everything(snap: Snapshot) {
  const props: unknown[] = []
  for (let page = 1; ; page++) {
    const r = snap.searchPropositions({ limit: 20, page, sort: 'older' })
    props.push(...r.results)
    if (page >= r.pagination.pages) break
  }
  const stakeholderIds = new Set<string>()
  for (const p of props as { authors: { stakeholderId: string | null }[] }[])
    for (const a of p.authors) if (a.stakeholderId) stakeholderIds.add(a.stakeholderId)
  return { counts: snap.counts(), props, stakeholders: [...stakeholderIds].sort().map((id) => snap.getStakeholder(id)) }
}

/** A proposition by id, read through the search (every page, oldest first). */
function byId(snap: Snapshot, id: string, body?: unknown) {
  for (let page = 1; ; page++) {
    const r = snap.searchPropositions({ limit: 20, page, sort: 'older' }, untyped(body))
    const hit = r.results.find((p) => p.id === id)
    if (hit || page >= r.pagination.pages) return hit
  }
}

describe('legislatureOn', () => {
  it('names the legislature of a day (four years from 1 February)', () => {
    const on = (d: string) => legislatureOn(new Date(`${d}T12:00:00Z`))
    expect([on('2019-01-31'), on('2019-02-01'), on('2023-01-31'), on('2023-02-01'), on('2026-11-25'), on('2027-02-01')]).toEqual([
      55, 56, 56, 57, 57, 58,
    ])
  })
})

describe('the Câmara JSON variants and API pages', () => {
  it('the JSON files give the same records as the CSV files', async () => {
    const a = tempSnapshot()
    const b = tempSnapshot()
    await a.ingest('camara', csv?.files ?? [])
    await b.ingest('camara', json?.files ?? [])
    expect(everything(b)).toEqual(everything(a))
  })

  it('API pages add the deputies the bulk lacks and the rapporteurs’ states, and keep the bulk’s deputies as stored', async () => {
    const snap = tempSnapshot()
    await snap.ingest('camara', csv?.files ?? [])
    const f = camaraFacts()
    const bulk = new Set(f.deputies.map((d) => (d['uri'] as string).split('/').pop()))
    const items = PAGES.flatMap((p) => (JSON.parse(readFileSync(p, 'utf8')) as { dados: { id: number; siglaUf: string }[] }).dados)
    const ufs = new Map<string, Set<string>>()
    for (const d of items) ufs.set(String(d.id), new Set([...(ufs.get(String(d.id)) ?? []), d.siglaUf]))
    const before = snap.getStakeholder(`camara-deputado-${items[0]?.id}`)

    const report = await snap.ingest('camara', [...PAGES, csv?.files[0] as string])
    expect(report.collections.stakeholders.inserted).toBe([...ufs.keys()].filter((id) => !bulk.has(id)).length)
    // Kept as stored but for its party and state, the page's (its latest entry's).
    const latest = items.filter((d) => d.id === items[0]?.id).at(-1) as unknown as { siglaPartido: string; siglaUf: string }
    const after = snap.getStakeholder(`camara-deputado-${items[0]?.id}`)
    const links = (s: typeof after, mine: boolean) => s.organs.filter((o) => (o.role === 'Partido' || o.role === 'UF') === mine)
    expect({ ...after, organs: links(after, false) }).toEqual({ ...before, organs: links(before, false) })
    expect(links(after, true).map((o) => [o.role, o.initials])).toEqual([
      ['Partido', latest.siglaPartido],
      ['UF', latest.siglaUf],
    ])

    let withState = 0
    for (let page = 1; ; page++) {
      const r = snap.searchPropositions({ limit: 20, page, sort: 'older' })
      for (const p of r.results)
        for (const x of p.rapporteurs) {
          // A name given by an earlier call's deputies' file is kept when this call's files lack it.
          if (bulk.has(x.openDataId)) expect(x.name, x.openDataId).not.toBe('')
          const known = ufs.get(x.openDataId)
          if (known === undefined) expect(x.uf, x.openDataId).toBe('')
          else {
            expect([...known], x.openDataId).toContain(x.uf)
            withState++
          }
        }
      if (page >= r.pagination.pages) break
    }
    const relators = new Set(
      f.props.map((p) => (p['ultimoStatus_uriRelator'] as string).split('/').pop()).filter((id) => id && ufs.has(id)),
    )
    expect(relators.size).toBeGreaterThan(0)
    expect(withState).toBe(f.props.filter((p) => ufs.has((p['ultimoStatus_uriRelator'] as string).split('/').pop() ?? '')).length)
  })

  it('an /api/v2/proposicoes/{id} answer updates that proposition’s status and keeps its authors and themes', async () => {
    const snap = tempSnapshot()
    await snap.ingest('camara', csv?.files ?? [])
    const row = camaraFacts().props.find((p) => p['ultimoStatus_uriRelator'] !== '') as Record<string, string>
    const before = byId(snap, `camara-${row['id']}`)
    const n = (k: string) => Number(row[k])
    // The answer's documented shape: `dados` with `statusProposicao` (codSituacao, uriUltimoRelator…).
    const answer = {
      dados: {
        id: n('id'),
        uri: row['uri'],
        siglaTipo: row['siglaTipo'],
        codTipo: n('codTipo'),
        numero: n('numero'),
        ano: n('ano'),
        ementa: row['ementa'],
        dataApresentacao: row['dataApresentacao'],
        uriOrgaoNumerador: row['uriOrgaoNumerador'],
        statusProposicao: {
          dataHora: '2023-03-01T10:00',
          sequencia: n('ultimoStatus_sequencia') + 1,
          siglaOrgao: 'PLEN',
          uriOrgao: 'https://dadosabertos.camara.leg.br/api/v2/orgaos/180',
          uriUltimoRelator: row['ultimoStatus_uriRelator'],
          regime: 'Ordinária (Art. 151, III, RICD)',
          descricaoTramitacao: 'Arquivamento',
          codTipoTramitacao: '502',
          descricaoSituacao: 'Arquivada',
          codSituacao: 923,
          despacho: 'Arquive-se.',
          url: null,
          ambito: 'Regimental',
          apreciacao: row['ultimoStatus_apreciacao'],
        },
        uriAutores: `${row['uri']}/autores`,
        descricaoTipo: row['descricaoTipo'],
        ementaDetalhada: row['ementaDetalhada'],
        keywords: row['keywords'],
        urlInteiroTeor: row['urlInteiroTeor'],
      },
    }
    const path = join(tempDir(), `proposicao-${row['id']}.json`)
    writeFileSync(path, JSON.stringify(answer))
    const report = await snap.ingest('camara', [path])
    expect(report.collections.propositions).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
    const after = byId(snap, `camara-${row['id']}`)
    expect(after?.lastProceeding).toMatchObject({
      openDataSituationId: '923',
      situation: 'Arquivada',
      organ: { id: '180' },
      regime: 'Ordinária (Art. 151, III, RICD)',
      regimeCategory: 'Ordinária',
      processing: 'false',
      date: '2023-03-01T10:00:00-03:00', // a time without zone is Brasília's
    })
    expect({ authors: after?.authors, themes: after?.themes, rapporteurs: after?.rapporteurs }).toEqual({
      authors: before?.authors,
      themes: before?.themes,
      rapporteurs: before?.rapporteurs,
    })
    expect(byId(snap, `camara-${row['id']}`, { situations: ['923'] })?.id).toBe(`camara-${row['id']}`)
  })
})
