/**
 * The date columns of `docs` a search orders and filters by, kept beside `docs` as compact
 * columns: per corpus, per chunk of `CHUNK` rowids, one row of `doc_dates` holding the four dates
 * of its rowids as typed arrays (24 bytes per rowid) and a stamp changed by every write of the
 * chunk. A search reads only the chunks it touches, once, and after another process's write only
 * the chunks whose stamp changed — never the whole corpus (which at a million rows took seconds).
 * Writes stage each document's dates and write each touched chunk once per call, in the caller's
 * transaction.
 */
import type { Statements } from './statements.js'

/** log2 of the rowids per chunk. */
const CHUNK_BITS = 10
/** Rowids per chunk: a chunk's row holds 24 KB. */
export const CHUNK = 1 << CHUNK_BITS

/** One document's dates: its main and last-updated instants (ms) and days. */
export interface DocDates {
  readonly mainMs: number
  readonly mainDay: number
  readonly updMs: number
  readonly updDay: number
}

/** A chunk's columns, indexed by rowid − chunk × `CHUNK` (0 where no document of the corpus has that rowid): views of `bytes`, the row's blob. */
interface DateChunk {
  readonly bytes: Uint8Array
  readonly mainMs: Float64Array
  readonly updMs: Float64Array
  readonly mainDay: Int32Array
  readonly updDay: Int32Array
}

const BYTES = CHUNK * 24

function emptyChunk(): DateChunk {
  return decodeChunk(new Uint8Array(BYTES))
}

/** A chunk over a blob (copied when SQLite's buffer is not 8-byte aligned, so the views can be typed arrays). */
function decodeChunk(blob: Uint8Array): DateChunk {
  if (blob.byteLength !== BYTES) throw new RangeError(`doc_dates: a chunk holds ${BYTES} bytes, got ${blob.byteLength}`)
  const bytes = blob.byteOffset % 8 === 0 ? blob : Uint8Array.from(blob)
  const { buffer, byteOffset: at } = bytes
  return {
    bytes,
    mainMs: new Float64Array(buffer, at, CHUNK),
    updMs: new Float64Array(buffer, at + CHUNK * 8, CHUNK),
    mainDay: new Int32Array(buffer, at + CHUNK * 16, CHUNK),
    updDay: new Int32Array(buffer, at + CHUNK * 20, CHUNK),
  }
}

const chunkOf = (rowid: number): number => Math.floor(rowid / CHUNK)

/**
 * A corpus's date columns as a search reads them: each chunk read when first touched and kept
 * until its stamp changes (`refresh`, after a write of this or another process).
 *
 * @example
 * const dates = new DateColumns(st, 'propositions')
 * dates.mainMsOf(rowid) // the document's main date, in ms (0 when the rowid holds none of the corpus)
 */
export class DateColumns {
  /** The first rowid the columns cover (a multiple of `CHUNK`), and how many they cover. */
  base = 0
  size = 0
  /** Per chunk (from the first), its stamp in `doc_dates` (undefined where the corpus has no row). */
  private stamps: (number | undefined)[] = []
  /** Per chunk (from the first), its columns once read. */
  private chunks: (DateChunk | undefined)[] = []
  private readonly empty = emptyChunk()
  /** Whether the file has `doc_dates` (a file of schema 6 or 7 opened read-only has not). */
  private readonly persisted: boolean

  constructor(
    private readonly st: Statements,
    private readonly corpus: string,
  ) {
    this.persisted = st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_dates'").get() !== undefined
    this.refresh()
  }

  /** Reads the chunks' stamps again and forgets the chunks another write changed. */
  refresh(): void {
    if (!this.persisted) {
      // A file older than the columns, read-only: every rowid's chunk read from `docs` when touched, again after a write.
      const last = (this.st.prepared('SELECT max(rowid) FROM docs').pluck().get() as number | null) ?? -1
      this.base = 0
      this.stamps = new Array(chunkOf(last) + 1).fill(0)
      this.size = this.stamps.length * CHUNK
      this.chunks = []
      return
    }
    const rows = this.st.prepared('SELECT chunk, stamp FROM doc_dates WHERE corpus = ? ORDER BY chunk').raw().all(this.corpus) as [
      number,
      number,
    ][]
    const first = rows[0]?.[0] ?? 0
    const last = rows[rows.length - 1]?.[0] ?? first - 1
    const stamps: (number | undefined)[] = new Array(last - first + 1).fill(undefined)
    const chunks: (DateChunk | undefined)[] = new Array(last - first + 1).fill(undefined)
    const oldFirst = this.base / CHUNK
    for (const [chunk, stamp] of rows) {
      stamps[chunk - first] = stamp
      const known = this.chunks[chunk - oldFirst]
      if (known !== undefined && this.stamps[chunk - oldFirst] === stamp) chunks[chunk - first] = known
    }
    this.base = first * CHUNK
    this.size = stamps.length * CHUNK
    this.stamps = stamps
    this.chunks = chunks
  }

  mainMsOf(rowid: number): number {
    return this.chunkAt(rowid).mainMs[rowid & (CHUNK - 1)] as number
  }

  updMsOf(rowid: number): number {
    return this.chunkAt(rowid).updMs[rowid & (CHUNK - 1)] as number
  }

  mainDayOf(rowid: number): number {
    return this.chunkAt(rowid).mainDay[rowid & (CHUNK - 1)] as number
  }

  updDayOf(rowid: number): number {
    return this.chunkAt(rowid).updDay[rowid & (CHUNK - 1)] as number
  }

  private chunkAt(rowid: number): DateChunk {
    const i = chunkOf(rowid) - this.base / CHUNK
    const known = this.chunks[i]
    if (known !== undefined) return known
    if (this.stamps[i] === undefined) return this.empty
    const c = i + this.base / CHUNK
    let chunk: DateChunk
    if (this.persisted) {
      const blob = this.st.prepared('SELECT dates FROM doc_dates WHERE corpus = ? AND chunk = ?').pluck().get(this.corpus, c) as
        Uint8Array | undefined
      // Searches read in one transaction: a chunk whose stamp was read is there.
      chunk = blob === undefined ? this.empty : decodeChunk(blob)
    } else chunk = this.chunkFromDocs(c)
    this.chunks[i] = chunk
    return chunk
  }

  private chunkFromDocs(c: number): DateChunk {
    const chunk = emptyChunk()
    const rows = this.st
      .prepared('SELECT rowid, main_ms, main_day, upd_ms, upd_day FROM docs NOT INDEXED WHERE rowid BETWEEN ? AND ? AND corpus = ?')
      .raw()
      .iterate(c * CHUNK, c * CHUNK + CHUNK - 1, this.corpus) as Iterable<[number, number, number, number, number]>
    for (const [rowid, mainMs, mainDay, updMs, updDay] of rows) {
      const i = rowid - c * CHUNK
      chunk.mainMs[i] = mainMs
      chunk.mainDay[i] = mainDay
      chunk.updMs[i] = updMs
      chunk.updDay[i] = updDay
    }
    return chunk
  }
}

/**
 * Documents' dates staged by a write and written, one row per touched chunk, by `flush` (in the
 * caller's transaction).
 *
 * @example
 * const w = new DateColumnsWriter(st)
 * w.stage('dou', 42, { mainMs, mainDay, updMs, updDay })
 * w.stage('dou', 43, null) // removed
 * w.flush()
 */
export class DateColumnsWriter {
  /** Per corpus, per chunk, per rowid: its new dates (null: the document is gone). */
  private readonly pending = new Map<string, Map<number, Map<number, DocDates | null>>>()

  constructor(private readonly st: Statements) {}

  stage(corpus: string, rowid: number, dates: DocDates | null): void {
    let chunks = this.pending.get(corpus)
    if (!chunks) this.pending.set(corpus, (chunks = new Map()))
    const c = chunkOf(rowid)
    let rows = chunks.get(c)
    if (!rows) chunks.set(c, (rows = new Map()))
    rows.set(rowid, dates)
  }

  /** Writes every staged chunk with a new stamp. */
  flush(): void {
    if (this.pending.size === 0) return
    const st = this.st
    const stamp = nextStamp(st)
    const read = st.prepared('SELECT dates FROM doc_dates WHERE corpus = ? AND chunk = ?').pluck()
    const write = st.prepared('INSERT OR REPLACE INTO doc_dates (corpus, chunk, stamp, dates) VALUES (?, ?, ?, ?)')
    for (const [corpus, chunks] of this.pending) {
      for (const [c, rows] of chunks) {
        const blob = read.get(corpus, c) as Uint8Array | undefined
        const chunk = blob === undefined ? emptyChunk() : decodeChunk(Uint8Array.from(blob))
        for (const [rowid, d] of rows) {
          const i = rowid - c * CHUNK
          chunk.mainMs[i] = d?.mainMs ?? 0
          chunk.updMs[i] = d?.updMs ?? 0
          chunk.mainDay[i] = d?.mainDay ?? 0
          chunk.updDay[i] = d?.updDay ?? 0
        }
        write.run(corpus, c, stamp, chunk.bytes)
      }
    }
    this.pending.clear()
  }

  /** Forgets what was staged (the transaction rolled back). */
  discard(): void {
    this.pending.clear()
  }
}

/** A stamp no chunk has held: a counter in `meta`, bumped by every flush. */
function nextStamp(st: Statements): number {
  st.prepared("INSERT INTO meta (key, value) VALUES ('doc_dates:stamp', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1").run()
  return st.prepared("SELECT value FROM meta WHERE key = 'doc_dates:stamp'").pluck().get() as number
}

/**
 * Fills `doc_dates` from `docs` (a file written before the columns existed: one pass).
 *
 * @example fillDateColumns(st) // at the migration that adds the table
 */
export function fillDateColumns(st: Statements, pageSize = CHUNK * 64): void {
  const w = new DateColumnsWriter(st)
  // Read a page at a time: a statement being iterated lets the connection write nothing else.
  const page = st
    .prepared('SELECT corpus, rowid, main_ms, main_day, upd_ms, upd_day FROM docs WHERE rowid > ? ORDER BY rowid LIMIT ?')
    .raw()
  for (let after = -1; ;) {
    const rows = page.all(after, pageSize) as [string, number, number, number, number, number][]
    if (rows.length === 0) break
    for (const [corpus, rowid, mainMs, mainDay, updMs, updDay] of rows) w.stage(corpus, rowid, { mainMs, mainDay, updMs, updDay })
    w.flush()
    after = rows[rows.length - 1]?.[1] ?? after
  }
}

/** What `doc_dates` says otherwise than `docs` ([] when they agree): a scan of both. */
export function dateColumnProblems(st: Statements): string[] {
  const problems: string[] = []
  if (st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'doc_dates'").get() === undefined) return problems
  const columns = new Map<string, DateColumns>()
  // Per corpus, a byte per rowid up to the largest: whether it holds a document of the corpus.
  const rowids = ((st.prepared('SELECT max(rowid) FROM docs').pluck().get() as number | null) ?? -1) + 1
  const held = new Map<string, Uint8Array>()
  const rows = st.prepared('SELECT corpus, rowid, main_ms, main_day, upd_ms, upd_day FROM docs ORDER BY rowid').raw().iterate() as Iterable<
    [string, number, number, number, number, number]
  >
  let wrong = 0
  let example = ''
  for (const [corpus, rowid, mainMs, mainDay, updMs, updDay] of rows) {
    let c = columns.get(corpus)
    if (!c) columns.set(corpus, (c = new DateColumns(st, corpus)))
    let ids = held.get(corpus)
    if (!ids) held.set(corpus, (ids = new Uint8Array(rowids)))
    ids[rowid] = 1
    if (c.mainMsOf(rowid) !== mainMs || c.mainDayOf(rowid) !== mainDay || c.updMsOf(rowid) !== updMs || c.updDayOf(rowid) !== updDay) {
      wrong++
      if (example === '') example = `${corpus} rowid ${rowid}`
    }
  }
  if (wrong > 0) problems.push(`doc_dates: ${wrong} documents' dates differ from docs (first: ${example})`)
  // A rowid no document of the corpus holds keeps no dates (a removed document's are cleared).
  let stale = 0
  const chunks = st.prepared('SELECT corpus, chunk, dates FROM doc_dates').raw().iterate() as Iterable<[string, number, Uint8Array]>
  for (const [corpus, c, blob] of chunks) {
    const chunk = decodeChunk(blob)
    const ids = held.get(corpus)
    for (let i = 0; i < CHUNK; i++) {
      if (ids?.[c * CHUNK + i] === 1) continue
      if (chunk.mainMs[i] !== 0 || chunk.updMs[i] !== 0 || chunk.mainDay[i] !== 0 || chunk.updDay[i] !== 0) stale++
    }
  }
  if (stale > 0) problems.push(`doc_dates: ${stale} rowids without a document still hold dates`)
  return problems
}

/**
 * A document's id by rowid ('' when there is none).
 *
 * @example
 * docIdOf(st, 42) // 'PL 2630/2020'
 */
export function docIdOf(st: Statements, rowid: number): string {
  return (st.prepared('SELECT id FROM docs WHERE rowid = ?').pluck().get(rowid) as string | undefined) ?? ''
}
