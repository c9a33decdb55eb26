/**
 * How a record is stored in `records.record`: its JSON as TEXT (every file written before issue
 * 24, and a corpus's first records), or a BLOB of that JSON deflated (zlib format, node:zlib)
 * against a preset dictionary of typical records of its corpus, kept in `record_dicts` so that
 * every dictionary a row was written with stays readable. A blob starts with a small header:
 *
 *   byte 0   the encoding (1: deflate in zlib's wrapper with a preset dictionary: its header names
 *            the dictionary by checksum and its trailer checks the JSON, so a wrong dictionary or
 *            a damaged byte fails to decode instead of decoding to other text)
 *   varint   the dictionary's id in `record_dicts`
 *   varint   the JSON's length in UTF-8 bytes
 *   …        the deflated bytes
 *
 * A corpus gets its dictionary once it holds `TRAIN_FROM` records in TEXT: built from those, and
 * used for every record written after (the ones before stay TEXT; `recompressRecords` rewrites them).
 */
import { randomInt } from 'node:crypto'
import { deflateSync, inflateSync } from 'node:zlib'
import type { Statements } from './statements.js'

/** The encodings a blob's first byte names. */
const DEFLATE_DICT = 1

/** Bytes of a dictionary: the last 16 KB of a sample of records (32 KB saves ~10 % more, and costs ~25 % more to read). */
export const DICT_BYTES = 16 * 1024

/** Window of the deflate streams: 2^14 bytes covers a 16 KB dictionary. Level 6: level 9 makes records ~1 % smaller and costs ~15 % more to write (~55 vs 65 µs a proposition). */
const WINDOW_BITS = 14

/** How many TEXT records a corpus needs before its dictionary is made from them. */
export const TRAIN_FROM = 512

/** A decoded dictionary per id, per connection (rows of `record_dicts` never change once written). */
const dictionaries = new WeakMap<Statements, Map<number, Buffer>>()
/** Records written as TEXT per corpus since a dictionary was last looked for, per connection. */
const plainWrites = new WeakMap<Statements, Map<string, number>>()

/**
 * The value to store for a record: a deflated BLOB when its corpus has a dictionary and it comes
 * out smaller, else the JSON itself. Makes the corpus's dictionary when it has enough records.
 *
 * @example st.prepared('INSERT INTO records (rowid, record) VALUES (?, ?)').run(rowid, encodeRecord(st, 'dou', json))
 */
export function encodeRecord(st: Statements, corpus: string, json: string): string | Buffer {
  let current = currentDictionary(st, corpus)
  if (current === undefined) {
    let counts = plainWrites.get(st)
    if (!counts) plainWrites.set(st, (counts = new Map()))
    const n = counts.get(corpus) ?? 0
    counts.set(corpus, n + 1)
    // Looked for at the first write of a connection (a file already full of TEXT records), then every 256.
    if (n % 256 === 0) current = trainDictionary(st, corpus)
    if (current === undefined) return json
  }
  const raw = Buffer.from(json, 'utf8')
  const head = header(current.id, raw.length)
  const body = deflateSync(raw, { dictionary: current.dict, level: 6, windowBits: WINDOW_BITS })
  if (head.length + body.length >= raw.length) return json
  return Buffer.concat([head, body])
}

/**
 * The JSON of a stored record, whichever way it was stored. Throws an Error naming what is wrong
 * when a blob does not decode (see `recordProblems`).
 *
 * @example decodeRecord(st, row.record) // '{"id":"prop-1",…}'
 */
export function decodeRecord(st: Statements, stored: string | Buffer): string {
  if (typeof stored === 'string') return stored
  const { encoding, dictId, length, at } = readHeader(stored)
  if (encoding !== DEFLATE_DICT) throw new Error(`unknown record encoding ${encoding}`)
  const dict = dictionaryOf(st, dictId)
  const out = inflateSync(stored.subarray(at), { dictionary: dict, windowBits: WINDOW_BITS, chunkSize: Math.max(64, length) })
  if (out.length !== length) throw new Error(`record decodes to ${out.length} bytes, its header says ${length}`)
  return out.toString('utf8')
}

/**
 * The records that do not decode ([] when none): each blob is inflated, which checks it against its
 * dictionary's id and its Adler-32 (zlib's wrapper), read in pages of 1,000 by rowid (`limit` stops
 * after that many problems). A blob was JSON when written, so what decodes is that JSON.
 *
 * @example recordProblems(st) // ['record 12: unexpected end of file']
 */
export function recordProblems(st: Statements, limit = 20): string[] {
  const problems: string[] = []
  let after = 0
  let more = 0
  for (;;) {
    const page = st
      .prepared("SELECT rowid AS r, record FROM records WHERE rowid > ? AND typeof(record) = 'blob' ORDER BY rowid LIMIT 1000")
      .all(after) as { r: number; record: Buffer }[]
    if (page.length === 0) break
    for (const row of page) {
      try {
        decodeRecord(st, row.record)
      } catch (e) {
        if (problems.length < limit) problems.push(`record ${row.r}: does not decode (${(e as Error).message})`)
        else more++
      }
    }
    after = (page[page.length - 1] as { r: number }).r
  }
  if (more > 0) problems.push(`records: ${more} more do not decode`)
  return problems
}

/**
 * Rewrites a corpus's TEXT records with its dictionary (made first when it has none and holds
 * `trainFrom` records); returns how many were rewritten. The caller wraps it in a transaction.
 *
 * @example recompressRecords(st, 'propositions') // 512
 */
export function recompressRecords(st: Statements, corpus: string, trainFrom = TRAIN_FROM): number {
  if (currentDictionary(st, corpus) === undefined && trainDictionary(st, corpus, trainFrom) === undefined) return 0
  let n = 0
  let after = 0
  for (;;) {
    const page = st
      .prepared(
        "SELECT r.rowid AS r, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE +d.corpus = ? AND d.rowid > ? AND typeof(r.record) = 'text' ORDER BY d.rowid LIMIT 1000",
      )
      .all(corpus, after) as { r: number; record: string }[]
    if (page.length === 0) break
    for (const row of page) {
      const stored = encodeRecord(st, corpus, row.record)
      if (typeof stored === 'string') continue
      st.prepared('UPDATE records SET record = ? WHERE rowid = ?').run(stored, row.r)
      n++
    }
    after = (page[page.length - 1] as { r: number }).r
  }
  return n
}

/**
 * A dictionary made of a sample of records: records spread over the sample, concatenated up to
 * twice `DICT_BYTES`, of which deflate keeps the last `DICT_BYTES` (the strings most records
 * share then lie within its window, as keys and recurring values do).
 *
 * @example dictionaryFrom(jsons).length // 16384
 */
export function dictionaryFrom(sample: readonly string[]): Buffer {
  const parts: Buffer[] = []
  let bytes = 0
  // A stride prime to the sample's length visits records from all of it before repeating.
  const stride = 7
  for (let k = 0; k < sample.length && bytes < 2 * DICT_BYTES; k++) {
    const part = Buffer.from(sample[(k * stride) % sample.length] as string, 'utf8')
    parts.push(part)
    bytes += part.length
  }
  const all = Buffer.concat(parts)
  return Buffer.from(all.subarray(Math.max(0, all.length - DICT_BYTES)))
}

/**
 * Reads every dictionary of the file into the connection's cache, so that records can be decoded
 * while a statement iterates (better-sqlite3 runs no other query on a connection meanwhile).
 *
 * @example loadDictionaries(st); for (const row of stmt.iterate()) decodeRecord(st, row.record)
 */
export function loadDictionaries(st: Statements): void {
  if (st.prepared("SELECT 1 FROM sqlite_master WHERE name = 'record_dicts'").get() === undefined) return
  const cache = cacheOf(st)
  for (const row of st.prepared('SELECT id, dict FROM record_dicts').all() as { id: number; dict: Buffer }[]) cache.set(row.id, row.dict)
}

function currentDictionary(st: Statements, corpus: string): { id: number; dict: Buffer } | undefined {
  const row = st.prepared('SELECT id FROM record_dicts WHERE corpus = ? ORDER BY rowid DESC LIMIT 1').get(corpus) as
    { id: number } | undefined
  return row === undefined ? undefined : { id: row.id, dict: dictionaryOf(st, row.id) }
}

/** Makes and stores a corpus's dictionary from its newest TEXT records, when it has `TRAIN_FROM` of them. */
function trainDictionary(st: Statements, corpus: string, trainFrom = TRAIN_FROM): { id: number; dict: Buffer } | undefined {
  const sample = (
    st
      .prepared(
        "SELECT r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE d.corpus = ? AND typeof(r.record) = 'text' ORDER BY d.rowid DESC LIMIT ?",
      )
      .all(corpus, 4 * TRAIN_FROM) as { record: string }[]
  ).map((r) => r.record)
  if (sample.length < trainFrom) return undefined
  const dict = dictionaryFrom(sample)
  // A random id, never the next one: a dictionary made in a call that rolled back stays cached in
  // this connection, and another process's next dictionary must not come under its id.
  let id = randomInt(1, 2 ** 31)
  while (st.prepared('SELECT 1 FROM record_dicts WHERE id = ?').get(id) !== undefined) id = randomInt(1, 2 ** 31)
  st.prepared('INSERT INTO record_dicts (id, corpus, dict) VALUES (?, ?, ?)').run(id, corpus, dict)
  // Set here, not only read: a rolled-back transaction may have left another dictionary under this id.
  cacheOf(st).set(id, dict)
  plainWrites.get(st)?.delete(corpus)
  return { id, dict }
}

function cacheOf(st: Statements): Map<number, Buffer> {
  let cache = dictionaries.get(st)
  if (!cache) dictionaries.set(st, (cache = new Map()))
  return cache
}

function dictionaryOf(st: Statements, id: number): Buffer {
  const cache = cacheOf(st)
  let dict = cache.get(id)
  if (dict === undefined) {
    const row = st.prepared('SELECT dict FROM record_dicts WHERE id = ?').get(id) as { dict: Buffer } | undefined
    if (row === undefined) throw new Error(`its dictionary ${id} is missing from record_dicts`)
    dict = row.dict
    cache.set(id, dict)
  }
  return dict
}

function header(dictId: number, length: number): Buffer {
  const bytes = [DEFLATE_DICT]
  for (const v of [dictId, length]) {
    let x = v
    while (x >= 0x80) {
      bytes.push((x & 0x7f) | 0x80)
      x = Math.floor(x / 128)
    }
    bytes.push(x)
  }
  return Buffer.from(bytes)
}

function readHeader(blob: Buffer): { encoding: number; dictId: number; length: number; at: number } {
  if (blob.length < 3) throw new Error(`a record blob of ${blob.length} bytes, shorter than its header`)
  let at = 1
  const varint = (): number => {
    let v = 0
    let scale = 1
    for (let i = 0; i < 5; i++) {
      const b = blob[at++]
      if (b === undefined) throw new Error('a record blob cut short in its header')
      v += (b & 0x7f) * scale
      if (b < 0x80) return v
      scale *= 128
    }
    throw new Error('a record blob whose header is not readable')
  }
  const encoding = blob[0] as number
  const dictId = varint()
  const length = varint()
  return { encoding, dictId, length, at }
}
