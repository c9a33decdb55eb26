/**
 * Issue 22, item 12: the command never prints the credentials or the query values of a URL it is
 * given (`watchlist update --url`, `fetch --base-url`), in its errors as in its progress.
 */
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'

const CLI = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url))

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

/** A loopback port nothing listens on (taken, then freed). */
async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('legisearch and URLs with credentials', () => {
  it('watchlist update --url: the failure names the URL without the password or the token', async () => {
    const port = await refusedPort()
    const r = run('watchlist', 'update', '--url', `http://user:secret@127.0.0.1:${port}/x?token=abc`, '--snapshot', tempSnapshotPath())
    expect(r.code).not.toBe(0)
    expect(r.err).toContain(`http://***@127.0.0.1:${port}/x?token=***`)
    expect(r.err + r.out).not.toMatch(/secret|abc/)
  })

  it('fetch --base-url: likewise', async () => {
    const port = await refusedPort()
    const dir = join(tempDir(), 'downloads')
    const r = run('fetch', 'un', '--base-url', `http://user:secret@127.0.0.1:${port}/m/?token=abc`, '--dir', dir, '--timeout-ms', '5000')
    expect(r.code).not.toBe(0)
    expect(r.err).toContain(`http://***@127.0.0.1:${port}/`)
    expect(r.err + r.out).not.toMatch(/secret|abc/)
  }, 30_000)
})
