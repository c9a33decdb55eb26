/** Issue 22, items 11, 13 and 12 (credentials): names read back as given, query keys that are Object.prototype's names, URLs in messages. */
import { describe, expect, it } from 'vitest'
import { loopbackServers, refusedPort } from '../helpers/loopback.js'
import { fetchSource, fetchUnConsolidatedList } from 'legisearch'
import { redactUrl } from '../../packages/legisearch/src/common/redact-url.js'
import { errorOf, rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'

describe('a name a client gives is well-formed text without control characters', () => {
  const refused = ['a\uD800b', 'a\uDC00b', 'ab\uD83D', 'a\u0000b', 'a\u0001b', 'a\tb', 'a\nb', 'a\u007Fb', 'a\u0085b', 'a\u009Fb']

  it.each(refused.map((n) => [JSON.stringify(n), n]))('createMonitor refuses %s with 400 naming name and what is allowed', (_, n) => {
    const snap = tempSnapshot()
    const e = errorOf(() => snap.createMonitor('acme', n))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/^name: must be well-formed Unicode text without control characters/)
    expect(snap.listMonitors('acme')).toEqual([])
  })

  it('keeps names with any other character, astral ones included, exactly as given', () => {
    const snap = tempSnapshot()
    for (const n of ['Leituras', 'Ação é já', 'emoji 😀 ok', '\u00A0nbsp\u00A0', 'zero\u200Bwidth']) {
      const m = snap.createMonitor('acme', n)
      expect(m.name).toBe(n.trim())
      expect(snap.getMonitor('acme', m.id).name).toBe(n.trim())
    }
  })

  it('createApiKey refuses such a client with 400 naming client', () => {
    const snap = tempSnapshot()
    for (const client of ['a\uD800b', 'a\u0000b', 'a\u009Bb']) {
      const e = errorOf(() => snap.createApiKey({ client, plan: 'standard' }))
      expect(e.status).toBe(400)
      expect(e.message).toMatch(/client: must be well-formed Unicode text without control characters/)
    }
    expect(snap.createApiKey({ client: 'ACME 😀', plan: 'standard' }).key).toMatch(/^lsk_/)
  })
})

describe('a query string whose keys are names of Object.prototype', () => {
  const keys = ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']

  it.each(keys)('URLSearchParams %s=1 is an unknown parameter, not one given twice', (k) => {
    const snap = tempSnapshot()
    const bogus = errorOf(() => snap.searchDou(new URLSearchParams('bogus=1')))
    const e = errorOf(() => snap.searchDou(new URLSearchParams(`${k}=1`)))
    expect(e.status).toBe(400)
    expect(e.message).not.toMatch(/more than once/)
    expect(e.message).toBe(bogus.message.replace(`'bogus'`, `'${k}'`))
    expect(errorOf(() => snap.findStakeholders(new URLSearchParams(`q=x&${k}=1`))).message).toMatch(
      new RegExp(`unknown parameter '${k.replace(/_/g, '_')}'`),
    )
  })

  it('a parameter truly given twice is still refused as such', () => {
    const snap = tempSnapshot()
    expect(errorOf(() => snap.searchDou(new URLSearchParams('q=a&q=b'))).message).toBe("query: parameter 'q' is given more than once")
    expect(errorOf(() => snap.searchDou(new URLSearchParams('toString=a&toString=b'))).message).toBe(
      "query: parameter 'toString' is given more than once",
    )
  })

  it('the other parameters are read as before', () => {
    const snap = tempSnapshot()
    snap.upsert('dou', [{ id: 'd1', date: '2023-01-13', title: 'Portaria 1' }])
    expect(snap.searchDou(new URLSearchParams('q=portaria&limit=5')).results.map((r) => r.id)).toEqual(['d1'])
  })
})

describe('a URL echoed in a message shows no credentials nor query values (issue 22, item 12)', () => {
  const serve = loopbackServers()

  it('redactUrl hides the userinfo, every query value and the fragment, and keeps the rest', () => {
    expect(redactUrl('http://user:secret@host/path?token=abc')).toBe('http://***@host/path?token=***')
    expect(redactUrl('https://example.org:8443/a/b.xml?x=1&flag&y=&sig=zz#frag')).toBe(
      'https://example.org:8443/a/b.xml?x=***&***&y=***&sig=***',
    )
    expect(redactUrl('https://example.org/list.xml')).toBe('https://example.org/list.xml')
    expect(redactUrl(new URL('http://only-user@h/'))).toBe('http://***@h/')
    // Not a URL: cut by its shape all the same.
    expect(redactUrl('http://user:secret@/x?token=abc')).toBe('http://***@/x?token=***')
  })

  it('fetchUnConsolidatedList to a refused port with credentials and a token: neither in the message', async () => {
    const port = await refusedPort()
    for (const url of [`http://user:secret@127.0.0.1:${port}/x?token=abc`, `http://127.0.0.1:${port}/x?token=abc`]) {
      const e = await rejectionOf(fetchUnConsolidatedList(url, { timeoutMs: 10_000 }))
      expect(e.status).toBe(502)
      expect(e.message).not.toMatch(/secret|abc/)
      expect(e.message).toContain(`127.0.0.1:${port}/x?token=***`)
    }
    // Refused before any request: an invalid URL.
    const bad = await rejectionOf(fetchUnConsolidatedList('http://user:secret@/x?token=abc'))
    expect([bad.status, bad.message]).toEqual([400, 'url: not a valid URL (got "http://***@/x?token=***")'])
  })

  it('an HTTP error, or a redirect to a signed URL that is not the list: no query value in the message', async () => {
    const port = await serve((req, res) => {
      if (req.url?.startsWith('/moved')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
      } else if (req.url?.startsWith('/go')) {
        res.writeHead(302, { location: '/moved?sig=xyz789' }).end()
      } else res.writeHead(404, 'Not Found').end()
    })
    const missing = await rejectionOf(fetchUnConsolidatedList(`http://127.0.0.1:${port}/x.xml?token=abc123`))
    expect(missing.message).toBe(`http://127.0.0.1:${port}/x.xml?token=***: HTTP 404 Not Found`)
    const moved = await rejectionOf(fetchUnConsolidatedList(`http://127.0.0.1:${port}/go?token=abc123`))
    expect(moved.message).toMatch(new RegExp(`from http://127\\.0\\.0\\.1:${port}/moved\\?sig=\\*\\*\\*, `))
    expect(moved.message).not.toMatch(/abc123|xyz789/)
  })

  it('fetchSource with a base URL holding credentials: not in the message', async () => {
    const port = await refusedPort()
    const dir = tempDir()
    const e = await rejectionOf(fetchSource('un', { dir, baseUrl: `http://user:secret@127.0.0.1:${port}/?token=abc`, retries: 0 }))
    expect(e.message).not.toMatch(/secret|abc/)
    expect(e.message).toContain(`http://***@127.0.0.1:${port}/`)
  })
})
