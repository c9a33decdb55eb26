/**
 * The Senado's real answers once ingested, checked against the JSON read here: an identifier, a
 * rapporteur's id, a classification as a theme, a senator's committees.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const c = CASES.find((x) => x.source === 'senado')

describe('senado on its real answers', () => {
  const files = c?.files ?? []
  const json = (i: number) => JSON.parse(readFileSync(files[i] as string, 'utf8'))

  it('answers identifiers, rapporteur and theme filters, and senators with their committees', async () => {
    const snap = tempSnapshot()
    await snap.ingest('senado', files)
    const detail = json(1) as { id: number; identificacao: string; classificacoes: { codigo: number }[] }
    const [hit] = snap.searchPropositions({ q: detail.identificacao, sort: 'relevance' }).results
    expect(hit?.id).toBe(`senado-${detail.id}`)
    const [relatoria] = json(2) as { idProcesso: number; codigoParlamentar: number; nomeParlamentar: string }[]
    const byRapporteur = snap.searchPropositions({}, { rapporteurs: [`senado-senador-${relatoria?.codigoParlamentar}`] }).results
    expect(byRapporteur.map((p) => p.id)).toEqual([`senado-${relatoria?.idProcesso}`])
    expect(snap.getStakeholder(`senado-senador-${relatoria?.codigoParlamentar}`).name).toBe(relatoria?.nomeParlamentar)
    const theme = String(detail.classificacoes[0]?.codigo)
    expect(snap.searchPropositions({}, { themes: [theme] }).results.map((p) => p.id)).toEqual([`senado-${detail.id}`])
    const member = json(4).MembroComissaoParlamentar.Parlamentar
    // Committees; the party and state are links of their own roles.
    const organs = snap.getStakeholder(`senado-senador-${member.Codigo}`).organs.filter((o) => o.role !== 'Partido' && o.role !== 'UF')
    expect(organs.map((o) => o.id)).toEqual(
      member.MembroComissoes.Comissao.map(
        (x: { IdentificacaoComissao: { CodigoComissao: string } }) => x.IdentificacaoComissao.CodigoComissao,
      ),
    )
  })
})
