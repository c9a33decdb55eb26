import { closeSync, createReadStream, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { Readable, addAbortSignal, pipeline } from 'node:stream'
import { parse } from 'csv-parse'
import { LegisearchError } from '../common/errors.js'
import { fileError } from './file-error.js'
import { checkLines, strictUtf8 } from './utf8.js'
import type { InputFile, ReadContext } from './define.js'
import { INGEST_LIMITS } from './limits.js'

/** The size of an input (its slice's, for a packed archive entry). */
export function sizeOf(file: InputFile): number {
  return file.at ? file.at.length : statSync(file.path).size
}

/** An input's bytes as a stream (its slice only, for a packed archive entry), destroyed when `signal` aborts. */
export function streamOf(file: InputFile, signal?: AbortSignal): Readable {
  const stream = !file.at
    ? createReadStream(file.path)
    : file.at.length === 0
      ? Readable.from([])
      : createReadStream(file.path, { start: file.at.offset, end: file.at.offset + file.at.length - 1 })
  return signal ? addAbortSignal(signal, stream) : stream
}

/**
 * Pack files kept open while a reader reads their entries (a DOU day: thousands of acts in one
 * pack, one open instead of one per act and per head); loose files are still opened per read.
 */
export interface OpenFiles {
  /** The descriptor of a packed entry's file, opened once; null for a loose file. */
  fd(file: InputFile): number | null
  /** Closes what was opened. */
  close(): void
}

/**
 * A set of pack files kept open until `close`.
 *
 * @example const open = openFiles(); try { bytesOf(file, open) } finally { open.close() }
 */
export function openFiles(): OpenFiles {
  const fds = new Map<string, number>()
  return {
    fd: (file) => {
      if (!file.at) return null
      let fd = fds.get(file.path)
      if (fd === undefined) fds.set(file.path, (fd = openForReading(file)))
      return fd
    },
    close: () => {
      for (const fd of fds.values()) closeSync(fd)
      fds.clear()
    },
  }
}

/** An input's bytes, whole (for files read whole: an API answer, a DOU act, a UN list); `open` keeps pack files open. */
export function bytesOf(file: InputFile, open?: OpenFiles): Buffer {
  const kept = open?.fd(file) ?? null
  const fd = kept ?? openForReading(file)
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
    if (kept === null) closeSync(fd)
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
  ctx: Pick<ReadContext, 'progress' | 'signal'>,
): AsyncGenerator<CsvRow> {
  const total = sizeOf(file)
  let read = 0
  const bytes = streamOf(file, ctx.signal)
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

/** The first `n` bytes of an input (its slice's, for a packed archive entry), or the file refused naming it; `open` keeps pack files open. */
export function headOf(file: InputFile, n: number, open?: OpenFiles): Buffer {
  const kept = open?.fd(file) ?? null
  const fd = kept ?? openForReading(file)
  try {
    const want = file.at ? Math.min(n, file.at.length) : n
    const buffer = Buffer.alloc(want)
    return buffer.subarray(0, readSync(fd, buffer, 0, want, file.at?.offset ?? 0))
  } finally {
    if (kept === null) closeSync(fd)
  }
}

/** The first `n` bytes of a file as text (for recognising its kind); `open` keeps pack files open. */
export function firstBytes(file: InputFile, n: number, open?: OpenFiles): string {
  return headOf(file, n, open).toString('utf8')
}

/**
 * A file read whole as text (one answer, one act, one feed): refused when empty, over `maxBytes`
 * (`why` says what a file of its kind is), not UTF-8, or (unless `lines` is false: JSON, whose
 * strings are checked instead) with a line over {@link INGEST_LIMITS}`.lineBytes`; a BOM is dropped.
 * `open` keeps pack files open.
 */
export function readText(file: InputFile, maxBytes: number, why: string, lines = true, open?: OpenFiles): string {
  const size = sizeOf(file)
  if (size === 0) throw fileError(file, null, 'is empty')
  if (size > maxBytes) throw fileError(file, null, `is larger than ${maxBytes} bytes, ${why}`)
  const bytes = bytesOf(file, open)
  if (lines) checkLines(file, bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw fileError(file, null, 'is not UTF-8; re-encode it as UTF-8')
  }
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
