import { closeSync, createReadStream, createWriteStream, mkdtempSync, openSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, crc32 } from 'node:zlib'
import yauzl from 'yauzl'
import { LegisearchError } from '../common/errors.js'
import type { InputFile } from './define.js'
import { fileError } from './files.js'

/** Limits on what one zip may unpack to (a zip bomb is refused, not unpacked). */
export const ZIP_LIMITS = { entries: 100_000, bytes: 20_000_000_000 } as const

/** The first bytes of a file. */
function head(path: string, n: number): Buffer {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(n)
    return buffer.subarray(0, readSync(fd, buffer, 0, n, 0))
  } finally {
    closeSync(fd)
  }
}

/** Whether a file is gzip-compressed (`\x1f\x8b`). */
export function isGzip(path: string): boolean {
  const h = head(path, 2)
  return h[0] === 0x1f && h[1] === 0x8b
}

/**
 * Decompresses a gzip file into `dir` (streamed; the gzip trailer's CRC-32 and length checked, so
 * a truncated or damaged file is refused naming it). The input keeps the file's name in messages.
 *
 * @example const [json] = await gunzip({ path: 'deputados.json.gz', name: 'deputados.json.gz' }, tmp)
 */
export async function gunzip(file: InputFile, dir: string): Promise<InputFile[]> {
  const path = join(dir, 'gunzipped')
  let bytes = 0
  const limit = new Transform({
    transform(chunk: Buffer, _enc, next) {
      bytes += chunk.length
      if (bytes > ZIP_LIMITS.bytes) next(fileError(file, null, `decompresses to more than ${ZIP_LIMITS.bytes} bytes; refused`))
      else next(null, chunk)
    },
  })
  try {
    await pipeline(createReadStream(file.path), createGunzip(), limit, createWriteStream(path))
  } catch (e) {
    if (e instanceof LegisearchError) throw e
    throw fileError(file, null, `is a broken gzip file (${(e as Error).message})`)
  }
  return [{ path, name: file.name }]
}

/** Whether a file starts as a zip archive does (`PK\x03\x04`, or the empty archive's `PK\x05\x06`). */
export function isZip(path: string): boolean {
  const h = head(path, 4)
  return h.length === 4 && h[0] === 0x50 && h[1] === 0x4b && ((h[2] === 3 && h[3] === 4) || (h[2] === 5 && h[3] === 6))
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (e, zip) =>
      e ? reject(e) : resolve(zip),
    ),
  )
}

/**
 * Unpacks a zip's files into `dir` (streamed: memory stays flat), each checked whole — its size
 * as the archive declares it and its CRC-32 — before it is handed on as an input named
 * `archive.zip:entry` (so messages name the archive and the entry). Directories are skipped; entry
 * names never become paths (entries are written as `dir/<n>`). A broken archive or entry is refused
 * naming the archive and the entry.
 *
 * @example const files = await unzip({ path: 'proposituras.zip', name: 'proposituras.zip' }, tmp)
 * // [{ path: '/tmp/…/0', name: 'proposituras.zip:proposituras.xml' }]
 */
export async function unzip(file: InputFile, dir: string): Promise<InputFile[]> {
  let zip: yauzl.ZipFile
  try {
    zip = await openZip(file.path)
  } catch (e) {
    throw fileError(file, null, `is not a readable zip archive (${(e as Error).message})`)
  }
  const out: InputFile[] = []
  let total = 0
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (x: yauzl.Entry) => done(x)
        const onEnd = () => done(null)
        const onError = (e: Error) => done(null, e)
        const done = (x: yauzl.Entry | null, e?: Error) => {
          zip.removeListener('entry', onEntry).removeListener('end', onEnd).removeListener('error', onError)
          if (e) reject(e)
          else resolve(x)
        }
        zip.once('entry', onEntry).once('end', onEnd).once('error', onError)
        zip.readEntry()
      }).catch((e: Error) => {
        throw fileError(file, null, `is a broken zip archive (${e.message})`)
      })
      if (entry === null) break
      if (entry.fileName.endsWith('/')) continue
      const name = `${file.name}:${entry.fileName}`
      const broken = (why: string) => fileError(file, `entry ${entry.fileName}`, `is broken (${why})`)
      if (out.length >= ZIP_LIMITS.entries) throw fileError(file, null, `holds more than ${ZIP_LIMITS.entries} files; refused`)
      total += entry.uncompressedSize
      if (total > ZIP_LIMITS.bytes) throw fileError(file, null, `unpacks to more than ${ZIP_LIMITS.bytes} bytes; refused`)
      const path = join(dir, String(out.length))
      let crc = 0
      const check = new Transform({
        transform(chunk: Buffer, _enc, next) {
          crc = crc32(chunk, crc)
          next(null, chunk)
        },
      })
      try {
        const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
          zip.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))),
        )
        await pipeline(stream, check, createWriteStream(path))
      } catch (e) {
        if (e instanceof LegisearchError) throw e
        const code = (e as NodeJS.ErrnoException).code
        if (code !== undefined && /^E[A-Z]+$/.test(code) && !code.startsWith('Z_')) {
          throw new LegisearchError(500, 'internal_error', `${name}: cannot be unpacked to ${dir} (${code})`)
        }
        throw broken((e as Error).message)
      }
      if (crc >>> 0 !== entry.crc32 >>> 0) throw broken(`its CRC-32 is ${hex(crc)}, the archive says ${hex(entry.crc32)}`)
      out.push({ path, name })
    }
  } finally {
    zip.close()
  }
  if (out.length === 0) throw fileError(file, null, 'is a zip archive with no file in it')
  return out
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0')

/** How deep archives inside archives are opened (a gzip file in a zip: 2). */
const MAX_DEPTH = 3

/**
 * The files a call reads: a zip as the files in it, a gzip file as its content (inside one another
 * too), unpacked into `dir` and checked whole before anything is written; `dir` is made when
 * needed and is the caller's to remove. Other files are read in place.
 *
 * @example const inputs = await unpacked(files, tmp) // deputados.json.gz → its JSON; a.zip → a.zip:x.csv, a.zip:y.csv
 */
export async function unpacked(files: readonly InputFile[], dir: () => string, depth = 0): Promise<InputFile[]> {
  const out: InputFile[] = []
  for (const f of files) {
    const unpack = isZip(f.path) ? unzip : isGzip(f.path) ? gunzip : null
    if (unpack === null) {
      out.push(f)
      continue
    }
    if (depth >= MAX_DEPTH) throw fileError(f, null, `is an archive nested more than ${MAX_DEPTH} deep; refused`)
    const into = mkdtempSync(join(dir(), 'a-'))
    out.push(...(await unpacked(await unpack(f, into), dir, depth + 1)))
  }
  return out
}
