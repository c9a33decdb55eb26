/**
 * `createServer`'s options: refused naming the option, CORS off unless origins are named, and an
 * in-memory snapshot refused with a worker pool.
 */
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { createServer } from '@legisearch/server'
import { rejectionOf } from '../helpers/errors.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

describe('createServer options', () => {
  it('refuses unknown and malformed options, naming them', async () => {
    const path = tempSnapshotPath()
    expect((await rejectionOf(createServer({ snapshot: path, workers: -1 }))).message).toBe(
      'options.workers: must be an integer from 0 to 64',
    )
    expect((await rejectionOf(createServer({ snapshot: path, port: 80 } as never))).message).toMatch(/^options: unknown option "port"/)
    expect((await rejectionOf(createServer({ snapshot: path, webhooks: { allowPrivate: 'yes' } } as never))).message).toBe(
      'options.webhooks.allowPrivate: must be a boolean',
    )
    expect((await rejectionOf(createServer({ snapshot: path, webhooks: { private: true } } as never))).message).toMatch(
      /^options\.webhooks: unknown option "private"/,
    )
    expect((await rejectionOf(createServer({ snapshot: ':memory:', workers: 2 }))).message).toBe(
      'workers: an in-memory snapshot cannot be shared with worker threads; use { workers: 0 } or a file',
    )
  })

  it('sends no CORS headers unless origins are named, then only for them', async () => {
    const path = tempSnapshotPath()
    const closed = await createServer({ snapshot: path, workers: 0 })
    const plain = await closed.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } })
    expect(plain.headers['access-control-allow-origin']).toBeUndefined()
    await closed.close()
    const open = await createServer({ snapshot: path, workers: 0, cors: ['https://app.example.org'] })
    const allowed = await open.app.inject({ url: '/healthz', headers: { origin: 'https://app.example.org' } })
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org')
    const other = await open.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    await open.close()
  })

  it('--readonly: searches and keys work; a monitor write is refused without naming the file', async () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    const { key } = snap.createApiKey({ client: 'ACME', plan: 'full' })
    snap.close()
    const server = await createServer({ snapshot: path, workers: 0, readonly: true })
    const headers = { 'x-api-key': key }
    expect((await server.app.inject({ method: 'POST', url: '/search/propositions', headers })).statusCode).toBe(200)
    const refused = await server.app.inject({ method: 'POST', url: '/monitors', headers, payload: { name: 'x' } })
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { error: 'this server serves its snapshot read-only (--readonly); monitors cannot be written', code: 'forbidden' },
    ])
    await server.close()
  })
})
