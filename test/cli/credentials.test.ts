/**
 * Issue 22, item 12: the command never prints the credentials or the query values of a URL it is
 * given (`watchlist update --url`, `fetch --base-url`), in its errors as in its progress.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli as run } from '../helpers/cli.js'
import { refusedPort } from '../helpers/loopback.js'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'

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
