/**
 * Issue 22, item 12: a message echoes a caller's value capped, whatever its size. 10 MB strings
 * (less where HTTP's own limits refuse sooner) as an unknown field or parameter name, a `modes`
 * value, a date, a collection, an id, a path key, a file path, an MCP argument or tool name: every
 * message, each `issues[].message` and path, and each JSON error body stays under 2,000
 * characters and still names the input at fault.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LegisearchError, openSnapshot } from 'legisearch'
import { errorOf, rejectionOf } from '../helpers/errors.js'
import { sharedSnapshot, sharedTempDir, tempDir } from '../helpers/tmp-snapshot.js'
import { call, servedSnapshot } from '../server/support.js'
import { cliArgs } from '../helpers/cli.js'
import { untyped } from '../helpers/untyped.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const LIMIT = 2000
const BIG = 'k'.repeat(10_000_000)
/** What a message shows of BIG: its start. */
const START = 'k'.repeat(50)

function expectCapped(e: LegisearchError, names: string): void {
  expect(e.message.length, e.message.slice(0, 200)).toBeLessThan(LIMIT)
  // The first fault, or another one, names the input.
  expect([e.message, ...e.issues.map((i) => i.message)].join('\n')).toContain(names)
  expect(JSON.stringify(e.toJSON()).length).toBeLessThan(LIMIT)
  expect(JSON.stringify(e.path).length).toBeLessThan(LIMIT)
  for (const issue of e.issues) {
    expect(issue.message.length, issue.message.slice(0, 200)).toBeLessThan(LIMIT)
    expect(JSON.stringify(issue.path).length).toBeLessThan(LIMIT)
  }
}

describe('the library caps what its messages echo', () => {
  const snap = sharedSnapshot()
  const cases: [string, string, () => unknown][] = [
    ['an unknown body field', "body: unknown field 'kkk", () => snap().search('dou', {}, { [BIG]: 1 })],
    ['an unknown field of keywords', "keywords: unknown field 'kkk", () => snap().search('dou', {}, { keywords: { [BIG]: [] } })],
    [
      '10,000 unknown body fields',
      'and 9995 more',
      () => snap().search('dou', {}, Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`field${i}`, 1]))),
    ],
    ['an unknown query parameter', "query: unknown field 'kkk", () => snap().search('dou', { [BIG]: 1 }, {})],
    [
      'an unknown query parameter (URLSearchParams)',
      "query: unknown field 'kkk",
      () => snap().search('dou', new URLSearchParams([[BIG, '1']]), {}),
    ],
    [
      'a query parameter given twice',
      'is given more than once',
      () =>
        snap().search(
          'dou',
          new URLSearchParams([
            [BIG, '1'],
            [BIG, '2'],
          ]),
          {},
        ),
    ],
    ['a modes value', "modes: unknown mode 'kkk", () => snap().search('dou', untyped({ modes: BIG }), {})],
    ['a modes list item', "modes: unknown mode 'kkk", () => snap().search('dou', untyped({ modes: [BIG] }), {})],
    ['a date', "created_at.from: 'kkk", () => snap().search('dou', {}, { created_at: { from: BIG } })],
    ['a sort', 'sort: must be one of', () => snap().search('dou', untyped({ sort: BIG }), {})],
    ['a page', 'page: must be an integer', () => snap().search('dou', { page: BIG }, {})],
    ['a collection to search', 'collection: must be one of', () => snap().search(BIG as never, {}, untyped({}))],
    ['a collection to upsert into', 'collection: must be one of', () => snap().upsert(BIG as never, [])],
    ['a stakeholder id', "stakeholder 'kkk", () => snap().getStakeholder(BIG)],
    ['a document id', "dou document 'kkk", () => snap().getDocument('dou', BIG)],
    ['a collection to get a document from', 'collection: must be one of', () => snap().getDocument(BIG as never, 'x')],
    [
      'an unknown findStakeholders field',
      "findStakeholders: unknown field 'kkk",
      () => snap().findStakeholders({ q: 'x', [BIG]: 1 } as never),
    ],
    ['a designation ref', "designation 'kkk", () => snap().getDesignation(BIG)],
    ['an unknown watchlist parameter', "query: unknown parameter 'kkk", () => snap().listWatchlist({ [BIG]: 1 } as never)],
    ['an unknown record field', 'records[0]', () => snap().upsert('dou', untyped([{ id: 'x', [BIG]: 1 }]))],
    [
      'a key of a record over the key limit',
      'records[0].stakeholder: has a key 10,000,000 characters long',
      () => snap().upsert('social', untyped([{ id: 'x', stakeholder: { [BIG]: 5 } }])),
    ],
    [
      'a key of a record as a path',
      'records[0].stakeholder.kkk',
      () => snap().upsert('social', untyped([{ id: 'x', stakeholder: { ['k'.repeat(1000)]: 5 } }])),
    ],
    ['an unknown field of a screened entry', "entries[0]: unknown field 'kkk", () => snap().screen([{ name: 'x', [BIG]: 1 } as never])],
    ['an unknown screen option', 'options: unknown option', () => snap().screen([{ name: 'x' }], { [BIG]: 1 } as never)],
    [
      'an unknown designation to translate',
      "translations[0].sourceRefNumber: unknown designation 'kkk",
      () => snap().importNarrativeTranslations([{ sourceRefNumber: BIG, lang: 'pt', text: 'x' }]),
    ],
    ['an observedOn', "options.observedOn: 'kkk", () => snap().reconcileWatchlist('<x/>', { observedOn: BIG })],
  ]

  it.each(cases)('%s', (_, names, fn) => {
    expectCapped(errorOf(fn), names)
  })

  it('a repeated record id (ids are at most 512 characters: shown 100)', () => {
    const id = 'k'.repeat(512)
    const e = errorOf(() =>
      snap().upsert('stakeholders', [
        { id, name: 'A' },
        { id, name: 'B' },
      ]),
    )
    expectCapped(e, "records[1].id: 'kkk")
    expect(e.message.length).toBeLessThan(250)
  })

  it('a snapshot path, read-only or not, shown by its two ends', () => {
    const long = path.join(tempDir(), 'nowhere', 'a'.repeat(BIG.length / 2), 'end.db')
    for (const readonly of [true, false]) {
      const e = errorOf(() => openSnapshot(long, { readonly }))
      expectCapped(e, 'end.db')
      expect(e.message).toMatch(/nowhere\/a+…a+\/end\.db/)
    }
  })

  it('a file to ingest, shown by its two ends', async () => {
    const long = path.join(tempDir(), 'nowhere', 'a'.repeat(BIG.length / 2), 'deputados.csv')
    const e = await rejectionOf(snap().ingest('camara', [long]))
    expectCapped(e, 'files[0]: no file or folder at ')
    expect(e.message).toMatch(/nowhere\/a+…a+\/deputados\.csv/)
  })
})

describe('the HTTP server caps what its error bodies echo', () => {
  const served = servedSnapshot({ workers: 0 })
  /** As long as a URL may be (the server reads 256 KB of URL and headers). */
  const URL_BIG = 'k'.repeat(200_000)
  /** As long as a body field may be (1 MB bodies; 16 MB for /watchlist/screen). */
  const BODY_BIG = 'k'.repeat(1_000_000 - 100)

  const cases: [string, string, string, unknown, string][] = [
    ['an unknown query parameter', 'POST', `/search/dou?${URL_BIG}=1`, undefined, "query: unknown field 'kkk"],
    ['a modes value', 'POST', `/search/dou?modes=${URL_BIG}`, undefined, "modes: unknown mode 'kkk"],
    ['an unknown body field', 'POST', '/search/dou', { [BODY_BIG]: 1 }, "body: unknown field 'kkk"],
    ['a date', 'POST', '/search/dou', { created_at: { from: BODY_BIG } }, "created_at.from: 'kkk"],
    ['a stakeholder id', 'GET', `/stakeholders/${'k'.repeat(8000)}`, undefined, "stakeholder 'kkk"],
    ['a designation ref', 'GET', `/watchlist/${'k'.repeat(8000)}`, undefined, "designation 'kkk"],
    ['an unknown watchlist parameter', 'GET', `/watchlist?${URL_BIG}=1`, undefined, "query: unknown parameter 'kkk"],
    ['a query parameter where none is taken', 'GET', `/monitors?${URL_BIG}=1`, undefined, "takes no query parameters (got 'kkk"],
    ['an unknown path', 'GET', `/${URL_BIG}`, undefined, 'no route GET /kkk'],
    [
      'an unknown field of a screened entry (10 MB)',
      'POST',
      '/watchlist/screen',
      { entries: [{ name: 'x', [BIG]: 1 }] },
      "entries[0]: unknown field 'kkk",
    ],
  ]

  it.each(cases)('%s', async (_, method, url, body, names) => {
    const reply = await call(served().base, method, url, { key: served().keys.acme.key, ...(body === undefined ? {} : { body }) })
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(reply.text.length, reply.text.slice(0, 200)).toBeLessThan(LIMIT)
    expect((reply.json as { error: string }).error).toContain(names)
  })
})

describe('the MCP server caps what its tool errors echo', () => {
  let client: Client
  const dir = sharedTempDir()
  beforeAll(async () => {
    const file = path.join(dir(), 'snapshot.db')
    openSnapshot(file).close()
    client = new Client({ name: 'legisearch-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: cliArgs('mcp', '--snapshot', file),
        cwd: ROOT,
        stderr: 'pipe',
      }),
    )
  }, 60_000)
  afterAll(async () => {
    await client?.close()
  })

  const cases: [string, string, Record<string, unknown>, string][] = [
    ['an unknown search argument', 'search_dou', { [BIG]: 1 }, "body: unknown field 'kkk"],
    ['a modes value', 'search_dou', { modes: BIG }, "modes: unknown mode 'kkk"],
    ['a date', 'search_dou', { created_at: { from: BIG } }, "created_at.from: 'kkk"],
    ['a stakeholder id', 'get_stakeholder', { id: BIG }, "stakeholder 'kkk"],
    ['an unknown get_stakeholder argument', 'get_stakeholder', { id: 'x', [BIG]: 1 }, "unknown argument 'kkk"],
    ['a designation ref', 'get_designation', { ref: BIG }, "designation 'kkk"],
    ['an unknown watchlist argument', 'list_watchlist', { [BIG]: 1 }, "unknown parameter 'kkk"],
    ['an unknown field of a screened entry', 'screen_names', { entries: [{ name: 'x', [BIG]: 1 }] }, "entries[0]: unknown field 'kkk"],
    ['an unknown tool', BIG, {}, "unknown tool 'kkk"],
  ]

  it.each(cases)('%s', { timeout: 60_000 }, async (_, name, args, names) => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean }
    expect(result.isError).toBe(true)
    const text = result.content[0]?.text ?? ''
    expect(text.length, text.slice(0, 200)).toBeLessThan(LIMIT)
    expect((JSON.parse(text) as { error: string }).error).toContain(names)
    expect(text).toContain(START.slice(0, 10))
  })
})

describe('the CLI caps what its messages echo of an argument', () => {
  /** Near the longest single argument Linux passes (128 KiB). */
  const ARG = 'k'.repeat(100_000)
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, cliArgs(...args), {
      encoding: 'utf8',
      env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
    })
    return { code: r.status, err: r.stderr }
  }
  const dir = sharedTempDir()
  beforeAll(() => {
    openSnapshot(path.join(dir(), 'snapshot.db')).close()
  })

  it.each([
    [
      '--rate of keys create',
      ['keys', 'create', '--client', 'ACME', '--plan', 'full', '--rate', ARG],
      "--rate: must be a whole number of requests a minute (got 'kkk",
    ],
    ['--port of serve', ['serve', '--port', ARG], '--port: must be a whole number'],
    ['a monitor id', ['monitors', 'show', ARG], "monitor 'kkk"],
    ['a --filter', ['search', 'dou', '--filter', `${ARG}=1`], '--filter kkk'],
  ])('%s', { timeout: 30_000 }, (_, args, names) => {
    const r = run(...args, '--snapshot', path.join(dir(), 'snapshot.db'))
    expect(r.code).not.toBe(0)
    expect(r.err.length, r.err.slice(0, 200)).toBeLessThan(LIMIT)
    expect(r.err).toContain(names)
  })
})
