/**
 * The HTTP server over a real snapshot, on loopback, with reads on a worker pool and in process:
 * every path answers the library's exact bytes, every error of DECISIONS §8 is produced, keys and
 * plans are enforced, monitors are scoped to the calling client, bad input leaves the server up and
 * the data unchanged. Every answer is checked against the OpenAPI document (`call`).
 */
import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '@legisearch/server'
import { errorOf } from '../helpers/errors.js'
import { CORPORA, call, servedSnapshot } from './support.js'
import { untyped } from '../helpers/untyped.js'

const BACKENDS = [
  { name: 'reads on a pool of 2 worker threads', workers: 2 },
  { name: 'reads in process', workers: 0 },
]

/** Writes `text` as is to the server's socket; resolves with everything it answers. */
function rawRequest(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text))
    let answer = ''
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** What the library answers, as the server must send it. */
const bytesOf = (value: unknown) => JSON.stringify(value)

describe.each(BACKENDS)('HTTP server, $name', ({ workers }) => {
  const served = servedSnapshot({ workers })

  /** The stored data, summed up: every collection's count and a digest of every search's first pages. */
  const fingerprint = () => {
    const { lib } = served()
    const hash = createHash('sha256')
    hash.update(JSON.stringify(lib.counts()))
    for (const c of CORPORA) hash.update(JSON.stringify(lib.search(c, { limit: 20, sort: 'newest' })))
    hash.update(JSON.stringify(lib.listWatchlist({ limit: 100 })))
    hash.update(JSON.stringify(lib.listApiKeys()))
    return hash.digest('hex')
  }

  describe('every path answers what the library answers, byte for byte', () => {
    const queries: [string, Record<string, unknown> | undefined][] = [
      ['', undefined],
      ['?sort=relevance&q=lei&limit=5', undefined],
      ['?page=2&limit=3&sort=older', {}],
      ['?q=%22reforma%22&modes=keyword&sort=newest', { created_at: { from: '2020-01-01', to: '2030-12-31' } }],
      ['?page=999', undefined],
    ]
    it.each(CORPORA)('POST /search/%s', async (corpus) => {
      const { base, lib, keys } = served()
      for (const [query, body] of queries) {
        const r = await call(base, 'POST', `/search/${corpus}${query}`, { key: keys.acme.key, body })
        expect(r.status, r.text).toBe(200)
        expect(r.headers.get('content-type')).toMatch(/^application\/json/)
        expect(r.text).toBe(bytesOf(lib.search(corpus, new URLSearchParams(query), body, { clientId: 'ACME' })))
      }
    })

    it('GET /watchlist and GET /watchlist/{ref}', async () => {
      const { base, lib, keys } = served()
      for (const query of ['', '?limit=5&offset=3', '?search=al%20qaida&status=listed', '?limit=100&sort=name']) {
        const r = await call(base, 'GET', `/watchlist${query}`, { key: keys.acme.key })
        const expected = (() => {
          try {
            return lib.listWatchlist(new URLSearchParams(query))
          } catch (e) {
            return { error: e }
          }
        })()
        if ('error' in expected) expect(r.status).toBe(400)
        else expect(r.text).toBe(bytesOf(expected))
      }
      const first = lib.listWatchlist({ limit: 1 }).data[0]
      if (!first) throw new Error('the UN list loaded no designation')
      const ref = encodeURIComponent(first.sourceRefNumber)
      const detail = await call(base, 'GET', `/watchlist/${ref}?lang=pt`, { key: keys.acme.key })
      expect(detail.text).toBe(bytesOf(lib.getDesignation(first.sourceRefNumber, { lang: 'pt' })))
      const plain = await call(base, 'GET', `/watchlist/${ref}`, { key: keys.acme.key })
      expect(plain.text).toBe(bytesOf(lib.getDesignation(first.sourceRefNumber)))
    })

    it('POST /watchlist/screen: what the library answers, over chunks (1,201 names), in input order; a fault names its entry', async () => {
      const { base, lib, keys } = served()
      const names = ['Ayman al-Zawahiri', 'Salek, Abdulhai', 'Tharwat Salah Chehata', 'Maria Aparecida da Silva', 'أيمن الظواهري']
      const entries = Array.from({ length: 1201 }, (_, i) => ({ name: names[i % names.length] as string, id: `row-${i}` }))
      const body = { entries, limit: 2 }
      const r = await call(base, 'POST', '/watchlist/screen', { key: keys.acme.key, body })
      expect(r.status, r.text.slice(0, 300)).toBe(200)
      expect(r.text).toBe(bytesOf(lib.screenReport(body)))
      const answer = r.json as { results: { id: string; matches: { ref: string }[] }[]; heldBackRemovals: number }
      expect(answer.results.map((x) => x.id)).toEqual(entries.map((e) => e.id))
      expect(answer.results[0]?.matches[0]?.ref).toBe('QDi.006')
      const bad = await call(base, 'POST', '/watchlist/screen', {
        key: keys.acme.key,
        body: { entries: [...entries.slice(0, 700), { name: '  ' }] },
      })
      expect([bad.status, bad.json]).toEqual([400, { error: 'entries[700].name: must not be blank', code: 'invalid_parameters' }])
      const none = await call(base, 'POST', '/watchlist/screen', { key: keys.acme.key, body: { entries: [], threshold: 2 } })
      expect([none.status, (none.json as { error: string }).error]).toEqual([400, 'entries: must hold 1 to 10000 entries'])
      const basic = await call(base, 'POST', '/watchlist/screen', { key: keys.basic.key, body })
      expect(basic.status).toBe(
        lib
          .listApiKeys()
          .find((k) => k.id === keys.basic.id)
          ?.endpoints.includes('watchlist')
          ? 200
          : 403,
      )
    })

    // Against an empty watchlist a batch ends before any request can come between its chunks.
    it('POST /watchlist/screen: while a batch of 10,000 names is screened, other requests are answered between its chunks', async () => {
      const { base, keys } = served()
      const entries = Array.from({ length: 10_000 }, (_, i) => ({ name: `Abdul Rahman Mohammed ${i}`, nationality: 'br' }))
      let done = false
      const batch = call(base, 'POST', '/watchlist/screen', { key: keys.acme.key, body: { entries } }).finally(() => (done = true))
      // One request after another for as long as the batch runs: if the batch held the server,
      // they would all wait for its end.
      let answeredDuring = 0
      while (!done) {
        const r = await call(base, 'GET', '/watchlist?limit=1', { key: keys.acme.key })
        expect(r.status).toBe(200)
        if (!done) answeredDuring++
      }
      const r = await batch
      expect(r.status).toBe(200)
      expect((r.json as { results: unknown[] }).results).toHaveLength(10_000)
      expect(answeredDuring).toBeGreaterThanOrEqual(5)
    }, 120_000)

    it('POST /watchlist/screen: a body over its 16 MiB says the limit and to split the batch; the basic plan may screen', async () => {
      const { base, keys } = served()
      const big = await call(base, 'POST', '/watchlist/screen', {
        key: keys.acme.key,
        raw: `{"entries":["${'x'.repeat(17 * 1024 * 1024)}"]}`,
        headers: { 'content-type': 'application/json' },
      })
      expect([big.status, big.json]).toEqual([
        413,
        { error: `body: over the ${16 * 1024 * 1024}-byte limit of POST /watchlist/screen; split the batch`, code: 'payload_too_large' },
      ])
      // The basic plan names the watchlist endpoint (DECISIONS §9), so it may screen.
      const basic = await call(base, 'POST', '/watchlist/screen', { key: keys.basic.key, body: { entries: [{ name: 'x' }] } })
      expect(basic.status).toBe(200)
    })

    it('GET /stakeholders/{id}', async () => {
      const { base, lib, keys } = served()
      const id = lib.findStakeholders({ q: 'a', limit: 1 })[0]?.id
      if (!id) throw new Error('the snapshot holds no stakeholder')
      const r = await call(base, 'GET', `/stakeholders/${encodeURIComponent(id)}`, { key: keys.acme.key })
      expect(r.text).toBe(bytesOf(lib.getStakeholder(id)))
    })

    it('GET /stakeholders?q= finds as the library does (an extension); a missing or blank q is a clear 400', async () => {
      const { base, lib, keys } = served()
      const name = lib.findStakeholders({ q: 'a', limit: 1 })[0]?.name ?? ''
      const r = await call(base, 'GET', `/stakeholders?q=${encodeURIComponent(name)}&limit=3`, { key: keys.acme.key })
      expect(r.status).toBe(200)
      expect(r.text).toBe(bytesOf({ data: lib.findStakeholders(new URLSearchParams({ q: name, limit: '3' })) }))
      expect((r.json as { data: { name: string }[] }).data[0]?.name).toBe(name)
      // `kind`: one kind or several, comma-separated; each match says its own.
      for (const kind of ['person', 'committee,organ', 'person,party']) {
        const query = new URLSearchParams({ q: 'a', limit: '20', kind })
        const k = await call(base, 'GET', `/stakeholders?${query}`, { key: keys.acme.key })
        expect([k.status, k.text], kind).toEqual([200, bytesOf({ data: lib.findStakeholders(query) })])
        const kinds = (k.json as { data: { kind: string }[] }).data.map((m) => m.kind)
        expect(
          kinds.every((x) => kind.split(',').includes(x)),
          kind,
        ).toBe(true)
      }
      expect((await call(base, 'GET', '/stakeholders?q=a&kind=person&limit=1', { key: keys.acme.key })).json).toMatchObject({
        data: [{ kind: 'person' }],
      })
      for (const [query, message] of [
        ['', /^q: is required/],
        ['?q=silva&kind=people', /^kind: unknown kind 'people'; allowed: person, committee, party, organ, unknown \(comma-separated\)$/],
        ['?q=silva&kind=', /^kind: an empty kind; allowed: person, committee, party, organ, unknown/],
        ['?q=', /^q: must name someone/],
        ['?q=%20%20', /^q: must name someone/],
        ['?q=silva&limit=0', /^limit: must be an integer from 1 to 100/],
        ['?name=silva', /unknown parameter name|^q: is required/],
      ] as const) {
        const bad = await call(base, 'GET', `/stakeholders${query}`, { key: keys.acme.key })
        expect([bad.status, (bad.json as { code: string }).code], query).toEqual([400, 'invalid_parameters'])
        expect((bad.json as { error: string }).error, query).toMatch(message)
      }
    })

    it('GET /healthz needs no key; /openapi.json is the document; /reference renders it from local files', async () => {
      const { base } = served()
      expect((await call(base, 'GET', '/healthz')).json).toEqual({ status: 'ok' })
      const openapi = await fetch(`${base}/openapi.json`)
      expect(openapi.status).toBe(200)
      expect(await openapi.json()).toEqual(openApiDocument())
      const page = await fetch(`${base}/reference/`)
      const html = await page.text()
      expect(page.status).toBe(200)
      expect(html).toContain('/openapi.json')
      // Every script the page loads is served here: no CDN.
      const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? '')
      expect(scripts.length).toBeGreaterThan(0)
      for (const src of scripts) {
        expect(src).not.toMatch(/^(https?:)?\/\//)
        expect((await fetch(new URL(src, `${base}/reference/`))).status).toBe(200)
      }
    })
  })

  describe('errors: the status and code of DECISIONS §8, in the spec’s body', () => {
    it('400 invalid_parameters, invalid_date_range and invalid_json', async () => {
      const { base, lib, keys } = served()
      const limit = await call(base, 'POST', '/search/propositions?limit=99', { key: keys.acme.key })
      expect(limit.json).toEqual(errorOf(() => lib.searchPropositions({ limit: '99' })).toJSON())
      expect(limit.status).toBe(400)
      const range = await call(base, 'POST', '/search/dou', { key: keys.acme.key, body: { created_at: { to: '2024-01-01' } } })
      expect([range.status, range.json]).toEqual([400, errorOf(() => lib.searchDou({}, { created_at: { to: '2024-01-01' } })).toJSON()])
      expect((range.json as { code: string }).code).toBe('invalid_date_range')
      const unknownField = await call(base, 'POST', '/search/social', { key: keys.acme.key, body: { keywordz: [] } })
      expect([unknownField.status, unknownField.json]).toEqual([
        400,
        errorOf(() => lib.searchSocial({}, untyped({ keywordz: [] }))).toJSON(),
      ])
      const json = await call(base, 'POST', '/search/propositions', {
        key: keys.acme.key,
        raw: '{"keywords": ',
        headers: { 'content-type': 'application/json' },
      })
      expect([json.status, (json.json as { code: string }).code]).toEqual([400, 'invalid_json'])
      expect((json.json as { error: string }).error).toMatch(/^body: not valid JSON/)
    })

    it('401 unauthorized: a missing, unknown, malformed, repeated or revoked key', async () => {
      const { base, keys, path } = served()
      const bodies = []
      for (const key of [undefined, '', 'lsk_AAAAAAAAAAAA_' + 'A'.repeat(43), keys.acme.key.slice(0, -1), `${keys.acme.key}x`]) {
        const r = await call(base, 'POST', '/search/propositions', key === undefined ? {} : { key })
        expect(r.status).toBe(401)
        bodies.push(r.json)
      }
      expect(bodies.every((b) => (b as { code: string }).code === 'unauthorized')).toBe(true)
      // A key revoked while the server runs is refused at once.
      const { openSnapshot } = await import('legisearch')
      const writer = openSnapshot(path)
      const doomed = writer.createApiKey({ client: 'Doomed', plan: 'full' })
      expect((await call(base, 'GET', '/watchlist', { key: doomed.key })).status).toBe(200)
      writer.revokeApiKey(doomed.id)
      writer.close()
      const revoked = await call(base, 'GET', '/watchlist', { key: doomed.key })
      expect([revoked.status, revoked.json]).toEqual([401, { error: 'x-api-key: unknown or revoked key', code: 'unauthorized' }])
    })

    it('403 forbidden: a key whose plan lacks the endpoint', async () => {
      const { base, keys } = served()
      for (const [method, url] of [
        ['POST', '/search/dou'],
        ['POST', '/search/irs'],
        ['GET', '/monitors'],
      ] as const) {
        const r = await call(base, method, url, { key: keys.basic.key })
        expect([r.status, (r.json as { code: string }).code]).toEqual([403, 'forbidden'])
        expect((r.json as { error: string }).error).toContain('plan (basic)')
      }
      expect((await call(base, 'POST', '/search/propositions', { key: keys.basic.key })).status).toBe(200)
      expect((await call(base, 'GET', '/watchlist', { key: keys.basic.key })).status).toBe(200)
    })

    it('404 not_found: an unknown designation, stakeholder, monitor, route or method', async () => {
      const { base, keys, lib } = served()
      const designation = await call(base, 'GET', '/watchlist/XXi.999', { key: keys.acme.key })
      expect([designation.status, designation.json]).toEqual([404, errorOf(() => lib.getDesignation('XXi.999')).toJSON()])
      const stakeholder = await call(base, 'GET', '/stakeholders/nobody', { key: keys.acme.key })
      expect([stakeholder.status, stakeholder.json]).toEqual([404, errorOf(() => lib.getStakeholder('nobody')).toJSON()])
      const monitor = await call(base, 'DELETE', '/monitors/no-such-monitor', { key: keys.acme.key })
      expect([monitor.status, (monitor.json as { code: string }).code]).toEqual([404, 'not_found'])
      const route = await call(base, 'GET', '/searches', { key: keys.acme.key })
      expect(route.json).toEqual({ error: "no route GET /searches; the API's paths are listed at /openapi.json", code: 'not_found' })
      // `POST /search` (every corpus) is an extension: GET is its wrong method, not an unknown path.
      expect((await call(base, 'GET', '/search', { key: keys.acme.key })).json).toEqual({
        error: 'no route GET /search: it takes POST',
        code: 'not_found',
      })
      const method = await call(base, 'GET', '/search/propositions', { key: keys.acme.key })
      expect(method.json).toEqual({ error: 'no route GET /search/propositions: it takes POST', code: 'not_found' })
      expect((await call(base, 'PATCH', '/watchlist', { key: keys.acme.key })).status).toBe(404)
    })

    it('413 payload_too_large: a body over the limit (1 MiB)', async () => {
      const { base, keys } = served()
      const r = await call(base, 'POST', '/search/propositions', {
        key: keys.acme.key,
        body: { keywords: { or: ['x'.repeat(1024 * 1024)] } },
      })
      expect([r.status, (r.json as { code: string }).code]).toEqual([413, 'payload_too_large'])
    })

    it('429 rate_limited with retry-after, per key: a burst past the key’s rate', async () => {
      const { base, keys } = served()
      const statuses: number[] = []
      let last: Awaited<ReturnType<typeof call>> | undefined
      for (let i = 0; i < 5; i++) {
        last = await call(base, 'GET', '/watchlist?limit=1', { key: keys.slow.key })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      expect((last?.json as { code: string }).code).toBe('rate_limited')
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another key of the same client is counted apart.
      expect((await call(base, 'GET', '/watchlist?limit=1', { key: keys.acme.key })).status).toBe(200)
    })
  })

  describe('monitors, scoped to the calling client', () => {
    it('create, list, save, search shows the client’s saved refs only, unsave, delete', async () => {
      const { base, keys, lib } = served()
      const created = await call(base, 'POST', '/monitors', { key: keys.acme.key, body: { name: 'Reforma' } })
      expect(created.status).toBe(201)
      const monitor = created.json as { id: string; name: string }
      expect(monitor.name).toBe('Reforma')
      const doc = lib.searchPropositions({ limit: 1 }).results[0]
      if (!doc) throw new Error('no proposition')
      const itemUrl = `/monitors/${monitor.id}/items/propositions/${encodeURIComponent(doc.id)}`
      const saved = await call(base, 'PUT', itemUrl, { key: keys.acme.key })
      expect(saved.json).toEqual({ _id: expect.any(String), monitorId: monitor.id, originId: doc.id, monitorName: 'Reforma' })
      expect((await call(base, 'PUT', itemUrl, { key: keys.acme.key })).json).toEqual(saved.json)

      const listed = await call(base, 'GET', '/monitors', { key: keys.acme.key })
      expect(listed.json).toEqual({ data: [expect.objectContaining({ id: monitor.id, name: 'Reforma', items: 1 })] })
      const q = `?q=${encodeURIComponent(doc.title)}`
      const mine = await call(base, 'POST', `/search/propositions${q}`, { key: keys.acme.key })
      expect(mine.text).toBe(bytesOf(lib.searchPropositions(new URLSearchParams(q), undefined, { clientId: 'ACME' })))
      const found = (mine.json as { results: { id: string; savedPropositions: unknown[] }[] }).results.find((r) => r.id === doc.id)
      expect(found?.savedPropositions).toEqual([saved.json])

      // The other client sees none of it, whatever ids it sends.
      const theirs = await call(base, 'POST', `/search/propositions${q}`, { key: keys.other.key })
      const seen = (theirs.json as { results: { id: string; savedPropositions: unknown[] }[] }).results.find((r) => r.id === doc.id)
      expect(seen?.savedPropositions).toEqual([])
      expect((await call(base, 'GET', '/monitors', { key: keys.other.key })).json).toEqual({ data: [] })
      for (const [method, url] of [
        ['PUT', itemUrl],
        ['DELETE', itemUrl],
        ['DELETE', `/monitors/${monitor.id}`],
      ] as const) {
        const r = await call(base, method, url, { key: keys.other.key })
        expect([r.status, (r.json as { code: string }).code]).toEqual([404, 'not_found'])
      }
      expect((await call(base, 'GET', '/monitors', { key: keys.acme.key })).json).toEqual(listed.json)

      expect((await call(base, 'DELETE', itemUrl, { key: keys.acme.key })).json).toEqual({ removed: true })
      expect((await call(base, 'DELETE', itemUrl, { key: keys.acme.key })).json).toEqual({ removed: false })
      const deleted = await call(base, 'DELETE', `/monitors/${monitor.id}`, { key: keys.acme.key })
      expect([deleted.status, deleted.text]).toEqual([204, ''])
      expect((await call(base, 'GET', '/monitors', { key: keys.acme.key })).json).toEqual({ data: [] })
    })

    it('GET /monitors/{monitorId}: the saved documents per corpus, as the library answers, for the calling client only', async () => {
      const { base, keys, lib } = served()
      const m = (await call(base, 'POST', '/monitors', { key: keys.acme.key, body: { name: 'Leituras' } })).json as { id: string }
      const prop = lib.searchPropositions({ limit: 2, sort: 'older' }).results
      const act = lib.searchDou({ limit: 1 }).results[0]
      if (prop.length < 2 || !act) throw new Error('no documents')
      const saves = [
        ['propositions', prop[1]?.id],
        ['dou', act.id],
        ['propositions', prop[0]?.id],
      ] as const
      for (const [c, id] of saves) {
        const r = await call(base, 'PUT', `/monitors/${m.id}/items/${c}/${encodeURIComponent(id ?? '')}`, { key: keys.acme.key })
        expect(r.status).toBe(200)
      }
      const got = await call(base, 'GET', `/monitors/${m.id}`, { key: keys.acme.key })
      expect(got.status).toBe(200)
      expect(got.text).toBe(bytesOf(lib.getMonitor('ACME', m.id)))
      const detail = got.json as {
        id: string
        name: string
        items: number
        documents: Record<string, { id: string; savedBuckets?: unknown[]; savedPropositions?: unknown[] }[]>
      }
      expect([detail.id, detail.name, detail.items]).toEqual([m.id, 'Leituras', 3])
      // In the order saved, per corpus; every corpus present.
      expect(Object.keys(detail.documents).sort()).toEqual([...CORPORA].sort())
      expect(detail.documents['propositions']?.map((d) => d.id)).toEqual([prop[1]?.id, prop[0]?.id])
      expect(detail.documents['dou']?.map((d) => d.id)).toEqual([act.id])
      expect(detail.documents['social']).toEqual([])
      // Each as its search result shows it (the same record, the client's saved references).
      expect(detail.documents['dou']?.[0]).toEqual(lib.searchDou({ limit: 1 }, undefined, { clientId: 'ACME' }).results[0])
      expect(detail.documents['dou']?.[0]?.savedBuckets).toEqual([expect.objectContaining({ monitorId: m.id, monitorName: 'Leituras' })])

      // Another client: as unknown as a missing monitor; a basic plan: forbidden.
      const theirs = await call(base, 'GET', `/monitors/${m.id}`, { key: keys.other.key })
      expect([theirs.status, theirs.json]).toEqual([404, errorOf(() => lib.getMonitor('Other Org', m.id)).toJSON()])
      expect((await call(base, 'GET', `/monitors/no-such-monitor`, { key: keys.acme.key })).status).toBe(404)
      expect((await call(base, 'GET', `/monitors/${m.id}`, { key: keys.basic.key })).status).toBe(403)
      expect((await call(base, 'GET', `/monitors/${m.id}`)).status).toBe(401)
      expect((await call(base, 'DELETE', `/monitors/${m.id}`, { key: keys.acme.key })).status).toBe(204)
      expect((await call(base, 'GET', `/monitors/${m.id}`, { key: keys.acme.key })).status).toBe(404)
    })

    it('bad monitor input: a missing or blank name, an unknown collection or document, a query or body where none is taken', async () => {
      const { base, keys } = served()
      const cases: [string, string, Parameters<typeof call>[3], number, string][] = [
        ['POST', '/monitors', {}, 400, 'body: POST /monitors needs a JSON body'],
        ['POST', '/monitors', { body: { name: '  ' } }, 400, 'name: must be a non-empty string'],
        ['POST', '/monitors', { body: { name: 'x', colour: 'red' } }, 400, "body: unknown field 'colour'"],
        ['GET', '/monitors?all=1', {}, 400, "query: GET /monitors takes no query parameters (got 'all')"],
        ['PUT', '/monitors/m/items/laws/1', {}, 400, 'collection: must be one of'],
      ]
      for (const [method, url, options, status, message] of cases) {
        const r = await call(base, method, url, { key: keys.acme.key, ...options })
        expect(r.status, `${method} ${url}`).toBe(status)
        expect((r.json as { error: string }).error, `${method} ${url}`).toContain(message)
      }
      const m = (await call(base, 'POST', '/monitors', { key: keys.acme.key, body: { name: 'Tmp' } })).json as { id: string }
      const missing = await call(base, 'PUT', `/monitors/${m.id}/items/dou/no-such-act`, { key: keys.acme.key })
      expect([missing.status, missing.json]).toEqual([404, { error: "dou document 'no-such-act' not found", code: 'not_found' }])
      const withBody = await call(base, 'DELETE', `/monitors/${m.id}`, { key: keys.acme.key, body: { really: true } })
      expect(withBody.status).toBe(400)
      expect((await call(base, 'DELETE', `/monitors/${m.id}`, { key: keys.acme.key })).status).toBe(204)
    })
  })

  describe('abuse: each refused with its status and code; the server stays up and the data unchanged', () => {
    it('malformed JSON, over-limit and wrong-type bodies, 10,000 parameters, huge URLs, unknown routes, bad keys', async () => {
      const { base, keys } = served()
      const before = fingerprint()
      const key = keys.acme.key
      const many = Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&')
      const cases: [string, string, Parameters<typeof call>[3], number, string][] = [
        ['POST', '/search/propositions', { key, raw: '{"q":', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
        [
          'POST',
          '/search/propositions',
          { key, raw: '[1,2', headers: { 'content-type': 'application/json; charset=utf-8' } },
          400,
          'invalid_json',
        ],
        [
          'POST',
          '/search/dou',
          { key, raw: Buffer.alloc(2 * 1024 * 1024, 0x20), headers: { 'content-type': 'application/json' } },
          413,
          'payload_too_large',
        ],
        [
          'POST',
          '/search/propositions',
          { key, raw: 'q=lei', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          400,
          'invalid_json',
        ],
        ['POST', '/search/propositions', { key, raw: '<q/>', headers: { 'content-type': 'text/xml' } }, 400, 'invalid_json'],
        ['POST', `/search/propositions?${many}`, { key }, 400, 'invalid_parameters'],
        ['POST', `/search/propositions?q=${'a'.repeat(300 * 1024)}`, { key }, 400, 'invalid_parameters'],
        ['POST', '/search/propositions?limit=1&limit=2', { key }, 400, 'invalid_parameters'],
        ['POST', '/search/propositions', { key, body: ['not', 'an', 'object'] }, 400, 'invalid_parameters'],
        [
          'POST',
          '/search/propositions',
          { key, raw: '{"__proto__":{"polluted":true},"keywords":{}}', headers: { 'content-type': 'application/json' } },
          400,
          'invalid_parameters',
        ],
        ['GET', '/../../etc/passwd', { key }, 404, 'not_found'],
        ['DELETE', '/search/propositions', { key }, 404, 'not_found'],
        ['POST', '/search/propositions', { key: 'DROP TABLE docs;--' }, 401, 'unauthorized'],
        ['POST', '/search/propositions', { key: keys.basic.key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }, 401, 'unauthorized'],
        ['POST', '/search/irs', { key: keys.basic.key }, 403, 'forbidden'],
        ['POST', '/search/propositions', { key: `${key}, ${key}` }, 401, 'unauthorized'],
        ['GET', '/stakeholders/%E0%A4%A', { key }, 400, 'invalid_parameters'],
        ['GET', '/watchlist/%', { key }, 400, 'invalid_parameters'],
        ['GET', `/stakeholders/${'a'.repeat(9000)}`, { key }, 400, 'invalid_parameters'],
        [
          'POST',
          '/monitors',
          { key, raw: Buffer.from('{"name":"caf\xe9"}', 'latin1'), headers: { 'content-type': 'application/json' } },
          400,
          'invalid_json',
        ],
        [
          'PUT',
          '/monitors/m/items/dou/x',
          { key, raw: Buffer.alloc(2 * 1024 * 1024, 0x20), headers: { 'content-type': 'application/json' } },
          413,
          'payload_too_large',
        ],
      ]
      for (const [method, url, options, status, code] of cases) {
        const r = await call(base, method, url, options)
        expect([r.status, (r.json as { code: string }).code], `${method} ${url.slice(0, 60)}`).toEqual([status, code])
        // Nothing internal is disclosed.
        expect(r.text).not.toMatch(/SQLITE|sqlite|\bat \w+ \(|node_modules|FST_|\/tmp\//)
      }
      expect((await call(base, 'GET', '/healthz')).status).toBe(200)
      expect((await call(base, 'POST', '/search/propositions', { key })).status).toBe(200)
      expect(fingerprint()).toBe(before)
    })

    it('a repeated key, a request without Host, a query on the health check, a trailing slash', async () => {
      const { base, keys } = served()
      const twice = await fetch(`${base}/watchlist`, {
        headers: new Headers([
          ['x-api-key', keys.acme.key],
          ['x-api-key', keys.acme.key],
        ]),
      })
      expect(await twice.json()).toEqual({ error: 'x-api-key: sent more than once; send one key', code: 'unauthorized' })
      const raw = await rawRequest(base, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n')
      expect(raw).toMatch(/^HTTP\/1\.1 200 /)
      expect(raw).toMatch(/\{"status":"ok"\}$/)
      const garbage = await rawRequest(base, 'HELLO\r\n\r\n')
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /)
      expect(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({ error: 'request: not a valid HTTP request', code: 'invalid_parameters' }),
      )
      expect((await call(base, 'GET', '/healthz?probe=1')).status).toBe(200)
      expect((await call(base, 'GET', '/healthz/')).json).toEqual({
        error: "no route GET /healthz/; the API's paths are listed at /openapi.json",
        code: 'not_found',
      })
    })

    it('a body nested too deep to cross to a worker thread is answered as the library answers it', async () => {
      const { base, keys, lib } = served()
      const depth = 200_000
      const text = `{"keywords":{"and":${'['.repeat(depth)}${']'.repeat(depth)}}}`
      const r = await call(base, 'POST', '/search/propositions', {
        key: keys.acme.key,
        raw: text,
        headers: { 'content-type': 'application/json' },
      })
      expect([r.status, r.json]).toEqual([400, errorOf(() => lib.searchPropositions({}, JSON.parse(text))).toJSON()])
    })

    it('keys never appear in the server’s log', async () => {
      const { base, keys, logs } = served()
      await call(base, 'POST', '/search/propositions', { key: keys.acme.key })
      await call(base, 'POST', '/search/dou', { key: keys.basic.key })
      await call(base, 'POST', '/search/dou', { key: `${keys.other.key}zz` })
      const log = logs()
      expect(log).toContain('"url":"/search/propositions"')
      for (const k of [keys.acme, keys.basic, keys.other, keys.slow]) {
        expect(log).not.toContain(k.key)
        expect(log).not.toContain(k.key.slice('lsk_'.length + 13))
      }
    })
  })

  it('503 busy: a monitor write while another connection holds the write lock waits without stalling other requests; nothing written', async () => {
    const { base, keys, path } = served()
    const other = new Database(path)
    other.exec('BEGIN IMMEDIATE')
    const order: string[] = []
    try {
      const blocked = call(base, 'POST', '/monitors', { key: keys.other.key, body: { name: 'Blocked' } }).then((r) => {
        order.push('monitor')
        return r
      })
      const health = call(base, 'GET', '/healthz').then((r) => {
        order.push('healthz')
        return r
      })
      const [r, h] = await Promise.all([blocked, health])
      expect(h.status).toBe(200)
      // The write is retried off the event loop: the health check sent after it is answered first.
      expect(order).toEqual(['healthz', 'monitor'])
      expect([r.status, r.json]).toEqual([
        503,
        { error: 'the snapshot is being written by another process; nothing was written, retry in a moment', code: 'busy' },
      ])
      expect(r.text).not.toContain(path)
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect((await call(base, 'GET', '/monitors', { key: keys.other.key })).json).toEqual({ data: [] })
    const created = await call(base, 'POST', '/monitors', { key: keys.other.key, body: { name: 'Free' } })
    expect(created.status).toBe(201)
    expect((await call(base, 'DELETE', `/monitors/${(created.json as { id: string }).id}`, { key: keys.other.key })).status).toBe(204)
  })

  it('500 internal_error leaks nothing: the file damaged under the running server', async () => {
    const { base, keys, path } = served()
    const db = new Database(path)
    db.exec('DROP TABLE stakeholders')
    db.close()
    const r = await call(base, 'GET', '/stakeholders/anyone', { key: keys.acme.key })
    expect([r.status, r.json]).toEqual([
      500,
      { error: 'internal error: the request could not be answered; nothing was changed', code: 'internal_error' },
    ])
    expect((await call(base, 'GET', '/healthz')).status).toBe(200)
  })
})
