/**
 * `GET /documents/{collection}/{id}` (an extension): the library's `getDocument` bytes, with the
 * calling client's saved references; the key's plan must allow `search/<collection>`; an unknown
 * collection is 400, an unknown id 404. Every answer is checked against the OpenAPI document (`call`).
 */
import { describe, expect, it } from 'vitest'
import { CORPORA, call, servedSnapshot } from './support.js'

describe.each([
  { name: 'reads on a pool of 2 worker threads', workers: 2 },
  { name: 'reads in process', workers: 0 },
])('GET /documents/{collection}/{id}, $name', ({ workers }) => {
  const served = servedSnapshot({ workers })

  it.each(CORPORA)('answers a %s document as the library does, and as its search shows it', async (corpus) => {
    const { base, lib, keys } = served()
    const hits = lib.search(corpus, { limit: 3, sort: 'newest' }, undefined, { clientId: 'ACME' }).results
    expect(hits.length).toBe(3)
    for (const hit of hits) {
      const r = await call(base, 'GET', `/documents/${corpus}/${encodeURIComponent(hit.id)}`, { key: keys.acme.key })
      expect(r.status, r.text).toBe(200)
      expect(r.text).toBe(JSON.stringify(lib.getDocument(corpus, hit.id, { clientId: 'ACME' })))
      expect(r.json).toEqual(JSON.parse(JSON.stringify(hit)))
    }
  })

  it('carries the calling client’s saved references only', async () => {
    const { base, lib, keys } = served()
    const id = lib.searchDou({ limit: 1 }).results[0]?.id ?? ''
    const created = await call(base, 'POST', '/monitors', { key: keys.other.key, body: { name: `Docs ${workers}` } })
    const monitorId = (created.json as { id: string }).id
    await call(base, 'PUT', `/monitors/${monitorId}/items/dou/${encodeURIComponent(id)}`, { key: keys.other.key })
    const mine = await call(base, 'GET', `/documents/dou/${encodeURIComponent(id)}`, { key: keys.other.key })
    expect((mine.json as { savedBuckets: { monitorId: string }[] }).savedBuckets.map((b) => b.monitorId)).toEqual([monitorId])
    const theirs = await call(base, 'GET', `/documents/dou/${encodeURIComponent(id)}`, { key: keys.acme.key })
    expect((theirs.json as { savedBuckets: unknown[] }).savedBuckets).toEqual([])
    await call(base, 'DELETE', `/monitors/${monitorId}`, { key: keys.other.key })
  })

  it('errors: unknown collection 400, unknown id 404, no key 401, a plan without the corpus 403, a query 400', async () => {
    const { base, lib, keys } = served()
    const bad = await call(base, 'GET', '/documents/stakeholders/x', { key: keys.acme.key })
    expect([bad.status, bad.json]).toEqual([
      400,
      { error: `collection: must be one of ${CORPORA.join(', ')} (got "stakeholders")`, code: 'invalid_parameters' },
    ])
    const missing = await call(base, 'GET', '/documents/dou/no-such-act', { key: keys.acme.key })
    expect([missing.status, missing.json]).toEqual([404, { error: "dou document 'no-such-act' not found", code: 'not_found' }])
    const id = lib.searchDou({ limit: 1 }).results[0]?.id ?? ''
    expect((await call(base, 'GET', `/documents/dou/${encodeURIComponent(id)}`)).status).toBe(401)
    const refused = await call(base, 'GET', `/documents/dou/${encodeURIComponent(id)}`, { key: keys.basic.key })
    expect([refused.status, (refused.json as { error: string }).error]).toEqual([
      403,
      expect.stringContaining('plan (basic) does not include search/dou;'),
    ])
    const prop = lib.searchPropositions({ limit: 1 }).results[0]?.id ?? ''
    expect((await call(base, 'GET', `/documents/propositions/${encodeURIComponent(prop)}`, { key: keys.basic.key })).status).toBe(200)
    // The basic plan may not read a corpus it cannot search, but an unknown one is told as such.
    expect((await call(base, 'GET', '/documents/nope/x', { key: keys.basic.key })).status).toBe(400)
    const query = await call(base, 'GET', `/documents/dou/${encodeURIComponent(id)}?x=1`, { key: keys.acme.key })
    expect([query.status, (query.json as { error: string }).error]).toEqual([
      400,
      "query: GET /documents/{collection}/{id} takes no query parameters (got 'x')",
    ])
  })
})
