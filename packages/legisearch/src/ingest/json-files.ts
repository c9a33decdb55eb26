import chain from 'stream-chain'
import { Transform } from 'node:stream'
import { parser as jsonParser } from 'stream-json'
import { pick } from 'stream-json/filters/pick.js'
import { streamArray } from 'stream-json/streamers/stream-array.js'
import { LegisearchError } from '../common/errors.js'
import type { InputFile, ReadContext } from './define.js'
import { fileError } from './file-error.js'
import { firstBytes, readText, sizeOf, streamOf } from './files.js'
import { INGEST_LIMITS } from './limits.js'
import { strictUtf8 } from './utf8.js'

/**
 * Follows a JSON text's nesting and strings as its bytes pass, and refuses (naming the line) a
 * nesting deeper than `jsonDepth` or a string longer than `fieldBytes` ({@link INGEST_LIMITS})
 * before a parser builds either: 50 M brackets would take the heap, not a refusal.
 *
 * @example chain([bytes, JsonShape.transform(file), jsonParser()]) // `[[[…` 65 deep → "file, line 1: nests arrays and objects more than 64 deep…"
 */
export class JsonShape {
  private depth = 0
  private inString = false
  private escaped = false
  private length = 0
  private line = 1
  constructor(
    private readonly file: InputFile,
    private readonly limits: { readonly jsonDepth: number; readonly fieldBytes: number } = INGEST_LIMITS,
  ) {}

  /** Checks the next bytes of the text. */
  feed(data: Uint8Array): void {
    const { jsonDepth, fieldBytes } = this.limits
    let { depth, inString, escaped, length, line } = this
    try {
      for (let i = 0; i < data.length; i++) {
        const c = data[i] as number
        if (c === 0x0a) line++
        if (inString) {
          if (escaped) escaped = false
          else if (c === 0x5c) escaped = true
          else if (c === 0x22) {
            inString = false
            continue
          }
          if (++length > fieldBytes)
            throw fileError(
              this.file,
              line,
              `has a JSON string longer than ${fieldBytes} bytes, the longest field a source file may have (INGEST_LIMITS.fieldBytes); refused`,
            )
        } else if (c === 0x22) {
          inString = true
          length = 0
        } else if (c === 0x5b || c === 0x7b) {
          if (++depth > jsonDepth)
            throw fileError(
              this.file,
              line,
              `nests arrays and objects more than ${jsonDepth} deep, the deepest a JSON source file may be (INGEST_LIMITS.jsonDepth); refused`,
            )
        } else if (c === 0x5d || c === 0x7d) depth--
      }
    } finally {
      Object.assign(this, { depth, inString, escaped, length, line })
    }
  }

  /** As a stream step: the bytes handed on as read, checked. */
  static transform(file: InputFile): Transform {
    const shape = new JsonShape(file)
    return new Transform({
      transform(chunk: Buffer, _enc, next) {
        try {
          shape.feed(chunk)
          next(null, chunk)
        } catch (e) {
          next(e as Error)
        }
      },
    })
  }
}

/**
 * Parses a JSON text read whole, after {@link JsonShape} checked its depth and strings; a syntax
 * error is refused naming the line, `what` saying what the file should be.
 *
 * @example const list = parseJsonText(file, text, 'a list of handles')
 */
export function parseJsonText(file: InputFile, text: string, what = 'well-formed JSON'): unknown {
  new JsonShape(file).feed(Buffer.from(text))
  try {
    return JSON.parse(text)
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message)
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : null
    throw fileError(file, line, `is not ${what} (${(e as Error).message})`)
  }
}

/** Largest JSON file read whole (the Senado's API answers are pages; a bigger one is not one). */
export const MAX_JSON_BYTES = 200_000_000

/** A JSON file parsed whole: strict UTF-8, depth and strings within {@link INGEST_LIMITS}, the line of a syntax error named. */
export function readJson(file: InputFile): unknown {
  const body = readText(file, MAX_JSON_BYTES, 'more than one API page', false)
  const start = body.trimStart()[0]
  if (start !== '{' && start !== '[')
    throw fileError(file, 1, `is not a JSON file (it starts with ${JSON.stringify(body.trimStart().slice(0, 12))})`)
  return parseJsonText(file, body)
}

/** One entry of a JSON array, with its 1-based position. */
export interface JsonEntry {
  readonly value: unknown
  readonly entry: number
}

/**
 * Streams the entries of the array under `key` of a JSON object (`{"dados": [...]}`, the Câmara's
 * bulk files and API pages): strict UTF-8, well-formedness (a truncated file is refused, naming the
 * entry reached), memory flat whatever the size. Values come packed, not streamed in pieces
 * (`streamValues: false`: 2.4× faster; one entry's strings are held whole anyway).
 */
export async function* readJsonArray(
  file: InputFile,
  key: string,
  ctx: Pick<ReadContext, 'progress' | 'signal'>,
): AsyncGenerator<JsonEntry> {
  const total = sizeOf(file)
  if (total === 0) throw fileError(file, null, 'is empty')
  let read = 0
  const bytes = streamOf(file, ctx.signal)
  bytes.on('data', (chunk: Buffer) => {
    read += chunk.length
    ctx.progress(file, read, total)
  })
  // Nesting and strings checked before the parser builds them (no line limit: JSON may be one line).
  const entries = chain([
    bytes,
    strictUtf8(file, 'bytes', Infinity),
    JsonShape.transform(file),
    jsonParser({ streamValues: false }),
    pick({ filter: key }),
    streamArray(),
  ])
  let n = 0
  try {
    for await (const item of entries as AsyncIterable<{ value: unknown }>) {
      n++
      yield { value: item.value, entry: n }
    }
  } catch (e) {
    if (e instanceof LegisearchError) throw e
    throw fileError(file, `after entry ${n}`, `is not well-formed JSON (${(e as Error).message}; a truncated file?)`)
  } finally {
    bytes.destroy()
  }
  if (n === 0 && !new RegExp(`"${key}"\\s*:\\s*\\[`).test(firstBytes(file, 65_536))) {
    throw fileError(file, null, `has no "${key}" array`)
  }
}

/**
 * A JSON object as a row of the matching CSV file: nested objects flattened with `_`
 * (`ultimoStatus.idSituacao` → `ultimoStatus_idSituacao`), arrays joined with `, `, numbers and
 * booleans as text, null as ''.
 */
export function flatRow(value: Readonly<Record<string, unknown>>, prefix = '', into: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(value)) {
    const name = `${prefix}${k}`
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) flatRow(v as Record<string, unknown>, `${name}_`, into)
    else if (Array.isArray(v))
      into[name] = v.map((x) => (x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
    else into[name] = v === null || v === undefined ? '' : String(v)
  }
  return into
}
