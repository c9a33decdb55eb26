/**
 * A new snapshot published by atomic rename over the served path: the running server answers from
 * the new file within `watchMs`, and no request fails meanwhile (docs/scaling.md).
 */
import { copyFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { createServer } from '@legisearch/server'
import { liveSnapshot } from '../../packages/server/src/live-snapshot.js'
import { proposition } from '../helpers/records.js'
import { tempDir } from '../helpers/tmp-snapshot.js'
import { call } from './support.js'
import { untyped } from '../helpers/untyped.js'

/** The number of propositions a search for `word` finds over HTTP. */
async function found(base: string, key: string, word: string): Promise<number> {
  const r = await call(base, 'POST', `/search/propositions?q=${word}`, { key, body: {} })
  expect(r.status).toBe(200)
  return (r.json as { pagination: { total: number } }).pagination.total
}

describe.each([0, 1])('a snapshot swapped under a running server (%i worker threads)', (workers) => {
  it('answers from the new file once it is renamed over the path, with no failed request', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'current.db')
    const next = path.join(dir, 'next.db')
    const snap = openSnapshot(file)
    snap.upsert('propositions', untyped([proposition('p-alfa', { summary: 'alfa' })]))
    const key = snap.createApiKey({ client: 'ACME', plan: 'full', ratePerMinute: 1_000_000 }).key
    snap.close()
    copyFileSync(file, next)
    const newer = openSnapshot(next)
    newer.upsert('propositions', untyped([proposition('p-bravo', { summary: 'bravo' })]))
    newer.close()

    const server = await createServer({ snapshot: file, workers, readonly: true, watchMs: 50 })
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' })
      expect(await found(base, key, 'bravo')).toBe(0)

      // Requests all along the swap: every one must be answered 200.
      const statuses: number[] = []
      let running = true
      const load = (async () => {
        while (running) statuses.push((await call(base, 'POST', '/search/propositions?q=alfa', { key, body: {} })).status)
      })()
      await new Promise((r) => setTimeout(r, 100))
      renameSync(next, file)
      let seen = 0
      for (let i = 0; i < 100 && seen === 0; i++) {
        seen = await found(base, key, 'bravo')
        if (seen === 0) await new Promise((r) => setTimeout(r, 50))
      }
      await new Promise((r) => setTimeout(r, 100))
      running = false
      await load

      expect(seen).toBe(1)
      expect(statuses.length).toBeGreaterThan(5)
      expect(statuses.filter((s) => s !== 200)).toEqual([])
      expect(await found(base, key, 'alfa')).toBe(1)
    } finally {
      await server.close()
    }
  })
})

describe('a new file that cannot be opened', () => {
  it('is told and skipped: the server goes on answering from the file it has', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'current.db')
    const snap = openSnapshot(file)
    snap.upsert('propositions', untyped([proposition('p-alfa', { summary: 'alfa' })]))
    const key = snap.createApiKey({ client: 'ACME', plan: 'full' }).key
    snap.close()
    const server = await createServer({ snapshot: file, workers: 0, readonly: true, watchMs: 20 })
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' })
      const bad = path.join(dir, 'bad.db')
      writeFileSync(bad, 'not a snapshot, not SQLite either')
      renameSync(bad, file)
      await new Promise((r) => setTimeout(r, 60))
      expect(await found(base, key, 'alfa')).toBe(1)
      await new Promise((r) => setTimeout(r, 60))
      expect(await found(base, key, 'alfa')).toBe(1)
    } finally {
      await server.close()
    }
  })
})

describe('liveSnapshot', () => {
  it('tells a new file it cannot open once, keeps the one it has, and takes the next good file', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'current.db')
    const first = openSnapshot(file)
    first.upsert('propositions', untyped([proposition('p-alfa')]))
    first.close()
    copyFileSync(file, path.join(dir, 'good.db'))
    const good = openSnapshot(path.join(dir, 'good.db'))
    good.upsert('propositions', untyped([proposition('p-bravo')]))
    good.close()
    const told: string[] = []
    const live = liveSnapshot(
      file,
      () => openSnapshot(file, { readonly: true }),
      5,
      (line) => told.push(line),
    )
    const wait = () => new Promise((r) => setTimeout(r, 10))
    try {
      writeFileSync(path.join(dir, 'bad.db'), 'not a snapshot')
      renameSync(path.join(dir, 'bad.db'), file)
      for (let i = 0; i < 4; i++) {
        await wait()
        expect(live.current().counts().propositions).toBe(1)
      }
      expect(told).toHaveLength(1)
      expect(told[0]).toMatch(/could not be opened, still serving the previous one .*is not a legisearch snapshot/)
      renameSync(path.join(dir, 'good.db'), file)
      await wait()
      expect(live.current().counts().propositions).toBe(2)
      expect(told).toEqual([told[0], `serving the new file at ${file}`])
    } finally {
      live.close()
    }
  })
})

describe('a writable server', () => {
  it('keeps the file it opened: following a new one is refused, naming watchMs and what to pass', async () => {
    const file = path.join(tempDir(), 'current.db')
    openSnapshot(file).close()
    const e = await createServer({ snapshot: file, workers: 0, watchMs: 100 }).then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(e).toMatchObject({ status: 400, code: 'invalid_parameters', path: ['watchMs'] })
    expect((e as Error).message).toMatch(/^watchMs: a server follows a new file at its path only when it serves it readonly/)
  })
})
