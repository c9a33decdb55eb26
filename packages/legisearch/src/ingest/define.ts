/**
 * An ingest source: one official origin (the Câmara's bulk files, the Senado's API, ALESP's XML…)
 * and a pure reader from its own formats to the records `upsert` accepts. The reader sees only
 * the files and a staging area the runner gives it; the runner (`api/ingest.ts`) validates and
 * writes, in one transaction per call.
 */
import type { CorpusName } from '../corpora/registry.js'
import type { ParsedList } from '../watchlist/parse.js'

/** A file handed to a source: where it is and how messages name it. */
export interface InputFile {
  readonly path: string
  /** The name messages use (the path as the caller gave it). */
  readonly name: string
  /** A slice of `path` (small archive entries are packed into one file): read it with `files.ts`'s helpers. */
  readonly at?: { readonly offset: number; readonly length: number }
}

/** What a source writes: the collections `upsert` takes, or the sanctions watchlist. */
export type Collection = CorpusName | 'stakeholders' | 'watchlist'

/** The collections a record batch can hold. */
export type RecordCollection = Exclude<Collection, 'watchlist'>

/** Records for one collection, in the shapes `upsert` accepts. */
export interface RecordBatch {
  readonly collection: RecordCollection
  readonly records: readonly Record<string, unknown>[]
  /** The line (or, with `at: 'entry'`, the entry) of each record in its file, for messages. */
  readonly lines?: readonly number[]
  /** What `lines` count: lines of text (default) or entries of a JSON array (1-based). */
  readonly at?: 'line' | 'entry'
  /** The file the records come from. */
  readonly file: InputFile
  /** Where the records come from one file each (a DOU act per file): the file of each, for messages. */
  readonly files?: readonly InputFile[]
  /**
   * For a record already stored: what it becomes, from what the call read and what is stored
   * (parts whose file was not in the call are kept, not emptied). Absent: the record as read.
   */
  readonly merge?: (read: Record<string, unknown>, stored: Record<string, unknown>) => Record<string, unknown>
}

/** A version of the UN list, reconciled into the watchlist whole (`reconcileWatchlist`). */
export interface ListBatch {
  readonly collection: 'watchlist'
  readonly list: ParsedList
  readonly file: InputFile
}

/** What a source's reader yields. */
export type Batch = RecordBatch | ListBatch

/**
 * A staging area for the rows one file contributes to another's records (authors and themes to
 * propositions): a multimap by key, held outside memory by the runner, so memory stays flat
 * whatever the files' size.
 */
export interface Stage {
  /** Adds a value under a key (values of a key come back in the order added). */
  add(key: string, value: unknown): void
  /** The values of each key asked for that has any. */
  get(keys: readonly string[]): Map<string, unknown[]>
}

/** What a reader is given besides its files. */
export interface ReadContext {
  /** A staging area by name, empty at the start of the call. */
  stage(name: string): Stage
  /** Reports progress: the file being read and how many bytes of it are read. */
  progress(file: InputFile, bytesRead: number, bytesTotal: number): void
  /** Reports a record left out (when the source skips rather than refuses), by file and line. */
  skip(file: InputFile, line: number, why: string): void
  /** The caller's signal: a stream read from a file stops when it aborts (`streamOf(file, ctx.signal)`). */
  readonly signal?: AbortSignal | undefined
}

/** One kind of file a source reads, recognised by its content (a CSV header, an XML root). */
export interface FileKind {
  readonly name: string
  /** What the file is, for help and messages (`Câmara bulk file proposicoes-YYYY.csv`). */
  readonly description: string
}

/** A file a source downloads from its official address. */
export interface RemoteFile {
  /** The path under the source's base address (`arquivos/proposicoes/csv/proposicoes-2023.csv`). */
  readonly path: string
  /** The kind of file it must be (what `recognizes` checks once downloaded). */
  readonly kind: string
  /** The name it is saved under (default: the path's last part; a path with a query needs one). */
  readonly save?: string
  /** Whether the origin may not publish it (a DOU extra edition): a 404 skips it instead of failing. */
  readonly optional?: boolean
}

/** Where a source's files are published and how they are checked: loaded with the source's reader. */
export interface Remote {
  /** The official base address. */
  readonly base: string
  /** Request headers its server needs (`accept: application/json` where it can also answer XML). */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * The files of a year (and the year-less files it needs: deputies, organs), or of a day for a
   * daily source (`date`, YYYY-MM-DD).
   */
  files(options: { readonly year: number; readonly date: string; readonly ids: readonly string[] }): readonly RemoteFile[]
  /**
   * Signs in before downloading, from credentials in environment variables (never stored, printed
   * or logged), and returns the headers the downloads need (a session cookie).
   */
  login?(ctx: {
    readonly base: string
    readonly fetch: typeof globalThis.fetch
    readonly timeoutMs: number
  }): Promise<Record<string, string>>
  /** Whether a downloaded file is of the kind expected (an error page served with 200 is not). */
  recognizes(file: InputFile, kind: string): boolean | Promise<boolean>
}

/** How `fetch` is called for a source (what `sources()` lists, known without loading its reader). */
export interface FetchAbout {
  /** What `ids` name, for a source whose files are one document each (`fetch --ids`); absent: it takes none. */
  readonly ids?: string
  /** Whether its files are published per year (`fetch --year`) or per day (`fetch --date`); absent: as is. */
  readonly per?: 'year' | 'day'
  /** Whether it signs in first (its `remote.login`). */
  readonly login?: true
}

/**
 * What a source is, light enough to load with the library: its name and what `sources()` lists.
 * Its reader and its remote (with their parsers) are loaded on first use (`ingest/registry.ts`).
 */
export interface SourceAbout<N extends string = string> {
  readonly name: N
  /** One line: what it ingests. */
  readonly description: string
  /** The official open-data address its files come from. */
  readonly origin: string
  /** The kinds of file it reads. */
  readonly kinds: readonly FileKind[]
  /** The collections it writes (in the order of its reports). */
  readonly writes: readonly Collection[]
  /** How `fetch` downloads it; absent for a source fed by files only. */
  readonly fetch?: FetchAbout
}

/** What a source adds to its `SourceAbout`: how it reads, and where it downloads from. */
interface SourceParts {
  /** Whether a record that cannot be mapped refuses its whole file (`refuse`) or is skipped and reported by line (`skip`). */
  readonly unmappable: 'refuse' | 'skip'
  /** Where its files are published, for `fetch`; present exactly when its `about` has `fetch`. */
  readonly remote?: Remote
  /** Reads the files of one call, yielding records in batches (stakeholders before what names them). */
  read(files: readonly InputFile[], ctx: ReadContext): AsyncIterable<Batch>
}

/** The parts a source with this `about` must give: a remote when it fetches, with `login` when it signs in. */
export type PartsOf<A extends SourceAbout> = Omit<SourceParts, 'remote'> &
  (A extends { readonly fetch: infer F }
    ? { readonly remote: F extends { readonly login: true } ? Remote & Required<Pick<Remote, 'login'>> : Omit<Remote, 'login'> }
    : { readonly remote?: never })

/** One official source: what it is, and its reader. */
export interface SourceDefinition<N extends string = string> extends SourceAbout<N>, SourceParts {}

/**
 * Declares what a source is (its `about.ts`, light: no parser); `ingest/registry.ts` lists every one.
 *
 * @example export const un = defineAbout({ name: 'un', description: '…', origin: UN_CONSOLIDATED_LIST_URL, kinds, writes: ['watchlist'], fetch: {} })
 */
export function defineAbout<const A extends SourceAbout>(about: A): A {
  return about
}

/**
 * Declares a source's reader (its `source.ts`, loaded on first use) for what its `about` says it
 * is; `ingest/registry.ts` pairs the two, and the sources' conformance suite runs over them all.
 *
 * @example export const camara = defineSource(about, { unmappable: 'refuse', remote, read })
 */
export function defineSource<const A extends SourceAbout>(about: A, parts: PartsOf<A>): SourceDefinition<A['name']> {
  return { ...about, ...(parts as SourceParts) }
}
