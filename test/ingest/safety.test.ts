/**
 * What an ingest must never do, whatever the caller or the origin does: leave its transaction
 * open, join a file twice, or let one file of a call empty what another call stored.
 */
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const camara = CASES.find((c) => c.source === 'camara')
const senado = CASES.find((c) => c.source === 'senado')

describe.skipIf(!camara?.present)('ingest safety on the Câmara files (needs ../shared/data/camara)', () => {
  const files = camara?.files ?? []

  it('a progress callback that throws rolls the call back and leaves the snapshot usable', async () => {
    const snap = tempSnapshot()
    let calls = 0
    const boom = new Error('progress display failed')
    const onProgress = () => {
      if (++calls === 3) throw boom
    }
    await expect(snap.ingest('camara', files, { onProgress })).rejects.toBe(boom)
    expect(snap.counts().propositions).toBe(0)
    expect((await snap.ingest('camara', files)).collections.propositions.inserted).toBe(1493)
  })

  it('the same file given twice in one call is read once (authors are not doubled)', async () => {
    const once = tempSnapshot()
    await once.ingest('camara', files)
    const twice = tempSnapshot()
    await twice.ingest('camara', [...files, ...files])
    const pl1 = (s: typeof once) => s.searchPropositions({ q: 'PL 1/2023', sort: 'relevance' }).results[0]?.authors
    expect(pl1(twice)).toEqual(pl1(once))
  })
})

describe.skipIf(!senado?.present)('ingest safety on the Senado answers (needs ../shared/data/senado)', () => {
  it("a senators' list alone keeps the committees stored for them", async () => {
    const snap = tempSnapshot()
    const files = senado?.files ?? []
    await snap.ingest('senado', files)
    const withOrgans = snap.getStakeholder('senado-senador-5672').organs
    expect(withOrgans.length).toBeGreaterThan(0)
    await snap.ingest('senado', [files[3] as string])
    expect(snap.getStakeholder('senado-senador-5672').organs).toEqual(withOrgans)
  })
})
