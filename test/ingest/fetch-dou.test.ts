/**
 * `fetch dou` against a local stand-in for INLABS on 127.0.0.1: a login with credentials from the
 * environment (a fake account), the day's zips behind the session cookie, the sections a day does
 * not have skipped, a refused login, and credentials that never reach a file or a message.
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { fetchSource } from 'legisearch'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'
import { cliArgs } from '../helpers/cli.js'

const DAY = '2023-05-23'
const ZIPS: Record<string, string> = {
  DO2: 'inlabs-xml-2023-05-23-DO2.zip',
  DO2E: 'inlabs-xml-2023-05-23-DO2E.zip',
  DO3: 'inlabs-xml-2023-05-23-DO3.zip',
  DO3E: 'inlabs-xml-2023-05-23-DO3E.zip',
}
const EMAIL = 'analyst@example.org'
const PASSWORD = 'not-a-real-secret-7731'
const SESSION = 'b7f3e1c9d2a4'

describe('fetch dou from a local INLABS', () => {
  let server: Server
  let base = ''
  const seen: { path: string; cookie: string | undefined; status: number }[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      const log = (status: number) => seen.push({ path: url.pathname, cookie: req.headers.cookie, status })
      if (req.method === 'POST' && url.pathname === '/logar.php') {
        let body = ''
        req.on('data', (d: Buffer) => (body += d.toString()))
        req.on('end', () => {
          const form = new URLSearchParams(body)
          const ok = form.get('email') === EMAIL && form.get('password') === PASSWORD && req.headers['origem'] === '736372697074'
          log(ok ? 302 : 200)
          if (ok)
            res
              .writeHead(302, { location: 'index.php', 'set-cookie': [`PHPSESSID=x1; path=/`, `inlabs_session_cookie=${SESSION}; path=/`] })
              .end()
          else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Login inválido</html>')
        })
        return
      }
      if (url.pathname === '/index.php') {
        if (!(req.headers.cookie ?? '').includes(`inlabs_session_cookie=${SESSION}`)) {
          log(302)
          return void res.writeHead(302, { location: 'acessar.php' }).end()
        }
        const section = /-(DO\dE?)\.zip$/.exec(url.searchParams.get('dl') ?? '')?.[1] ?? ''
        const file = url.searchParams.get('p') === DAY ? ZIPS[section] : undefined
        if (!file) return void (log(404), res.writeHead(404).end('Arquivo não encontrado'))
        const body = readFileSync(fixture(`dou/${file}`))
        log(200)
        return void res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body)
      }
      if (url.pathname === '/acessar.php')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><form>login</form></html>')
      log(404)
      res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })
  const env = { INLABS_EMAIL: process.env['INLABS_EMAIL'], INLABS_PASSWORD: process.env['INLABS_PASSWORD'] }
  afterEach(() => {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })

  it('signs in from the environment, downloads the day’s sections, skips those not published; nothing keeps the credentials', async () => {
    process.env['INLABS_EMAIL'] = EMAIL
    process.env['INLABS_PASSWORD'] = PASSWORD
    const dir = tempDir()
    seen.length = 0
    const files = await fetchSource('dou', { dir, baseUrl: base, date: DAY })
    expect(files.map((f) => f.path.split('/').pop()).sort()).toEqual(
      Object.keys(ZIPS)
        .map((s) => `${DAY}-${s}.zip`)
        .sort(),
    )
    for (const f of files)
      expect(readFileSync(f.path).equals(readFileSync(fixture(`dou/${ZIPS[/-(DO\dE?)\.zip$/.exec(f.path)?.[1] ?? ''] as string}`)))).toBe(
        true,
      )
    expect(
      seen
        .filter((s) => s.path === '/index.php')
        .map((s) => s.status)
        .sort(),
    ).toEqual([200, 200, 200, 200, 404, 404])
    for (const name of readdirSync(join(dir, 'dou'))) {
      const text = readFileSync(join(dir, 'dou', name)).toString('latin1')
      expect(text, name).not.toContain(PASSWORD)
      expect(text, name).not.toContain(SESSION)
    }
  })

  it('refuses a login INLABS does not accept (401) and a missing one (400), naming the variables, never the password', async () => {
    process.env['INLABS_EMAIL'] = EMAIL
    process.env['INLABS_PASSWORD'] = 'wrong-password-1'
    const refused = await rejectionOf(fetchSource('dou', { dir: tempDir(), baseUrl: base, date: DAY }))
    expect([refused.status, refused.code]).toEqual([401, 'unauthorized'])
    expect(refused.message).toMatch(/check INLABS_EMAIL and INLABS_PASSWORD/)
    expect(refused.message).not.toContain('wrong-password-1')
    delete process.env['INLABS_PASSWORD']
    const missing = await rejectionOf(fetchSource('dou', { dir: tempDir(), baseUrl: base, date: DAY }))
    expect(missing.message).toMatch(/set INLABS_EMAIL and INLABS_PASSWORD/)
    expect((await rejectionOf(fetchSource('dou', { dir: tempDir(), baseUrl: base, date: '2023-02-30' }))).message).toMatch(
      /^date: must be a day/,
    )
  })

  it('`legisearch fetch dou --date D --ingest` ingests the day; its output never shows the credentials', async () => {
    const snapshot = tempSnapshotPath()
    const r = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const p = spawn(
        process.execPath,
        cliArgs('fetch', 'dou', '--date', DAY, '--ingest', '--base-url', base, '--dir', tempDir(), '--snapshot', snapshot),
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INLABS_EMAIL: EMAIL, INLABS_PASSWORD: PASSWORD } },
      )
      let out = ''
      let err = ''
      p.stdout.on('data', (d: Buffer) => (out += d.toString()))
      p.stderr.on('data', (d: Buffer) => (err += d.toString()))
      p.on('exit', (code) => resolve({ code, out, err }))
    })
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/dou\s+\d+\s+0\s+0/)
    expect(r.out + r.err).not.toContain(PASSWORD)
    expect(r.out + r.err).not.toContain(SESSION)
  })
})
