/**
 * `POST /search` (an extension) over a real server on loopback: what the library's
 * `searchEverything` answers, byte for byte, through the generated client too; a key needs every
 * search endpoint; faults are 400s naming the parameter or field.
 */
import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import type { paths } from './generated/legisearch-api.js'
import { call, servedSnapshot } from './support.js'

describe('POST /search over HTTP', () => {
  // A worker thread: the call crosses to it as plain data, as every read does.
  const served = servedSnapshot({ workers: 1 })

  it('answers what the library answers, for the calling client; the generated client types it', async () => {
    const { base, keys, lib } = served()
    const query = { q: 'lei', sort: 'newest', limit: '7', page: '2' }
    const body = { created_at: { from: '2000-01-01', to: '2030-12-31' } }
    const r = await call(base, 'POST', `/search?${new URLSearchParams(query)}`, { key: keys.acme.key, body })
    expect(r.status).toBe(200)
    expect(r.text).toBe(JSON.stringify(lib.searchEverything(new URLSearchParams(query), body, { clientId: 'ACME' })))

    const client = createClient<paths>({ baseUrl: base, headers: { 'x-api-key': keys.acme.key } })
    const { data, error } = await client.POST('/search', { params: { query: { q: 'saúde', limit: 5 } } })
    expect(error).toBeUndefined()
    expect(data).toEqual(JSON.parse(JSON.stringify(lib.searchEverything({ q: 'saúde', limit: 5 }, undefined, { clientId: 'ACME' }))))
    // Typed: each result names its corpus; totals per corpus.
    const corpora: string[] = data?.results.map((x) => x.corpus) ?? []
    expect(corpora.length).toBe(data?.results.length)
    expect(data?.pagination.total).toBe(Object.values(data?.totals ?? {}).reduce((a, b) => a + b, 0))
  })

  it('a key whose plan lacks a search endpoint is refused, naming what it lacks', async () => {
    const { base, keys } = served()
    const r = await call(base, 'POST', '/search?q=lei', { key: keys.basic.key })
    expect(r.status).toBe(403)
    expect(r.json).toEqual({
      code: 'forbidden',
      error: expect.stringContaining('does not include search/social, search/dou, search/bacen, search/notices, search/irs') as unknown,
    })
  })

  it('faults are 400s naming the parameter or field', async () => {
    const { base, keys } = served()
    const key = keys.acme.key
    const refused = async (url: string, body?: unknown) => {
      const r = await call(base, 'POST', url, { key, ...(body === undefined ? {} : { body }) })
      return { status: r.status, ...(r.json as { code: string; error: string }) }
    }
    expect(await refused('/search?sort=older')).toMatchObject({
      status: 400,
      code: 'invalid_parameters',
      error: expect.stringMatching(/^sort: /),
    })
    expect(await refused('/search?limit=50')).toMatchObject({ status: 400, error: expect.stringMatching(/^limit: /) })
    expect(await refused('/search?types=pl')).toMatchObject({ status: 400, error: expect.stringContaining("'types'") })
    expect(await refused('/search', { parties: ['PT'] })).toMatchObject({ status: 400, error: expect.stringContaining("'parties'") })
    expect(await refused('/search', { created_at: { to: '2024-01-01' } })).toMatchObject({ status: 400, code: 'invalid_date_range' })
  })
})
