/** `snap.getMonitor` (GET /monitors/{monitorId}), `listAllMonitors` and `info()` on the library. */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { schemas } from 'legisearch'
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

  it('items counts the documents still stored, as documents lists them, in getMonitor, listMonitors and listAllMonitors', () => {
    const snap = filled()
    const m = snap.createMonitor('acme', 'Leituras')
    for (const id of ['p1', 'p2']) snap.saveToMonitor('acme', m.id, 'propositions', id)
    snap.saveToMonitor('acme', m.id, 'dou', 'd1')
    // A saved item whose document is gone though the item stayed (a file another writer, or an
    // older version, left so; the library's own removals take the saved items with them).
    const db = new Database(snap.path)
    try {
      const { rowid } = db.prepare("SELECT rowid FROM docs WHERE corpus = 'propositions' AND id = 'p2'").get() as { rowid: number }
      db.prepare('DELETE FROM docs WHERE rowid = ?').run(rowid)
      db.prepare('DELETE FROM records WHERE rowid = ?').run(rowid)
      expect(db.prepare('SELECT count(*) AS n FROM monitor_items WHERE monitor_id = ?').get(m.id)).toEqual({ n: 3 })
    } finally {
      db.close()
    }
    const got = snap.getMonitor('acme', m.id)
    expect([got.items, got.documents.propositions.map((p) => p.id), got.documents.dou.map((d) => d.id)]).toEqual([2, ['p1'], ['d1']])
    expect(snap.listMonitors('acme').map((x) => x.items)).toEqual([2])
    expect(snap.listAllMonitors().map((x) => x.items)).toEqual([2])
    // A removal through the library: the count and the list still agree.
    snap.remove('dou', ['d1'])
    const after = snap.getMonitor('acme', m.id)
    expect([after.items, Object.values(after.documents).flat().length]).toEqual([1, 1])
  })

  it('a monitor of more than 32,766 documents of one corpus answers (its references are read in lists)', () => {
    const snap = tempSnapshot()
    const n = 32_800 // past SQLite's 32,766 bound parameters in one statement
    snap.upsert(
      'dou',
      Array.from({ length: n }, (_, i) => ({ id: `d${i}`, date: '2023-01-13', title: `Portaria ${i}` })),
    )
    const m = snap.createMonitor('acme', 'Tudo')
    const other = snap.createMonitor('acme', 'Uma')
    for (let i = 0; i < n; i++) snap.saveToMonitor('acme', m.id, 'dou', `d${i}`)
    snap.saveToMonitor('acme', other.id, 'dou', `d${n - 1}`)
    const got = snap.getMonitor('acme', m.id)
    expect([got.items, got.documents.dou.length]).toEqual([n, n])
    expect([got.documents.dou[0]?.id, got.documents.dou[n - 1]?.id]).toEqual(['d0', `d${n - 1}`])
    // Every document keeps its references, the last one's in both monitors.
    expect(got.documents.dou.every((d) => d.savedBuckets.some((r) => r.monitorId === m.id))).toBe(true)
    expect(got.documents.dou[n - 1]?.savedBuckets.map((r) => r.monitorName)).toEqual(['Tudo', 'Uma'])
  }, 60_000)

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
