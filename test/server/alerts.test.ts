/**
 * Saved searches and alerts over HTTP, on a real server on loopback: save (checked, 201, the secret
 * once), list, alerts after a write by another connection (exactly the new matching documents, as
 * the library shows them), the webhook POSTed once and signed after the answer, a second check
 * empty, delete; scoped to the calling client and to the `monitors` endpoint of a key's plan.
 */
import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { loopbackServers } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { call, servedSnapshot } from './support.js'
import { untyped } from '../helpers/untyped.js'

const hooks = loopbackServers()

describe('HTTP saved searches and alerts', () => {
  // The webhook receiver is on 127.0.0.1: this server allows private targets (--webhooks-allow-private).
  const served = servedSnapshot({ workers: 0, webhooks: { allowPrivate: true } })

  it('saves, lists, checks (webhook signed, once) and deletes', async () => {
    const { base, keys, path } = served()
    const received: { body: string; signature: string; delivery: string }[] = []
    const port = await hooks((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['x-legisearch-signature']),
          delivery: String(req.headers['x-legisearch-delivery']),
        })
        res.end()
      })
    })
    const key = keys.acme.key
    const monitor = (await call(base, 'POST', '/monitors', { key, body: { name: 'Alertas' } })).json as { id: string }
    const url = `/monitors/${monitor.id}`

    const bad = await call(base, 'POST', `${url}/searches`, { key, body: { collection: 'propositions', query: 'sort=sideways' } })
    expect(bad.status).toBe(400)
    expect((bad.json as { error: string }).error).toMatch(/^query\.sort: /)
    const badHook = await call(base, 'POST', `${url}/searches`, { key, body: { collection: 'dou', webhook: 'javascript:alert(1)' } })
    expect([badHook.status, (badHook.json as { error: string }).error]).toEqual([
      400,
      'webhook: must be an http:// or https:// URL (other schemes are refused)',
    ])

    const saved = await call(base, 'POST', `${url}/searches`, {
      key,
      body: {
        collection: 'propositions',
        query: { q: 'alertas', sort: 'older' },
        name: 'Alertas',
        webhook: `http://127.0.0.1:${port}/in`,
      },
    })
    expect(saved.status).toBe(201)
    const s = saved.json as { id: string; webhookSecret: string }
    expect(s.webhookSecret).toMatch(/^whsec_/)
    const listed = await call(base, 'GET', `${url}/searches`, { key })
    expect(listed.json).toMatchObject({ data: [{ id: s.id, name: 'Alertas', webhook: `http://127.0.0.1:${port}/in` }] })
    expect(listed.text).not.toContain(s.webhookSecret)
    expect((await call(base, 'GET', `${url}/alerts`, { key })).json).toEqual({ data: [], more: [] })

    // Another connection writes (as an ingest would): two match, one does not.
    const w = openSnapshot(path)
    w.upsert(
      'propositions',
      untyped([
        proposition('alert-1', { number: 9001, title: 'Alertas de teste um' }),
        proposition('alert-2', { number: 9002, title: 'Outro assunto' }),
        proposition('alert-3', { number: 9003, title: 'Alertas de teste três' }),
      ]),
    )
    const expected = w
      .searchPropositions({ q: 'alertas', sort: 'older', limit: 20 }, undefined, { clientId: 'ACME' })
      .results.filter((r) => r.id.startsWith('alert-'))
    w.close()

    const alerts = await call(base, 'GET', `${url}/alerts?limit=2`, { key })
    expect(alerts.status).toBe(200)
    const data = (alerts.json as { data: { searchId: string; collection: string; document: { id: string } }[] }).data
    expect(data.map((a) => [a.searchId, a.collection, a.document.id])).toEqual([
      [s.id, 'propositions', 'alert-1'],
      [s.id, 'propositions', 'alert-3'],
    ])
    expect(data.map((a) => a.document)).toEqual(expected)

    // The webhook goes after the answer: wait for it.
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(received).toHaveLength(1)
    const r = received[0] as { body: string; signature: string }
    expect(r.signature).toBe(`sha256=${createHmac('sha256', s.webhookSecret).update(r.body).digest('hex')}`)
    expect((JSON.parse(r.body) as { documents: unknown[] }).documents).toEqual(data.map((a) => a.document))

    expect((await call(base, 'GET', `${url}/alerts?limit=1000`, { key })).json).toEqual({ data: [], more: [] })
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'limt=5']) {
      const refused = await call(base, 'GET', `${url}/alerts?${query}`, { key })
      expect(refused.status).toBe(400)
      expect(refused.text).toMatch(query.startsWith('limit') ? /limit.*from 1 to 1000/ : /limt/)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toHaveLength(1)

    // Another client's key sees none of it; a plan without monitors may not call it.
    for (const [method, path] of [
      ['GET', `${url}/searches`],
      ['GET', `${url}/alerts`],
      ['DELETE', `${url}/searches/${s.id}`],
    ] as const) {
      expect((await call(base, method, path, { key: keys.other.key })).status).toBe(404)
      expect((await call(base, method, path, { key: keys.basic.key })).status).toBe(403)
    }
    expect((await call(base, 'DELETE', `${url}/searches/${s.id}`, { key })).status).toBe(204)
    expect((await call(base, 'DELETE', `${url}/searches/${s.id}`, { key })).status).toBe(404)
    expect((await call(base, 'GET', `${url}/searches`, { key })).json).toEqual({ data: [] })
  })
})

describe('HTTP saved searches: webhook targets by default', () => {
  const served = servedSnapshot({ workers: 0 })

  it('refuses a loopback, private or link-local webhook with 400 naming webhook and the opt-in', async () => {
    const { base, keys } = served()
    const key = keys.acme.key
    const monitor = (await call(base, 'POST', '/monitors', { key, body: { name: 'Alertas' } })).json as { id: string }
    for (const [webhook, why] of [
      ['http://127.0.0.1:8787/in', '127.0.0.1 is a loopback address'],
      ['http://[::1]/in', '::1 is a loopback address'],
      ['http://localhost/in', 'localhost names this machine'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['http://10.1.2.3/in', '10.1.2.3 is a private address'],
    ] as const) {
      const r = await call(base, 'POST', `/monitors/${monitor.id}/searches`, { key, body: { collection: 'dou', webhook } })
      expect(r.status).toBe(400)
      expect(r.json).toMatchObject({ code: 'invalid_parameters' })
      expect((r.json as { error: string }).error).toMatch(new RegExp(`^webhook: ${why.replace(/[.[\]]/g, '\\$&')}`))
      expect((r.json as { error: string }).error).toContain('--webhooks-allow-private')
    }
    expect((await call(base, 'GET', `/monitors/${monitor.id}/searches`, { key })).json).toEqual({ data: [] })
  })
})
