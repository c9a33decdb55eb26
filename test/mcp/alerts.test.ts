/**
 * Saved searches and alerts through `legisearch mcp --writable --client ACME`, spoken to over stdio
 * by the SDK's client: save a search, write documents (another connection, as an ingest), check
 * alerts (exactly the new matching documents, as the library shows them), check again (nothing);
 * a read-only server says how to write.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { cliArgs } from '../helpers/cli.js'
import { loopbackServers } from '../helpers/loopback.js'
import { proposition } from '../helpers/records.js'
import { tempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const serve = loopbackServers()
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const clients: Client[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

async function connect(file: string, ...extra: string[]): Promise<Client> {
  const client = new Client({ name: 'legisearch-test', version: '1.0.0' })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: cliArgs('mcp', '--snapshot', file, '--client', 'ACME', ...extra),
    cwd: ROOT,
    stderr: 'pipe',
  })
  await client.connect(transport)
  clients.push(client)
  return client
}

async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<{ json: unknown; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean }
  return { json: JSON.parse(result.content[0]?.text ?? 'null'), isError: result.isError === true }
}

describe('legisearch mcp: saved searches and alerts', () => {
  it('saves a search and checks its alerts: exactly the new matching documents, then nothing', async () => {
    const file = path.join(tempDir(), 'snapshot.db')
    const snap = openSnapshot(file)
    const monitor = snap.createMonitor('ACME', 'Pauta')
    snap.upsert('propositions', untyped([proposition('old', { title: 'Reforma antiga' })]))
    snap.close()
    const client = await connect(file, '--writable')

    const { tools } = await client.listTools()
    expect(tools.find((t) => t.name === 'check_alerts')?.annotations?.readOnlyHint).toBe(false)
    expect(tools.find((t) => t.name === 'search_dou')?.annotations?.readOnlyHint).toBe(true)
    expect((await callTool(client, 'list_monitors', {})).json).toMatchObject({ data: [{ id: monitor.id, name: 'Pauta' }] })

    const bad = await callTool(client, 'save_search', { monitorId: monitor.id, collection: 'propositions', query: { q: '***' } })
    expect(bad.isError).toBe(true)
    expect(bad.json).toMatchObject({ code: 'invalid_parameters', error: expect.stringMatching(/^query\.q: /) })
    const saved = await callTool(client, 'save_search', {
      monitorId: monitor.id,
      collection: 'propositions',
      query: 'q=reforma&sort=older',
      name: 'Reformas',
    })
    expect(saved.isError).toBe(false)
    const s = saved.json as { id: string; webhookSecret: null }
    expect(s.webhookSecret).toBeNull()
    expect((await callTool(client, 'list_saved_searches', { monitorId: monitor.id })).json).toMatchObject({ data: [{ id: s.id }] })
    expect((await callTool(client, 'check_alerts', {})).json).toEqual({ data: [], more: [], deliveries: [] })

    const w = openSnapshot(file)
    w.upsert(
      'propositions',
      untyped([
        proposition('new1', { number: 2, title: 'Reforma nova' }),
        proposition('new2', { number: 3, title: 'Outra coisa' }),
        proposition('old', { title: 'Reforma antiga (alterada)' }),
      ]),
    )
    // Oldest write first, then by rowid: both in one upsert, 'old' stored first.
    const found = w.searchPropositions({ q: 'reforma', sort: 'older' }, undefined, { clientId: 'ACME' }).results
    const expected = ['old', 'new1'].map((id) => found.find((r) => r.id === id))
    w.close()

    const alerts = await callTool(client, 'check_alerts', { monitorId: monitor.id })
    expect(alerts.isError).toBe(false)
    expect(alerts.json).toEqual({
      data: expected.map((document) => ({ searchId: s.id, collection: 'propositions', document })),
      more: [],
      deliveries: [],
    })
    expect((await callTool(client, 'check_alerts', { monitorId: monitor.id })).json).toEqual({ data: [], more: [], deliveries: [] })
  })

  it('refuses a webhook to 127.0.0.1 unless started with --webhooks-allow-private; then the receiver gets the alerts', async () => {
    const bodies: string[] = []
    const port = await serve((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'))
        res.end()
      })
    })
    const webhook = `http://127.0.0.1:${port}/hook`
    const file = path.join(tempDir(), 'snapshot.db')
    const snap = openSnapshot(file)
    const monitor = snap.createMonitor('ACME', 'Pauta')
    snap.close()

    const strict = await connect(file, '--writable')
    const refused = await callTool(strict, 'save_search', {
      monitorId: monitor.id,
      collection: 'propositions',
      query: 'q=reforma',
      webhook,
    })
    expect(refused.isError).toBe(true)
    expect(refused.json).toMatchObject({
      code: 'invalid_parameters',
      error: expect.stringMatching(/^webhook: 127\.0\.0\.1 is a loopback address: .*--webhooks-allow-private/),
    })
    await strict.close()

    const allowing = await connect(file, '--writable', '--webhooks-allow-private')
    const saved = await callTool(allowing, 'save_search', {
      monitorId: monitor.id,
      collection: 'propositions',
      query: 'q=reforma',
      webhook,
    })
    expect(saved.isError).toBe(false)
    const w = openSnapshot(file)
    w.upsert('propositions', untyped([proposition('new1', { title: 'Reforma nova' })]))
    w.close()
    const alerts = await callTool(allowing, 'check_alerts', {})
    expect(alerts.json).toMatchObject({
      data: [{ document: { id: 'new1' } }],
      deliveries: [{ delivered: true, attempts: 1, documents: 1 }],
    })
    expect(bodies).toHaveLength(1)
  })

  it('a read-only server says to start it with --writable', async () => {
    const file = path.join(tempDir(), 'snapshot.db')
    const snap = openSnapshot(file)
    const monitor = snap.createMonitor('ACME', 'Pauta')
    snap.close()
    const client = await connect(file)
    const r = await callTool(client, 'check_alerts', {})
    expect(r.isError).toBe(true)
    expect(r.json).toMatchObject({ code: 'forbidden', error: expect.stringMatching(/start it with --writable/) })
    expect((await callTool(client, 'save_search', { monitorId: monitor.id, collection: 'dou' })).json).toMatchObject({
      code: 'forbidden',
    })
    expect((await callTool(client, 'list_saved_searches', { monitorId: monitor.id })).json).toEqual({ data: [] })
  })
})
