/**
 * `getDocument(collection, id)`: one stored document by its id, the very object a search that finds
 * it without `q` carries, for every corpus; its errors name the input and what is allowed.
 */
import { describe, expect, it } from 'vitest'
import { CORPUS_NAMES, type CorpusName, LegisearchError, type Snapshot, openSnapshot } from 'legisearch'
import { CASES } from '../corpora/cases.js'
import { errorOf } from '../helpers/errors.js'
import { fixture } from '../helpers/fixtures.js'
import { tempSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'

/** The hit of `id` among every result of a search of `collection` without `q` (filters none), or undefined. */
function hitOf(snap: Snapshot, collection: CorpusName, id: string, clientId?: string): unknown {
  for (const r of snap.searchAll(collection, {}, undefined, clientId === undefined ? undefined : { clientId })) {
    if (r.id === id) return r
  }
  return undefined
}

describe('getDocument', () => {
  it('gives, for every corpus, the result its search gives (full and minimal records)', () => {
    const snap = tempSnapshot()
    for (const c of CASES) {
      snap.upsert(c.collection, [c.make(1), c.make(2), c.minimal(3, '2023-05-04')] as never)
    }
    let checked = 0
    for (const c of CASES) {
      const ids = [c.make(1)['id'], c.make(2)['id'], c.minimal(3, '2023-05-04')['id']] as string[]
      for (const id of ids) {
        const hit = hitOf(snap, c.collection, id)
        expect(hit, `${c.collection}/${id}`).toBeDefined()
        expect(snap.getDocument(c.collection, id)).toStrictEqual(hit)
        checked++
      }
    }
    expect(checked).toBe(CORPUS_NAMES.length * 3)
  })

  it('carries the calling client’s saved references, as its search does', () => {
    const snap = tempSnapshot()
    const c = CASES[2]!
    const doc = c.make(1)
    const id = doc['id'] as string
    snap.upsert(c.collection, [doc] as never)
    const m = snap.createMonitor('acme', 'Watch')
    snap.saveToMonitor('acme', m.id, c.collection, id)
    const mine = snap.getDocument(c.collection, id, { clientId: 'acme' }) as Record<string, unknown>
    expect(mine[c.savedKey]).toEqual([expect.objectContaining({ monitorId: m.id, originId: id, monitorName: 'Watch' })])
    expect(mine).toStrictEqual(hitOf(snap, c.collection, id, 'acme'))
    // Another client (or none) sees no reference.
    expect((snap.getDocument(c.collection, id, { clientId: 'other' }) as Record<string, unknown>)[c.savedKey]).toEqual([])
    expect((snap.getDocument(c.collection, id) as Record<string, unknown>)[c.savedKey]).toEqual([])
  })

  it('gives real ingested acts as the search gives them (DOU fixture)', async () => {
    const snap = tempSnapshot()
    await snap.ingest('dou', [fixture('dou/inlabs-original-2023-01-13-DO2.zip')])
    const hits = snap.searchDou({ limit: 20 }).results
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) expect(snap.getDocument('dou', hit.id)).toStrictEqual(hit)
  })

  it('an unknown id is 404 not_found, naming the corpus and the id (clipped)', () => {
    const snap = tempSnapshot()
    const e = errorOf(() => snap.getDocument('dou', 'nope'))
    expect([e.status, e.code, e.message]).toEqual([404, 'not_found', "dou document 'nope' not found"])
    const long = errorOf(() => snap.getDocument('propositions', 'x'.repeat(10_000)))
    expect(long.code).toBe('not_found')
    expect(long.message.length).toBeLessThan(200)
    // An id of another corpus is not found in this one.
    snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 1, year: 2024, datePresentation: '2024-01-02' }])
    expect(errorOf(() => snap.getDocument('dou', 'p1')).code).toBe('not_found')
    expect(snap.getDocument('propositions', 'p1').id).toBe('p1')
  })

  it('an unknown collection is 400 naming collection and every corpus; a bad id is 400 naming id', () => {
    const snap = tempSnapshot()
    const e = errorOf(() => snap.getDocument('stakeholders' as CorpusName, 'x'))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', []])
    expect(e.message).toBe(`collection: must be one of ${CORPUS_NAMES.join(', ')} (got "stakeholders")`)
    for (const bad of ['', 42, null, undefined]) {
      const f = errorOf(() => snap.getDocument('dou', bad as string))
      expect([f.status, f.code], String(bad)).toEqual([400, 'invalid_parameters'])
      expect(f.message).toMatch(/^id: must be a non-empty document id string/)
    }
    expect(errorOf(() => snap.getDocument('dou', 'x', { clientId: '' })).message).toMatch(/^ctx\.clientId: /)
  })

  it('works on a read-only snapshot, and not on a closed one', () => {
    const path = tempSnapshotPath()
    const c = CASES[0]!
    const writer = openSnapshot(path)
    writer.upsert(c.collection, [c.make(1)] as never)
    writer.close()
    const reader = openSnapshot(path, { readonly: true })
    const id = c.make(1)['id'] as string
    expect(reader.getDocument(c.collection, id)).toStrictEqual(hitOf(reader, c.collection, id))
    reader.close()
    const closed = errorOf(() => reader.getDocument(c.collection, id))
    expect(closed).toBeInstanceOf(LegisearchError)
    expect(closed.message).toMatch(/is closed/)
  })
})
