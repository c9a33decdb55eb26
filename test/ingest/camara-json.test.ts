/**
 * The Câmara's JSON variants give exactly the records of its CSV files, and the API's
 * /api/v2/deputados pages add what the bulk lacks: deputies newer than it, rapporteurs' states.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Snapshot } from '../../src/index.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, camaraFacts } from './cases.js'

const csv = CASES.find((x) => x.label === 'camara (CSV)')
const json = CASES.find((x) => x.label === 'camara (JSON)')
const API = fileURLToPath(new URL('../../../shared/data/camara/api/', import.meta.url))
const PAGES = [
  'deputados_dataInicio-2021-01-01_dataFim-2024-01-01_pagina-1.json',
  'deputados_dataInicio-2025-01-01_dataFim-2028-01-01.json',
].map((f) => API + f)
const present = Boolean(csv?.present && json?.present) && PAGES.every((f) => existsSync(f))

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

describe.skipIf(!present)('the Câmara JSON variants and API pages (needs ../shared/data/camara)', () => {
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
    expect(snap.getStakeholder(`camara-deputado-${items[0]?.id}`)).toEqual(before)

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
})
