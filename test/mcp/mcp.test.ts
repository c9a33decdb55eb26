/**
 * `legisearch mcp` spoken to as an MCP client over stdio (the official SDK's client and its stdio
 * transport, the command run as a child process): the tools and their input schemas (the library's
 * zod schemas), answers equal to the library's JSON, errors as tool errors with the library's
 * messages.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CORPUS_NAMES, type Snapshot, openSnapshot, schemas } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { fixture } from '../helpers/fixtures.js'
import { sharedTempDir, tempDir } from '../helpers/tmp-snapshot.js'
import { fill } from '../server/support.js'
import { cliArgs } from '../helpers/cli.js'
import { untyped } from '../helpers/untyped.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('legisearch mcp, spoken to over stdio', () => {
  const dir = sharedTempDir()
  let lib: Snapshot
  let client: Client
  beforeAll(async () => {
    const file = path.join(dir(), 'snapshot.db')
    const snap = openSnapshot(file)
    fill(snap)
    const id = snap.searchPropositions({ limit: 1 }).results[0]?.id ?? ''
    const monitor = snap.createMonitor('ACME', 'Pauta')
    snap.saveToMonitor('ACME', monitor.id, 'propositions', id)
    snap.close()
    lib = openSnapshot(file, { readonly: true })
    client = new Client({ name: 'legisearch-test', version: '1.0.0' })
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: cliArgs('mcp', '--snapshot', file, '--client', 'ACME'),
      cwd: ROOT,
      stderr: 'pipe',
    })
    await client.connect(transport)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    lib?.close()
  })

  const callTool = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean }
    expect(result.content).toHaveLength(1)
    return { text: result.content[0]?.text ?? '', isError: result.isError === true }
  }

  it('lists a tool per search, the watchlist, a designation and stakeholders, with the library’s schemas as input schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        ...CORPUS_NAMES.map((n) => `search_${n}`),
        'search_everything',
        'list_watchlist',
        'get_designation',
        'screen_names',
        'find_stakeholders',
        'get_stakeholder',
        'get_document',
        // Saved searches and alerts (save_search and check_alerts need --writable).
        'list_monitors',
        'save_search',
        'list_saved_searches',
        'check_alerts',
      ].sort(),
    )
    const search = tools.find((t) => t.name === 'search_dou')
    const expected = z.toJSONSchema(schemas.searchQuerySchema.extend(schemas.searchBodySchemas.dou.shape), { io: 'input' }) as Record<
      string,
      unknown
    >
    expect(search?.inputSchema.properties).toEqual(expected['properties'])
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['q', 'page', 'sort', 'keywords', 'sections']))
    const watchlist = tools.find((t) => t.name === 'list_watchlist')
    expect(watchlist?.inputSchema.properties).toEqual(
      (z.toJSONSchema(schemas.watchlistQuerySchema, { io: 'input' }) as { properties: unknown }).properties,
    )
    for (const t of tools) expect(t.description?.length ?? 0).toBeGreaterThan(20)
  })

  it('answers each search with the library’s JSON, compact, with the client’s saved references', async () => {
    for (const corpus of CORPUS_NAMES) {
      const r = await callTool(`search_${corpus}`, { q: 'lei', sort: 'relevance', limit: 3, created_at: { from: '2000-01-01' } })
      expect(r.isError).toBe(false)
      expect(r.text).toBe(
        JSON.stringify(
          lib.search(corpus, { q: 'lei', sort: 'relevance', limit: 3 }, { created_at: { from: '2000-01-01' } }, { clientId: 'ACME' }),
        ),
      )
    }
    const first = await callTool('search_propositions', { limit: 1 })
    const result = (JSON.parse(first.text) as { results: { savedPropositions: { monitorName: string }[] }[] }).results[0]
    expect(result?.savedPropositions.map((s) => s.monitorName)).toEqual(['Pauta'])
  })

  it('search_everything answers the library’s searchEverything; a filter other than created_at is a tool error naming it', async () => {
    const args = { q: 'lei', sort: 'newest', limit: 4, page: 2, created_at: { from: '2000-01-01' } }
    const r = await callTool('search_everything', args)
    expect(r.isError).toBe(false)
    expect(r.text).toBe(
      JSON.stringify(
        lib.searchEverything({ q: 'lei', sort: 'newest', limit: 4, page: 2 }, { created_at: { from: '2000-01-01' } }, { clientId: 'ACME' }),
      ),
    )
    const refused = await callTool('search_everything', { q: 'lei', parties: ['PT'] })
    expect(refused.isError).toBe(true)
    expect(JSON.parse(refused.text)).toEqual(errorOf(() => lib.searchEverything({ q: 'lei' }, untyped({ parties: ['PT'] }))).toJSON())
  })

  it('counts facets and a histogram when a search asks (facets as a list or a comma-separated string)', async () => {
    const r = await callTool('search_propositions', { facets: ['parties', 'states'], histogram: 'year', limit: 1, types: ['PL'] })
    expect(r.isError).toBe(false)
    const want = lib.search(
      'propositions',
      { facets: 'parties,states', histogram: 'year', limit: 1 },
      { types: ['PL'] },
      { clientId: 'ACME' },
    )
    expect(r.text).toBe(JSON.stringify(want))
    expect(Object.keys(want.facets ?? {})).toEqual(['parties', 'states'])
    const bad = await callTool('search_propositions', { facets: 'created_at' })
    expect(bad.isError).toBe(true)
    expect(bad.text).toMatch(/facets: 'created_at' is a date filter/)
  })

  it('answers the watchlist, a designation, stakeholder lookup and detail as the library does', async () => {
    expect((await callTool('list_watchlist', { limit: 3, offset: 1 })).text).toBe(
      JSON.stringify(lib.listWatchlist({ limit: 3, offset: 1 })),
    )
    const ref = lib.listWatchlist({ limit: 1 }).data[0]?.sourceRefNumber
    if (ref) {
      expect((await callTool('get_designation', { ref, lang: 'pt' })).text).toBe(JSON.stringify(lib.getDesignation(ref, { lang: 'pt' })))
    }
    const screening = {
      entries: [
        { name: 'Saif al-Adel', birthDate: '1963' },
        { name: 'Maria da Silva', id: 'c2' },
      ],
      limit: 3,
    }
    const screened = await callTool('screen_names', screening)
    expect(screened.text).toBe(JSON.stringify(lib.screenReport(screening)))
    expect((JSON.parse(screened.text) as { results: { matches: { ref: string }[] }[] }).results[0]?.matches[0]?.ref).toBe('QDi.001')
    const matches = lib.findStakeholders({ q: 'silva', limit: 5 })
    expect((await callTool('find_stakeholders', { q: 'silva', limit: 5 })).text).toBe(JSON.stringify(matches))
    // `kind`: one kind or a list; each match says its own.
    for (const kind of ['person', ['committee', 'organ']] as const) {
      const r = await callTool('find_stakeholders', { q: 'silva', limit: 5, kind })
      expect(r.text).toBe(JSON.stringify(lib.findStakeholders({ q: 'silva', limit: 5, kind })))
    }
    expect(JSON.parse((await callTool('find_stakeholders', { q: 'silva', limit: 1, kind: 'person' })).text)).toMatchObject([
      { kind: 'person' },
    ])
    const id = matches[0]?.id ?? lib.findStakeholders({ q: 'a', limit: 1 })[0]?.id ?? ''
    expect((await callTool('get_stakeholder', { id })).text).toBe(JSON.stringify(lib.getStakeholder(id)))
  })

  it('answers bad input as a tool error carrying the library’s message and code', async () => {
    const cases: [string, Record<string, unknown>, () => unknown][] = [
      ['search_propositions', { limit: 50 }, () => lib.searchPropositions({ limit: 50 })],
      ['search_dou', { created_at: { to: '2024-01-01' } }, () => lib.searchDou({}, { created_at: { to: '2024-01-01' } })],
      ['search_social', { colour: 'red' }, () => lib.searchSocial({}, untyped({ colour: 'red' }))],
      ['get_stakeholder', { id: 'nobody' }, () => lib.getStakeholder('nobody')],
      ['find_stakeholders', { q: 'silva', kind: 'people' }, () => lib.findStakeholders({ q: 'silva', kind: untyped('people') })],
      ['get_designation', { ref: 'XXi.999' }, () => lib.getDesignation('XXi.999')],
      ['list_watchlist', { limit: 1000 }, () => lib.listWatchlist({ limit: 1000 })],
      [
        'screen_names',
        { entries: [{ name: 'x', birthDate: '63' }] },
        () => lib.screenReport({ entries: [{ name: 'x', birthDate: '63' }] }),
      ],
    ]
    for (const [name, args, direct] of cases) {
      const r = await callTool(name, args)
      expect(r.isError, name).toBe(true)
      expect(JSON.parse(r.text), name).toEqual(errorOf(direct).toJSON())
    }
    const unknown = await callTool('drop_tables', {})
    expect(unknown.isError).toBe(true)
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'not_found' })
    // Still answering after every refusal.
    expect((await callTool('search_irs', { limit: 1 })).isError).toBe(false)
  })
})

const SOCIAL_FILES = ['tweets_to_process.csv', 'perfil_parlamentar.csv', 'parlamentares.csv'].map((f) =>
  fixture(`social/parlametria-leggo-twitter-dados/${f}`),
)

describe('legisearch mcp: stakeholders of the real social files', () => {
  it('find_stakeholders answers the id Kátia Abreu’s posts carry, and get_stakeholder resolves it', { timeout: 60_000 }, async () => {
    const file = path.join(tempDir(), 'snapshot.db')
    const snap = openSnapshot(file)
    const client = new Client({ name: 'legisearch-test', version: '1.0.0' })
    try {
      await snap.ingest('social', SOCIAL_FILES)
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: cliArgs('mcp', '--snapshot', file),
        cwd: ROOT,
        stderr: 'pipe',
      })
      await client.connect(transport)
      const text = async (name: string, args: Record<string, unknown>) =>
        ((await client.callTool({ name, arguments: args })) as { content: { text: string }[] }).content[0]?.text ?? ''
      const found = JSON.parse(await text('find_stakeholders', { q: 'katia abreu', limit: 3 })) as { id: string }[]
      expect(found).toEqual(snap.findStakeholders({ q: 'katia abreu', limit: 3 }))
      expect(found[0]?.id).toBe('senado-senador-1249')
      expect(found[0]).toMatchObject({ kind: 'person' })
      expect(JSON.parse(await text('get_stakeholder', { id: 'senado-senador-1249' }))).toEqual(snap.getStakeholder('senado-senador-1249'))
    } finally {
      await client.close()
      snap.close()
    }
  })
})
