/**
 * ALESP on its real samples: a search by identifier within the state filter, authors reachable by
 * id, and the source's skip policy (a proposition whose type no call has given is left out and
 * reported by line, never silently dropped).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const c = CASES.find((x) => x.source === 'alesp')

describe('alesp on its real samples', () => {
  const files = c?.files ?? []

  it('finds PL 1478/2007 under the SP filter, with its author as a stakeholder', async () => {
    const snap = tempSnapshot()
    await snap.ingest('alesp', files)
    const [hit] = snap.searchPropositions({ q: 'PL 1478/2007', sort: 'relevance' }, { states: ['SP'] }).results
    expect(hit?.id).toBe('alesp-773645')
    expect(hit?.summary).toMatch(/^Autoriza os servidores submetidos ao Regime Especial de Trabalho Policial/)
    expect(hit?.authors).toEqual([
      { openDataId: '210', type: 'Deputado', name: 'Vanderlei Siraque', acronymParty: '', uf: 'SP', stakeholderId: 'alesp-deputado-210' },
    ])
    expect(snap.getStakeholder('alesp-deputado-210').name).toBe('Vanderlei Siraque')
    expect(snap.searchPropositions({}, { authors: ['alesp-deputado-210'] }).pagination.total).toBe(1)
  })

  it('skips, and reports by line, propositions whose type is not known; writes the rest', async () => {
    const snap = tempSnapshot()
    const proposituras = files[0] as string
    const report = await snap.ingest('alesp', [proposituras])
    const records = readFileSync(proposituras, 'utf8').match(/<propositura>/g)?.length ?? 0
    expect(report.collections.propositions).toEqual({ inserted: 0, updated: 0, unchanged: 0 })
    expect(report.skipped).toHaveLength(records)
    expect(report.skipped[0]).toMatchObject({ file: proposituras, line: 3 })
    expect(report.skipped[0]?.why).toMatch(/acronymType/)
    // With the types, the same file lands.
    const full = await snap.ingest('alesp', [proposituras, files[2] as string])
    expect(full.skipped).toEqual([])
    expect(full.collections.propositions.inserted).toBe(8)
  })
})
