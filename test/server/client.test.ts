/**
 * A client generated from the OpenAPI document (openapi-typescript types, committed, with
 * openapi-fetch) type-checks and runs against the live server on loopback; the committed types are
 * what the document generates today, so the client cannot drift from the server.
 */
import { readFileSync } from 'node:fs'
import createClient from 'openapi-fetch'
import { describe, expect, it } from 'vitest'
import { GENERATED_CLIENT_TYPES, clientTypes } from '../../scripts/openapi-client.js'
import type { paths } from './generated/legisearch-api.js'
import { servedSnapshot } from './support.js'

describe('a client generated from the OpenAPI document', () => {
  const served = servedSnapshot({ workers: 0 })

  it('is generated from the document as it is today (else run `npm run generate:client`)', async () => {
    expect(
      readFileSync(GENERATED_CLIENT_TYPES, 'utf8'),
      'test/server/generated/legisearch-api.ts is stale: run `npm run generate:client`',
    ).toBe(await clientTypes())
  })

  it('searches, pages, reads the watchlist and a stakeholder, and gets typed errors', async () => {
    const { base, keys, lib } = served()
    const client = createClient<paths>({ baseUrl: base, headers: { 'x-api-key': keys.acme.key } })

    const { data, error, response } = await client.POST('/search/propositions', {
      params: { query: { q: 'lei', sort: 'relevance', limit: 5 } },
      body: { created_at: { from: '2000-01-01' } },
    })
    expect(error).toBeUndefined()
    expect(response.status).toBe(200)
    const expected = lib.searchPropositions(
      { q: 'lei', sort: 'relevance', limit: 5 },
      { created_at: { from: '2000-01-01' } },
      { clientId: 'ACME' },
    )
    expect(data).toEqual(JSON.parse(JSON.stringify(expected)))
    // Typed: the results are propositions with their pagination.
    const titles: string[] = data?.results.map((r) => r.title) ?? []
    expect(titles.length).toBe(expected.results.length)
    expect(data?.pagination.total).toBe(expected.pagination.total)

    const page2 = await client.POST('/search/dou', { params: { query: { page: 2, limit: 3, sort: 'older' } } })
    expect(page2.data).toEqual(
      JSON.parse(JSON.stringify(lib.searchDou({ page: 2, limit: 3, sort: 'older' }, undefined, { clientId: 'ACME' }))),
    )

    const watchlist = await client.GET('/watchlist', { params: { query: { limit: 2 } } })
    expect(watchlist.data?.total).toBe(lib.listWatchlist({ limit: 2 }).total)

    const screening = { entries: [{ name: 'Salek, Abdulhai', birthDate: '1965', nationality: 'af', id: 'c1' }] }
    const screened = await client.POST('/watchlist/screen', { body: screening })
    expect(screened.data).toEqual(JSON.parse(JSON.stringify(lib.screenReport(screening))))
    // Typed: each result's matches carry a score and a status.
    const scores: number[] = screened.data?.results[0]?.matches.map((m) => m.score) ?? []
    expect(scores.every((s) => s >= 0.8 && s <= 1)).toBe(true)

    const id = lib.findStakeholders({ q: 'a', limit: 1 })[0]?.id ?? ''
    const stakeholder = await client.GET('/stakeholders/{id}', { params: { path: { id } } })
    expect(stakeholder.data?.name).toBe(lib.getStakeholder(id).name)
    const found = await client.GET('/stakeholders', { params: { query: { q: lib.getStakeholder(id).name, limit: 2 } } })
    expect(found.data?.data[0]?.id).toBe(lib.findStakeholders({ q: lib.getStakeholder(id).name, limit: 2 })[0]?.id)
    // A match's kind is typed as the union of kinds; `kind` filters, comma-separated.
    const people = await client.GET('/stakeholders', { params: { query: { q: 'a', kind: 'person,party' } } })
    const kinds: ('person' | 'committee' | 'party' | 'organ' | 'unknown')[] = people.data?.data.map((m) => m.kind) ?? []
    expect(kinds.length).toBeGreaterThan(0)
    expect(people.data?.data).toEqual(lib.findStakeholders(new URLSearchParams({ q: 'a', kind: 'person,party' })))

    const actId = lib.searchDou({ limit: 1 }).results[0]?.id ?? ''
    const act = await client.GET('/documents/{collection}/{id}', { params: { path: { collection: 'dou', id: actId } } })
    expect(act.data).toEqual(JSON.parse(JSON.stringify(lib.getDocument('dou', actId, { clientId: 'ACME' }))))
    // Typed: the answer is one of the corpora's results, each with an id.
    const gotId: string | undefined = act.data?.id
    expect(gotId).toBe(actId)
    const none = await client.GET('/documents/{collection}/{id}', { params: { path: { collection: 'dou', id: 'no-such-act' } } })
    expect([none.response.status, none.error?.code, none.error?.error]).toEqual([404, 'not_found', "dou document 'no-such-act' not found"])

    const bad = await client.POST('/search/propositions', { params: { query: { limit: 99 } } })
    expect(bad.data).toBeUndefined()
    expect(bad.response.status).toBe(400)
    const code: string | undefined = bad.error?.code
    expect(code).toBe('invalid_parameters')
    expect(bad.error?.error).toBe('limit: must be an integer from 1 to 20 (got "99")')

    const anonymous = createClient<paths>({ baseUrl: base })
    const refused = await anonymous.POST('/search/propositions', {})
    expect([refused.response.status, refused.error?.code]).toEqual([401, 'unauthorized'])
  })

  it('runs the monitors extension', async () => {
    const { base, keys, lib } = served()
    const client = createClient<paths>({ baseUrl: base, headers: { 'x-api-key': keys.other.key } })
    const created = await client.POST('/monitors', { body: { name: 'Gazette watch' } })
    expect(created.response.status).toBe(201)
    const monitorId = created.data?.id ?? ''
    const act = lib.searchDou({ limit: 1 }).results[0]?.id ?? ''
    const saved = await client.PUT('/monitors/{monitorId}/items/{collection}/{documentId}', {
      params: { path: { monitorId, collection: 'dou', documentId: act } },
    })
    expect(saved.data).toMatchObject({ monitorId, originId: act, monitorName: 'Gazette watch' })
    const listed = await client.GET('/monitors')
    expect(listed.data?.data.map((m) => [m.name, m.items])).toEqual([['Gazette watch', 1]])
    const deleted = await client.DELETE('/monitors/{monitorId}', { params: { path: { monitorId } } })
    expect(deleted.response.status).toBe(204)
  })
})
