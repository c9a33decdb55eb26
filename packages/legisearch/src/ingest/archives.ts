import { closeSync, createWriteStream, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, crc32, inflateRawSync } from 'node:zlib'
import yauzl from 'yauzl'
import { LegisearchError } from '../common/errors.js'
import type { InputFile } from './define.js'
import { fileError } from './file-error.js'
import { bytesOf, headOf, sizeOf, streamOf } from './files.js'
import { INGEST_LIMITS } from './limits.js'

/** Entries up to this size are packed, one after another, into one file per archive. */
const SMALL_ENTRY = 1_000_000

/** What is left of a call's unpacking budget, and the call's signal (checked between entries). */
interface Budget {
  entries: number
  bytes: number
  readonly signal?: AbortSignal | undefined
}

/** Whether a file is gzip-compressed (`\x1f\x8b`). */
export function isGzip(file: InputFile): boolean {
  const h = headOf(file, 2)
  return h[0] === 0x1f && h[1] === 0x8b
}

/** Whether a file starts as a zip archive does (`PK\x03\x04`, or the empty archive's `PK\x05\x06`). */
export function isZip(file: InputFile): boolean {
  const h = headOf(file, 4)
  return h.length === 4 && h[0] === 0x50 && h[1] === 0x4b && ((h[2] === 3 && h[3] === 4) || (h[2] === 5 && h[3] === 6))
}

/** An error writing the unpacked copy (a full disk, permissions) is the machine's, not the input's: 500. */
function diskError(e: unknown, name: string, dir: string): LegisearchError | null {
  const code = (e as NodeJS.ErrnoException).code
  if (code === undefined || !/^E[A-Z]+$/.test(code)) return null
  return new LegisearchError('internal_error', `${name}: cannot be unpacked to ${dir} (${code})`)
}

/**
 * Counts the bytes an entry unpacks to as they pass, against the call's budget
 * (`archiveBytes`), the entry's own (`entryBytes`) and its compression ratio (`compressionRatio`
 * past `ratioFloor`: a bomb is refused as it starts, not written out), and computes their CRC-32:
 * as a transform in a pipeline, or chunk by chunk with `take` (which throws the refusal,
 * `refuse(why)` naming the file and the entry).
 */
function meter(
  budget: Budget,
  compressed: number,
  refuse: (why: string) => LegisearchError,
): Transform & { crc: () => number; take: (chunk: Buffer) => Buffer } {
  const L = INGEST_LIMITS
  const ratioCap = Math.max(L.ratioFloor, compressed * L.compressionRatio)
  let crc = 0
  let got = 0
  const take = (chunk: Buffer): Buffer => {
    budget.bytes -= chunk.length
    got += chunk.length
    if (got > L.entryBytes)
      throw refuse(`unpacks to more than ${L.entryBytes} bytes, the most one file may (INGEST_LIMITS.entryBytes); refused`)
    if (got > ratioCap) {
      throw refuse(
        `unpacks to more than ${L.compressionRatio} times its ${compressed} compressed bytes (INGEST_LIMITS.compressionRatio): a compression bomb; refused`,
      )
    }
    if (budget.bytes < 0)
      throw refuse(`unpacks to more than this call may unpack (${L.archiveBytes} bytes, INGEST_LIMITS.archiveBytes); refused`)
    crc = crc32(chunk, crc)
    return chunk
  }
  const t = new Transform({
    transform(chunk: Buffer, _enc, next) {
      try {
        next(null, take(chunk))
      } catch (e) {
        next(e as Error)
      }
    },
  })
  return Object.assign(t, { crc: () => crc >>> 0, take })
}

/**
 * Decompresses a gzip file into `dir` (streamed; the gzip trailer's CRC-32 and length checked, so
 * a truncated or damaged file is refused naming it). The input keeps the file's name in messages.
 */
async function gunzip(file: InputFile, dir: string, budget: Budget): Promise<InputFile[]> {
  const path = join(dir, 'gunzipped')
  const counted = meter(budget, sizeOf(file), (why) => fileError(file, null, why))
  try {
    await pipeline(streamOf(file, budget.signal), createGunzip(), counted, createWriteStream(path))
  } catch (e) {
    budget.signal?.throwIfAborted()
    if (e instanceof LegisearchError) throw e
    throw diskError(e, file.name, dir) ?? fileError(file, null, `is a broken gzip file (${(e as Error).message})`)
  }
  return [{ path, name: file.name }]
}

const ZIP_IN_MEMORY = 64_000_000
const ZIP_OPTIONS = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false } as const

/** A zip opened, with its bytes when it was read into memory. */
interface OpenZip {
  readonly zip: yauzl.ZipFile
  readonly bytes: Buffer | null
}

/** Opens a zip: a file by its path, a packed entry (a small zip inside a zip) from its bytes. */
function openZip(file: InputFile): Promise<OpenZip> {
  return new Promise((resolve, reject) => {
    // A zip up to 64 MB is read from memory: its entries then cost no file reads (a day of the DOU
    // is thousands of small entries; each read from the file is a round trip to the thread pool).
    const bytes = file.at || sizeOf(file) <= ZIP_IN_MEMORY ? bytesOf(file) : null
    const done = (e: Error | null, zip?: yauzl.ZipFile) => (e || !zip ? reject(e ?? new Error('no zip')) : resolve({ zip, bytes }))
    if (bytes) yauzl.fromBuffer(bytes, ZIP_OPTIONS, done)
    else yauzl.open(file.path, ZIP_OPTIONS, done)
  })
}

/**
 * A small entry of a zip held in memory, unpacked at once (no stream, no round trip to the thread
 * pool: a DOU day is thousands of them), or null when anything about it is unusual — another
 * compression method, encryption, a local header that does not agree, data that does not inflate
 * to exactly the size and CRC-32 declared — and the entry is read as a stream instead, which
 * refuses it with its own message.
 */
function unpackedAtOnce(bytes: Buffer, entry: yauzl.Entry): Buffer | null {
  if ((entry.generalPurposeBitFlag & 1) !== 0 || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) return null
  const at = entry.relativeOffsetOfLocalHeader
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return null
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28)
  if (start + entry.compressedSize > bytes.length) return null
  const data = bytes.subarray(start, start + entry.compressedSize)
  let out: Buffer
  if (entry.compressionMethod === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) return null
    out = data
  } else {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) })
    } catch {
      return null
    }
  }
  return out.length === entry.uncompressedSize && crc32(out) >>> 0 === entry.crc32 >>> 0 ? out : null
}

/** The next entry of a zip opened with `lazyEntries`, or null at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise<yauzl.Entry | null>((resolve, reject) => {
    const done = (x: yauzl.Entry | null, e?: Error) => {
      zip.removeListener('entry', onEntry).removeListener('end', onEnd).removeListener('error', onError)
      if (e) reject(e)
      else resolve(x)
    }
    const onEntry = (x: yauzl.Entry) => done(x)
    const onEnd = () => done(null)
    const onError = (e: Error) => done(null, e)
    zip.once('entry', onEntry).once('end', onEnd).once('error', onError)
    zip.readEntry()
  })
}

/** Entries that are no file of the origin: directories, and what archivers of some systems add. */
const isLitter = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db)$/.test(name)

/**
 * Unpacks a zip's files into `dir` (streamed: memory stays flat), each checked whole — its size
 * as the archive declares it and its CRC-32 — before it is handed on as an input named
 * `archive.zip:entry` (so messages name the archive and the entry). Directories and OS litter
 * (`__MACOSX/`, `.DS_Store`) are skipped; entry names never become paths (entries are written as
 * `dir/<n>`). A broken archive or entry is refused naming the archive and the entry.
 */
async function unzip(file: InputFile, dir: string, budget: Budget): Promise<InputFile[]> {
  let zip: yauzl.ZipFile
  let zipBytes: Buffer | null
  try {
    ;({ zip, bytes: zipBytes } = await openZip(file))
  } catch (e) {
    throw fileError(file, null, `is not a readable zip archive (${(e as Error).message})`)
  }
  const out: InputFile[] = []
  let pack: { fd: number; path: string; offset: number } | null = null
  try {
    for (;;) {
      let packed: { offset: number; length: number } | null = null
      const entry = await nextEntry(zip).catch((e: Error) => {
        throw fileError(file, null, `is a broken zip archive (${e.message})`)
      })
      if (entry === null) break
      // Entries of a zip held in memory come without I/O: a turn of the event loop now and then lets an abort (a timer, Ctrl-C) in.
      if (out.length % 256 === 255) await new Promise<void>((resolve) => setImmediate(resolve))
      budget.signal?.throwIfAborted()
      if (isLitter(entry.fileName)) continue
      const name = `${file.name}:${entry.fileName}`
      const broken = (why: string) => fileError(file, `entry ${entry.fileName}`, `is broken (${why})`)
      if (--budget.entries < 0) {
        throw fileError(
          file,
          null,
          `holds more files than this call may unpack (${INGEST_LIMITS.archiveEntries}, INGEST_LIMITS.archiveEntries); refused`,
        )
      }
      // What the archive declares is checked before anything is unpacked (what it holds, as it unpacks).
      if (entry.uncompressedSize > INGEST_LIMITS.entryBytes) {
        throw fileError(
          file,
          `entry ${entry.fileName}`,
          `declares ${entry.uncompressedSize} bytes, more than one file may unpack to (${INGEST_LIMITS.entryBytes}, INGEST_LIMITS.entryBytes); refused`,
        )
      }
      const path = join(dir, String(out.length))
      const small = entry.uncompressedSize <= SMALL_ENTRY
      const counted = meter(budget, entry.compressedSize, (why) => fileError(file, `entry ${entry.fileName}`, why))
      try {
        const atOnce = small && zipBytes !== null ? unpackedAtOnce(zipBytes, entry) : null
        const stream = atOnce
          ? null
          : await new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))))
        if (small) {
          // Small entries (a DOU act: a few kB) go one after another into one pack file: creating
          // thousands of files costs far more than their bytes.
          let bytes: Buffer
          if (atOnce) bytes = counted.take(atOnce)
          else {
            const chunks: Buffer[] = []
            for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(counted.take(chunk))
            bytes = Buffer.concat(chunks)
          }
          pack ??= { fd: openSync(join(dir, 'pack'), 'w'), path: join(dir, 'pack'), offset: 0 }
          for (let done = 0; done < bytes.length;) done += writeSync(pack.fd, bytes, done)
          packed = { offset: pack.offset, length: bytes.length }
          pack.offset += bytes.length
        } else {
          // A large entry takes a while: the call's signal stops it at once, not at its end.
          await pipeline(stream as NodeJS.ReadableStream, counted, createWriteStream(path), { signal: budget.signal })
        }
      } catch (e) {
        budget.signal?.throwIfAborted()
        if (e instanceof LegisearchError) throw e
        throw diskError(e, name, dir) ?? broken((e as Error).message)
      }
      if (counted.crc() !== entry.crc32 >>> 0) throw broken(`its CRC-32 is ${hex(counted.crc())}, the archive says ${hex(entry.crc32)}`)
      out.push(packed && pack ? { path: pack.path, name, at: packed } : { path, name })
    }
  } finally {
    zip.close()
    if (pack) closeSync(pack.fd)
  }
  if (out.length === 0) throw fileError(file, null, 'is a zip archive with no file in it')
  return out
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0')

/**
 * The first bytes of a zip's first file (null when it has none or cannot be read): enough to tell
 * a downloaded archive's kind before it replaces a good one.
 */
export async function firstEntryHead(path: string, n = 4096): Promise<string | null> {
  let zip: yauzl.ZipFile
  try {
    ;({ zip } = await openZip({ path, name: path }))
  } catch {
    return null
  }
  try {
    for (;;) {
      const entry = await nextEntry(zip)
      if (entry === null) return null
      if (isLitter(entry.fileName)) continue
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))),
      )
      const chunks: Buffer[] = []
      let got = 0
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunks.push(chunk)
        got += chunk.length
        if (got >= n) break
      }
      return Buffer.concat(chunks).subarray(0, n).toString('utf8')
    }
  } catch {
    return null
  } finally {
    zip.close()
  }
}

/** How deep archives inside archives are opened (a gzip file in a zip: 2). */
const MAX_DEPTH = 3

/** Temporary directories of unpacks under way, removed if the process exits before their call ends. */
const LIVE = new Set<string>()
let hooked = false

/** Temporary unpack directories are named `legisearch-unpack-<pid>-<random>`. */
const UNPACK_PREFIX = 'legisearch-unpack-'

/**
 * Removes the unpack directories of processes that no longer run (killed mid-ingest: their exit
 * hook never ran). A directory of a live process, or of one this user may not signal, is kept.
 */
export function sweepStale(dir: string): void {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const m = new RegExp(`^${UNPACK_PREFIX}(\\d+)-`).exec(name)
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue
    rmSync(join(dir, name), { recursive: true, force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Runs `body` over the files a call reads: a zip as the files in it, a gzip file as its content
 * (inside one another too), unpacked into one temporary directory and checked whole before anything
 * is written, within one budget for the whole call and one per file ({@link INGEST_LIMITS}). Other files are read
 * in place. The directory is removed when `body` settles, or when the process exits first; `signal`
 * stops the unpacking between files.
 *
 * @example await withUnpacked(files, (inputs) => read(inputs)) // deputados.json.gz → its JSON; a.zip → a.zip:x.csv, a.zip:y.csv
 */
export async function withUnpacked<T>(
  files: readonly InputFile[],
  body: (inputs: InputFile[]) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  let dir: string | null = null
  const budget: Budget = { entries: INGEST_LIMITS.archiveEntries, bytes: INGEST_LIMITS.archiveBytes, signal }
  const tmp = () => {
    if (dir === null) {
      sweepStale(tmpdir())
      dir = mkdtempSync(join(tmpdir(), `${UNPACK_PREFIX}${process.pid}-`))
      LIVE.add(dir)
      if (!hooked) {
        hooked = true
        process.once('exit', () => {
          for (const d of LIVE) rmSync(d, { recursive: true, force: true })
        })
      }
    }
    return dir
  }
  const unpack = async (given: readonly InputFile[], depth: number): Promise<InputFile[]> => {
    const out: InputFile[] = []
    for (const f of given) {
      signal?.throwIfAborted()
      const how = isZip(f) ? unzip : isGzip(f) ? gunzip : null
      if (how === null) {
        out.push(f)
        continue
      }
      if (depth >= MAX_DEPTH) throw fileError(f, null, `is an archive nested more than ${MAX_DEPTH} deep; refused`)
      out.push(...(await unpack(await how(f, mkdtempSync(join(tmp(), 'a-')), budget), depth + 1)))
    }
    return out
  }
  try {
    return await body(await unpack(files, 0))
  } finally {
    if (dir !== null) {
      rmSync(dir, { recursive: true, force: true })
      LIVE.delete(dir)
    }
  }
}
