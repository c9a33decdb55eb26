/**
 * `legisearch keys` and `legisearch serve` run as a user runs them (child processes): a key is
 * printed once and works, is listed without its secret, and is refused once revoked; `serve`
 * binds 127.0.0.1, prints a demo key that answers a search, and stops on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { describe, expect, it, onTestFinished } from 'vitest'
import { CLI, cliArgs, runCli as run } from '../helpers/cli.js'
import { keyIdOf } from '../../packages/legisearch/src/api/keys.js'
import { openSnapshot } from 'legisearch'
import { fill } from '../server/support.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

/** `legisearch serve …` until it prints its address; killed when the test ends. */
async function serve(...args: string[]): Promise<{ child: ChildProcess; base: string; err: () => string }> {
  const child = spawn(process.execPath, cliArgs('serve', '--port', '0', ...args), { stdio: ['ignore', 'pipe', 'pipe'] })
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  let err = ''
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString()
      const m = /at (http:\/\/\S+)/.exec(err)
      if (m?.[1] && /API reference/.test(err)) resolve(m[1])
    })
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)))
  })
  return { child, base, err: () => err }
}

const searchWith = (base: string, key: string) =>
  fetch(`${base}/search/propositions?limit=1`, { method: 'POST', headers: { 'x-api-key': key } }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, unknown>,
  }))

describe('legisearch keys and serve', () => {
  it('a key id never starts with "-" (`keys revoke <id>` would read it as an option): one in 64 random ids did', () => {
    // 0xf8…: base64url '-AAAAAAAAAAA'.
    expect(keyIdOf(Buffer.from([0xf8, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('kAAAAAAAAAAA')
    expect(keyIdOf(Buffer.from([0x04, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('BAAAAAAAAAAA')
    const id = keyIdOf(Buffer.from([0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))
    expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{11}$/)
    // And such an id is revoked from the command line.
    const path = tempSnapshotPath('dash.db')
    const snap = openSnapshot(path)
    snap.close()
    expect(run('keys', 'revoke', '--snapshot', path, id)).toMatchObject({
      code: 2,
      err: expect.stringContaining(`API key '${id}' not found`),
    })
  })

  it('keys create prints the key once; list shows no secret; revoke refuses it; bad input exits 2 naming the option', async () => {
    const path = tempSnapshotPath()
    const s = openSnapshot(path)
    fill(s)
    s.close()
    const created = run('keys', 'create', '--snapshot', path, '--client', 'ACME', '--plan', 'basic', '--rate', '30', '--json')
    expect(created.code, created.err).toBe(0)
    const key = JSON.parse(created.out) as { key: string; id: string; endpoints: string[]; ratePerMinute: number }
    expect(key.key).toMatch(/^lsk_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/)
    expect([key.endpoints, key.ratePerMinute]).toEqual([['search/propositions', 'watchlist', 'stakeholders'], 30])

    const listed = run('keys', 'list', '--snapshot', path)
    expect(listed.code, listed.err).toBe(0)
    expect(listed.out).toContain(key.id)
    expect(listed.out).toContain('ACME')
    expect(listed.out).not.toContain(key.key.slice(17))
    expect(run('keys', 'list', '--snapshot', path, '--json').out).not.toContain(key.key.slice(17))

    const server = await serve('--snapshot', path, '--workers', '0')
    expect(server.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await searchWith(server.base, key.key)).status).toBe(200)
    const revoked = run('keys', 'revoke', '--snapshot', path, key.id)
    expect([revoked.code, revoked.out]).toEqual([0, `revoked ${key.id}\n`])
    expect(await searchWith(server.base, key.key)).toEqual({
      status: 401,
      body: { error: 'x-api-key: unknown or revoked key', code: 'unauthorized' },
    })
    expect(run('keys', 'revoke', '--snapshot', path, key.id)).toMatchObject({
      code: 2,
      err: `legisearch: API key '${key.id}' not found or already revoked\n`,
    })

    const badPlan = run('keys', 'create', '--snapshot', path, '--client', 'ACME', '--plan', 'gold')
    expect([badPlan.code, badPlan.err]).toEqual([2, 'legisearch: plan: must be one of basic, standard, full (got "gold")\n'])
    const badEndpoint = run('keys', 'create', '--snapshot', path, '--client', 'ACME', '--plan', 'basic', '--endpoints', 'search/laws')
    expect(badEndpoint.code).toBe(2)
    expect(badEndpoint.err).toMatch(/^legisearch: endpoints\[0\]: must be one of search\/propositions, .*\(got "search\/laws"\)\n$/)
    const badRate = run('keys', 'create', '--snapshot', path, '--client', 'ACME', '--plan', 'basic', '--rate', 'lots')
    expect([badRate.code, badRate.err]).toEqual([2, "legisearch: --rate: must be a whole number of requests a minute (got 'lots')\n"])
    expect(run('keys', 'list', '--snapshot', path, '--json').out).toContain(key.id)
    expect((JSON.parse(run('keys', 'list', '--snapshot', path, '--json').out) as unknown[]).length).toBe(1)

    server.child.kill('SIGTERM')
    expect(await new Promise((resolve) => server.child.once('exit', (code) => resolve(code)))).toBe(0)
  })

  it('serve --demo-key prints a key that answers a search; a second start revokes the first demo key', async () => {
    const path = tempSnapshotPath()
    const s = openSnapshot(path)
    fill(s)
    s.close()
    const first = await serve('--snapshot', path, '--workers', '1', '--demo-key')
    const key1 = /demo key \(client 'demo', plan full\): (lsk_\S+)/.exec(first.err())?.[1] ?? ''
    expect(first.err()).toContain(`curl -H 'x-api-key: ${key1}' -X POST '${first.base}/search/propositions?q=reforma&limit=2'`)
    expect(first.err()).toContain('1 worker threads')
    expect((await searchWith(first.base, key1)).status).toBe(200)
    const second = await serve('--snapshot', path, '--workers', '0', '--demo-key')
    const key2 = /plan full\): (lsk_\S+)/.exec(second.err())?.[1] ?? ''
    expect(key2).not.toBe(key1)
    expect((await searchWith(second.base, key2)).status).toBe(200)
    expect((await searchWith(second.base, key1)).status).toBe(401)
  })

  it('serve refuses bad options naming them, and a file that is not a snapshot', () => {
    expect(run('serve', '--port', '99999')).toMatchObject({
      code: 2,
      err: "legisearch: --port: must be a whole number from 0 to 65535 (got '99999')\n",
    })
    expect(run('serve', '--workers', 'many')).toMatchObject({
      code: 2,
      err: "legisearch: --workers: must be a whole number from 0 to 64 (got 'many')\n",
    })
    const notSnapshot = run('serve', '--snapshot', CLI)
    expect(notSnapshot.code).toBe(2)
    expect(notSnapshot.err).toMatch(/is not a legisearch snapshot/)
  })
})
