/**
 * `legisearch mcp` and an over-long JSON-RPC line (issue 22, item 4): a 20 MB line is answered a
 * JSON-RPC error naming the limit (to its request's id), and the server serves the next request;
 * a line that is not JSON, or not JSON-RPC, is answered too. Spoken to as a real MCP client (the
 * SDK's, over stdio) and as a raw process writing lines.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { MAX_LINE_BYTES } from '../../packages/mcp/src/transport.js'
import { fill } from '../server/support.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { cliArgs } from '../helpers/cli.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TWENTY_MB = 20 * 1024 * 1024

describe('legisearch mcp and an over-long JSON-RPC line', () => {
  const dir = sharedTempDir()
  let file = ''
  beforeAll(() => {
    file = path.join(dir(), 'snapshot.db')
    const snap = openSnapshot(file)
    fill(snap)
    snap.close()
  })

  it(
    'answers a 20 MB request a JSON-RPC error naming the limit, then answers the next request (SDK client)',
    { timeout: 120_000 },
    async () => {
      const client = new Client({ name: 'legisearch-test', version: '1.0.0' })
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: cliArgs('mcp', '--snapshot', file),
        cwd: ROOT,
        stderr: 'pipe',
      })
      let stderr = ''
      transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
      await client.connect(transport)
      try {
        const error = await client.callTool({ name: 'find_stakeholders', arguments: { q: 'x'.repeat(TWENTY_MB) } }).then(
          () => undefined,
          (e: unknown) => e,
        )
        expect(error).toBeInstanceOf(McpError)
        expect((error as McpError).code).toBe(-32600)
        expect((error as McpError).message).toContain(`limit of ${MAX_LINE_BYTES} bytes`)
        expect((error as McpError).message.length).toBeLessThan(500)
        // The server is still there, and answers.
        const result = (await client.callTool({ name: 'find_stakeholders', arguments: { q: 'Silva' } })) as { isError?: boolean }
        expect(result.isError).not.toBe(true)
        const { tools } = await client.listTools()
        expect(tools.length).toBeGreaterThan(5)
        expect(stderr).toContain('refused a JSON-RPC line of')
      } finally {
        await client.close()
      }
    },
  )

  it(
    'answers over-long, non-JSON and non-JSON-RPC lines with errors, and a request after them (raw lines)',
    { timeout: 120_000 },
    async () => {
      const child = spawn(process.execPath, cliArgs('mcp', '--snapshot', file), { cwd: ROOT })
      try {
        const lines = linesOf(child)
        const send = (line: string) => child.stdin.write(`${line}\n`)
        send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: initParams() }))
        expect(JSON.parse(await lines.next())).toMatchObject({ id: 1, result: { serverInfo: { name: 'legisearch' } } })
        send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
        // 20 MB, written in pieces; the id comes first here (the SDK writes it last: see above).
        child.stdin.write(`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"find_stakeholders","arguments":{"q":"`)
        const piece = 'y'.repeat(1024 * 1024)
        for (let i = 0; i < 20; i++) child.stdin.write(piece)
        send('"}}}')
        const big = JSON.parse(await lines.next()) as { id: unknown; error: { code: number; message: string } }
        expect(big.id).toBe('big')
        expect(big.error.code).toBe(-32600)
        expect(big.error.message).toMatch(/request too large: the JSON-RPC line is \d+ bytes, over this server's limit/)
        // An over-long line that is not even JSON: answered with id null.
        for (let i = 0; i < 17; i++) child.stdin.write(piece)
        send('')
        expect(JSON.parse(await lines.next())).toMatchObject({ id: null, error: { code: -32600 } })
        send('this is not json')
        expect(JSON.parse(await lines.next())).toMatchObject({ id: null, error: { code: -32700 } })
        send(JSON.stringify({ id: 7, hello: 'world' }))
        expect(JSON.parse(await lines.next())).toMatchObject({ id: 7, error: { code: -32600 } })
        send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))
        const list = JSON.parse(await lines.next()) as { id: number; result: { tools: unknown[] } }
        expect(list.id).toBe(2)
        expect(list.result.tools.length).toBeGreaterThan(5)
        expect(child.exitCode).toBeNull()
      } finally {
        child.stdin.end()
        await new Promise((resolve) => child.once('exit', resolve))
      }
      expect(child.exitCode).toBe(0)
    },
  )
})

function initParams() {
  return { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }
}

/** The child's stdout, a line at a time. */
function linesOf(child: ChildProcessWithoutNullStreams): { next: () => Promise<string> } {
  let buffer = ''
  const ready: string[] = []
  const waiting: { resolve: (line: string) => void; reject: (e: Error) => void }[] = []
  let exited: Error | undefined
  child.on('exit', (code) => {
    exited = new Error(`legisearch mcp exited (code ${code}) before answering`)
    for (const w of waiting.splice(0)) w.reject(exited)
  })
  // A server that is gone makes the next write fail; the pending answer says so.
  child.stdin.on('error', () => {})
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString('utf8')
    let nl = buffer.indexOf('\n')
    while (nl !== -1) {
      const line = buffer.slice(0, nl)
      buffer = buffer.slice(nl + 1)
      const w = waiting.shift()
      if (w) w.resolve(line)
      else ready.push(line)
      nl = buffer.indexOf('\n')
    }
  })
  return {
    next: () => {
      const line = ready.shift()
      if (line !== undefined) return Promise.resolve(line)
      if (exited) return Promise.reject(exited)
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }))
    },
  }
}
