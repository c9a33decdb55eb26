/**
 * The parliamentarians' real posts once ingested beside the Câmara's deputies, checked against
 * the CSVs read here: a post filtered by the id of its poster's stakeholder from the Câmara
 * source (which `getStakeholder` answers), the poster's party, state and handle from the profile,
 * and a tweet listed once per cited proposition stored once.
 */
import { describe, expect, it } from 'vitest'
import { readCsvRecords } from '../helpers/csv.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const social = CASES.find((x) => x.source === 'social')
const camara = CASES.find((x) => x.label === 'camara (CSV)')

describe('the parliamentarians’ posts', () => {
  it('filters by a stakeholder id of the Câmara source; the poster comes from the profile', async () => {
    const snap = tempSnapshot()
    await snap.ingest('camara', [camara?.files[3] as string]) // deputados.csv
    await snap.ingest('social', social?.files ?? [])
    const tweets = readCsvRecords(social?.files[0] as string, ',')
    const profiles = readCsvRecords(social?.files[2] as string, ',')
    // The deputy with the most tweets.
    const counts = new Map<string, Set<string>>()
    for (const t of tweets.filter((t) => t['casa'] === 'camara')) {
      counts.set(t['id_parlamentar'] as string, new Set([...(counts.get(t['id_parlamentar'] as string) ?? []), t['id_tweet'] as string]))
    }
    const [id, ids] = [...counts.entries()].sort((a, b) => b[1].size - a[1].size)[0] as [string, Set<string>]
    const stakeholderId = `camara-deputado-${id}`
    expect(snap.getStakeholder(stakeholderId).openDataId).toBe(id)
    const r = snap.searchSocial({ limit: 20 }, { stakeholders: [stakeholderId] })
    expect(r.pagination.total).toBe(ids.size)
    const profile = profiles.find((p) => p['id_parlamentar'] === id && p['casa'] === 'câmara') as Record<string, string>
    expect(r.results[0]?.stakeholder).toMatchObject({
      id: stakeholderId,
      name: profile['nome_eleitoral'],
      acronymParty: profile['partido'],
      electoralUF: profile['UF'],
    })
    expect(r.results[0]?.stakeholder['twitter']).toMatch(/^@\w+$/)
    expect(r.results.every((p) => p.media.length === 0 && p.stakeholder.photoUrl === '')).toBe(true)
    expect(snap.searchSocial({ limit: 1 }, { parties: [profile['partido'] as string] }).pagination.total).toBeGreaterThanOrEqual(ids.size)
  })
})
