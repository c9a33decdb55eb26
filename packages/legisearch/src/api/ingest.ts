import { type Stats, readdirSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { LegisearchError, invalid } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import { errorOf } from '../common/validate.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import * as z from 'zod'
import { checkOptions } from '../common/validate.js'
import type { Collection, InputFile, ListBatch, RecordBatch, SourceDefinition, Stage } from '../ingest/define.js'
import { fileError } from '../ingest/file-error.js'
import type { SourceName } from '../ingest/registry.js'
import { withUnpacked } from '../ingest/archives.js'
import { type Db, beginImmediate } from '../store/database.js'
import type { DocumentRows } from '../store/documents.js'
import type { IngestLog } from '../store/ingest-log.js'
import type { StakeholderRows } from '../store/stakeholders.js'
import type { Statements } from '../store/statements.js'
import type { IndexWriter, TextIndex } from '../text-index/types.js'
import { type ReconcileReport, reconcile, reconcileOptionsSchema } from '../watchlist/reconcile.js'
import { ListRefusal } from '../watchlist/refusal.js'
import { layoutOf, writeDocuments } from './documents.js'
import { type IngestProgress, ProgressTotals, recordsOf } from './ingest-progress.js'
import type { IngestReport } from './ingest-report.js'
import { type Stakeholder, stakeholderSchema, writeStakeholders } from './stakeholders.js'

/** The options of `ingest`. */
export const ingestOptionsSchema = z.strictObject({
  /**
   * Called as files are read, with the call's totals (files, bytes, records); the last event carries
   * the report. An error it throws rolls the call back and is what `ingest` rejects with.
   */
  onProgress: z.custom<(progress: IngestProgress) => void>((v) => typeof v === 'function', 'must be a function').optional(),
  /** Stops the call at the next batch of records: nothing of it is written, its temporary files are removed, and `ingest` rejects with `signal.reason`. */
  signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, 'must be an AbortSignal (e.g. new AbortController().signal)').optional(),
  /** For the UN list (`un`): how each list is reconciled (`force`, `observedOn`, `maxRemovalRatio`), as `reconcileWatchlist` takes them. */
  watchlist: reconcileOptionsSchema.optional(),
})

export type IngestOptions = z.input<typeof ingestOptionsSchema>

export interface IngestDeps {
  readonly db: Db
  readonly st: Statements
  readonly rows: DocumentRows
  readonly index: TextIndex
  readonly stakeholders: StakeholderRows
  readonly log: IngestLog
}

/**
 * Runs a source over its files in ONE write transaction: every record is validated as `upsert`
 * would, a record stored exactly so is left untouched (`unchanged`), and anything refused — a bad
 * file, a record that cannot be mapped — rolls the whole call back. The staging area lives in the
 * connection's temporary database, so memory stays flat.
 */
export async function ingest(
  deps: IngestDeps,
  source: SourceDefinition<SourceName>,
  paths: readonly string[],
  given?: IngestOptions,
): Promise<IngestReport> {
  const options = checkOptions(ingestOptionsSchema, given)
  if (!Array.isArray(paths) || paths.length === 0) throw invalid(`files: give at least one file for ${source.name}`, ['files'])
  options.signal?.throwIfAborted()
  const files = inputFilesOf(paths)
  // A zip is read as the files in it, a gzip file as its content: unpacked (and checked whole) before anything is written.
  return withUnpacked(files, (inputs) => ingestFiles(deps, source, files, inputs, options), options.signal)
}

/**
 * The files a call names: each path a file, or a folder standing for the files directly in it (by
 * name; hidden files and the folders in it left out). The same file twice is one file (its rows
 * would otherwise join twice), however its paths are spelt (`dir` and `./dir/a.csv`, a relative
 * and an absolute path, a link to it): the first path given names it.
 */
function inputFilesOf(paths: readonly unknown[]): InputFile[] {
  // By the file's real path; the first spelling given is its name.
  const out = new Map<string, InputFile>()
  const add = (f: string) => {
    const key = realpathSync(f)
    if (!out.has(key)) out.set(key, { path: f, name: f })
  }
  paths.forEach((p, i) => {
    if (typeof p !== 'string' || p === '') throw invalid(`files[${i}]: must be a path`, ['files', i])
    const stat = statOf(p)
    if (stat?.isDirectory()) {
      // Its files, and links to files (followed by statSync); not its folders.
      const inside = readdirSync(p)
        .filter((name) => !name.startsWith('.'))
        .map((name) => join(p, name))
        .filter((f) => statOf(f)?.isFile())
        .sort()
      if (inside.length === 0)
        throw new LegisearchError('not_found', `files[${i}]: the folder ${shownPath(p)} has no file in it (folders in it are not read)`, [
          'files',
          i,
        ])
      for (const f of inside) add(f)
      return
    }
    if (!stat?.isFile()) throw new LegisearchError('not_found', `files[${i}]: no file or folder at ${shownPath(p)}`, ['files', i])
    add(p)
  })
  return [...out.values()]
}

/** What is at a path (links followed), or undefined when nothing can be read there (missing, a broken link, a name too long). */
function statOf(p: string): Stats | undefined {
  try {
    return statSync(p)
  } catch {
    return undefined
  }
}

async function ingestFiles(
  deps: IngestDeps,
  source: SourceDefinition<SourceName>,
  given: readonly InputFile[],
  files: readonly InputFile[],
  options: z.output<typeof ingestOptionsSchema>,
): Promise<IngestReport> {
  const report: IngestReport = {
    source: source.name,
    files: given.map((f) => f.name),
    collections: Object.fromEntries([...CORPUS_NAMES, 'stakeholders', 'watchlist'].map((c) => [c, zero()])) as Record<
      Collection,
      ReturnType<typeof zero>
    >,
    ...(source.writes.includes('watchlist') ? { lists: [] } : {}),
    skipped: [],
  }
  const { db, st } = deps
  st.prepared(
    'CREATE TEMP TABLE IF NOT EXISTS ingest_stage (name TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER PRIMARY KEY, value TEXT NOT NULL)',
  ).run()
  st.prepared('CREATE INDEX IF NOT EXISTS temp.ingest_stage_key ON ingest_stage (name, key, seq)').run()
  // One index writer per corpus for the whole call: its batches become one segment (or a few large ones).
  const writers = new Map<CorpusName, IndexWriter>()
  const writerOf = (corpus: CorpusName): IndexWriter => {
    let w = writers.get(corpus)
    if (!w) writers.set(corpus, (w = deps.index.writer(layoutOf(corpusOf(corpus)))))
    return w
  }
  // The caller's progress callback runs inside stream events: an error it throws is kept and
  // rethrown here, so the call rolls back instead of leaving its transaction open.
  let progressError: unknown = null
  const totals = new ProgressTotals(files)
  const tell = (event: () => IngestProgress) => {
    if (!options.onProgress) return
    try {
      options.onProgress(event())
    } catch (e) {
      progressError ??= e
    }
  }
  // Between batches, what stops the call: a progress callback that threw, or the caller's signal.
  const checkpoint = () => {
    if (progressError !== null) throw progressError
    options.signal?.throwIfAborted()
  }
  beginImmediate(db)
  try {
    st.prepared('DELETE FROM temp.ingest_stage').run()
    const ctx = {
      stage: (name: string) => stageIn(st, name),
      progress: (file: InputFile, bytesRead: number, bytesTotal: number) =>
        tell(() => totals.of(file, bytesRead, bytesTotal, recordsOf(report))),
      skip: (file: InputFile, line: number, why: string) =>
        (report.skipped as { file: string; line: number; why: string }[]).push({ file: file.name, line, why }),
      signal: options.signal,
    }
    for await (const batch of source.read(files, ctx)) {
      checkpoint()
      const counts =
        batch.collection === 'watchlist'
          ? reconcileList(deps, batch, options.watchlist, report.lists as ReconcileReport[])
          : write(deps, batch, source.unmappable === 'skip' ? ctx.skip : null, writerOf)
      const into = report.collections[batch.collection]
      into.inserted += counts.inserted
      into.updated += counts.updated
      into.unchanged += counts.unchanged
      // A reader of files held in memory (a DOU day) never waits on I/O: without this turn of the
      // event loop, no timer, signal (Ctrl-C) or abort could reach the call until its end.
      await turn()
    }
    checkpoint()
    for (const w of writers.values()) w.finish?.()
    st.prepared('DELETE FROM temp.ingest_stage').run()
    deps.log.add(source.name, report.files, report)
    tell(() => totals.last(report))
    checkpoint()
    db.exec('COMMIT')
    return report
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK')
    st.prepared('DELETE FROM temp.ingest_stage').run()
    // A stream stopped by the signal fails with its own AbortError: the call rejects with the signal's reason.
    options.signal?.throwIfAborted()
    throw e
  }
}

/** One turn of the event loop: timers, I/O and signals waiting run, then the call goes on. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

function zero() {
  return { inserted: 0, updated: 0, unchanged: 0 }
}

/**
 * Reconciles one UN list inside the call's transaction (`reconcile`'s own transaction becomes a
 * savepoint of it), so a refused list later in the call undoes the earlier ones too.
 */
function reconcileList(
  deps: IngestDeps,
  batch: ListBatch,
  options: z.output<typeof reconcileOptionsSchema> | undefined,
  lists: ReconcileReport[],
): { inserted: number; updated: number; unchanged: number } {
  let r: ReconcileReport
  try {
    // As a list of an ingest: one this snapshot ingested before, older than its newest, changes nothing.
    r = reconcile(deps.db, deps.st, batch.list, options, { ofIngest: true })
  } catch (e) {
    // An older list, another list of the same date, an earlier observation, a bad option: the file is named.
    if (e instanceof ListRefusal) throw fileError(batch.file, null, e.inFile('{ watchlist: { force: true } } (--force)'))
    if (e instanceof LegisearchError && e.status === 400) throw fileError(batch.file, null, e.message)
    throw e
  }
  lists.push(r)
  return {
    inserted: r.listed.length,
    updated: r.relisted.length + r.amended.length + r.delisted.length + r.blocked.length,
    unchanged: r.unchanged,
  }
}

/**
 * Validates a batch as `upsert` would, then writes it. A record that does not validate refuses the
 * call, naming its file and line, or, for a source that skips (`unmappable: 'skip'`), is left out
 * and reported.
 */
function write(
  deps: IngestDeps,
  batch: RecordBatch,
  skip: ((file: InputFile, line: number, why: string) => void) | null,
  writerOf: (corpus: CorpusName) => IndexWriter,
): { inserted: number; updated: number; unchanged: number } {
  const schema = batch.collection === 'stakeholders' ? stakeholderSchema : corpusOf(batch.collection as CorpusName).schema
  const stored = (id: unknown): Record<string, unknown> | undefined => {
    if (typeof id !== 'string') return undefined
    const json =
      batch.collection === 'stakeholders'
        ? deps.stakeholders.record(id)
        : (() => {
            const rowid = deps.rows.rowidOf(batch.collection, id)
            return rowid === undefined ? undefined : deps.rows.recordOf(rowid)
          })()
    return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>)
  }
  const valid = batch.records.flatMap((read, i) => {
    const before = batch.merge ? stored(read['id']) : undefined
    const record = before && batch.merge ? batch.merge(read, before) : read
    const r = schema.safeParse(record)
    if (r.success) return [r.data as { id: string }]
    const why = `cannot be mapped to a ${batch.collection} record (${errorOf(schema, record, r.error, { where: 'record' }).message})`
    const n = batch.lines?.[i]
    const file = batch.files?.[i] ?? batch.file
    if (skip === null) throw fileError(file, n === undefined ? null : batch.at === 'entry' ? `entry ${n}` : n, why)
    skip(file, batch.lines?.[i] ?? 0, why)
    return []
  })
  if (batch.collection === 'stakeholders') return writeStakeholders(deps.stakeholders, valid as Stakeholder[], { skipUnchanged: true })
  const corpus = batch.collection as CorpusName
  return writeDocuments(deps.rows, deps.index, corpusOf(corpus), valid, { skipUnchanged: true, writer: writerOf(corpus) })
}

/** A stage backed by the connection's temporary database (never the snapshot file). */
function stageIn(st: Statements, name: string): Stage {
  const add = st.prepared('INSERT INTO temp.ingest_stage (name, key, value) VALUES (?, ?, ?)')
  return {
    add: (key, value) => void add.run(name, key, JSON.stringify(value)),
    get: (keys) => {
      const out = new Map<string, unknown[]>()
      const unique = [...new Set(keys)]
      for (let i = 0; i < unique.length; i += 500) {
        const part = unique.slice(i, i + 500)
        const rows = st
          .prepared(
            `SELECT key, value FROM temp.ingest_stage WHERE name = ? AND key IN (${part.map(() => '?').join(', ')}) ORDER BY key, seq`,
          )
          .all(name, ...part) as { key: string; value: string }[]
        for (const r of rows) out.set(r.key, [...(out.get(r.key) ?? []), JSON.parse(r.value)])
      }
      return out
    },
  }
}
