import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { rejectionOf } from '../helpers/errors.js'
import { loopbackServers, refusedPort } from '../helpers/loopback.js'
import { fetchUnConsolidatedList, UN_CONSOLIDATED_LIST_URL } from 'legisearch'
import { fixture } from '../helpers/fixtures.js'

// Never the internet: every test talks to a node:http server on 127.0.0.1, port 0.

const REAL_LIST = fixture('un_sc/UN_consolidated_2026-02-27.xml')

const SMALL_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:00.000Z"><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>\n'

type Handler = (req: IncomingMessage, res: ServerResponse) => void
const served = loopbackServers()

async function serve(handler: Handler): Promise<string> {
  return `http://127.0.0.1:${await served(handler)}`
}
describe('fetchUnConsolidatedList: success', () => {
  it('defaults to the UN URL', () => {
    expect(UN_CONSOLIDATED_LIST_URL).toBe('https://scsanctions.un.org/resources/xml/en/consolidated.xml')
  })

  it('serves the real list byte for byte', async () => {
    const file = readFileSync(REAL_LIST)
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8', 'content-length': file.length })
      res.end(file)
    })
    const got = await fetchUnConsolidatedList(`${base}/consolidated.xml`)
    expect(got.bytes).toBe(file.length)
    expect(got.xml.equals(file)).toBe(true)
    expect(got.url).toBe(`${base}/consolidated.xml`)
    expect(got.contentType).toBe('text/xml; charset=utf-8')
    expect(Number.isNaN(Date.parse(got.fetchedAt))).toBe(false)
  })

  it('serves a small inline list byte for byte, chunked, without Content-Length', async () => {
    const body = Buffer.from(SMALL_XML)
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' })
      res.write(body.subarray(0, 40))
      setTimeout(() => res.end(body.subarray(40)), 20)
    })
    const got = await fetchUnConsolidatedList(`${base}/list.xml`, { timeoutMs: 5000 })
    expect(got.xml.equals(body)).toBe(true)
    expect(got.bytes).toBe(body.length)
    expect(got.contentType).toBe('application/xml')
    expect(got.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('accepts a BOM and whitespace before <?xml, and a bare <CONSOLIDATED_LIST root', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(' \r\n\t' + SMALL_XML)])
    const bare = Buffer.from('<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>')
    const base = await serve((req, res) => {
      res.writeHead(200)
      res.end(req.url === '/bom' ? withBom : bare)
    })
    expect((await fetchUnConsolidatedList(`${base}/bom`)).xml.equals(withBom)).toBe(true)
    const got = await fetchUnConsolidatedList(`${base}/bare`)
    expect(got.xml.equals(bare)).toBe(true)
    expect(got.contentType).toBeNull()
  })

  it('follows redirects and reports the final URL', async () => {
    const target = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' })
      res.end(SMALL_XML)
    })
    const base = await serve((req, res) => {
      if (req.url === '/old') res.writeHead(301, { location: '/moved' }).end()
      else res.writeHead(302, { location: `${target}/final.xml` }).end()
    })
    const got = await fetchUnConsolidatedList(`${base}/old`)
    expect(got.url).toBe(`${target}/final.xml`)
    expect(got.xml.toString('utf8')).toBe(SMALL_XML)
  })

  it('accepts a body of exactly maxBytes', async () => {
    const body = Buffer.from(SMALL_XML)
    const base = await serve((_req, res) => res.end(body))
    const got = await fetchUnConsolidatedList(base, { maxBytes: body.length })
    expect(got.bytes).toBe(body.length)
  })

  it('uses the fetch given in options', async () => {
    const seen: string[] = []
    const fake: typeof globalThis.fetch = async (input) => {
      seen.push(String(input))
      return new Response(SMALL_XML, { headers: { 'content-type': 'text/xml' } })
    }
    const got = await fetchUnConsolidatedList('https://example.test/list.xml', { fetch: fake })
    expect(seen).toEqual(['https://example.test/list.xml'])
    expect(got.url).toBe('https://example.test/list.xml') // a synthetic Response has no url: the requested one
    expect(got.xml.toString('utf8')).toBe(SMALL_XML)
  })
})

describe('fetchUnConsolidatedList: upstream failures', () => {
  it('a 404 → 502 naming the status and the URL', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' })
      res.end('<html>nope</html>')
    })
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/missing.xml`))
    expect(e.status).toBe(502)
    expect(e.code).toBe('upstream_error')
    expect(e.message).toContain('HTTP 404 Not Found')
    expect(e.message).toContain(`${base}/missing.xml`)
  })

  it('a network error (connection refused) → 502 naming the cause', async () => {
    const base = `http://127.0.0.1:${await refusedPort()}`
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`, { timeoutMs: 5000 }))
    expect(e.status).toBe(502)
    expect(e.message).toContain(`${base}/list.xml`)
    expect(e.message).toContain('ECONNREFUSED')
  })

  it('a server that never answers → timeout within ~timeoutMs', async () => {
    const base = await serve(() => {}) // accepts the request, never writes a byte
    const t0 = Date.now()
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`, { timeoutMs: 200 }))
    const elapsed = Date.now() - t0
    expect(e.status).toBe(502)
    expect(e.message).toContain('timed out after 200 ms')
    expect(e.message).toContain(`${base}/list.xml`)
    expect(elapsed).toBeGreaterThanOrEqual(190)
    expect(elapsed).toBeLessThan(1500)
  })

  it('a server that stalls mid-body → timeout within ~timeoutMs (the deadline covers the body)', async () => {
    let closed!: () => void
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve))
    const base = await serve((_req, res) => {
      res.on('close', () => closed())
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': 100_000 })
      res.write('<?xml version="1.0"?>\n<CONSOLIDATED_LIST>') // …and nothing more
    })
    const t0 = Date.now()
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`, { timeoutMs: 200 }))
    const elapsed = Date.now() - t0
    expect(e.status).toBe(502)
    expect(e.message).toContain('timed out after 200 ms')
    expect(elapsed).toBeGreaterThanOrEqual(190)
    expect(elapsed).toBeLessThan(1500)
    await serverSawClose // the client dropped the connection
  })

  it('a fetch that ignores the abort signal still cannot outlive the deadline', async () => {
    const hanging: typeof globalThis.fetch = () => new Promise<Response>(() => {})
    const t0 = Date.now()
    const e = await rejectionOf(fetchUnConsolidatedList('https://example.test/', { timeoutMs: 100, fetch: hanging }))
    expect(e.message).toContain('timed out after 100 ms')
    expect(Date.now() - t0).toBeLessThan(1000)
  })

  it('an HTML page → refused, naming the content type and showing the first bytes', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!DOCTYPE html>\n<html><head><title>Maintenance</title></head><body>' + 'x'.repeat(500) + '</body></html>')
    })
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`))
    expect(e.status).toBe(502)
    expect(e.message).toMatch(/^not the UN consolidated list: got text\/html; charset=utf-8 from /)
    expect(e.message).toContain(`${base}/list.xml`)
    expect(e.message).toContain('"<!DOCTYPE html>\\n<html><head><title>Maintenance')
    expect(e.message.length).toBeLessThan(300) // only the first bytes
  })

  it('binary or empty bodies are refused with the bytes shown safely', async () => {
    const base = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      res.end(req.url === '/empty' ? Buffer.alloc(0) : Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x22, 0x41]))
    })
    const bin = await rejectionOf(fetchUnConsolidatedList(`${base}/bin`))
    expect(bin.message).toContain('got application/octet-stream')
    expect(bin.message).toContain('"\\x1f\\x8b\\x08\\x00\\"A"')
    const empty = await rejectionOf(fetchUnConsolidatedList(`${base}/empty`))
    expect(empty.message).toContain('an empty body')
  })
})

describe('fetchUnConsolidatedList: size limit', () => {
  it('a Content-Length over maxBytes → 413 before reading the body', async () => {
    let closed!: () => void
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve))
    const base = await serve((_req, res) => {
      res.on('close', () => closed())
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': 10_000_000 })
      res.flushHeaders() // the headers only: a client that waited for the body would time out
    })
    const t0 = Date.now()
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`, { maxBytes: 1_000_000, timeoutMs: 5000 }))
    expect(e.status).toBe(413)
    expect(e.code).toBe('payload_too_large')
    expect(e.message).toContain('Content-Length 10000000 exceeds maxBytes 1000000')
    expect(e.message).toContain(`${base}/list.xml`)
    expect(Date.now() - t0).toBeLessThan(2000)
    await serverSawClose
  })

  it('a chunked body without Content-Length that exceeds maxBytes → 413, and the client stops reading', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const maxBytes = 256 * 1024
    const serverLimit = 64 * 1024 * 1024
    let written = 0
    let finished = false
    let closed!: () => void
    const serverSawClose = new Promise<void>((resolve) => (closed = resolve))
    const base = await serve((_req, res) => {
      res.on('close', () => {
        finished = res.writableFinished
        closed()
      })
      res.writeHead(200, { 'content-type': 'text/xml' }) // no Content-Length: chunked
      res.write('<?xml version="1.0"?>\n<CONSOLIDATED_LIST>')
      const pump = (): void => {
        while (!res.destroyed && written < serverLimit) {
          written += chunk.length
          if (!res.write(chunk)) {
            res.once('drain', pump)
            return
          }
        }
        if (!res.destroyed) res.end('</CONSOLIDATED_LIST>')
      }
      pump()
    })
    const e = await rejectionOf(fetchUnConsolidatedList(`${base}/list.xml`, { maxBytes, timeoutMs: 10_000 }))
    expect(e.status).toBe(413)
    expect(e.code).toBe('payload_too_large')
    expect(e.message).toContain(`body exceeds maxBytes ${maxBytes}`)
    expect(e.message).toContain(`${base}/list.xml`)
    const stoppedAfter = Number(/download stopped after (\d+) bytes/.exec(e.message)?.[1])
    expect(stoppedAfter).toBeLessThanOrEqual(maxBytes)
    await serverSawClose
    expect(finished).toBe(false) // the connection closed before the server could finish
    expect(written).toBeLessThan(serverLimit)
  })

  it('a streamed body is cancelled as soon as it crosses the limit (never buffered beyond it)', async () => {
    let pulls = 0
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++
        controller.enqueue(pulls === 1 ? new TextEncoder().encode('<?xml version="1.0"?>') : new Uint8Array(1000))
      },
      cancel() {
        cancelled = true
      },
    })
    const fake: typeof globalThis.fetch = async () => new Response(stream)
    const e = await rejectionOf(fetchUnConsolidatedList('https://example.test/', { maxBytes: 5000, fetch: fake }))
    expect(e.status).toBe(413)
    expect(cancelled).toBe(true)
    expect(pulls).toBeLessThan(10) // an endless stream, stopped after ~5 chunks (plus the queue's read-ahead)
  })
})

describe('fetchUnConsolidatedList: bad arguments → 400', () => {
  const cases: Array<[string, unknown, Record<string, unknown>, string]> = [
    ['not a URL', 'not a url', {}, 'url'],
    ['an empty string', '', {}, 'url'],
    ['ftp:', 'ftp://example.org/list.xml', {}, 'url'],
    ['file:', 'file:///etc/passwd', {}, 'url'],
    ['data:', 'data:text/xml,<?xml?>', {}, 'url'],
    ['timeoutMs 0', 'http://127.0.0.1:9/', { timeoutMs: 0 }, 'timeoutMs'],
    ['timeoutMs negative', 'http://127.0.0.1:9/', { timeoutMs: -5 }, 'timeoutMs'],
    ['timeoutMs fractional', 'http://127.0.0.1:9/', { timeoutMs: 1.5 }, 'timeoutMs'],
    ['timeoutMs NaN', 'http://127.0.0.1:9/', { timeoutMs: Number.NaN }, 'timeoutMs'],
    ['timeoutMs Infinity', 'http://127.0.0.1:9/', { timeoutMs: Number.POSITIVE_INFINITY }, 'timeoutMs'],
    ['timeoutMs beyond setTimeout', 'http://127.0.0.1:9/', { timeoutMs: 2 ** 31 }, 'timeoutMs'],
    ['maxBytes 0', 'http://127.0.0.1:9/', { maxBytes: 0 }, 'maxBytes'],
    ['maxBytes fractional', 'http://127.0.0.1:9/', { maxBytes: 10.5 }, 'maxBytes'],
    ['maxBytes a string', 'http://127.0.0.1:9/', { maxBytes: '100' }, 'maxBytes'],
  ]
  it.each(cases)('%s', async (_label, url, options, name) => {
    let called = false
    const spy: typeof globalThis.fetch = async () => {
      called = true
      return new Response(SMALL_XML)
    }
    const e = await rejectionOf(fetchUnConsolidatedList(url as string, { ...options, fetch: spy }))
    expect(e.status).toBe(400)
    expect(e.code).toBe('invalid_parameters')
    expect(e.path).toEqual([name])
    expect(e.message.startsWith(`${name}:`)).toBe(true)
    expect(called).toBe(false)
  })
})
