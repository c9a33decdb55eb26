/**
 * A check lists at most `limit` new documents per saved search, oldest write first (change
 * sequence, then rowid), and marks only those seen: successive checks page through the rest, each
 * document exactly once, `more` naming the saved search until the last page. `limit` is checked
 * before anything is marked.
 */
import { describe, expect, it } from 'vitest'
import { errorOf } from '../helpers/errors.js'
import { bodyOf, loopbackServers } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const serve = loopbackServers()

const ids = (list: readonly { document: { id: string } }[]) => list.map((a) => a.document.id)

describe('alerts are paged by limit, oldest write first', () => {
  it('successive checks return the new matches in pages of limit, in order, each once; more until the last', () => {
    const snap = tempSnapshot()
    snap.upsert('propositions', untyped([proposition('old', { number: 1, title: 'Reforma antiga' })]))
    const m = snap.createMonitor('acme', 'M')
    const s = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma', sort: 'newest' } })
    const other = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'saúde' } })
    // Write 1: 15 matches interleaved with non-matches.
    snap.upsert(
      'propositions',
      untyped(
        Array.from({ length: 30 }, (_, i) => proposition(`a${i}`, { number: 100 + i, title: i % 2 === 0 ? `Reforma ${i}` : `Saúde ${i}` })),
      ),
    )
    // Write 2: the old document changed (lowest rowid, later write) and 10 new matches.
    snap.upsert(
      'propositions',
      untyped([
        proposition('old', { number: 1, title: 'Reforma antiga (emendada)' }),
        ...Array.from({ length: 10 }, (_, i) => proposition(`b${i}`, { number: 200 + i, title: `Reforma ${i}` })),
      ]),
    )
    const write1 = Array.from({ length: 15 }, (_, i) => `a${2 * i}`)
    const write2 = ['old', ...Array.from({ length: 10 }, (_, i) => `b${i}`)]

    const page1 = snap.checkAlerts('acme', m.id, { limit: 10 })
    expect(ids(page1.data.filter((a) => a.searchId === s.id))).toEqual(write1.slice(0, 10))
    expect(page1.more).toEqual([s.id, other.id])
    // Written again before it was listed: it moves to its new write (listed once, later).
    snap.upsert('propositions', untyped([proposition('a24', { number: 124, title: 'Reforma 24 (nova redação)' })]))
    const page2 = snap.checkAlerts('acme', m.id, { limit: '10' })
    expect(ids(page2.data.filter((a) => a.searchId === s.id))).toEqual([
      ...write1.slice(10).filter((id) => id !== 'a24'),
      ...write2.slice(0, 6),
    ])
    expect(page2.more).toContain(s.id)
    const page3 = snap.checkAlerts('acme', m.id, { limit: 10 })
    expect(ids(page3.data.filter((a) => a.searchId === s.id))).toEqual([...write2.slice(6), 'a24'])
    expect(page3.more).toEqual([])
    expect(snap.checkAlerts('acme', m.id, { limit: 10 })).toEqual({ data: [], more: [] })

    // Every match listed once, each as the search shows it now.
    const listed = [page1, page2, page3].flatMap((p) => p.data.filter((a) => a.searchId === s.id))
    expect(new Set(ids(listed)).size).toBe(26)
    const now = new Map(snap.searchPropositions({ q: 'reforma', limit: 20 }).results.map((r) => [r.id, r]))
    for (const a of listed) if (now.has(a.document.id)) expect(a.document).toEqual(now.get(a.document.id))
    // The other saved search paged its own matches (15 non-matching 'Saúde' acts), independently.
    expect([page1, page2, page3].flatMap((p) => ids(p.data.filter((a) => a.searchId === other.id)))).toEqual(
      Array.from({ length: 15 }, (_, i) => `a${2 * i + 1}`),
    )
  })

  it('lists 100 by default; limit exactly the matches says no more', () => {
    const snap = tempSnapshot()
    const m = snap.createMonitor('acme', 'M')
    const s = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma' } })
    snap.upsert(
      'propositions',
      untyped(Array.from({ length: 105 }, (_, i) => proposition(`p${i}`, { number: i + 1, title: `Reforma ${i}` }))),
    )
    const first = snap.checkAlerts('acme', m.id)
    expect(first.data).toHaveLength(100)
    expect(first.more).toEqual([s.id])
    const last = snap.checkAlerts('acme', m.id, { limit: 5 })
    expect(ids(last.data)).toEqual(['p100', 'p101', 'p102', 'p103', 'p104'])
    expect(last.more).toEqual([])
  })

  it('refuses a bad limit, naming it and the range, and marks nothing seen', () => {
    const snap = tempSnapshot()
    const m = snap.createMonitor('acme', 'M')
    snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma' } })
    snap.upsert('propositions', untyped([proposition('n1', { title: 'Reforma' })]))
    for (const limit of [0, 1001, 2.5, 'ten', -1]) {
      const e = errorOf(() => snap.checkAlerts('acme', m.id, { limit: limit as number }))
      expect(e).toMatchObject({ status: 400 })
      expect(e.message).toMatch(/limit.*from 1 to 1000/)
    }
    expect(errorOf(() => snap.checkAlertsAndNotify('acme', m.id, { limit: 5000 })).message).toMatch(/limit.*from 1 to 1000/)
    expect(ids(snap.checkAlerts('acme', m.id).data)).toEqual(['n1'])
  })
})

describe('a webhook gets the pages', () => {
  it('each delivery carries at most limit documents, the pages in order, with more', async () => {
    const bodies: { documents: { id: string }[]; more: boolean }[] = []
    const port = await serve((req, res) => {
      void bodyOf(req).then((body) => {
        bodies.push(JSON.parse(body) as { documents: { id: string }[]; more: boolean })
        res.end('ok')
      })
    })
    // The receiver is on loopback: the operator allows private webhook targets.
    const snap = tempSnapshot({ webhooks: { allowPrivate: true } })
    const m = snap.createMonitor('acme', 'M')
    snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma' }, webhook: `http://127.0.0.1:${port}/hook` })
    snap.upsert(
      'propositions',
      untyped(Array.from({ length: 12 }, (_, i) => proposition(`p${i}`, { number: i + 1, title: `Reforma ${i}` }))),
    )
    const pages: string[][] = []
    for (let i = 0; i < 4; i++) {
      const { data, deliveries } = snap.checkAlertsAndNotify('acme', m.id, { limit: 5, retryDelaysMs: [] })
      pages.push(ids(data))
      await deliveries
    }
    const all = Array.from({ length: 12 }, (_, i) => `p${i}`)
    expect(pages).toEqual([all.slice(0, 5), all.slice(5, 10), all.slice(10), []])
    expect(bodies.map((b) => b.documents.map((d) => d.id))).toEqual(pages.slice(0, 3))
    expect(bodies.map((b) => b.more)).toEqual([true, true, false])
  })
})
