/**
 * The stdio transport of `legisearch mcp`: newline-delimited JSON-RPC on stdin/stdout, as the SDK's
 * `StdioServerTransport`, with a bounded line. A line over `MAX_LINE_BYTES` is not kept: its bytes
 * are dropped as they arrive (only its top-level `id` is read from them), and the server answers a
 * JSON-RPC error naming the limit, then serves the next line. A line that is not JSON, or not a
 * JSON-RPC message, is answered an error too (`-32700`, `-32600`) instead of being dropped.
 */
import process from 'node:process'
import type { Readable, Writable } from 'node:stream'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'

/**
 * The longest JSON-RPC line (one message) the MCP server reads: 16 MiB, what `POST /watchlist/screen`
 * takes over HTTP, so `screen_names` with its 10,000 entries fits; a longer line is refused.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024

/** JSON-RPC 2.0's error codes for a line that is not JSON, and for one that is not a request. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600

type Id = string | number | null

/**
 * A JSON-RPC transport over a pair of streams (stdin/stdout by default) whose lines are at most
 * `maxLineBytes` long; memory stays within that bound whatever is sent.
 *
 * @example await new Server(info, caps).connect(new LineTransport())
 */
export class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  /** The current line's bytes so far (while it is within the limit). */
  private parts: Buffer[] = []
  private size = 0
  /** Set while the current line is over the limit: its id is read from its bytes, which are dropped. */
  private over: IdScanner | undefined
  private started = false
  private closed = false

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxLineBytes = MAX_LINE_BYTES,
    /** Where a refused line is told (one line each); stderr by default. */
    private readonly log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
    let start = 0
    while (start < buf.length) {
      const nl = buf.indexOf(0x0a, start)
      const end = nl === -1 ? buf.length : nl
      this.take(buf, start, end)
      if (nl === -1) break
      this.endLine()
      start = nl + 1
    }
  }

  private readonly onEnd = (): void => {
    void this.close()
  }

  private readonly onError = (error: Error): void => {
    this.onerror?.(error)
  }

  /** Adds `buf[start, end)` to the current line, dropping it once the line is over the limit. */
  private take(buf: Buffer, start: number, end: number): void {
    if (end <= start) return
    this.size += end - start
    if (this.over) {
      this.over.feed(buf, start, end)
      return
    }
    if (this.size <= this.maxLineBytes) {
      // A copy: the stream may reuse `buf`, and a slice would keep all of it alive.
      this.parts.push(Buffer.from(buf.subarray(start, end)))
      return
    }
    this.over = new IdScanner()
    for (const part of this.parts) this.over.feed(part, 0, part.length)
    this.parts = []
    this.over.feed(buf, start, end)
  }

  private endLine(): void {
    const size = this.size
    const over = this.over
    const parts = this.parts
    this.parts = []
    this.size = 0
    this.over = undefined
    if (over) {
      const id = over.id()
      this.log(
        `legisearch mcp: refused a JSON-RPC line of ${size} bytes (over the limit of ${this.maxLineBytes} bytes); answered error ${INVALID_REQUEST}, serving on`,
      )
      this.answerError(
        id,
        INVALID_REQUEST,
        `request too large: the JSON-RPC line is ${size} bytes, over this server's limit of ${this.maxLineBytes} bytes (${mib(this.maxLineBytes)}) per message; send a smaller request`,
      )
      return
    }
    const line = Buffer.concat(parts, size).toString('utf8').replace(/\r$/, '')
    if (line.trim() === '') return
    this.handleLine(line)
  }

  private handleLine(line: string): void {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      this.answerError(null, PARSE_ERROR, 'parse error: the line is not JSON (one JSON-RPC message per line)')
      return
    }
    const parsed = JSONRPCMessageSchema.safeParse(value)
    if (!parsed.success) {
      this.answerError(idOf(value), INVALID_REQUEST, 'invalid request: the line is not a JSON-RPC 2.0 message')
      return
    }
    try {
      this.onmessage?.(parsed.data)
    } catch (e) {
      // A handler that throws must not end the reading of stdin.
      this.onerror?.(e instanceof Error ? e : new Error(String(e)))
    }
  }

  private answerError(id: Id, code: number, message: string): void {
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch((e: unknown) => {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)))
    })
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(text)) resolve()
      else this.output.once('drain', resolve)
    })
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started')
    this.started = true
    this.input.on('data', this.onData)
    this.input.on('end', this.onEnd)
    this.input.on('error', this.onError)
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.input.off('data', this.onData)
    this.input.off('end', this.onEnd)
    this.input.off('error', this.onError)
    if (this.input.listenerCount('data') === 0) this.input.pause()
    this.parts = []
    this.over = undefined
    this.onclose?.()
  }
}

function mib(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`
}

/** The `id` of a parsed JSON-RPC message when it has a valid one, else null (JSON-RPC: "id: null"). */
function idOf(value: unknown): Id {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const id = (value as Record<string, unknown>)['id']
  return validId(id) ? id : null
}

function validId(id: unknown): id is string | number {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c
const OPEN = new Set([0x7b, 0x5b]) // { [
const CLOSE = new Set([0x7d, 0x5d]) // } ]
/** The raw text of an id kept at most: a number or a short string; a longer one is not answered to. */
const MAX_ID_TEXT = 256
/** The raw text of a top-level key kept: enough to tell `"id"` from the others. */
const MAX_KEY_TEXT = 8

/**
 * Reads the top-level `"id"` of a JSON object from its bytes as they stream by, keeping a few
 * hundred bytes at most: UTF-8's structural characters are ASCII, so a byte scan that follows
 * strings and nesting finds it wherever it is in the object (the SDK writes it last).
 */
class IdScanner {
  private depth = 0
  private inString = false
  private escaped = false
  /** The text of the last string closed at depth 1 (a key when a `:` follows), while short. */
  private key: number[] = []
  private keyLong = false
  private lastString = ''
  /** Set while the value of the top-level `id` is read; its raw bytes. */
  private capture: number[] | undefined
  private found: Id = null
  private done = false

  feed(buf: Buffer, start: number, end: number): void {
    for (let i = start; i < end && !this.done; i++) {
      const b = buf[i] as number
      if (this.capture) {
        if (!this.inString && this.depth === 1 && (b === COMMA || CLOSE.has(b))) {
          this.finishId()
          if (this.done) return
        } else if (this.capture.length < MAX_ID_TEXT) this.capture.push(b)
        else this.capture = undefined
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (b === BACKSLASH) this.escaped = true
        else if (b === QUOTE) {
          this.inString = false
          if (this.depth === 1 && !this.capture) this.lastString = this.keyLong ? '' : Buffer.from(this.key).toString('latin1')
        } else if (this.depth === 1 && !this.keyLong) {
          if (this.key.length < MAX_KEY_TEXT) this.key.push(b)
          else this.keyLong = true
        }
        continue
      }
      if (b === QUOTE) {
        this.inString = true
        this.key = []
        this.keyLong = false
      } else if (OPEN.has(b)) this.depth++
      else if (CLOSE.has(b)) this.depth--
      else if (b === COLON && this.depth === 1 && this.lastString === 'id') {
        this.capture = []
        this.lastString = ''
      } else if (this.depth === 1 && b !== 0x20 && b !== 0x09 && b !== 0x0d) this.lastString = ''
    }
  }

  private finishId(): void {
    const text = Buffer.from(this.capture ?? []).toString('utf8')
    this.capture = undefined
    try {
      const id: unknown = JSON.parse(text)
      if (validId(id)) {
        this.found = id
        this.done = true
      }
    } catch {
      // not an id JSON-RPC allows: answered with id null
    }
  }

  /** The id found, or null. */
  id(): Id {
    if (this.capture) this.finishId()
    return this.found
  }
}
