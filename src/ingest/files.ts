import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { Readable, Transform, pipeline } from 'node:stream'
import { parse } from 'csv-parse'
import chain from 'stream-chain'
import { parser as jsonParser } from 'stream-json'
import { pick } from 'stream-json/filters/pick.js'
import { streamArray } from 'stream-json/streamers/stream-array.js'
import { LegisearchError } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import type { InputFile, ReadContext } from './define.js'
import { INGEST_LIMITS } from './limits.js'

/**
 * A file refused: the message names the file, and the line or entry when known, and says that
 * nothing of the call was written (the runner rolls the call back).
 */
export function fileError(file: InputFile, at: number | string | null, message: string): LegisearchError {
  const where = at === null ? '' : typeof at === 'number' ? `, line ${at}` : `, ${at}`
  return new LegisearchError('invalid_parameters', `${shownPath(file.name)}${where}: ${message}; nothing of this call was written`, [
    'files',
    file.name,
  ])
}

/**
 * Refuses bytes that are not UTF-8 (a Latin-1 file must not become U+FFFD silently), and a line
 * longer than `maxLine` bytes (default {@link INGEST_LIMITS}`.lineBytes`; a stream of NULs is
 * refused there, not held). `bytes` (default) hands the chunks on as read, checked; `text` hands on
 * their text, whole characters only (object mode: strings).
 */
export function strictUtf8(file: InputFile, as: 'bytes' | 'text' = 'bytes', maxLine: number = INGEST_LIMITS.lineBytes): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let offset = 0
  let lines = 1
  // Bytes of the current line read so far.
  let since = 0
  // The bytes of a character the previous chunk began and this one ends (0 to 3 of them).
  let pending = Buffer.alloc(0)
  /** The refusal, naming the line and the byte where the first invalid sequence starts. */
  const fail = (chunk: Buffer, atEnd: boolean) => {
    const data = Buffer.concat([pending, chunk])
    const at = firstInvalidUtf8(data, atEnd)
    const line = lines + count(data, 0x0a, at)
    return fileError(file, line, `is not UTF-8 (an invalid byte sequence at byte ${offset - pending.length + at}); re-encode it as UTF-8`)
  }
  return new Transform({
    readableObjectMode: as === 'text',
    transform(chunk: Buffer, _enc, done) {
      let text: string
      try {
        text = decoder.decode(chunk, { stream: true })
      } catch {
        done(fail(chunk, false))
        return
      }
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk
      const open = incompleteTail(data)
      const end = data.length - open
      let previous = -1
      for (let i = data.indexOf(0x0a); i !== -1 && i < end; i = data.indexOf(0x0a, i + 1)) {
        if (since + (i - previous - 1) > maxLine) break
        since = 0
        previous = i
        lines++
      }
      since += end - previous - 1
      if (since > maxLine) {
        done(lineTooLong(file, lines, maxLine))
        return
      }
      offset += chunk.length
      pending = Buffer.from(data.subarray(end))
      done(null, as === 'text' ? text : chunk)
    },
    flush(done) {
      try {
        const rest = decoder.decode()
        done(null, as === 'text' && rest !== '' ? rest : null)
      } catch {
        done(fail(Buffer.alloc(0), true))
      }
    },
  })
}

/** How many bytes at the end of `data` begin a character they do not finish (0 to 3). */
function incompleteTail(data: Buffer): number {
  for (let k = 1; k <= Math.min(3, data.length); k++) {
    const b = data[data.length - k] as number
    if ((b & 0xc0) === 0x80) continue
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    return size > k ? k : 0
  }
  return 0
}

/**
 * Where the first invalid UTF-8 sequence of `data` starts (RFC 3629: no overlong forms, no
 * surrogates, nothing past U+10FFFF); a character cut at the end counts only when `atEnd`.
 */
function firstInvalidUtf8(data: Buffer, atEnd: boolean): number {
  let i = 0
  while (i < data.length) {
    const b = data[i] as number
    if (b < 0x80) {
      i++
      continue
    }
    const size = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0
    if (size === 0) return i
    const [lo, hi] =
      b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf]
    for (let k = 1; k < size; k++) {
      if (i + k >= data.length) return atEnd ? i : data.length
      const c = data[i + k] as number
      if (k === 1 ? c < lo || c > hi : (c & 0xc0) !== 0x80) return i
    }
    i += size
  }
  return data.length
}

/** The refusal of a line over the limit (a compression bomb, a binary file, a file with no line breaks). */
function lineTooLong(file: InputFile, line: number, max: number): LegisearchError {
  return fileError(file, line, `is longer than ${max} bytes, the longest line a source file may have (INGEST_LIMITS.lineBytes); refused`)
}

/**
 * Refuses a text read whole whose longest line is over `max` bytes, naming the line.
 *
 * @example checkLines(file, bytesOf(file)) // a 20 MB line → "file, line 1: is longer than 10000000 bytes…"
 */
export function checkLines(file: InputFile, bytes: Uint8Array, max: number = INGEST_LIMITS.lineBytes): void {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (data.length <= max) return
  let line = 1
  let start = 0
  for (let i = data.indexOf(0x0a); ; i = data.indexOf(0x0a, i + 1)) {
    const stop = i === -1 ? data.length : i
    if (stop - start > max) throw lineTooLong(file, line, max)
    if (i === -1) return
    start = i + 1
    line++
  }
}

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

function count(data: Buffer, byte: number, end: number): number {
  let n = 0
  for (let i = data.indexOf(byte); i !== -1 && i < end; i = data.indexOf(byte, i + 1)) n++
  return n
}

/** The size of an input (its slice's, for a packed archive entry). */
export function sizeOf(file: InputFile): number {
  return file.at ? file.at.length : statSync(file.path).size
}

/** An input's bytes as a stream (its slice only, for a packed archive entry). */
export function streamOf(file: InputFile): Readable {
  if (!file.at) return createReadStream(file.path)
  if (file.at.length === 0) return Readable.from([])
  return createReadStream(file.path, { start: file.at.offset, end: file.at.offset + file.at.length - 1 })
}

/** An input's bytes, whole (for files read whole: an API answer, a DOU act, a UN list). */
export function bytesOf(file: InputFile): Buffer {
  const fd = openForReading(file)
  try {
    if (!file.at) return readFileSync(fd)
    const buffer = Buffer.alloc(file.at.length)
    let got = 0
    while (got < buffer.length) {
      const n = readSync(fd, buffer, got, buffer.length - got, file.at.offset + got)
      if (n === 0) break
      got += n
    }
    return buffer.subarray(0, got)
  } finally {
    closeSync(fd)
  }
}

/** One CSV row by column name, with the line it starts on. */
export interface CsvRow {
  readonly row: Readonly<Record<string, string>>
  readonly line: number
}

/**
 * Reads a CSV file as a stream (memory stays flat): strict UTF-8, an optional BOM, quoted fields
 * with embedded line breaks. `header` checks the header row and may throw (a missing column).
 */
export async function* readCsv(
  file: InputFile,
  options: { delimiter: string; header: (columns: readonly string[]) => void },
  ctx: Pick<ReadContext, 'progress'>,
): AsyncGenerator<CsvRow> {
  const total = sizeOf(file)
  let read = 0
  const bytes = streamOf(file)
  bytes.on('data', (chunk: Buffer) => {
    read += chunk.length
    ctx.progress(file, read, total)
  })
  const parser = parse({
    delimiter: options.delimiter,
    bom: true,
    info: true,
    skip_empty_lines: true,
    // A record (a 50 MB quoted field…) is refused past the limit, not held whole.
    max_record_size: INGEST_LIMITS.fieldBytes,
    columns: (header: string[]) => {
      options.header(header)
      return header
    },
  })
  // pipeline, not pipe: an error anywhere (a read error, a byte that is not UTF-8) ends the parser too.
  const rows = pipeline(bytes, strictUtf8(file), parser, () => {})
  let previous = 1
  try {
    for await (const item of rows as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { row: item.record, line: previous + 1 }
      previous = item.info.lines
    }
  } catch (e) {
    if (e instanceof LegisearchError) throw e
    const lines = (e as { lines?: number }).lines
    if ((e as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw fileError(
        file,
        typeof lines === 'number' ? lines : null,
        `has a record longer than ${INGEST_LIMITS.fieldBytes} characters, the longest field or CSV record a source file may have (INGEST_LIMITS.fieldBytes); refused`,
      )
    }
    throw fileError(file, typeof lines === 'number' ? lines : null, `is not a well-formed CSV (${(e as Error).message})`)
  }
  if (previous === 1 && read === 0) throw fileError(file, null, 'is empty')
}

/** Refuses a header that lacks any of `required`, naming them. */
export function requireColumns(file: InputFile, what: string, required: readonly string[]) {
  return (columns: readonly string[]): void => {
    const missing = required.filter((c) => !columns.includes(c))
    if (missing.length > 0) throw fileError(file, 1, `is not ${what}: the header lacks ${missing.join(', ')}`)
  }
}

/** The first line of a text file (BOM and surrounding spaces removed), read without reading the rest. */
/** Opens a file for reading, or refuses it naming it (permissions, a directory…). */
function openForReading(file: InputFile): number {
  try {
    return openSync(file.path, 'r')
  } catch (e) {
    throw fileError(file, null, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`)
  }
}

export function firstLine(file: InputFile): string {
  return (
    firstBytes(file, 65_536)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0] ?? ''
  ).trim()
}

/** The column names of a `;`-separated header line (quotes removed). */
export function headerColumns(line: string, delimiter = ';'): string[] {
  return line.split(delimiter).map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
}

/** The first `n` bytes of an input (its slice's, for a packed archive entry), or the file refused naming it. */
export function headOf(file: InputFile, n: number): Buffer {
  const fd = openForReading(file)
  try {
    const want = file.at ? Math.min(n, file.at.length) : n
    const buffer = Buffer.alloc(want)
    return buffer.subarray(0, readSync(fd, buffer, 0, want, file.at?.offset ?? 0))
  } finally {
    closeSync(fd)
  }
}

/** The first `n` bytes of a file as text (for recognising its kind). */
export function firstBytes(file: InputFile, n: number): string {
  return headOf(file, n).toString('utf8')
}

/** Largest JSON file read whole (the Senado's API answers are pages; a bigger one is not one). */
export const MAX_JSON_BYTES = 200_000_000

/**
 * A file read whole as text (one answer, one act, one feed): refused when empty, over `maxBytes`
 * (`why` says what a file of its kind is), not UTF-8, or (unless `lines` is false: JSON, whose
 * strings are checked instead) with a line over {@link INGEST_LIMITS}`.lineBytes`; a BOM is dropped.
 */
export function readText(file: InputFile, maxBytes: number, why: string, lines = true): string {
  const size = sizeOf(file)
  if (size === 0) throw fileError(file, null, 'is empty')
  if (size > maxBytes) throw fileError(file, null, `is larger than ${maxBytes} bytes, ${why}`)
  const bytes = bytesOf(file)
  if (lines) checkLines(file, bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw fileError(file, null, 'is not UTF-8; re-encode it as UTF-8')
  }
}

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
export async function* readJsonArray(file: InputFile, key: string, ctx: Pick<ReadContext, 'progress'>): AsyncGenerator<JsonEntry> {
  const total = sizeOf(file)
  if (total === 0) throw fileError(file, null, 'is empty')
  let read = 0
  const bytes = streamOf(file)
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

/**
 * Whether reading a file as `read` does succeeds and does not answer `false` (for `recognizes`:
 * a download of the kind expected).
 */
export function readsAs(read: () => unknown): boolean {
  try {
    return read() !== false
  } catch {
    return false
  }
}
