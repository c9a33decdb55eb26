import { shownPath } from '../common/shown.js'
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { LegisearchError, invalid } from '../common/errors.js'
import { checkOptions, validate } from '../common/validate.js'
import type { AnyCorpus } from '../corpora/define.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import type { SavedBucketRef } from '../corpora/results.js'
import type { SearchQuery } from '../query/params.js'
import { DEFAULT_BUSY_TIMEOUT_MS, type Db, immediate, openDatabase } from '../store/database.js'
import { corruptFile, damageOf, damageText, fromDriverError, guarded } from '../store/driver-error.js'
import { DocumentRows } from '../store/documents.js'
import { IngestLog, type IngestLogEntry } from '../store/ingest-log.js'
import { MonitorRows } from '../store/monitors.js'
import { ApiKeyRows } from '../store/api-keys.js'
import { StakeholderRows } from '../store/stakeholders.js'
import { Statements } from '../store/statements.js'
import { FTS5_UPGRADES } from '../text-index/fts5.js'
import { TEXT_INDEXES, type TextIndexName, textIndexName } from '../text-index/registry.js'
import type { TextIndex } from '../text-index/types.js'
import { SOURCES, SOURCE_NAMES, type SourceName } from '../ingest/registry.js'

export { SOURCE_NAMES, type SourceName }
export type { CorpusName, HeldRemovals }

/** `snap.info()`: what a snapshot holds. */
export interface SnapshotInfo {
  readonly counts: Record<Collection, number>
  readonly ingests: IngestLogEntry[]
  readonly watchlist: WatchlistSummary
}
export { CORPUS_NAMES }
import type { ParsedList } from '../watchlist/parse.js'
import { type WatchlistQuery, designationHistory, getDesignation, importTranslations, listWatchlist } from '../watchlist/query.js'
import { type DesignationEvent, type ReconcileOptions, type ReconcileReport, reconcile } from '../watchlist/reconcile.js'
import type { Designation, DesignationDetail } from '../watchlist/types.js'
import {
  type AcceptRemovalsOptions,
  type AcceptRemovalsReport,
  type HeldRemovals,
  acceptHeldRemovals,
  heldRemovals,
} from '../watchlist/held.js'
import { deleteDocuments, layoutOf, reindexDocuments, writeDocuments } from './documents.js'
import { type Monitor, type MonitorDetail, Monitors, collectionSchema } from './monitors.js'
import { type WatchlistSummary, watchlistSummary } from '../watchlist/summary.js'
import { type ApiKey, ApiKeys, type CreateApiKeyInput, type NewApiKey } from './keys.js'
import { type IngestOptions, type IngestReport, ingest } from './ingest.js'
import { validateRecords } from './records.js'
import type { ResultOf } from './results.js'
import { type SearchContext, type SearchResponse, search } from './search.js'
import { type SearchAll, searchAll } from './search-all.js'
import { STAKEHOLDER_FILTERS, StakeholderFinder, type StakeholderMatch } from './stakeholder-finder.js'
import {
  SCREEN_DEFAULTS,
  type ScreenEntry,
  type ScreenOptions,
  type ScreenResponse,
  type ScreenResult,
  Screener,
  screenRequestSchema,
} from './screen.js'
import { type Stakeholder, getStakeholder, stakeholderSchema, writeStakeholders } from './stakeholders.js'
import { shown } from '../common/shown.js'

/** A collection `upsert` and `remove` accept. */
export type Collection = CorpusName | 'stakeholders'

export const COLLECTIONS: readonly Collection[] = [...CORPUS_NAMES, 'stakeholders']

/**
 * Files an `ingest` of this process is writing into (by real path), with how many: a write from
 * another Snapshot of the same file fails at once instead of waiting on a lock only this process's
 * event loop can release.
 */
const INGESTING = new Map<string, number>()
let memoryKeys = 0

/** The file a snapshot path names (its real path once it exists); an in-memory database is its own. */
function fileKey(path: string): string {
  if (path === '' || path === ':memory:' || path.startsWith('file::memory:')) return `memory:${++memoryKeys}`
  try {
    return realpathSync(path)
  } catch {
    return resolve(path)
  }
}

/** A source name, as `ingest` takes it. */
export const sourceNameSchema = z.enum(SOURCE_NAMES as [SourceName, ...SourceName[]], {
  error: (iss) => `must be one of ${SOURCE_NAMES.join(', ')} (got ${shown(iss.input)})`,
})

/** The options of `openSnapshot`; every one optional (defaults in `defaultOptions`). */
export const openOptionsSchema = z.strictObject({
  /** Open for reading only: the file must exist and nothing can be written. Default `false`. */
  readonly: z.boolean({ error: 'must be a boolean' }).optional(),
  /**
   * How long a write waits for another process's write lock, in ms, before failing with `busy`
   * (nothing written). Default 5000.
   */
  busyTimeoutMs: z
    .int({ error: 'must be an integer number of milliseconds from 0 to 600000' })
    .min(0, 'must be an integer number of milliseconds from 0 to 600000')
    .max(600_000, 'must be an integer number of milliseconds from 0 to 600000')
    .optional(),
})

export type OpenOptions = z.input<typeof openOptionsSchema>

const defaultOptions = { readonly: false, busyTimeoutMs: DEFAULT_BUSY_TIMEOUT_MS } as const satisfies Required<OpenOptions>

/** The ids of `remove`. */
export const idsSchema = z.array(z.string({ error: 'must be an id string' }), { error: 'must be an array of id strings' })

/** The search method of each corpus: `searchPropositions`, `searchSocial`, … (derived from the registry). */
export type SearchMethods = {
  [N in CorpusName as `search${Capitalize<N>}`]: (
    query?: SearchQuery | URLSearchParams,
    body?: unknown,
    ctx?: SearchContext,
  ) => SearchResponse<ResultOf[N]>
}

/** The snapshot method name of a corpus's search. */
export function searchMethodOf<N extends CorpusName>(name: N): `search${Capitalize<N>}` {
  return `search${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` as `search${Capitalize<N>}`
}

// The search methods are added to the prototype below, one per registered corpus.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Snapshot extends SearchMethods {}

/**
 * One snapshot file, open: the search endpoints (`search<Corpus>` per corpus, and `search`),
 * stakeholders, monitors and the watchlist, as synchronous methods. Cheap to open (no index
 * rebuild, no scan, once the file is of this version: see `openSnapshot`); close it when done.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Snapshot {
  readonly path: string
  /** Open for reading only: asked with `{ readonly: true }`, or the file is read-only for this process. */
  readonly readonly: boolean
  private readonly db: Db
  private readonly st: Statements
  private readonly rows: DocumentRows
  private readonly index: TextIndex
  private readonly indexName: TextIndexName
  private readonly stakeholders: StakeholderRows
  private readonly monitors: Monitors
  private readonly finder: StakeholderFinder
  private readonly keys: ApiKeys
  private readonly screener: Screener
  /** The damage a check or a call met, if any: writes are refused from then on (see `checkIntegrity`). */
  private damage: string | undefined
  /** An `ingest` is under way (its transaction spans awaits): other calls must not join it. */
  private ingesting = false
  /** The file, as `INGESTING` knows it. */
  private readonly file: string
  /** `{ readonly }` as given to `openSnapshot` (`readonly` is what the file allows). */
  private readonly askedReadonly: boolean

  /** @internal use {@link openSnapshot}. */
  constructor(path: string, options?: OpenOptions) {
    const given = checkOptions(openOptionsSchema, options)
    const opts = { readonly: given.readonly ?? defaultOptions.readonly, busyTimeoutMs: given.busyTimeoutMs ?? defaultOptions.busyTimeoutMs }
    this.path = path
    this.askedReadonly = opts.readonly
    // Checked before the file is touched: a bad value must not create it.
    this.indexName = textIndexName()
    this.db = openDatabase(path, opts.readonly, opts.busyTimeoutMs, FTS5_UPGRADES)
    // A file this process cannot write is open for reading whatever was asked.
    this.readonly = this.db.readonly
    this.file = fileKey(path)
    try {
      this.st = new Statements(this.db)
      this.index = TEXT_INDEXES[this.indexName](this.db, this.st)
      this.prepareIndexes()
    } catch (e) {
      this.db.close()
      throw e
    }
    this.rows = new DocumentRows(this.st)
    this.stakeholders = new StakeholderRows(this.st)
    this.monitors = new Monitors(new MonitorRows(this.st), (write) => immediate(this.db, write))
    // A stakeholder's `records`: the documents each stakeholder-id filter finds for it.
    this.finder = new StakeholderFinder(this.stakeholders, (id) =>
      STAKEHOLDER_FILTERS.reduce((n, [corpus, filter]) => n + this.search(corpus, { limit: 1 }, { [filter]: [id] }).pagination.total, 0),
    )
    this.keys = new ApiKeys(new ApiKeyRows(this.st), (write) => immediate(this.db, write))
    this.screener = new Screener(this.st)
  }

  /**
   * Inserts or replaces records of a collection, given in the spec's result shape (without
   * `relevance`, `highlights` and `saved*`). The whole call is validated first and written in one
   * transaction: a bad record is refused with its index and field, and nothing of the call is kept.
   *
   * @example snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04', title: 'PL 2630/2020' }])
   */
  upsert(collection: Collection, records: readonly unknown[]): { inserted: number; updated: number } {
    this.writable()
    if (collection === 'stakeholders') {
      const valid = validateRecords('stakeholders', stakeholderSchema, records)
      if (valid.length === 0) return { inserted: 0, updated: 0 }
      return immediate(this.db, () => {
        const { inserted, updated } = writeStakeholders(this.stakeholders, valid)
        return { inserted, updated }
      })
    }
    const corpus = corpusNamed(collection, 'writable')
    const valid = validateRecords(collection, corpus.schema, records)
    if (valid.length === 0) return { inserted: 0, updated: 0 }
    return immediate(this.db, () => {
      const { inserted, updated } = writeDocuments(this.rows, this.index, corpus, valid)
      return { inserted, updated }
    })
  }

  /**
   * Removes records by id, in one transaction; unknown ids are skipped.
   *
   * @example snap.remove('dou', ['dou-1', 'dou-2']) // { removed: 2 }
   */
  remove(collection: Collection, ids: readonly string[]): { removed: number } {
    this.writable()
    validate(idsSchema, ids, { where: 'ids', prefix: ['ids'] })
    if (collection === 'stakeholders') {
      return { removed: ids.length === 0 ? 0 : immediate(this.db, () => this.stakeholders.delete(ids)) }
    }
    const corpus = corpusNamed(collection, 'writable')
    if (ids.length === 0) return { removed: 0 }
    return { removed: immediate(this.db, () => deleteDocuments(this.rows, this.index, corpus, ids)) }
  }

  /**
   * Ingests files of an official source (`camara`…), in one write transaction: every record
   * validated as `upsert` would, records stored exactly so left untouched (`unchanged`), and a bad
   * file refused naming it and its line, with nothing of the call written. Other calls on this
   * snapshot wait for it to end (they fail with 503 `busy` meanwhile).
   *
   * @example await snap.ingest('camara', ['deputados.csv', 'proposicoesAutores-2023.csv', 'proposicoes-2023.csv'])
   * // { source: 'camara', collections: { propositions: { inserted: 1493, updated: 0, unchanged: 0 }, stakeholders: {…} }, … }
   */
  async ingest(source: SourceName, files: readonly string[], options?: IngestOptions): Promise<IngestReport> {
    this.writable()
    const name = validate(sourceNameSchema, source, { where: 'source' })
    this.ingesting = true
    INGESTING.set(this.file, (INGESTING.get(this.file) ?? 0) + 1)
    try {
      const deps = {
        db: this.db,
        st: this.st,
        rows: this.rows,
        index: this.index,
        stakeholders: this.stakeholders,
        log: new IngestLog(this.st),
      }
      return await ingest(deps, SOURCES[name], files, options)
    } finally {
      this.ingesting = false
      const left = (INGESTING.get(this.file) ?? 1) - 1
      if (left === 0) INGESTING.delete(this.file)
      else INGESTING.set(this.file, left)
    }
  }

  /**
   * Any search corpus by name: `POST /search/<collection>`. Each corpus also has its own method
   * (`searchPropositions`, `searchSocial`, `searchDou`, `searchBacen`, `searchNotices`, `searchIrs`).
   *
   * @example snap.search('propositions', { q: 'PL 2630/2020', sort: 'relevance' }, { states: ['SP'] })
   */
  search<C extends CorpusName>(
    collection: C,
    query?: SearchQuery | URLSearchParams,
    body?: unknown,
    ctx?: SearchContext,
  ): SearchResponse<ResultOf[C]> {
    this.assertOpen()
    // The records are what `upsert` validated against this corpus's schema, mapped by its `toResult`.
    const deps = { rows: this.rows, index: this.index, monitors: this.monitors }
    return search(deps, corpusNamed(collection, 'searchable'), query, body, ctx) as unknown as SearchResponse<ResultOf[C]>
  }

  /**
   * Every result of a search, in its order, each record once: an iterator over `search`'s results
   * (read page by page), with `total`. The query string and body are `search`'s, without `page`
   * and `limit`. The matches and their order are fixed at the call; a record removed before its
   * page is read is left out, one changed is yielded as it then is (see `searchAll` in the README).
   *
   * @example for (const r of snap.searchAll('dou', { q: 'portaria' }, { organizations: ['Ministério da Saúde'] })) console.log(r.id)
   */
  searchAll<C extends CorpusName>(
    collection: C,
    query?: SearchQuery | URLSearchParams,
    body?: unknown,
    ctx?: SearchContext,
  ): SearchAll<ResultOf[C]> {
    this.assertOpen()
    const deps = {
      rows: this.rows,
      index: this.index,
      monitors: this.monitors,
      // The iterator reads page by page, after this call returned: each read passes the boundary too.
      read: <R>(fn: () => R): R =>
        this.entrance(() => {
          this.assertOpen()
          return this.db.transaction(fn).deferred()
        }),
    }
    return searchAll(deps, corpusNamed(collection, 'searchable'), query, body, ctx) as unknown as SearchAll<ResultOf[C]>
  }

  /**
   * `GET /stakeholders/{id}`; an unknown id → 404 `not_found`.
   *
   * @example snap.getStakeholder('stk-0001').name
   */
  getStakeholder(id: string): Stakeholder {
    this.assertOpen()
    return getStakeholder(this.stakeholders, id)
  }

  /**
   * Finds stakeholders of every house by name, tolerant of accents, case, prefixes and typos: how
   * to get the ids the `authors`, `rapporteurs` and `stakeholders` filters need. An exact name
   * comes first, then one that stored documents name (see `StakeholderFinder`). Also takes the
   * query string of `GET /stakeholders?q=&limit=` (URLSearchParams).
   *
   * @example snap.findStakeholders({ q: 'Katia Abreu' })[0]?.id // 'senado-senador-1249'
   */
  findStakeholders(input: { q: string; limit?: number } | URLSearchParams): StakeholderMatch[] {
    this.assertOpen()
    return this.finder.find(input)
  }

  /** Creates a monitor (a client's folder of saved documents). */
  createMonitor(clientId: string, name: string): { id: string; name: string } {
    this.writable()
    return this.monitors.create(clientId, name)
  }

  /** The client's monitors, oldest first, with how many documents each holds. */
  listMonitors(clientId: string): Monitor[] {
    this.assertOpen()
    return this.monitors.list(clientId)
  }

  /**
   * Every client's monitors with their `clientId`, by client then oldest first: the view of whoever
   * holds the file (the CLI's `monitors list` without `--client`); the HTTP server never answers it.
   *
   * @example snap.listAllMonitors()[0] // { clientId: 'ACME', id: '…', name: 'Reforma', createdAt: '…', items: 3 }
   */
  listAllMonitors(): (Monitor & { clientId: string })[] {
    this.assertOpen()
    return this.monitors.listAll()
  }

  /**
   * `GET /monitors/{monitorId}`: a client's monitor with its saved documents, per corpus, in the
   * order saved, as search results show them. Another client's monitor or an unknown id → 404.
   *
   * @example snap.getMonitor('acme', id).documents.propositions.map((p) => p.id)
   */
  getMonitor(clientId: string, monitorId: string): MonitorDetail {
    this.assertOpen()
    return this.monitors.get(clientId, monitorId)
  }

  /** Deletes a client's monitor and what was saved in it. */
  deleteMonitor(clientId: string, monitorId: string): void {
    this.writable()
    this.monitors.delete(clientId, monitorId)
  }

  /** Saves a document in a client's monitor (idempotent); unknown monitor or document → 404. */
  saveToMonitor(clientId: string, monitorId: string, collection: CorpusName, documentId: string): SavedBucketRef {
    this.writable()
    return this.monitors.save(clientId, monitorId, collection, documentId)
  }

  /** Removes a saved document from a client's monitor. */
  removeFromMonitor(clientId: string, monitorId: string, collection: CorpusName, documentId: string): { removed: boolean } {
    this.writable()
    return this.monitors.unsave(clientId, monitorId, collection, documentId)
  }

  /**
   * Creates an API key for the HTTP server: a client (organization), a plan (`basic`, `standard`,
   * `full`), optionally other endpoints or rate than the plan's. The secret is in this answer only;
   * the snapshot keeps its SHA-256.
   *
   * @example snap.createApiKey({ client: 'ACME', plan: 'standard' }).key // 'lsk_…'
   */
  createApiKey(input: CreateApiKeyInput): NewApiKey {
    this.writable()
    return this.keys.create(input)
  }

  /** Every API key, oldest first, revoked ones with `revokedAt`; never a secret. */
  listApiKeys(): ApiKey[] {
    this.assertOpen()
    return this.keys.list()
  }

  /** Revokes an API key by id; an unknown or already revoked id → 404. */
  revokeApiKey(id: string): void {
    this.writable()
    this.keys.revoke(id)
  }

  /** The active API key a secret belongs to, or undefined (compared in constant time). */
  verifyApiKey(secret: string): ApiKey | undefined {
    this.assertOpen()
    return this.keys.verify(secret)
  }

  /**
   * Reconciles the watchlist with a version of the UN Security Council Consolidated List (the XML
   * as a string or Buffer, or a list parsed by `parseUnConsolidatedList`), in one transaction.
   *
   * @example snap.reconcileWatchlist(readFileSync('consolidated.xml'), { observedOn: '2026-02-27' })
   * // { listed: [...], relisted: [], amended: [...], delisted: [], blocked: [], unchanged: 998, warnings: [] }
   */
  reconcileWatchlist(input: string | Buffer | ParsedList, options?: ReconcileOptions): ReconcileReport {
    this.writable()
    return reconcile(this.db, this.st, input, options)
  }

  /**
   * Screens names against the watchlist: each entry's best matches (score 0..1, the name matched,
   * the designation's status, the reasons in words), in input order. Word order, comma forms,
   * typos, missing middle names, transliteration variants, aliases and other scripts are matched;
   * a birth year or nationality raises or lowers a score. 1..10,000 entries; `threshold` (default
   * 0.8), `limit` per entry (default 5), `includeDelisted` (default false). A read: works on a
   * read-only snapshot. No match is not proof of absence.
   *
   * @example snap.screen([{ name: 'Saif al-Adel', birthDate: '1963' }])[0]?.matches[0]
   * // { ref: 'QDi.001', score: 0.995, matchedName: 'Sayf-Al Adl', status: 'listed', lastEventType: 'listed', reasons: [...] }
   */
  screen(entries: readonly ScreenEntry[], options?: ScreenOptions): ScreenResult[] {
    this.assertOpen()
    return this.screener.screen(entries, options)
  }

  /**
   * `POST /watchlist/screen`: `screen` with what it was screened against (the newest list, the
   * removals held back), as the HTTP API and the MCP tool answer.
   *
   * @example snap.screenReport({ entries: [{ name: 'Osama bin Laden' }], includeDelisted: true }).results[0]?.matches
   */
  screenReport(request: { entries: readonly ScreenEntry[] } & ScreenOptions): ScreenResponse {
    this.assertOpen()
    const { entries, ...options } = validate(screenRequestSchema, request, { where: 'body' })
    // One read transaction: the matches, the list and what is held back are of one state of the file.
    return this.db.transaction(() => {
      const held = heldRemovals(this.st)
      return {
        results: this.screener.run(entries, options),
        threshold: options.threshold ?? SCREEN_DEFAULTS.threshold,
        listDateGenerated: held.newestList,
        heldBackRemovals: held.count,
        watchlistVersion: this.screener.version(),
      }
    })()
  }

  /**
   * The removals the mass-removal guard holds back (designations still `listed` though absent from
   * the lists since), and since which list.
   *
   * @example snap.heldWatchlistRemovals() // { count: 0, refs: [], since: null, newestList: '2026-02-27T00:00:09.554Z' }
   */
  heldWatchlistRemovals(): HeldRemovals {
    this.assertOpen()
    return heldRemovals(this.st)
  }

  /**
   * Accepts held-back removals (all, or `refs`): each is delisted as of the day its absence was
   * first observed, with an audit event whose `override` records the acceptance and `reason`.
   *
   * @example snap.acceptWatchlistRemovals({ reason: 'Iraq 1518 delistings, SC/15000' }) // { delisted: [...], observedAt, stillHeld: 0 }
   */
  acceptWatchlistRemovals(options?: AcceptRemovalsOptions): AcceptRemovalsReport {
    this.writable()
    return acceptHeldRemovals(this.db, this.st, options)
  }

  /**
   * `GET /watchlist` → `{ data, total }`: search (normalized substring of every name), status,
   * subjectType, regime, measure, hideDeceased, sort, limit (1..100, default 20), offset.
   *
   * @example snap.listWatchlist({ search: 'al qaida', status: 'listed', limit: 5 })
   */
  listWatchlist(query?: WatchlistQuery | URLSearchParams): { data: Designation[]; total: number } {
    this.assertOpen()
    return listWatchlist(this.st, query)
  }

  /**
   * `GET /watchlist/{ref}` → the designation, with `narrativeTranslated` in `lang` (or null).
   * Unknown ref → 404 `not_found`.
   *
   * @example snap.getDesignation('QDi.001', { lang: 'pt' }).narrativeTranslated
   */
  getDesignation(ref: string, query?: { lang?: string }): DesignationDetail {
    this.assertOpen()
    return getDesignation(this.st, ref, query)
  }

  /** The audit history of a designation (an extension: the spec names it without a path), oldest first. */
  getDesignationHistory(ref: string): DesignationEvent[] {
    this.assertOpen()
    return designationHistory(this.st, ref)
  }

  /**
   * Stores narrative translations `{ sourceRefNumber, lang, text }`, each bound to the narrative it
   * translates (an amended narrative stops serving its old translations).
   */
  importNarrativeTranslations(translations: readonly { sourceRefNumber: string; lang: string; text: string }[]): { imported: number } {
    this.writable()
    return importTranslations(this.db, this.st, translations)
  }

  /**
   * The latest ingest of each source that landed: its files, when it finished, and its report.
   *
   * @example snap.ingests()[0] // { source: 'camara', files: […], finishedAt: '2026-11-25T17:50:02.114Z', report: {…} }
   */
  ingests(): IngestLogEntry[] {
    this.assertOpen()
    return new IngestLog(this.st).latest()
  }

  /**
   * What the snapshot holds, in one read: records per collection, the latest ingest of each
   * source, and the watchlist (the UN lists ingested, designations listed and delisted, the
   * removals held back).
   *
   * @example snap.info().watchlist // { lists: { count: 15, newest: '2026-02-27T00:00:09.554Z', … }, designations: { listed: 1003, delisted: 235 }, heldBack: { count: 0, … } }
   */
  info(): SnapshotInfo {
    this.assertOpen()
    return this.db.transaction(() => ({ counts: this.counts(), ingests: this.ingests(), watchlist: watchlistSummary(this.st) }))()
  }

  /** How many records each collection holds. */
  counts(): Record<Collection, number> {
    this.assertOpen()
    const counted = this.rows.counts()
    const out = Object.fromEntries(COLLECTIONS.map((c) => [c, counted.get(c) ?? 0])) as Record<Collection, number>
    out.stakeholders = this.stakeholders.count()
    return out
  }

  /**
   * Checks that the file is sound and that every index agrees with the records: SQLite's own
   * check, the text index's, and one index row per record in every mode. Reads the whole file: for
   * tests and operators, never done on open. Never throws on a damaged file: each check that
   * meets the damage reports it as a problem. Once damage is found, this Snapshot refuses writes
   * (500 `corrupt`): writing into a damaged file can spread the damage; reads go on, and a read
   * that meets the damage throws 500 `corrupt`.
   *
   * @example snap.checkIntegrity() // { ok: true, problems: [] }
   */
  checkIntegrity(): { ok: boolean; problems: string[] } {
    this.assertOpen()
    const problems: string[] = []
    /** Runs one check; damage it meets is a problem found, not an error. */
    const check = (what: string, fn: () => string[]): void => {
      try {
        problems.push(...guarded(this.path, fn))
      } catch (e) {
        const damage = e instanceof LegisearchError ? damageOf(e) : undefined
        if (damage === undefined) throw e
        problems.push(`${what}: ${damage}`)
      }
    }
    check('sqlite quick_check', () => {
      const quick = this.db.pragma('quick_check', { simple: true }) as string
      return quick === 'ok' ? [] : [`sqlite quick_check: ${quick}`]
    })
    if (problems.length > 0) this.damage ??= damageText(problems[0] as string)
    let counted = new Map<string, number>()
    check('record counts', () => ((counted = this.rows.counts()), []))
    for (const name of CORPUS_NAMES) {
      check(`${name} counters`, () => this.rows.counterProblems(name))
      const layout = layoutOf(corpusOf(name))
      const documents = counted.get(name) ?? 0
      // FTS5's own check is a write command: under the write lock, so another writer cannot make it
      // fail; on a file known damaged (or read-only) it runs without it.
      check(`${name} text index`, () => {
        if (this.readonly || this.damage !== undefined) return this.index.problems(layout, documents, false)
        try {
          return immediate(this.db, () => this.index.problems(layout, documents, true))
        } catch (e) {
          // The write lock not to be had (another writer, a file another user's connection left
          // read-only): the check without it, which reports rather than throws.
          const mapped = fromDriverError(e, this.path)
          const code = mapped instanceof LegisearchError ? mapped.code : undefined
          if (code !== 'busy' && code !== 'forbidden') throw mapped
          return this.index.problems(layout, documents, false)
        }
      })
    }
    check('orphan rows', () => this.rows.orphanProblems())
    return { ok: problems.length === 0, problems }
  }

  close(): void {
    if (this.ingesting)
      throw new LegisearchError('busy', `snapshot ${shownPath(this.path)} is ingesting; close it when its ingest() has settled`)
    if (this.db.open) this.db.close()
  }

  /**
   * The error boundary: runs a public method, turning the driver's and the system's errors into
   * `LegisearchError`s (`guarded`); damage met is remembered, so that writes are refused after it.
   */
  private entrance<T>(fn: () => T): T {
    return guarded(this.path, fn, (e) => {
      this.damage ??= damageOf(e)
    })
  }

  private writable(): void {
    this.assertOpen()
    if (this.readonly && !this.askedReadonly) {
      throw new LegisearchError(
        'forbidden',
        `snapshot ${shownPath(this.path)} is read-only for this process (its permissions, or its file system, do not let it be written); nothing was written. Searches work; to write, make it writable`,
      )
    }
    if (this.readonly) {
      throw new LegisearchError(
        'forbidden',
        `snapshot ${shownPath(this.path)} is open readonly; open it without { readonly: true } to write`,
      )
    }
    if (this.damage !== undefined) throw corruptFile(this.path, `found earlier: ${this.damage}; writes are refused so as not to spread it`)
    // Another Snapshot of this process holds the file's write lock across awaits: waiting for it
    // here (SQLite's busy wait is synchronous) would stop the very event loop its ingest needs.
    if (INGESTING.has(this.file)) {
      throw new LegisearchError(
        'busy',
        `snapshot ${shownPath(this.path)} is being ingested into by another Snapshot of this process; nothing was written. Retry when its ingest() has settled`,
      )
    }
  }

  private assertOpen(): void {
    if (!this.db.open) throw invalid(`snapshot ${shownPath(this.path)} is closed; open it again with openSnapshot()`)
    if (this.ingesting)
      throw new LegisearchError('busy', `snapshot ${shownPath(this.path)} is ingesting; call again when its ingest() has settled`)
  }

  /**
   * Creates missing text indexes of registered corpora; an index in a layout of an earlier version
   * is made again (every record indexed again, in one transaction); read-only, both are refused.
   */
  private prepareIndexes(): void {
    const layouts = CORPUS_NAMES.map((name) => layoutOf(corpusOf(name)))
    const { missing, changed } = this.index.inspect(layouts)
    if ((changed.length > 0 || missing.length > 0) && this.readonly && !this.askedReadonly) {
      throw new LegisearchError(
        'forbidden',
        `path: ${shownPath(this.path)} needs its text index of ${[...changed, ...missing].join(', ')} made again, but it is read-only for this process; make it writable and open it again`,
      )
    }
    if (changed.length > 0 && this.readonly) {
      throw invalid(
        `path: ${shownPath(this.path)} holds the text index of ${changed.join(', ')} in the layout of an earlier version; ` +
          `open it once without readonly to index its records again (legisearch upgrade --snapshot ${shownPath(this.path)}), or rebuild it`,
      )
    }
    if (missing.length === 0 && changed.length === 0) return
    if (this.readonly) {
      throw invalid(
        `path: ${shownPath(this.path)} lacks the text index of ${missing.join(', ')} (a file written by an earlier version holds another index); ` +
          `open it once without readonly to index its records (legisearch upgrade --snapshot ${shownPath(this.path)}), or rebuild it`,
      )
    }
    immediate(this.db, () => {
      // Looked at again under the write lock: another process opening the file may have made them.
      // A corpus indexed in an earlier layout is indexed again, and only that corpus.
      const stale = this.index.inspect(layouts).changed
      if (stale.length > 0) this.index.drop(stale)
      const still = new Set(this.index.inspect(layouts).missing)
      if (still.size === 0) return
      this.index.create(layouts.filter((l) => still.has(l.name)))
      // A snapshot holding records of a corpus its index never saw (another index wrote it) gets them
      // indexed, and the other index goes: a file holds one text index, kept by every write.
      const rows = new DocumentRows(this.st)
      for (const name of CORPUS_NAMES) if (still.has(name)) reindexDocuments(rows, this.index, corpusOf(name))
      for (const [name, make] of Object.entries(TEXT_INDEXES)) if (name !== this.indexName) make(this.db, this.st).drop()
    })
  }
}

for (const name of CORPUS_NAMES) {
  Object.defineProperty(Snapshot.prototype, searchMethodOf(name), {
    value: function (this: Snapshot, query?: SearchQuery | URLSearchParams, body?: unknown, ctx?: SearchContext) {
      return this.search(name, query, body, ctx)
    },
    writable: true,
    configurable: true,
  })
}

/**
 * Every public method passes the error boundary (`entrance`): one wrapper, not a try/catch each.
 * The private helpers are called from inside a wrapped method.
 */
for (const name of Object.getOwnPropertyNames(Snapshot.prototype)) {
  if (['constructor', 'entrance', 'writable', 'assertOpen', 'prepareIndexes'].includes(name)) continue
  const method = Object.getOwnPropertyDescriptor(Snapshot.prototype, name)?.value as unknown
  if (typeof method !== 'function') continue
  Object.defineProperty(Snapshot.prototype, name, {
    value: function (this: Snapshot, ...args: unknown[]) {
      return (this as unknown as { entrance: <T>(fn: () => T) => T }).entrance(() =>
        (method as (...a: unknown[]) => unknown).apply(this, args),
      )
    },
    writable: true,
    configurable: true,
  })
}

/** A collection name of a search (`searchable`) or of `upsert`/`remove` (`collections`), refused naming the allowed ones. */
const collectionOf = (allowed: readonly string[], accepted: readonly string[]) => {
  const message = (iss: { input: unknown }) => `must be one of ${allowed.join(', ')} (got ${shown(iss.input)})`
  return z.string({ error: message }).refine((c) => accepted.includes(c), { error: message })
}
const WRITABLE = collectionOf(COLLECTIONS, CORPUS_NAMES)

/** The search corpus named `collection`; `allowed` is what the calling method accepts, for the message. */
function corpusNamed(collection: unknown, allowed: 'searchable' | 'writable'): AnyCorpus {
  const schema = allowed === 'searchable' ? collectionSchema : WRITABLE
  return corpusOf(validate(schema, collection, { where: 'collection' }) as CorpusName)
}

/**
 * Opens a snapshot file, creating it when missing (unless `readonly`). Opening a file of this
 * version does no index rebuild and no scan: it costs milliseconds whatever the size. A file of an
 * earlier version is brought up to date by its first writable open (`legisearch upgrade`): its
 * schema, and the text index of each corpus whose layout changed, indexed again (that corpus only).
 *
 * @example
 * const snap = openSnapshot('legisearch.db')
 * const { results, pagination } = snap.searchPropositions({ q: 'reforma tributária', limit: 5 })
 * snap.close()
 */
export function openSnapshot(path: string, options?: OpenOptions): Snapshot {
  return guarded(typeof path === 'string' ? path : '', () => new Snapshot(path, options))
}
