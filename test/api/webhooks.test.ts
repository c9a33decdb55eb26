/**
 * Webhooks of saved searches against receivers on 127.0.0.1: each check POSTs a saved search's new
 * documents once, signed with the secret told at save time; a receiver failing twice with 500 gets
 * them on the third try (backoff injected small); a 4xx is not tried again; a refused connection
 * is tried as often as the pauses allow; a webhook never holds the check's transaction. These
 * snapshots allow private targets (`{ webhooks: { allowPrivate: true } }`); without it, a target
 * that is or resolves to a loopback/private/link-local… address is refused, at save and at send.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import type { LookupAddress } from 'node:dns'
import { type PendingWebhook, deliverWebhooks, openSnapshot, webhookSignature } from 'legisearch'
import { bodyOf, loopbackServers, refusedPort } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const serve = loopbackServers()

interface Received {
  readonly headers: IncomingMessage['headers']
  readonly body: string
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
  const snap = tempSnapshot({ webhooks: { allowPrivate: true } })
  const m = snap.createMonitor('acme', 'M')
  const s = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'reforma', sort: 'older' }, webhook })
  const quiet = snap.saveSearch('acme', m.id, { collection: 'propositions', query: { q: 'nada' }, webhook })
  snap.upsert(
    'propositions',
    untyped([
      proposition('n1', { number: 1, title: 'Reforma tributária' }),
      proposition('n2', { number: 2, title: 'Saúde' }),
      proposition('n3', { number: 3, title: 'Reforma administrativa' }),
    ]),
  )
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
        snapRef.current?.snap.upsert('propositions', untyped([proposition('n9', { title: 'Reforma nova' })]))
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

describe('webhook targets', () => {
  const save = (webhook: string, allowPrivate?: boolean) => {
    const snap = tempSnapshot(allowPrivate === undefined ? undefined : { webhooks: { allowPrivate } })
    const m = snap.createMonitor('acme', 'M')
    try {
      return snap.saveSearch('acme', m.id, { collection: 'propositions', webhook })
    } catch (e) {
      return e as { status: number; path: unknown[]; message: string }
    }
  }

  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
    ['http://127.1.2.3:8080/', '127.1.2.3 is a loopback address'],
    ['http://[::1]/hook', '::1 is a loopback address'],
    ['http://localhost:8787/hook', 'localhost names this machine'],
    ['https://LOCALHOST./hook', 'localhost names this machine'],
    ['http://api.localhost/hook', 'api.localhost names this machine'],
    ['http://10.1.2.3/hook', '10.1.2.3 is a private address'],
    ['http://172.16.0.1/hook', '172.16.0.1 is a private address'],
    ['http://192.168.1.1/hook', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://[fe80::1]/hook', 'fe80::1 is a link-local address'],
    ['http://[fd12:3456::1]/hook', 'fd12:3456::1 is a private (unique local) address'],
    ['http://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is a loopback address'],
    ['http://[::ffff:10.0.0.1]/hook', '::ffff:a00:1 is a private address'],
    ['http://0.0.0.0/hook', '0.0.0.0 is an unspecified address'],
    ['http://[::]/hook', ':: is an unspecified address'],
    ['http://224.0.0.1/hook', '224.0.0.1 is a multicast address'],
    ['http://2130706433/hook', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/hook', '127.0.0.1 is a loopback address'],
  ])('a save refuses %s by default (400 naming webhook and how to allow it)', (url, why) => {
    const refused = save(url) as { status: number; path: unknown[]; message: string }
    expect(refused).toMatchObject({ status: 400, path: ['webhook'] })
    expect(refused.message).toContain(`webhook: ${why}`)
    expect(refused.message).toContain('{ webhooks: { allowPrivate: true } }')
    expect(refused.message).toContain('--webhooks-allow-private')
    expect(save(url, true)).toMatchObject({ webhook: url })
  })

  it('a save takes public addresses and names; the open option is checked', () => {
    for (const url of [
      'https://example.org/hook',
      'http://8.8.8.8/x',
      'http://[2001:4860::8888]/x',
      'http://172.32.0.1/',
      'http://localhost.example.org/',
    ]) {
      expect(save(url)).toMatchObject({ webhook: url })
    }
    expect(() => tempSnapshot({ webhooks: { allowPrivate: 'yes' } } as never)).toThrow(/webhooks\.allowPrivate: must be a boolean/)
    expect(() => tempSnapshot({ webhooks: { allowPrivat: true } } as never)).toThrow(/allowPrivat/)
  })

  /** A pending webhook to `url`, as a check makes one. */
  const pending = (url: string): PendingWebhook => ({
    searchId: 's1',
    url,
    secret: 'whsec_x',
    deliveryId: 'd1',
    documents: 1,
    payload: JSON.stringify({ documents: [{ id: 'n1' }] }),
  })
  /** A resolver answering 127.0.0.1 for every name (a public-looking name rebound to loopback). */
  const toLoopback = (names: string[]) => (host: string) => {
    names.push(host)
    return Promise.resolve<LookupAddress[]>([{ address: '127.0.0.1', family: 4 }])
  }

  it('a name resolving to 127.0.0.1 fails at send without the opt-in (not tried again); with it, the receiver gets it', async () => {
    const { received, url } = await receiver([200])
    const port = new URL(url).port
    const names: string[] = []
    const [refused] = await deliverWebhooks(
      [pending(`http://hooks.example.com:${port}/hook`)],
      { retryDelaysMs: [1, 1] },
      toLoopback(names),
    )
    expect(refused).toMatchObject({ delivered: false, attempts: 1 })
    expect(refused?.error).toMatch(
      /^hooks\.example\.com resolves to 127\.0\.0\.1, a loopback address: webhooks go to public addresses only/,
    )
    expect(names).toEqual(['hooks.example.com'])
    expect(received).toEqual([])

    const [sent] = await deliverWebhooks(
      [pending(`http://hooks.example.com:${port}/hook`)],
      { retryDelaysMs: [1], allowPrivate: true },
      toLoopback(names),
    )
    expect(sent).toMatchObject({ delivered: true, attempts: 1, status: 200 })
    expect(received).toHaveLength(1)
    expect(received[0]?.headers.host).toBe(`hooks.example.com:${port}`)
  })

  it('a name with any refused address among its answers is refused', async () => {
    const both = () =>
      Promise.resolve<LookupAddress[]>([
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ])
    const [refused] = await deliverWebhooks([pending('http://mixed.example.com/hook')], { retryDelaysMs: [1] }, both)
    expect(refused).toMatchObject({ delivered: false, attempts: 1 })
    expect(refused?.error).toMatch(/^mixed\.example\.com resolves to 10\.0\.0\.7, a private address/)
  })

  it('a webhook saved to 127.0.0.1 under the opt-in fails at send once the snapshot is opened without it', async () => {
    const { received, url } = await receiver([200])
    const path = tempSnapshotPath()
    const allowing = openSnapshot(path, { webhooks: { allowPrivate: true } })
    const m = allowing.createMonitor('acme', 'M')
    allowing.saveSearch('acme', m.id, { collection: 'propositions', webhook: url })
    allowing.upsert('propositions', untyped([proposition('n1', { title: 'Reforma' })]))
    allowing.close()
    const strict = openSnapshot(path)
    try {
      const [d] = await strict.checkAlertsAndNotify('acme', undefined, { retryDelaysMs: [1, 1] }).deliveries
      expect(d).toMatchObject({ delivered: false, attempts: 1 })
      expect(d?.error).toMatch(/^127\.0\.0\.1, a loopback address: webhooks go to public addresses only/)
      expect(received).toEqual([])
      // The per-call options do not take the policy: it is the operator's, at open.
      expect(() => strict.checkAlertsAndNotify('acme', undefined, { allowPrivate: true } as never)).toThrow(/allowPrivate/)
    } finally {
      strict.close()
    }
  })

  it('the localhost name fails at send (it resolves to loopback)', async () => {
    const { received, url } = await receiver([200])
    const [d] = await deliverWebhooks([pending(url.replace('127.0.0.1', 'localhost'))], { retryDelaysMs: [1] })
    expect(d).toMatchObject({ delivered: false, attempts: 1 })
    expect(d?.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/)
    expect(received).toEqual([])
  })
})
