/**
 * Webhooks of saved searches against receivers on 127.0.0.1: each check POSTs a saved search's new
 * documents once, signed with the secret told at save time; a receiver failing twice with 500 gets
 * them on the third try (backoff injected small); a 4xx is not tried again; a refused connection
 * is tried as often as the pauses allow; a webhook never holds the check's transaction.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { webhookSignature } from '../../src/index.js'
import { loopbackServers, refusedPort } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'

const serve = loopbackServers()

interface Received {
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** A receiver answering the statuses given, one per request (the last one after that). */
async function receiver(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  const port = await serve((req, res) => {
    void bodyOf(req).then((body) => {
      received.push({ headers: req.headers, body })
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] as number
      res.end('ok')
    })
  })
  return { url: `http://127.0.0.1:${port}/hook`, received }
}

/** Whether a request carries a valid signature of its raw body with `secret` (as a receiver checks it). */
function signedWith(secret: string, r: Received): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`)
  const given = Buffer.from(String(r.headers['x-legisearch-signature']))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function setup(webhook: string) {
  const snap = tempSnapshot()
  const m = snap.createMonitor('acme', 'M')
  const s = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma', sort: 'older' }, webhook })
  const quiet = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'nada' }, webhook })
  snap.upsert('propositions', [
    proposition('n1', { number: 1, title: 'Reforma tributária' }),
    proposition('n2', { number: 2, title: 'Saúde' }),
    proposition('n3', { number: 3, title: 'Reforma administrativa' }),
  ])
  return { snap, m, s, quiet, secret: s.webhookSecret as string }
}

describe('webhooks', () => {
  it('a receiver gets each saved search’s new documents exactly once, signed; a check with nothing new sends nothing', async () => {
    const { url, received } = await receiver([200])
    const { snap, m, s, secret } = setup(url)
    const { data, deliveries } = snap.checkAlertsAndNotify('acme', m.id, { retryDelaysMs: [5, 5] })
    const done = await deliveries
    expect(done).toEqual([{ searchId: s.id, url, deliveryId: expect.any(String), documents: 2, delivered: true, attempts: 1, status: 200 }])
    expect(received).toHaveLength(1)
    const [r] = received as [Received]
    expect(signedWith(secret, r)).toBe(true)
    expect(r.headers['x-legisearch-signature']).toBe(webhookSignature(secret, r.body))
    expect(signedWith('whsec_other', r)).toBe(false)
    expect(r.headers['content-type']).toBe('application/json')
    expect(r.headers['x-legisearch-delivery']).toBe(done[0]?.deliveryId)
    expect(Math.abs(Number(r.headers['x-legisearch-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    const payload = JSON.parse(r.body) as {
      searchId: string
      monitorId: string
      collection: string
      documents: unknown[]
      deliveryId: string
    }
    expect(payload).toMatchObject({ searchId: s.id, monitorId: m.id, collection: 'propositions', deliveryId: done[0]?.deliveryId })
    expect(payload.documents).toEqual(data.filter((a) => a.searchId === s.id).map((a) => a.document))
    expect(payload.documents.map((d) => (d as { id: string }).id)).toEqual(['n1', 'n3'])

    // Checked again: nothing new, nothing sent.
    const next = snap.checkAlertsAndNotify('acme', m.id, { retryDelaysMs: [5] })
    expect(next.data).toEqual([])
    expect(await next.deliveries).toEqual([])
    expect(received).toHaveLength(1)
  })

  it('a receiver failing twice with 500 gets them on the third try, with the same delivery id and a valid signature each time', async () => {
    const { url, received } = await receiver([500, 500, 200])
    const { snap, secret } = setup(url)
    const started = Date.now()
    const done = await snap.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [20, 40, 80] }).deliveries
    expect(done).toMatchObject([{ delivered: true, attempts: 3, status: 200, documents: 2 }])
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
    expect(received).toHaveLength(3)
    expect(new Set(received.map((r) => r.headers['x-legisearch-delivery'])).size).toBe(1)
    expect(new Set(received.map((r) => r.body)).size).toBe(1)
    expect(received.every((r) => signedWith(secret, r))).toBe(true)
    // Marked seen at the check, whatever the webhook did.
    expect(snap.checkAlerts('acme').data).toEqual([])
  })

  it('gives up after the last pause; a 4xx is not tried again', async () => {
    const failing = await receiver([503])
    const a = setup(failing.url)
    const done = await a.snap.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [1, 1] }).deliveries
    expect(done).toMatchObject([{ delivered: false, attempts: 3, status: 503, error: 'answered HTTP 503' }])
    expect(failing.received).toHaveLength(3)

    const refusing = await receiver([404])
    const b = setup(refusing.url)
    expect(await b.snap.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [1, 1] }).deliveries).toMatchObject([
      { delivered: false, attempts: 1, status: 404 },
    ])

    const port = await refusedPort()
    const c = setup(`http://127.0.0.1:${port}/hook`)
    const [refused] = await c.snap.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [1] }).deliveries
    expect(refused).toMatchObject({ delivered: false, attempts: 2 })
    expect(refused?.error).toMatch(/ECONNREFUSED/)
  })

  it('is sent after the check committed: the receiver can read the snapshot meanwhile, and the check is marked', async () => {
    let seenAtDelivery: number | undefined
    const snapRef: { current?: ReturnType<typeof setup> } = {}
    const port = await serve((req, res) => {
      void bodyOf(req).then(() => {
        // Another write on the same file while the webhook is being delivered: no lock is held.
        snapRef.current?.snap.upsert('propositions', [proposition('n9', { title: 'Reforma nova' })])
        seenAtDelivery = snapRef.current?.snap.listSavedSearches('acme', snapRef.current.m.id)[0]?.checkedAt === null ? 0 : 1
        res.end()
      })
    })
    snapRef.current = setup(`http://127.0.0.1:${port}/`)
    const done = await snapRef.current.snap.checkAlertsAndNotify('acme').deliveries
    expect(done).toMatchObject([{ delivered: true }])
    expect(seenAtDelivery).toBe(1)
    expect(snapRef.current.snap.checkAlerts('acme').data.map((a) => a.document.id)).toEqual(['n9'])
  })

  it('refuses bad options before checking (nothing is marked seen)', () => {
    const { snap } = setup('http://127.0.0.1:9/')
    expect(() => snap.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [-1] })).toThrow(/retryDelaysMs/)
    expect(snap.checkAlerts('acme').data).toHaveLength(2)
  })
})
