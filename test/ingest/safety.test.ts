/**
 * What an ingest must never do, whatever the caller or the origin does: leave its transaction
 * open, join a file twice, or let one file of a call empty what another call stored.
 */
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { tempSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const camara = CASES.find((c) => c.source === 'camara')
const senado = CASES.find((c) => c.source === 'senado')

describe('ingest safety on the Câmara files', () => {
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

  it('another Snapshot of this process writing the file during an ingest is refused at once (503 busy), and may read', async () => {
    const path = tempSnapshotPath()
    const a = openSnapshot(path)
    const b = openSnapshot(path, { busyTimeoutMs: 60_000 })
    try {
      let during: { write: unknown; read: unknown } | null = null
      const onProgress = () => {
        if (during !== null) return
        const write = (() => {
          try {
            return b.upsert('propositions', [
              { id: 'x', acronymType: 'PL', number: 1, year: 2020, datePresentation: '2020-01-01', title: 'PL 1/2020' },
            ])
          } catch (e) {
            return e
          }
        })()
        during = { write, read: b.counts().propositions }
      }
      const report = await a.ingest('camara', files, { onProgress })
      expect(report.collections.propositions.inserted).toBe(1493)
      const d = during as { write: { status?: number; code?: string; message?: string }; read: number } | null
      expect([d?.write.status, d?.write.code]).toEqual([503, 'busy'])
      expect(d?.write.message).toMatch(/another Snapshot of this process; nothing was written/)
      expect(d?.read).toBe(0)
      // Once the ingest has settled, the other Snapshot writes again.
      expect(
        b.upsert('propositions', [
          { id: 'x', acronymType: 'PL', number: 1, year: 2020, datePresentation: '2020-01-01', title: 'PL 1/2020' },
        ]),
      ).toEqual({
        inserted: 1,
        updated: 0,
      })
    } finally {
      a.close()
      b.close()
    }
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

describe('ingest safety on the Senado answers', () => {
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
