/** `snap.getMonitor` (GET /monitors/{monitorId}), `listAllMonitors` and `info()` on the library. */
import { describe, expect, it } from 'vitest'
import { schemas } from '../../src/index.js'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'

function filled() {
  const snap = tempSnapshot()
  snap.upsert('propositions', [
    { id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04', title: 'Fake News', approved: 'false' },
    { id: 'p2', acronymType: 'PEC', number: 45, year: 2019, datePresentation: '2019-04-03', title: 'Reforma tributária' },
  ])
  snap.upsert('dou', [{ id: 'd1', date: '2023-01-13', title: 'Portaria 1' }])
  return snap
}

describe('snap.getMonitor', () => {
  it('lists the saved documents per corpus, in the order saved, as search results show them', () => {
    const snap = filled()
    const m = snap.createMonitor('acme', 'Leituras')
    const other = snap.createMonitor('acme', 'Outra')
    snap.saveToMonitor('acme', m.id, 'propositions', 'p2')
    snap.saveToMonitor('acme', m.id, 'dou', 'd1')
    snap.saveToMonitor('acme', m.id, 'propositions', 'p1')
    snap.saveToMonitor('acme', other.id, 'propositions', 'p1')

    const got = snap.getMonitor('acme', m.id)
    expect({ id: got.id, name: got.name, items: got.items }).toEqual({ id: m.id, name: 'Leituras', items: 3 })
    expect(got.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
    expect(got.createdAt).toBe(snap.listMonitors('acme')[0]?.createdAt)
    expect(Object.keys(got.documents).sort()).toEqual(['bacen', 'dou', 'irs', 'notices', 'propositions', 'social'])
    expect(got.documents.propositions.map((p) => p.id)).toEqual(['p2', 'p1'])
    expect(got.documents.social).toEqual([])
    // The same as a search answers for that client (no text: no highlights, relevance 0).
    const searched = snap.searchPropositions({ sort: 'older' }, undefined, { clientId: 'acme' }).results
    expect(got.documents.propositions).toEqual([searched[0], searched[1]])
    expect(got.documents.propositions[1]?.savedPropositions.map((r) => r.monitorName)).toEqual(['Leituras', 'Outra'])
    expect(got.documents.propositions[1]).not.toHaveProperty('approved')
    expect(got.documents.dou).toEqual(snap.searchDou({}, undefined, { clientId: 'acme' }).results)
    expect(schemas.monitorDetailSchema.safeParse(got).success).toBe(true)

    // A removed document leaves the monitor; unsaving one too.
    snap.remove('dou', ['d1'])
    snap.removeFromMonitor('acme', m.id, 'propositions', 'p2')
    const after = snap.getMonitor('acme', m.id)
    expect([after.items, after.documents.dou, after.documents.propositions.map((p) => p.id)]).toEqual([1, [], ['p1']])
  })

  it('another client’s monitor is as unknown as a missing one; bad ids are refused naming the argument', () => {
    const snap = filled()
    const m = snap.createMonitor('acme', 'Leituras')
    for (const [client, id] of [
      ['other', m.id],
      ['acme', 'nope'],
    ] as const) {
      const e = errorOf(() => snap.getMonitor(client, id))
      expect([e.status, e.code, e.message]).toEqual([404, 'not_found', `monitor '${id}' not found for client '${client}'`])
    }
    expect(errorOf(() => snap.getMonitor('acme', ' ')).message).toBe('monitorId: must be a non-empty string')
    expect(errorOf(() => snap.getMonitor('', m.id)).message).toBe('clientId: must be a non-empty string')
  })

  it('listAllMonitors: every client’s, by client, each with its client', () => {
    const snap = filled()
    const b = snap.createMonitor('beta', 'B')
    const a1 = snap.createMonitor('alpha', 'A1')
    const a2 = snap.createMonitor('alpha', 'A2')
    expect(snap.listAllMonitors().map((m) => [m.clientId, m.id, m.items])).toEqual([
      ['alpha', a1.id, 0],
      ['alpha', a2.id, 0],
      ['beta', b.id, 0],
    ])
  })
})

describe('snap.info', () => {
  it('counts, ingests and an empty watchlist on a new snapshot', () => {
    const snap = filled()
    expect(snap.info()).toEqual({
      counts: snap.counts(),
      ingests: [],
      watchlist: {
        lists: { count: 0, newest: null, newestObservedAt: null },
        designations: { listed: 0, delisted: 0 },
        heldBack: { count: 0, refs: [], since: null, newestList: null },
      },
    })
  })
})
