/**
 * A damaged snapshot under the HTTP server (issue 22, item 9): a search that meets the damage is
 * answered 500 `corrupt`, saying what happened but not where the file is; the operator's log names
 * the file and what to do.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { LegisearchError, openSnapshot } from 'legisearch'
import { createServer } from '@legisearch/server'
import { answerOf } from '../../packages/server/src/backend.js'
import { tempDir } from '../helpers/tmp-snapshot.js'
import { CORPORA, call, logSink } from './support.js'
import { untyped } from '../helpers/untyped.js'

const PAGE = 4096

describe('HTTP server over a damaged snapshot', () => {
  it('a search meeting the damage is 500 `corrupt`, the path kept for the log', async () => {
    const file = join(tempDir(), 'snapshot.db')
    const snap = openSnapshot(file)
    for (const c of CORPORA) snap.upsert(c, untyped([...generate(c, 60)] as unknown[]))
    const key = snap.createApiKey({ client: 'ACME', plan: 'full' }).key
    snap.close()
    const bytes = readFileSync(file)
    const page = Math.floor(bytes.length / PAGE / 3)
    bytes.fill(0, page * PAGE, (page + 1) * PAGE)
    writeFileSync(file, bytes)

    // A page of results the library cannot read: the damage is there.
    const lib = openSnapshot(file, { readonly: true })
    let hit: string | undefined
    for (const c of CORPORA) {
      for (let p = 1; p <= 3 && hit === undefined; p++) {
        try {
          lib.search(c, { limit: 20, page: p })
        } catch (e) {
          if (e instanceof LegisearchError && e.code === 'corrupt') hit = `/search/${c}?limit=20&page=${p}`
          else throw e
        }
      }
    }
    lib.close()
    expect(hit).toBeDefined()

    const sink = logSink()
    const server = await createServer({ snapshot: file, workers: 0, logger: sink.stream })
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' })
      const r = await call(base, 'POST', hit as string, { key })
      expect(r.status).toBe(500)
      expect(r.json).toEqual({
        error:
          'the snapshot this server serves is damaged; nothing was changed. Its operator must restore it from a copy or build it again',
        code: 'corrupt',
      })
      expect(r.text).not.toContain(file)
      expect(sink.text()).toContain(file)
      expect(sink.text()).toMatch(/restore it from a copy/)
      expect((await call(base, 'GET', '/healthz')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

describe('what a client is told of the snapshot file', () => {
  it.each([
    [new LegisearchError('busy', 'snapshot /srv/secret/snap.db is busy: another connection holds its lock'), 503, 'busy'],
    [new LegisearchError('corrupt', 'snapshot /srv/secret/snap.db is damaged'), 500, 'corrupt'],
    [new LegisearchError('internal_error', 'snapshot /srv/secret/snap.db: SQLite failed (SQLITE_IOERR)'), 500, 'internal_error'],
  ])('%s: its status and code, not the path (kept for the log)', (e, status, code) => {
    const told = answerOf(e)
    expect([told.status, told.code]).toEqual([status, code])
    expect(told.message).not.toContain('/srv/secret')
    expect(told.detail).toBe(e.message)
  })
})
