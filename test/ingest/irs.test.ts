/**
 * The Receita's real acts once ingested, checked against the JSON read here: an act found by its
 * ementa, its issuing unit and number; a revoked act (every segment struck through, in the view in
 * force) still found by its text, with the revocation note.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const c = CASES.find((x) => x.source === 'irs')
type Act = {
  idAto: number
  epigrafe: { numeroAto: string; orgaos: { siglaOrgao: string }[]; tipoAto: { nomeTipoAto: string } }
  ementas: { textoIntegra: string }[]
  outrosSegmentos: { textoIntegra: string; tachado: boolean }[]
  ancorasNoAto?: { texto: string }[]
}
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Act

describe('the Receita acts', () => {
  it('finds each act by its ementa, with its type, unit and number', async () => {
    const snap = tempSnapshot()
    await snap.ingest('irs', c?.files ?? [])
    for (const f of c?.files ?? []) {
      const act = read(f)
      const words = act.ementas[0]?.textoIntegra
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 6)
        .join(' ') as string
      const hit = snap.searchIrs({ q: `"${words}"`, limit: 20 }).results.find((r) => r.id === `irs-${act.idAto}`)
      expect(hit, f).toBeDefined()
      expect(hit).toMatchObject({
        type: act.epigrafe.tipoAto.nomeTipoAto,
        organ: act.epigrafe.orgaos.map((o) => o.siglaOrgao).join('/'),
        number: Number(act.epigrafe.numeroAto.replace(/\D/g, '')),
      })
    }
  })

  it('a wholly revoked act keeps its text and says it is revoked', async () => {
    const snap = tempSnapshot()
    await snap.ingest('irs', c?.files ?? [])
    const revoked = (c?.files ?? []).map(read).find((a) => a.outrosSegmentos.length > 0 && a.outrosSegmentos.every((s) => s.tachado)) as Act
    const hit = snap
      .searchIrs({ q: `"${revoked.ementas[0]?.textoIntegra.split(/\s+/).slice(0, 4).join(' ')}"`, limit: 20 })
      .results.find((r) => r.id === `irs-${revoked.idAto}`)
    const note = revoked.ancorasNoAto?.[0]?.texto as string
    expect(note).toMatch(/Revogad/)
    expect(hit?.content).toContain(note)
    expect(hit?.content.length).toBeGreaterThan(note.length + 20)
    expect(hit?.content).not.toMatch(/<\/?(strike|s|p|span)\b/)
  })
})
