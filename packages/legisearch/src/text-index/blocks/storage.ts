/**
 * The block index in the snapshot: a segment is rows written in the caller's
 * transaction — one row for its documents and lengths, one per term (its block metadata, blocks
 * and positions as blobs) — and read back lazily, a term's row only when a query names it (then
 * kept for the segment's life). Deleted documents are rows too, per segment.
 */
import type { Db } from '../../store/database.js'
import type { Statements } from '../../store/statements.js'
import type { BuiltSegment, LiveSegment, Segment, SegmentNorms, TermLookup, TermPostings } from './segment.js'

/**
 * Creates the block index's tables (idempotent; in the caller's transaction). Segment ids are never
 * reused (AUTOINCREMENT): readers cache segments by id, and a dropped segment's id must not name another.
 */
export function createBlockTables(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS block_segments (
      id INTEGER PRIMARY KEY AUTOINCREMENT, space TEXT NOT NULL, fields INTEGER NOT NULL, docs BLOB NOT NULL, lengths BLOB NOT NULL
    );
    CREATE INDEX IF NOT EXISTS block_segments_space ON block_segments (space, id);
    CREATE TABLE IF NOT EXISTS block_terms (
      segment INTEGER NOT NULL, term TEXT NOT NULL, df INTEGER NOT NULL, meta BLOB NOT NULL, data BLOB NOT NULL, positions BLOB NOT NULL,
      PRIMARY KEY (segment, term)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS block_deleted (segment INTEGER NOT NULL, doc INTEGER NOT NULL, PRIMARY KEY (segment, doc)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS block_versions (space TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS block_layouts (name TEXT PRIMARY KEY, layout TEXT NOT NULL);
  `)
  db.exec(NORMS_TABLE)
}

/**
 * Per segment, its documents' lengths (every field summed) as one int32 per id from its first
 * document to its last (0 where the segment holds no document), and their total: what BM25 reads
 * of a segment at a search, a quarter of its per-field lengths and nothing to sum. Kept beside
 * `block_segments` so that a file of an earlier version needs no migration: a segment without a
 * row (written before, or too sparse for a dense array) has its lengths summed from
 * `block_segments.lengths` at its first search, as before.
 */
const NORMS_TABLE =
  'CREATE TABLE IF NOT EXISTS block_norms (segment INTEGER PRIMARY KEY, base INTEGER NOT NULL, total INTEGER NOT NULL, lengths BLOB NOT NULL)'

/** Whether this file has `block_norms` (a file of an earlier version read-only has not). */
function hasNorms(st: Statements): boolean {
  return st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'block_norms'").get() !== undefined
}

/** A segment's summed lengths, dense from its first document, when that array is at most twice as long as the segment holds documents. */
export function normsOf(seg: {
  readonly fields: number
  readonly docs: Int32Array
  readonly lengths: Int32Array
}): SegmentNorms | undefined {
  const n = seg.docs.length
  if (n === 0) return undefined
  const base = seg.docs[0] as number
  const span = (seg.docs[n - 1] as number) - base + 1
  if (span > 2 * n + 1024) return undefined
  const values = new Int32Array(span)
  const F = seg.fields
  let total = 0
  for (let i = 0, at = 0; i < n; i++) {
    let sum = 0
    for (let f = 0; f < F; f++) sum += seg.lengths[at++] as number
    values[(seg.docs[i] as number) - base] = sum
    total += sum
  }
  return { base, total, values }
}

/**
 * Empties the block index (in the caller's transaction). The tables stay, so segment ids keep
 * rising (`sqlite_sequence` keeps its row) and every version is bumped: a reader in another process
 * holding segments by id and version can never take a later segment for one it cached.
 */
export function emptyBlockTables(db: Db): void {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'block_segments'").get()
  if (!exists) return
  db.exec(`
    DELETE FROM block_terms; DELETE FROM block_deleted; DELETE FROM block_segments; DELETE FROM block_layouts;
    UPDATE block_versions SET version = version + 1;
  `)
  db.exec(NORMS_TABLE)
  db.exec('DELETE FROM block_norms')
}

/**
 * Empties one corpus's spaces and forgets its layout (in the caller's transaction); the versions of
 * its spaces are bumped, so a reader in another process drops what it cached of them.
 */
export function dropCorpus(st: Statements, name: string, spaces: readonly string[]): void {
  for (const space of spaces) {
    dropSegments(st, st.prepared('SELECT id FROM block_segments WHERE space = ?').pluck().all(space) as number[])
    bumpVersion(st, space)
  }
  st.prepared('DELETE FROM block_layouts WHERE name = ?').run(name)
}

/** A typed array's bytes, as a blob. */
const blob = (a: Int32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength)

/** Copies a blob into aligned memory (SQLite's buffers need not be 8-byte aligned). */
function int32s(b: Uint8Array, from: number, count: number): Int32Array {
  const out = new Int32Array(count)
  new Uint8Array(out.buffer).set(b.subarray(from, from + count * 4))
  return out
}

/**
 * A term's block metadata as one blob of int32s: how many blocks; per block its last document, its
 * offset in `data`, its offset in `positions`, how many documents it holds and where its impacts
 * end; then the impacts' pairs.
 */
function metaOf(p: TermPostings): Buffer {
  const blocks = p.lastDocs.length
  // A segment built here holds its arrays as views of one int32 array in this layout (its count
  // of blocks just before): written as it is.
  const { buffer } = p.lastDocs
  const start = p.lastDocs.byteOffset - 4
  const parts = [p.lastDocs, p.offsets, p.positionOffsets, p.counts, p.impactEnds, p.impacts]
  let at = start + 4
  for (const a of parts) {
    if (a.buffer !== buffer || a.byteOffset !== at) break
    at += a.byteLength
  }
  if (start >= 0 && at - start === 4 + blocks * 20 + p.impacts.byteLength && new Int32Array(buffer, start, 1)[0] === blocks)
    return Buffer.from(buffer, start, at - start)
  const meta = Buffer.allocUnsafe(4 + blocks * 20 + p.impacts.byteLength)
  meta.writeInt32LE(blocks, 0)
  at = 4
  for (const a of parts) {
    meta.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at)
    at += a.byteLength
  }
  return meta
}

/** Rows written per INSERT statement (6 values each): fewer calls into the driver. */
const ROWS_PER_INSERT = 64

/**
 * Writes a segment's rows as its terms come (`add`, in term order: the rows are appended to the
 * table's B-tree rather than inserted all over it), `ROWS_PER_INSERT` rows per statement: a merge
 * writes term by term and never holds the whole segment.
 *
 * @example
 * const sink = new SegmentSink(st, space, { fields, docs, lengths })
 * sink.add('lei', postings)
 * const id = sink.close()
 */
export class SegmentSink {
  readonly id: number
  private readonly values: unknown[] = []
  private rows = 0

  constructor(
    private readonly st: Statements,
    space: string,
    seg: { readonly fields: number; readonly docs: Int32Array; readonly lengths: Int32Array },
  ) {
    this.id = Number(
      st
        .prepared('INSERT INTO block_segments (space, fields, docs, lengths) VALUES (?, ?, ?, ?)')
        .run(space, seg.fields, blob(seg.docs), blob(seg.lengths)).lastInsertRowid,
    )
    const norms = normsOf(seg)
    if (norms !== undefined) {
      st.prepared(NORMS_TABLE).run()
      st.prepared('INSERT INTO block_norms (segment, base, total, lengths) VALUES (?, ?, ?, ?)').run(
        this.id,
        norms.base,
        norms.total,
        blob(norms.values),
      )
    }
  }

  add(term: string, p: TermPostings): void {
    this.values.push(
      this.id,
      term,
      p.df,
      metaOf(p),
      Buffer.from(p.data.buffer, p.data.byteOffset, p.data.byteLength),
      Buffer.from(p.positions.buffer, p.positions.byteOffset, p.positions.byteLength),
    )
    if (++this.rows === ROWS_PER_INSERT) this.flush()
  }

  /** Writes the rows left; returns the segment's id. */
  close(): number {
    this.flush()
    return this.id
  }

  private flush(): void {
    if (this.rows === 0) return
    this.st.prepared(this.rows === ROWS_PER_INSERT ? FULL_INSERT : insertTerms(this.rows)).run(...this.values)
    this.values.length = 0
    this.rows = 0
  }
}

const insertTerms = (rows: number) =>
  `INSERT INTO block_terms (segment, term, df, meta, data, positions) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`

const FULL_INSERT = insertTerms(ROWS_PER_INSERT)

/** Writes a segment built in memory; returns its id. */
export function writeSegment(st: Statements, space: string, seg: BuiltSegment): number {
  const sink = new SegmentSink(st, space, seg)
  for (const term of [...seg.terms.keys()].sort()) sink.add(term, seg.terms.get(term) as TermPostings)
  return sink.close()
}

/** Marks documents deleted in a segment (a replaced or removed document). */
export function deleteFromSegment(st: Statements, segment: number, docs: Iterable<number>): void {
  const insert = st.prepared('INSERT OR IGNORE INTO block_deleted (segment, doc) VALUES (?, ?)')
  for (const d of docs) insert.run(segment, d)
}

/** A segment read from the snapshot: its id, its postings (read when asked) and its deleted documents. */
export type StoredSegment = LiveSegment & { readonly id: number }

/**
 * The segments of an index space, oldest first, with their deleted documents; postings are read
 * when asked. Segments in `known` (by id) are reused as they are, term cache included: a segment
 * never changes once written, only its deleted documents do.
 */
export function readSegments(st: Statements, space: string, known?: ReadonlyMap<number, Segment>, cache?: TermCache): StoredSegment[] {
  const ids = st.prepared('SELECT id FROM block_segments WHERE space = ? ORDER BY id').pluck().all(space) as number[]
  // A segment's per-field lengths are read when first needed (a merge, or a segment without norms).
  const one = hasNorms(st)
    ? st.prepared(
        'SELECT s.fields, s.docs, n.base, n.total, n.lengths AS norms FROM block_segments s LEFT JOIN block_norms n ON n.segment = s.id WHERE s.id = ?',
      )
    : st.prepared('SELECT fields, docs FROM block_segments WHERE id = ?')
  const deletedOf = st.prepared('SELECT doc FROM block_deleted WHERE segment = ?').pluck()
  return ids.map((id) => {
    let segment = known?.get(id)
    if (!segment) {
      const r = one.get(id) as { fields: number; docs: Buffer; base?: number | null; total?: number | null; norms?: Buffer | null }
      let lengths: Int32Array | undefined
      segment = {
        fields: r.fields,
        docs: int32s(r.docs, 0, r.docs.length / 4),
        get lengths(): Int32Array {
          if (lengths === undefined) {
            const b = st.prepared('SELECT lengths FROM block_segments WHERE id = ?').pluck().get(id) as Buffer
            lengths = int32s(b, 0, b.length / 4)
          }
          return lengths
        },
        ...(r.norms == null
          ? {}
          : { norms: { base: r.base as number, total: r.total as number, values: int32s(r.norms, 0, r.norms.length / 4) } }),
        terms: lazyTerms(st, id, cache),
      }
    }
    return { id, segment, deleted: new Set(deletedOf.all(id) as number[]) }
  })
}

/** The postings (without positions) of every term of a stored segment that begins with `prefix`, in one statement. */
export function postingsWithPrefix(st: Statements, segment: number, prefix: string): [string, TermPostings][] {
  const rows = st
    .prepared('SELECT term, df, meta, data FROM block_terms WHERE segment = ? AND term >= ? AND term < ?')
    .all(segment, prefix, `${prefix}\uffff`) as { term: string; df: number; meta: Buffer; data: Buffer }[]
  return rows.map((row) => [row.term, postingsOf(st, segment, row.term, row, () => {})])
}

/** Every term a stored segment holds (what a merge re-encodes). */
export function termsOf(st: Statements, segment: number): string[] {
  return st.prepared('SELECT term FROM block_terms WHERE segment = ?').pluck().all(segment) as string[]
}

/**
 * Copies, row for row inside SQLite, the terms of segment `from` that segment `to` does not hold yet
 * (a merge's terms found in one input without deleted documents: a term's row names documents by
 * id, never by place, so it reads the same in the merged segment).
 */
export function copyTerms(st: Statements, from: number, to: number): void {
  st.prepared(
    'INSERT INTO block_terms (segment, term, df, meta, data, positions) SELECT ?, term, df, meta, data, positions FROM block_terms ' +
      'WHERE segment = ? AND term NOT IN (SELECT term FROM block_terms WHERE segment = ?)',
  ).run(to, from, to)
}

/**
 * The postings of the given terms of a stored segment, positions included, read in one statement
 * (what a merge re-encodes: every byte of them is needed, so nothing is left to read later).
 */
export function postingsOfTerms(st: Statements, segment: number, terms: readonly string[]): Map<string, TermPostings> {
  const out = new Map<string, TermPostings>()
  if (terms.length === 0) return out
  const rows = st
    .prepared('SELECT term, df, meta, data, positions FROM block_terms WHERE segment = ? AND term IN (SELECT value FROM json_each(?))')
    .all(segment, JSON.stringify(terms)) as { term: string; df: number; meta: Buffer; data: Buffer; positions: Buffer }[]
  for (const row of rows)
    out.set(
      row.term,
      postingsOf(st, segment, row.term, row, () => {}, row.positions),
    )
  return out
}

/** Removes stored segments: their documents, terms and deletions. */
export function dropSegments(st: Statements, ids: readonly number[]): void {
  if (ids.length > 0) st.prepared(NORMS_TABLE).run()
  for (const id of ids) {
    st.prepared('DELETE FROM block_norms WHERE segment = ?').run(id)
    st.prepared('DELETE FROM block_terms WHERE segment = ?').run(id)
    st.prepared('DELETE FROM block_deleted WHERE segment = ?').run(id)
    st.prepared('DELETE FROM block_segments WHERE id = ?').run(id)
  }
}

/** Bumps an index space's version: every write does, so a reader knows its cached segments are stale. */
export function bumpVersion(st: Statements, space: string): void {
  st.prepared('INSERT INTO block_versions (space, version) VALUES (?, 1) ON CONFLICT (space) DO UPDATE SET version = version + 1').run(
    space,
  )
}

/** An index space's version (0 before its first write). */
export function versionOf(st: Statements, space: string): number {
  return (st.prepared('SELECT version FROM block_versions WHERE space = ?').pluck().get(space) as number | undefined) ?? 0
}

/**
 * Term postings read, by segment and term, least recently used first, kept until they pass
 * `TERM_CACHE_BYTES`. A connection's searches share one: a committed segment never changes and its
 * id is never reused, so an entry never goes stale (a dropped segment's entries age out). A write
 * reads through a cache of its own, dropped with it: its transaction may yet roll back, and the
 * id of a segment it made would then be handed out again (`sqlite_sequence` rolls back too).
 */
export class TermCache {
  private readonly entries = new Map<string, { postings: TermPostings | null; bytes: number }>()
  private bytes = 0

  get(key: string): TermPostings | null | undefined {
    const e = this.entries.get(key)
    if (!e) return undefined
    this.entries.delete(key)
    this.entries.set(key, e)
    return e.postings
  }

  set(key: string, postings: TermPostings | null, bytes: number): void {
    this.entries.set(key, { postings, bytes })
    this.add(bytes)
  }

  /** An entry grew (its positions were read). */
  grew(key: string, bytes: number): void {
    const e = this.entries.get(key)
    if (e) {
      e.bytes += bytes
      this.add(bytes)
    }
  }

  private add(bytes: number): void {
    this.bytes += bytes
    for (const [key, e] of this.entries) {
      if (this.bytes <= TERM_CACHE_BYTES || this.entries.size <= 1) break
      this.entries.delete(key)
      this.bytes -= e.bytes
    }
  }
}

/** How many bytes of term postings a connection keeps (64 MiB): a query's terms are read again from the file past it. */
export const TERM_CACHE_BYTES = 64 * 2 ** 20

const CACHES = new WeakMap<Statements, TermCache>()

function lazyTerms(st: Statements, segment: number, own?: TermCache): TermLookup {
  let shared = CACHES.get(st)
  if (!shared) CACHES.set(st, (shared = new TermCache()))
  const terms = own ?? shared
  return {
    get(term) {
      const key = `${segment}\u0000${term}`
      let p = terms.get(key)
      if (p === undefined) {
        const row = st.prepared('SELECT df, meta, data FROM block_terms WHERE segment = ? AND term = ?').get(segment, term) as
          { df: number; meta: Buffer; data: Buffer } | undefined
        p = row ? postingsOf(st, segment, term, row, (bytes) => terms.grew(key, bytes)) : null
        terms.set(key, p, row ? row.meta.length + row.data.length + 64 : 64)
      }
      return p ?? undefined
    },
  }
}

/** A stored term's postings; its positions are read from the file when first asked (only phrases need them). */
function postingsOf(
  st: Statements,
  segment: number,
  term: string,
  row: { df: number; meta: Buffer; data: Buffer },
  grew: (bytes: number) => void,
  read?: Buffer,
): TermPostings {
  // See `metaOf`.
  const blocks = row.meta.readInt32LE(0)
  const all = int32s(row.meta, 4, (row.meta.length - 4) / 4)
  const impactEnds = all.subarray(blocks * 4, blocks * 5)
  const impacts = all.subarray(blocks * 5)
  let positions: Uint8Array | undefined = read && new Uint8Array(read)
  return {
    df: row.df,
    lastDocs: all.subarray(0, blocks),
    offsets: all.subarray(blocks, blocks * 2),
    positionOffsets: all.subarray(blocks * 2, blocks * 3),
    counts: all.subarray(blocks * 3, blocks * 4),
    impactEnds,
    impacts,
    data: new Uint8Array(row.data),
    get positions(): Uint8Array {
      if (!positions) {
        const b = st.prepared('SELECT positions FROM block_terms WHERE segment = ? AND term = ?').pluck().get(segment, term) as
          Buffer | undefined
        if (b === undefined)
          throw new Error(`block index: segment ${segment} has lost the positions of a term it held (read after the segment was dropped)`)
        positions = new Uint8Array(b)
        grew(positions.byteLength)
      }
      return positions
    },
  }
}
