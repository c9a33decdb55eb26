import { Transform } from 'node:stream'
import type { LegisearchError } from '../common/errors.js'
import type { InputFile } from './define.js'
import { fileError } from './file-error.js'
import { INGEST_LIMITS } from './limits.js'

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

/** How many times `byte` occurs in `data` before `end`. */
function count(data: Buffer, byte: number, end: number): number {
  let n = 0
  for (let i = data.indexOf(byte); i !== -1 && i < end; i = data.indexOf(byte, i + 1)) n++
  return n
}
