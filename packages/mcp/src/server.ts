/**
 * The MCP server (`legisearch mcp`): the spec's agent server, offline — the Model Context Protocol
 * over stdio with the official SDK. Tools are listed from `TOOLS`; a call runs the library on a
 * read-only snapshot and answers its JSON (compact), or a tool error whose text is the error body
 * `{ error, code }` told as over HTTP (`common/error-reply.ts`).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { errorBody, errorReply, clipped } from 'legisearch/internal'
import { LegisearchError, type Snapshot, openSnapshot } from 'legisearch'
import { TOOLS, inputSchemaOf } from './tools.js'
import { LineTransport } from './transport.js'

export interface McpOptions {
  /** The snapshot file, opened read-only unless `writable`. */
  readonly snapshot: string
  /** Open it writable: the tools that save searches and check alerts (which marks documents seen) need it. */
  readonly writable?: boolean
  /** Whose monitors fill `savedBuckets`/`savedPropositions` in results; none by default (empty arrays). */
  readonly clientId?: string
  /** Let saved searches' webhooks target loopback, private, link-local… addresses (as `openSnapshot`'s `webhooks.allowPrivate`). Default false. */
  readonly webhooksAllowPrivate?: boolean
}

const text = (t: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError } : {}) })

/**
 * An MCP server over a snapshot (not yet connected). A failed call is a tool error whose text is
 * the body `errorReply` tells (as over HTTP); what it hides goes to `logDetail`.
 *
 * @example const server = createMcpServer(openSnapshot('legisearch.db', { readonly: true })); await server.connect(transport)
 */
export function createMcpServer(snap: Snapshot, clientId?: string, logDetail?: (detail: string) => void): Server {
  const server = new Server({ name: 'legisearch', version: '1.0.0' }, { capabilities: { tools: {} } })
  const byName = new Map(TOOLS.map((t) => [t.name, t]))
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: inputSchemaOf(t),
      annotations: { readOnlyHint: t.writes !== true },
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    try {
      if (!tool) {
        throw new LegisearchError(
          'not_found',
          `unknown tool '${clipped(request.params.name)}'; the tools are ${TOOLS.map((t) => t.name).join(', ')}`,
        )
      }
      return text(JSON.stringify(await tool.run(snap, request.params.arguments ?? {}, clientId)))
    } catch (e) {
      // The agent runs for the snapshot's own user: told what the library says, but nothing unexpected.
      const told = errorReply(e, 'operator')
      if (told.detail !== undefined) logDetail?.(told.detail)
      return text(errorBody(told), true)
    }
  })
  return server
}

/**
 * Serves MCP on stdin/stdout until the client closes the connection; a line (one message) over
 * `MAX_LINE_BYTES` is answered a JSON-RPC error and the server serves on.
 */
export async function serveMcp(options: McpOptions): Promise<void> {
  const snap = openSnapshot(options.snapshot, {
    readonly: options.writable !== true,
    webhooks: { allowPrivate: options.webhooksAllowPrivate === true },
  })
  // A fault of the connection (stdin failing, a handler throwing) or what a tool error hid is told on stderr, never on stdout.
  const log = (line: string) => process.stderr.write(`legisearch mcp: ${line.slice(0, 500)}\n`)
  const server = createMcpServer(snap, options.clientId, log)
  server.onclose = () => snap.close()
  server.onerror = (error) => log(error.message)
  await server.connect(new LineTransport())
}
