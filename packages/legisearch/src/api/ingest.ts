import { existsSync, statSync } from 'node:fs'
import { LegisearchError, invalid } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import { errorOf } from '../common/validate.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import * as z from 'zod'
import { checkOptions } from '../common/validate.js'
import type { Collection, InputFile, ListBatch, RecordBatch, SourceDefinition, Stage } from '../ingest/define.js'
import { fileError } from '../ingest/file-error.js'
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
import { type Stakeholder, stakeholderSchema, writeStakeholders } from './stakeholders.js'

/** What one ingest did, per collection; `skipped` lists records a source left out, by file and line (0 where a record has none: a DOU act). */
export interface IngestReport {
  readonly source: string
  readonly files: readonly string[]
  /**
   * Per collection the source writes. For the watchlist: `inserted` = designations listed for the
   * first time, `updated` = relisted, amended, delisted or held back, `unchanged` = the rest.
   */
  readonly collections: Readonly<Record<Collection, { inserted: number; updated: number; unchanged: number }>>
  /** For the UN list: each list's reconciliation report, oldest first (as `reconcileWatchlist` returns it). */
  readonly lists?: readonly ReconcileReport[]
  readonly skipped: readonly { readonly file: string; readonly line: number; readonly why: string }[]
}

/** Progress of an ingest: the file being read, and how far. */
export interface IngestProgress {
  readonly file: string
  readonly bytesRead: number
  readonly bytesTotal: number
  /** Records written so far in the call (all collections). */
  readonly records: number
}

/** The options of `ingest`. */
export const ingestOptionsSchema = z.strictObject({
  /** Called as files are read (throttled by the caller if needed). */
  onProgress: z.custom<(progress: IngestProgress) => void>((v) => typeof v === 'function', 'must be a function').optional(),
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
  source: SourceDefinition,
  paths: readonly string[],
  given?: IngestOptions,
): Promise<IngestReport> {
  const options = checkOptions(ingestOptionsSchema, given)
  if (!Array.isArray(paths) || paths.length === 0) throw invalid(`files: give at least one file for ${source.name}`, ['files'])
  // The same path twice in one call is one file (its rows would otherwise join twice).
  const unique = [...new Set(paths)]
  const files: InputFile[] = unique.map((p, i) => {
    if (typeof p !== 'string' || p === '') throw invalid(`files[${i}]: must be a path`, ['files', i])
    if (!existsSync(p) || !statSync(p).isFile())
      throw new LegisearchError('not_found', `files[${i}]: no file at ${shownPath(p)}`, ['files', i])
    return { path: p, name: p }
  })
  // A zip is read as the files in it, a gzip file as its content: unpacked (and checked whole) before anything is written.
  return withUnpacked(files, (inputs) => ingestFiles(deps, source, files, inputs, options))
}

async function ingestFiles(
  deps: IngestDeps,
  source: SourceDefinition,
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
  let written = 0
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
  beginImmediate(db)
  try {
    st.prepared('DELETE FROM temp.ingest_stage').run()
    const ctx = {
      stage: (name: string) => stageIn(st, name),
      progress: (file: InputFile, bytesRead: number, bytesTotal: number) => {
        try {
          options.onProgress?.({ file: file.name, bytesRead, bytesTotal, records: written })
        } catch (e) {
          progressError ??= e
        }
      },
      skip: (file: InputFile, line: number, why: string) =>
        (report.skipped as { file: string; line: number; why: string }[]).push({ file: file.name, line, why }),
    }
    for await (const batch of source.read(files, ctx)) {
      if (progressError !== null) throw progressError
      const counts =
        batch.collection === 'watchlist'
          ? reconcileList(deps, batch, options.watchlist, report.lists as ReconcileReport[])
          : write(deps, batch, source.unmappable === 'skip' ? ctx.skip : null, writerOf)
      const into = report.collections[batch.collection]
      into.inserted += counts.inserted
      into.updated += counts.updated
      into.unchanged += counts.unchanged
      written += counts.inserted + counts.updated + counts.unchanged
    }
    if (progressError !== null) throw progressError
    for (const w of writers.values()) w.finish?.()
    st.prepared('DELETE FROM temp.ingest_stage').run()
    deps.log.add(source.name, report.files, report)
    db.exec('COMMIT')
    return report
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK')
    st.prepared('DELETE FROM temp.ingest_stage').run()
    throw e
  }
}

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
