/**
 * Facets and histogram over HTTP (README "Facets and histogram"): the query parameters of every
 * `POST /search/*`, answered with the library's exact bytes and checked against the OpenAPI
 * document (`call`); a bad facet is a 400 naming it.
 */
import { describe, expect, it } from 'vitest'
import { CORPORA, call, servedSnapshot } from './support.js'

describe('facets and histogram over HTTP', () => {
  const served = servedSnapshot({ workers: 0 })

  it.each(CORPORA)('POST /search/%s?facets=all&histogram=month answers the library’s counts', async (corpus) => {
    const { base, lib, keys } = served()
    const r = await call(base, 'POST', `/search/${corpus}?facets=all&histogram=month&limit=2&q=lei`, {
      key: keys.acme.key,
      body: { created_at: { from: '2000-01-01' } },
    })
    expect(r.status, r.text).toBe(200)
    const want = lib.search(corpus, { facets: 'all', histogram: 'month', limit: 2, q: 'lei' }, { created_at: { from: '2000-01-01' } })
    expect(r.text).toBe(JSON.stringify(want))
    const json = r.json as { facets: Record<string, unknown[]>; histogram: { count: number }[]; pagination: { total: number } }
    expect(Object.keys(json.facets).length).toBeGreaterThan(0)
    expect(json.histogram.reduce((n, h) => n + h.count, 0)).toBe(json.pagination.total)
  })

  it('without facets the answer has no facets; a bad facet is a 400 naming the allowed ones', async () => {
    const { base, keys } = served()
    const plain = await call(base, 'POST', '/search/social?limit=1', { key: keys.acme.key })
    expect(Object.keys(plain.json as object)).toEqual(['results', 'pagination'])
    const bad = await call(base, 'POST', '/search/social?facets=states', { key: keys.acme.key })
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({
      code: 'invalid_parameters',
      error: "facets: unknown facet 'states'; social counts all, resources, stakeholders, parties (comma-separated)",
    })
  })
})
