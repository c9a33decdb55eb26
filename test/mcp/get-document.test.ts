/**
 * The MCP tool `get_document`, spoken to over stdio with the official SDK's client: the library's
 * `getDocument` JSON for every corpus (with the client's saved references), its input schema the
 * library's, and bad input as a tool error carrying the library's message and code.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CORPUS_NAMES, type CorpusName, type Snapshot, openSnapshot, schemas } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { fill } from '../server/support.js'
import { cliArgs } from '../helpers/cli.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('legisearch mcp: get_document', () => {
  const dir = sharedTempDir()
  let lib: Snapshot
  let client: Client
  let saved: string
  beforeAll(async () => {
    const file = path.join(dir(), 'snapshot.db')
    const snap = openSnapshot(file)
    fill(snap)
    saved = snap.searchDou({ limit: 1 }).results[0]?.id ?? ''
    snap.saveToMonitor('ACME', snap.createMonitor('ACME', 'Diário').id, 'dou', saved)
    snap.close()
    lib = openSnapshot(file, { readonly: true })
    client = new Client({ name: 'legisearch-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: cliArgs('mcp', '--snapshot', file, '--client', 'ACME'),
        cwd: ROOT,
        stderr: 'pipe',
      }),
    )
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    lib?.close()
  })

  const callTool = async (args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: 'get_document', arguments: args })) as {
      content: { type: string; text: string }[]
      isError?: boolean
    }
    expect(result.content).toHaveLength(1)
    return { text: result.content[0]?.text ?? '', isError: result.isError === true }
  }

  it('is listed with the library’s schemas as its input schema', async () => {
    const { tools } = await client.listTools()
    const tool = tools.find((t) => t.name === 'get_document')
    const expected = z.toJSONSchema(z.strictObject({ collection: schemas.collectionSchema, id: schemas.documentIdSchema }), {
      io: 'input',
    }) as { properties: unknown; required: unknown }
    expect(tool?.inputSchema.properties).toEqual(expected.properties)
    expect(tool?.inputSchema.required).toEqual(['collection', 'id'])
  })

  it('answers a document of every corpus as the library does, as its search shows it', async () => {
    for (const corpus of CORPUS_NAMES) {
      const hit = lib.search(corpus, { limit: 1, sort: 'older' }, undefined, { clientId: 'ACME' }).results[0]
      if (!hit) throw new Error(`no ${corpus} document`)
      const r = await callTool({ collection: corpus, id: hit.id })
      expect(r.isError, r.text).toBe(false)
      expect(r.text).toBe(JSON.stringify(lib.getDocument(corpus, hit.id, { clientId: 'ACME' })))
      expect(JSON.parse(r.text)).toEqual(JSON.parse(JSON.stringify(hit)))
    }
    const mine = JSON.parse((await callTool({ collection: 'dou', id: saved })).text) as { savedBuckets: { monitorName: string }[] }
    expect(mine.savedBuckets.map((b) => b.monitorName)).toEqual(['Diário'])
  })

  it('answers bad input as a tool error carrying the library’s message and code', async () => {
    const cases: [Record<string, unknown>, () => unknown][] = [
      [{ collection: 'dou', id: 'no-such-act' }, () => lib.getDocument('dou', 'no-such-act')],
      [{ collection: 'stakeholders', id: 'x' }, () => lib.getDocument('stakeholders' as CorpusName, 'x')],
      [{ collection: 'dou', id: '' }, () => lib.getDocument('dou', '')],
      [{ collection: 'dou' }, () => lib.getDocument('dou', undefined as unknown as string)],
    ]
    for (const [args, direct] of cases) {
      const r = await callTool(args)
      expect(r.isError, JSON.stringify(args)).toBe(true)
      expect(JSON.parse(r.text), JSON.stringify(args)).toEqual(errorOf(direct).toJSON())
    }
    const extra = await callTool({ collection: 'dou', id: saved, section: '3' })
    expect(extra.isError).toBe(true)
    expect(JSON.parse(extra.text)).toMatchObject({
      code: 'invalid_parameters',
      error: "arguments: unknown argument 'section'; get_document takes collection, id",
    })
  })
})
