/**
 * Saved searches and their alerts on the library: a check lists exactly the matching documents
 * written (inserted or changed, by ingest time) since the last check, checked by brute force
 * against the search itself restricted to the documents a write changed; then nothing; an
 * unchanged re-ingest lists nothing; a changed record is listed again. Saved searches are checked
 * when saved; the check and its "seen" mark are one transaction.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { type Snapshot, openSnapshot, schemas } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { fixture } from '../helpers/fixtures.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const DAY1 = fixture('dou/inlabs-original-2023-01-13-DO2.zip')
const DAY2 = fixture('dou/inlabs-xml-2023-03-20-DO2.zip')

/** Every stored DOU act as its search result shows it, by id. */
function douById(snap: Snapshot): Map<string, string> {
  return new Map([...snap.searchAll('dou', { sort: 'older' })].map((r) => [r.id, JSON.stringify(r)]))
}

/** The ids whose result is new or differs between two states. */
function written(before: Map<string, string>, after: Map<string, string>): Set<string> {
  return new Set([...after].filter(([id, json]) => before.get(id) !== json).map(([id]) => id))
}

describe('alerts after a real DOU ingest', () => {
  it('lists exactly the new matching acts, once; an unchanged re-ingest lists nothing', async () => {
    const snap = tempSnapshot()
    await snap.ingest('dou', [DAY1])
    const m = snap.createMonitor('acme', 'DOU')
    const nomear = snap.saveSearch('acme', m.id, { collection: 'dou', query: 'q=nomear&sort=older', name: 'Nomeações' })
    const all = snap.saveSearch('acme', m.id, { collection: 'dou', query: {}, body: {} })
    // Nothing was written since they were saved.
    expect(snap.checkAlerts('acme', m.id).data).toEqual([])

    const before = douById(snap)
    const report = await snap.ingest('dou', [DAY2])
    const changed = written(before, douById(snap))
    expect(changed.size).toBe(report.collections.dou?.inserted ?? -1)
    expect(changed.size).toBeGreaterThan(100)

    expect(changed.size).toBeLessThanOrEqual(1000)
    const { data: alerts, more } = snap.checkAlerts('acme', m.id, { limit: 1000 })
    expect(more).toEqual([])
    const of = (id: string) => alerts.filter((a) => a.searchId === id).map((a) => a.document)
    const byId = (list: { id: string }[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1))
    // Brute force: the search itself, every result, kept when the ingest wrote it (listed oldest write first).
    const expectedNomear = [...snap.searchAll('dou', { q: 'nomear', sort: 'older' }, {}, { clientId: 'acme' })].filter((r) =>
      changed.has(r.id),
    )
    expect(expectedNomear.length).toBeGreaterThan(10)
    expect(expectedNomear.length).toBeLessThan(changed.size)
    expect(byId(of(nomear.id))).toEqual(byId(expectedNomear))
    expect(
      of(all.id)
        .map((d) => d.id)
        .sort(),
    ).toEqual([...changed].sort())
    expect(alerts.every((a) => a.collection === 'dou')).toBe(true)
    expect(schemas.alertsSchema.safeParse({ data: alerts, more }).success).toBe(true)

    // Seen: a second check lists nothing; so does the same file again (nothing written).
    expect(snap.checkAlerts('acme', m.id).data).toEqual([])
    expect((await snap.ingest('dou', [DAY2])).collections.dou?.inserted).toBe(0)
    expect(snap.checkAlerts('acme').data).toEqual([])
    expect(snap.listSavedSearches('acme', m.id).every((s) => s.checkedAt !== null)).toBe(true)

    const again = await snap.ingest('dou', [DAY1, DAY2]) // DAY1's acts are stored as is: nothing written
    expect(again.collections.dou?.inserted).toBe(0)
    expect(snap.checkAlerts('acme').data).toEqual([])
  })
})

describe('alerts after upserts (propositions)', () => {
  function seeded() {
    const snap = tempSnapshot()
    snap.upsert(
      'propositions',
      untyped(
        Array.from({ length: 40 }, (_, i) =>
          proposition(`p${i}`, { number: i + 1, title: i % 2 === 0 ? `Reforma tributária ${i}` : `Saúde pública ${i}` }),
        ),
      ),
    )
    const m = snap.createMonitor('acme', 'Reformas')
    const s = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma', sort: 'older' } })
    return { snap, m, s }
  }

  it('lists exactly the new and changed matching records; an identical upsert is no change; a changed record is listed again', () => {
    const { snap, m, s } = seeded()
    const batch = [
      proposition('p0', { number: 1, title: 'Reforma tributária 0' }), // identical: no change
      proposition('p2', { number: 3, title: 'Reforma tributária 2 (substitutivo)' }), // changed, matches
      proposition('p3', { number: 4, title: 'Saúde pública 3 (emenda)' }), // changed, does not match
      proposition('p4', { number: 5, title: 'Saúde pública' }), // changed, no longer matches
      proposition('n1', { number: 101, title: 'Nova reforma administrativa' }), // new, matches
      proposition('n2', { number: 102, title: 'Educação' }), // new, does not match
    ]
    const report = snap.upsert('propositions', untyped(batch))
    expect(report).toEqual({ inserted: 2, updated: 4 })
    const ids = (list: { document: { id: string } }[]) => list.map((a) => a.document.id)
    const first = snap.checkAlerts('acme', m.id).data
    // One write: by rowid (p2 was stored before n1).
    expect(ids(first)).toEqual(['p2', 'n1'])
    expect(first.every((a) => a.searchId === s.id && a.collection === 'propositions')).toBe(true)
    expect(snap.checkAlerts('acme', m.id).data).toEqual([])

    // The same records again: nothing new. One changed again: listed again.
    snap.upsert('propositions', untyped(batch))
    expect(snap.checkAlerts('acme', m.id).data).toEqual([])
    snap.upsert('propositions', untyped([proposition('n1', { number: 101, title: 'Nova reforma administrativa (texto final)' })]))
    const again = snap.checkAlerts('acme').data
    expect(ids(again)).toEqual(['n1'])
    expect(again[0]?.document).toEqual(snap.searchPropositions({ q: 'reforma' }).results.find((r) => r.id === 'n1'))
    expect((again[0]?.document as { title: string }).title).toBe('Nova reforma administrativa (texto final)')
  })

  it('a document written then removed before the check is not listed; one saved in a monitor shows its reference', () => {
    const { snap, m } = seeded()
    snap.upsert('propositions', untyped([proposition('n1', { title: 'Reforma 1' }), proposition('n2', { title: 'Reforma 2' })]))
    snap.remove('propositions', ['n1'])
    snap.saveToMonitor('acme', m.id, 'propositions', 'n2')
    const data = snap.checkAlerts('acme', m.id).data
    expect(data.map((a) => a.document.id)).toEqual(['n2'])
    expect((data[0]?.document as { savedPropositions: { monitorId: string }[] }).savedPropositions.map((r) => r.monitorId)).toEqual([m.id])
  })

  it('each client sees only its monitors; without a monitor, every monitor of the client is checked', () => {
    const { snap, m, s } = seeded()
    const other = snap.createMonitor('acme', 'Outro')
    const s2 = snap.saveSearch('acme', other.id, { collection: 'propositions', query: 'q=saúde' })
    const foreign = snap.createMonitor('zeta', 'Z')
    snap.saveSearch('zeta', foreign.id, { collection: 'propositions' })
    snap.upsert('propositions', untyped([proposition('n1', { title: 'Reforma' }), proposition('n2', { title: 'Saúde' })]))
    expect(snap.checkAlerts('acme').data.map((a) => [a.searchId, a.document.id])).toEqual([
      [s.id, 'n1'],
      [s2.id, 'n2'],
    ])
    expect(errorOf(() => snap.checkAlerts('acme', foreign.id))).toMatchObject({ status: 404 })
    expect(errorOf(() => snap.listSavedSearches('acme', foreign.id))).toMatchObject({ status: 404 })
    expect(errorOf(() => snap.deleteSavedSearch('zeta', m.id, s.id))).toMatchObject({ status: 404 })
    expect(snap.checkAlerts('zeta').data.map((a) => a.document.id)).toEqual(['n1', 'n2'])
  })
})

describe('saving, listing and deleting saved searches', () => {
  it('lists them oldest first without secrets; a deleted one is gone; deleting a monitor deletes its searches', () => {
    const snap = tempSnapshot()
    const m = snap.createMonitor('acme', 'M')
    const a = snap.saveSearch('acme', m.id, {
      collection: 'propositions',
      query: 'q=reforma&modes=keyword',
      body: { states: ['SP'] },
      name: ' Reforma SP ',
      webhook: 'https://example.org/hook?x=1',
    })
    expect(a.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/)
    expect(a).toMatchObject({ name: 'Reforma SP', query: { q: 'reforma', modes: 'keyword' }, body: { states: ['SP'] }, checkedAt: null })
    const b = snap.saveSearch('acme', m.id, { collection: 'dou' })
    expect(b.webhookSecret).toBeNull()
    const listed = snap.listSavedSearches('acme', m.id)
    expect(listed.map((s) => s.id)).toEqual([a.id, b.id])
    const { webhookSecret: _secret, ...withoutSecret } = a
    expect(listed[0]).toEqual(withoutSecret)
    expect(schemas.createdSavedSearchSchema.safeParse(a).success).toBe(true)
    expect(listed.every((s) => schemas.savedSearchSchema.safeParse(s).success)).toBe(true)
    snap.deleteSavedSearch('acme', m.id, a.id)
    expect(snap.listSavedSearches('acme', m.id).map((s) => s.id)).toEqual([b.id])
    expect(errorOf(() => snap.deleteSavedSearch('acme', m.id, a.id))).toMatchObject({ status: 404, code: 'not_found' })
    snap.deleteMonitor('acme', m.id)
    const db = new Database(snap.path, { readonly: true })
    expect(db.prepare('SELECT count(*) AS n FROM saved_searches').get()).toEqual({ n: 0 })
    db.close()
  })

  it('refuses a bad saved search when it is saved, naming the path', () => {
    const snap = tempSnapshot()
    const m = snap.createMonitor('acme', 'M')
    const save = (input: unknown) => errorOf(() => snap.saveSearch('acme', m.id, input as never))
    expect(save({ collection: 'nope' })).toMatchObject({ status: 400, path: ['collection'] })
    expect(save({ collection: 'dou', query: { q: '!!!' } })).toMatchObject({ status: 400, path: ['query', 'q'] })
    expect(save({ collection: 'dou', query: { q: '!!!' } }).message).toMatch(/^query\.q: /)
    expect(save({ collection: 'dou', query: 'sort=sideways' })).toMatchObject({ status: 400, path: ['query', 'sort'] })
    expect(save({ collection: 'dou', query: { page: 2 } })).toMatchObject({ path: ['query', 'page'] })
    expect(save({ collection: 'dou', query: 'limit=5' }).message).toMatch(/saved search takes no limit/)
    expect(save({ collection: 'dou', query: 'facets=sections' })).toMatchObject({ status: 400, path: ['query', 'facets'] })
    expect(save({ collection: 'dou', query: { histogram: 'year' } }).message).toMatch(
      /^query\.histogram: .*saved search takes no histogram/,
    )
    expect(save({ collection: 'dou', query: { nope: 1 } })).toMatchObject({ status: 400, path: ['query', 'nope'] })
    expect(save({ collection: 'dou', query: { nope: 1 } }).message).toMatch(/^query: unknown \w+ 'nope'/)
    expect(save({ collection: 'dou', body: { states: ['SP'] } })).toMatchObject({ status: 400, path: ['body', 'states'] })
    expect(save({ collection: 'dou', body: { states: ['SP'] } }).message).toMatch(/^body: unknown \w+ 'states'/)
    expect(save({ collection: 'dou', body: { keywords: { or: 5 } } }).path.slice(0, 2)).toEqual(['body', 'keywords'])
    expect(save({ collection: 'dou', body: { created_at: { from: 'yesterday' } } })).toMatchObject({ status: 400 })
    expect(save({ collection: 'dou', body: { created_at: { from: 'yesterday' } } }).path[0]).toBe('body')
    expect(save({ collection: 'dou', webhook: 'ftp://example.org/x' })).toMatchObject({ status: 400, path: ['webhook'] })
    expect(save({ collection: 'dou', webhook: 'file:///etc/passwd' })).toMatchObject({ status: 400, path: ['webhook'] })
    expect(save({ collection: 'dou', webhook: 'not a url' }).message).toMatch(/^webhook: must be an http:\/\/ or https:\/\/ URL/)
    expect(save({ collection: 'dou', name: '' })).toMatchObject({ path: ['name'] })
    expect(save({ collection: 'dou', extra: 1 })).toMatchObject({ status: 400 })
    expect(errorOf(() => snap.saveSearch('acme', 'missing', { collection: 'dou' }))).toMatchObject({ status: 404 })
    expect(errorOf(() => snap.saveSearch('other', m.id, { collection: 'dou' }))).toMatchObject({ status: 404 })
    expect(snap.listSavedSearches('acme', m.id)).toEqual([])
  })
})

describe('a check is one transaction', () => {
  it('a check that fails half-way marks nothing seen: the documents are listed by the next check', () => {
    const snap = tempSnapshot()
    const m = snap.createMonitor('acme', 'M')
    const good = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma' } })
    const bad = snap.saveSearch('acme', m.id, { collection: 'propositions' })
    snap.upsert('propositions', untyped([proposition('n1', { title: 'Reforma' })]))
    // A saved search that no longer compiles (as altered by hand): the check meets it after the first one.
    const db = new Database(snap.path)
    db.prepare('UPDATE saved_searches SET query = ? WHERE id = ?').run(JSON.stringify({ sort: 'sideways' }), bad.id)
    db.close()
    expect(errorOf(() => snap.checkAlerts('acme', m.id))).toMatchObject({ status: 400 })
    const rows = () => {
      const r = new Database(snap.path, { readonly: true })
      try {
        return r.prepare('SELECT id, seen_seq AS seen, checked_at AS checked FROM saved_searches ORDER BY rowid').all()
      } finally {
        r.close()
      }
    }
    expect(rows()).toEqual([
      { id: good.id, seen: 0, checked: null },
      { id: bad.id, seen: 0, checked: null },
    ])
    snap.deleteSavedSearch('acme', m.id, bad.id)
    expect(snap.checkAlerts('acme', m.id).data.map((a) => a.document.id)).toEqual(['n1'])
    expect(rows()).toMatchObject([{ id: good.id, seen: 1 }])
    expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
    // A stamp past the counter (altered by hand) is reported.
    const alter = new Database(snap.path)
    alter.prepare('UPDATE doc_changes SET seq = 99').run()
    alter.close()
    expect(snap.checkIntegrity().problems).toEqual(['doc_changes: a stamp at sequence 99, past meta change_seq 1'])
  })

  it('needs a writable snapshot: a read-only one says so (listing still works)', () => {
    const path = tempSnapshotPath()
    const w = openSnapshot(path)
    const m = w.createMonitor('acme', 'M')
    w.saveSearch('acme', m.id, { collection: 'dou' })
    w.close()
    const r = openSnapshot(path, { readonly: true })
    try {
      const e = errorOf(() => r.checkAlerts('acme'))
      expect(e).toMatchObject({ status: 403, code: 'forbidden' })
      expect(e.message).toMatch(/^saved searches and alerts need a writable snapshot .*open it without \{ readonly: true \}/)
      expect(errorOf(() => r.saveSearch('acme', m.id, { collection: 'dou' }))).toMatchObject({ status: 403 })
      expect(r.listSavedSearches('acme', m.id)).toHaveLength(1)
    } finally {
      r.close()
    }
  })
})

describe('schema 10', () => {
  it('upgrades a schema-9 file by adding tables (no rewrite); documents stored before are not news', () => {
    const path = tempSnapshotPath()
    const w = openSnapshot(path)
    w.upsert('propositions', untyped([proposition('old', { title: 'Reforma antiga' })]))
    w.close()
    // Back to schema 9 as an older legisearch left it.
    const db = new Database(path)
    db.exec("DROP TABLE saved_searches; DROP TABLE doc_changes; DELETE FROM meta WHERE key = 'change_seq'; PRAGMA user_version = 9")
    db.close()
    const snap = openSnapshot(path)
    try {
      const m = snap.createMonitor('acme', 'M')
      snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma' } })
      snap.upsert('propositions', untyped([proposition('new', { title: 'Reforma nova' })]))
      expect(snap.checkAlerts('acme').data.map((a) => a.document.id)).toEqual(['new'])
      expect(snap.checkIntegrity()).toEqual({ ok: true, problems: [] })
    } finally {
      snap.close()
    }
  })
})
