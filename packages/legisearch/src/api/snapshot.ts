import { checkOptions, validate } from '../common/validate.js'
import { CORPUS_NAMES, type CorpusName } from '../corpora/registry.js'
import type { SavedBucketRef } from '../corpora/found.js'
import type { SearchQuery } from '../query/params.js'
import { damageOf, guarded } from '../store/driver-error.js'
import { IngestLog, type IngestLogEntry as LoggedIngest } from '../store/ingest-log.js'
import { SOURCE_NAMES, type SourceName, loadSource } from '../ingest/registry.js'
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
import { type WatchlistSummary, watchlistSummary } from '../watchlist/summary.js'
import { type Collection, COLLECTIONS, corpusNamed, countCollections, idsSchema } from './collections.js'
import { removeRecords, upsertRecords } from './writes.js'
import { checkIntegrity } from './integrity.js'
import type { Monitor, MonitorDetail } from './monitors.js'
import type { ApiKey, CreateApiKeyInput, NewApiKey } from './keys.js'
import {
  type Alert,
  type AlertCheckOptions,
  type CreatedSavedSearch,
  type SaveSearchInput,
  type SavedSearch,
  alertCheckOptionsSchema,
  alertsNeedWrites,
} from './saved-searches.js'
import { type WebhookDelivery, type WebhookOptions, deliverWebhooks, webhookOptionsSchema } from './webhooks.js'
import type { IngestOptions } from './ingest.js'
import type { IngestReport } from './ingest-report.js'
import { type OpenOptions, openOptionsSchema, sourceNameSchema } from './open-options.js'
import type { RecordInput, SearchBody } from './input-types.js'
import type { ResultOf } from './result-types.js'
import { type SearchContext, type SearchResponse, search } from './search.js'
import { type SearchAll, searchAll } from './search-all.js'
import { type EverythingBody, type EverythingQuery, type EverythingResponse, searchEverything } from './search-everything.js'
import { type SearchMethods, addSearchMethods, searchMethodOf } from './search-methods.js'
import { type FindStakeholdersInput, STAKEHOLDER_FILTERS, type StakeholderMatch } from './stakeholder-finder.js'
import { type SnapshotParts, openParts } from './snapshot-parts.js'
import { passEntrance } from './snapshot-guard.js'
import { type ScreenEntry, type ScreenOptions, type ScreenResponse, type ScreenResult } from './screen.js'
import { type Stakeholder, getStakeholder } from './stakeholders.js'
import { getDocument } from './get-document.js'

export { CORPUS_NAMES, COLLECTIONS, SOURCE_NAMES, idsSchema, openOptionsSchema, searchMethodOf, sourceNameSchema }
export type { Alert, Collection, CorpusName, HeldRemovals, OpenOptions, SearchMethods, SourceName }

/** One ingest that landed, as `snap.ingests()` and `snap.info()` list it: its files, when it finished, and its report. */
export type IngestLogEntry = LoggedIngest<IngestReport>

/** `snap.info()`: what a snapshot holds. */
export interface SnapshotInfo {
  readonly counts: Record<Collection, number>
  readonly ingests: IngestLogEntry[]
  readonly watchlist: WatchlistSummary
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
  /** The connection, the rows, the index and the services (see `openParts`). */
  private readonly p: SnapshotParts

  /** @internal use {@link openSnapshot}. */
  constructor(path: string, options?: OpenOptions) {
    this.path = path
    // A stakeholder's `records`: the documents each stakeholder-id filter finds for it.
    this.p = openParts(path, options, (id) =>
      STAKEHOLDER_FILTERS.reduce((n, [corpus, filter]) => n + this.search(corpus, { limit: 1 }, { [filter]: [id] }).pagination.total, 0),
    )
    this.readonly = this.p.db.readonly
  }

  /**
   * Inserts or replaces records of a collection, given in the spec's result shape (without
   * `relevance`, `highlights` and `saved*`). The whole call is validated first and written in one
   * transaction: a bad record is refused with its index and field, and nothing of the call is kept.
   *
   * @example snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04', title: 'PL 2630/2020' }])
   */
  upsert<C extends Collection>(collection: C, records: readonly RecordInput<C>[]): { inserted: number; updated: number } {
    this.writable()
    return upsertRecords(this.p, collection, records)
  }

  /**
   * Removes records by id, in one transaction; unknown ids are skipped.
   *
   * @example snap.remove('dou', ['dou-1', 'dou-2']) // { removed: 2 }
   */
  remove(collection: Collection, ids: readonly string[]): { removed: number } {
    this.writable()
    return removeRecords(this.p, collection, ids)
  }

  /**
   * Ingests files of an official source (`camara`…), in one write transaction: every record
   * validated as `upsert` would, records stored exactly so left untouched (`unchanged`), and a bad
   * file refused naming it and its line, with nothing of the call written. Other calls on this
   * snapshot wait for it to end (they fail with 503 `busy` meanwhile). A folder stands for the files
   * in it; `onProgress` follows the whole call (files, bytes, records; the last event carries the
   * report) and `signal` stops it at its next batch with nothing written.
   *
   * @example await snap.ingest('camara', ['deputados.csv', 'proposicoesAutores-2023.csv', 'proposicoes-2023.csv'])
   * // { source: 'camara', collections: { propositions: { inserted: 1493, updated: 0, unchanged: 0 }, stakeholders: {…} }, … }
   */
  async ingest(source: SourceName, files: readonly string[], options?: IngestOptions): Promise<IngestReport> {
    this.writable()
    const name = validate(sourceNameSchema, source, { where: 'source' })
    return this.p.guard.whileIngesting(async () => {
      // The runner, the source's reader and their parsers are loaded by the first ingest (chunks of their own).
      const [{ ingest }, definition] = await Promise.all([import('./ingest.js'), loadSource(name)])
      const deps = {
        db: this.p.db,
        st: this.p.st,
        rows: this.p.rows,
        index: this.p.index,
        stakeholders: this.p.stakeholders,
        log: new IngestLog(this.p.st),
      }
      return ingest(deps, definition, files, options)
    })
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
    body?: SearchBody<C>,
    ctx?: SearchContext,
  ): SearchResponse<ResultOf[C]> {
    this.assertOpen()
    // The records are what `upsert` validated against this corpus's schema, mapped by its `toResult`.
    return search(this.p, corpusNamed(collection, 'searchable'), query, body, ctx) as unknown as SearchResponse<ResultOf[C]>
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
    body?: SearchBody<C>,
    ctx?: SearchContext,
  ): SearchAll<ResultOf[C]> {
    this.assertOpen()
    // The iterator reads page by page, after this call returned: each read passes the boundary too.
    const read = <R>(fn: () => R): R => this.entrance(() => (this.assertOpen(), this.p.db.transaction(fn).deferred()))
    return searchAll({ ...this.p, read }, corpusNamed(collection, 'searchable'), query, body, ctx) as unknown as SearchAll<ResultOf[C]>
  }

  /**
   * One search across every corpus (`POST /search`, an extension): `search`'s query string, with
   * `sort` `relevance` (default: the corpora interleaved by rank) or `newest` (by each result's
   * corpus date), and a body of only `created_at`. Each result is its corpus's result plus
   * `corpus`; `totals` holds every corpus's total. One read of the file.
   *
   * @example snap.searchEverything({ q: 'PL 2630/2020', limit: 5 }).results.map((r) => `${r.corpus}/${r.id}`)
   */
  searchEverything(query?: EverythingQuery | URLSearchParams, body?: EverythingBody, ctx?: SearchContext): EverythingResponse {
    this.assertOpen()
    return this.p.db.transaction(() => searchEverything(this.p, query, body, ctx)).deferred()
  }

  /**
   * One document of a search corpus by its id (`GET /documents/{collection}/{id}`, an extension),
   * as a search finding it without `q` gives it: no highlights, `relevance` 0, the saved references
   * of `ctx.clientId`. An unknown collection → 400; an unknown id → 404 `not_found`.
   *
   * @example snap.getDocument('dou', 'dou-1').title
   */
  getDocument<C extends CorpusName>(collection: C, id: string, ctx?: SearchContext): ResultOf[C] {
    this.assertOpen()
    // One read: the row and its record (and the caller's references) of one state of the file.
    return this.p.db.transaction(() => getDocument(this.p, collection, id, ctx)).deferred() as unknown as ResultOf[C]
  }

  /**
   * `GET /stakeholders/{id}`; an unknown id → 404 `not_found`.
   *
   * @example snap.getStakeholder('stk-0001').name
   */
  getStakeholder(id: string): Stakeholder {
    this.assertOpen()
    return getStakeholder(this.p.stakeholders, id)
  }

  /**
   * Finds stakeholders of every house by name, tolerant of accents, case, prefixes and typos: how
   * to get the ids the `authors`, `rapporteurs` and `stakeholders` filters need. An exact name
   * comes first, then one that stored documents name (see `StakeholderFinder`). Each match has a
   * `kind` (person, committee, party, organ, unknown); `kind` keeps only the kinds given. Also
   * takes the query string of `GET /stakeholders?q=&limit=&kind=` (URLSearchParams).
   *
   * @example snap.findStakeholders({ q: 'Katia Abreu' })[0]?.id // 'senado-senador-1249'
   * @example snap.findStakeholders({ q: 'saúde', kind: 'committee' }).map((m) => m.name)
   */
  findStakeholders(input: FindStakeholdersInput | URLSearchParams): StakeholderMatch[] {
    this.assertOpen()
    return this.p.finder.find(input)
  }

  /** Creates a monitor (a client's folder of saved documents). */
  createMonitor(clientId: string, name: string): { id: string; name: string } {
    this.writable()
    return this.p.monitors.create(clientId, name)
  }

  /** The client's monitors, oldest first, with how many documents each holds. */
  listMonitors(clientId: string): Monitor[] {
    this.assertOpen()
    return this.p.monitors.list(clientId)
  }

  /**
   * Every client's monitors with their `clientId`, by client then oldest first: the view of whoever
   * holds the file (the CLI's `monitors list` without `--client`); the HTTP server never answers it.
   *
   * @example snap.listAllMonitors()[0] // { clientId: 'ACME', id: '…', name: 'Reforma', createdAt: '…', items: 3 }
   */
  listAllMonitors(): (Monitor & { clientId: string })[] {
    this.assertOpen()
    return this.p.monitors.listAll()
  }

  /**
   * `GET /monitors/{monitorId}`: a client's monitor with its saved documents, per corpus, in the
   * order saved, as search results show them. Another client's monitor or an unknown id → 404.
   *
   * @example snap.getMonitor('acme', id).documents.propositions.map((p) => p.id)
   */
  getMonitor(clientId: string, monitorId: string): MonitorDetail {
    this.assertOpen()
    return this.p.monitors.get(clientId, monitorId)
  }

  /** Deletes a client's monitor and what was saved in it. */
  deleteMonitor(clientId: string, monitorId: string): void {
    this.writable()
    this.p.monitors.delete(clientId, monitorId)
  }

  /** Saves a document in a client's monitor (idempotent); unknown monitor or document → 404. */
  saveToMonitor(clientId: string, monitorId: string, collection: CorpusName, documentId: string): SavedBucketRef {
    this.writable()
    return this.p.monitors.save(clientId, monitorId, collection, documentId)
  }

  /** Removes a saved document from a client's monitor. */
  removeFromMonitor(clientId: string, monitorId: string, collection: CorpusName, documentId: string): { removed: boolean } {
    this.writable()
    return this.p.monitors.unsave(clientId, monitorId, collection, documentId)
  }

  /**
   * Saves a search (a collection, its query string and body) in a client's monitor, with an
   * optional `name` and `webhook` (an http(s) URL). Checked now: a query or body that makes no
   * search of that collection is refused with its path (`query.q`, `body.keywords.or`). Its alerts
   * are the documents written after it was saved. `webhookSecret` is told only here.
   *
   * @example snap.saveSearch('acme', monitorId, { collection: 'propositions', query: { q: 'reforma tributária' }, body: { states: ['SP'] } }).id
   */
  saveSearch(clientId: string, monitorId: string, input: SaveSearchInput): CreatedSavedSearch {
    alertsNeedWrites(() => this.writable())
    return this.p.searches.save(clientId, monitorId, input)
  }

  /**
   * The saved searches of a client's monitor, oldest first (never a webhook's secret).
   *
   * @example snap.listSavedSearches('acme', monitorId).map((s) => s.query)
   */
  listSavedSearches(clientId: string, monitorId: string): SavedSearch[] {
    this.assertOpen()
    return this.p.searches.list(clientId, monitorId)
  }

  /**
   * Deletes a saved search of a client's monitor; an unknown one → 404.
   *
   * @example snap.deleteSavedSearch('acme', monitorId, searchId)
   */
  deleteSavedSearch(clientId: string, monitorId: string, searchId: string): void {
    alertsNeedWrites(() => this.writable())
    this.p.searches.delete(clientId, monitorId, searchId)
  }

  /**
   * The alerts of a client's saved searches (one monitor's, or every monitor's): the documents each
   * matches that were added or changed (by ingest time) since what its last check listed, by saved
   * search then oldest write first, at most `limit` per saved search (1..1000, default 100), and
   * marks only those seen, in one write transaction; `more` names the saved searches with more
   * waiting (the next check goes on where this one stopped). Sends no webhook (see `checkAlertsAndNotify`).
   *
   * @example snap.checkAlerts('acme', undefined, { limit: 50 }).data.map((a) => a.document.id)
   */
  checkAlerts(clientId: string, monitorId?: string, options?: AlertCheckOptions): { data: Alert[]; more: string[] } {
    alertsNeedWrites(() => this.writable())
    const { limit } = checkOptions(alertCheckOptionsSchema, options)
    const { data, more } = this.p.searches.check(clientId, monitorId, limit)
    return { data, more }
  }

  /**
   * `checkAlerts`, then, once its transaction committed, POSTs each saved search's new documents
   * (at most `limit`, with `more`) to its webhook (signed, tried again with backoff; see README
   * "Saved searches and alerts"). A webhook resolving to a private address fails unless the
   * snapshot was opened with `{ webhooks: { allowPrivate: true } }`. Returns the alerts at once and
   * `deliveries`, which settles when every webhook is done (never rejects).
   *
   * @example const { data, more, deliveries } = snap.checkAlertsAndNotify('acme', undefined, { limit: 50 }); console.log(await deliveries)
   */
  checkAlertsAndNotify(
    clientId: string,
    monitorId?: string,
    options?: WebhookOptions & AlertCheckOptions,
  ): { data: Alert[]; more: string[]; deliveries: Promise<WebhookDelivery[]> } {
    alertsNeedWrites(() => this.writable())
    // Checked before the check: a bad option must not mark anything seen.
    const { limit, ...sending } = checkOptions(webhookOptionsSchema.extend(alertCheckOptionsSchema.shape), options)
    const { data, more, webhooks } = this.p.searches.check(clientId, monitorId, limit)
    return { data, more, deliveries: deliverWebhooks(webhooks, { ...sending, allowPrivate: this.p.searches.allowPrivateWebhooks }) }
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
    return this.p.keys.create(input)
  }

  /** Every API key, oldest first, revoked ones with `revokedAt`; never a secret. */
  listApiKeys(): ApiKey[] {
    this.assertOpen()
    return this.p.keys.list()
  }

  /** Revokes an API key by id; an unknown or already revoked id → 404. */
  revokeApiKey(id: string): void {
    this.writable()
    this.p.keys.revoke(id)
  }

  /** The active API key a secret belongs to, or undefined (compared in constant time). */
  verifyApiKey(secret: string): ApiKey | undefined {
    this.assertOpen()
    return this.p.keys.verify(secret)
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
    return reconcile(this.p.db, this.p.st, input, options)
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
    return this.p.screener.screen(entries, options)
  }

  /**
   * `POST /watchlist/screen`: `screen` with what it was screened against (the newest list, the
   * removals held back), as the HTTP API and the MCP tool answer.
   *
   * @example snap.screenReport({ entries: [{ name: 'Osama bin Laden' }], includeDelisted: true }).results[0]?.matches
   */
  screenReport(request: { entries: readonly ScreenEntry[] } & ScreenOptions): ScreenResponse {
    this.assertOpen()
    // One read transaction: the matches, the list and what is held back are of one state of the file.
    return this.p.db.transaction(() => this.p.screener.report(request))()
  }

  /**
   * The removals the mass-removal guard holds back (designations still `listed` though absent from
   * the lists since), and since which list.
   *
   * @example snap.heldWatchlistRemovals() // { count: 0, refs: [], since: null, newestList: '2026-02-27T00:00:09.554Z' }
   */
  heldWatchlistRemovals(): HeldRemovals {
    this.assertOpen()
    return heldRemovals(this.p.st)
  }

  /**
   * Accepts held-back removals (all, or `refs`): each is delisted as of the day its absence was
   * first observed, with an audit event whose `override` records the acceptance and `reason`.
   *
   * @example snap.acceptWatchlistRemovals({ reason: 'Iraq 1518 delistings, SC/15000' }) // { delisted: [...], observedAt, stillHeld: 0 }
   */
  acceptWatchlistRemovals(options?: AcceptRemovalsOptions): AcceptRemovalsReport {
    this.writable()
    return acceptHeldRemovals(this.p.db, this.p.st, options)
  }

  /**
   * `GET /watchlist` → `{ data, total }`: search (normalized substring of every name), status,
   * subjectType, regime, measure, hideDeceased, sort, limit (1..100, default 20), offset.
   *
   * @example snap.listWatchlist({ search: 'al qaida', status: 'listed', limit: 5 })
   */
  listWatchlist(query?: WatchlistQuery | URLSearchParams): { data: Designation[]; total: number } {
    this.assertOpen()
    return listWatchlist(this.p.st, query)
  }

  /**
   * `GET /watchlist/{ref}` → the designation, with `narrativeTranslated` in `lang` (or null).
   * Unknown ref → 404 `not_found`.
   *
   * @example snap.getDesignation('QDi.001', { lang: 'pt' }).narrativeTranslated
   */
  getDesignation(ref: string, query?: { lang?: string }): DesignationDetail {
    this.assertOpen()
    return getDesignation(this.p.st, ref, query)
  }

  /** The audit history of a designation (an extension: the spec names it without a path), oldest first. */
  getDesignationHistory(ref: string): DesignationEvent[] {
    this.assertOpen()
    return designationHistory(this.p.st, ref)
  }

  /**
   * Stores narrative translations `{ sourceRefNumber, lang, text }`, each bound to the narrative it
   * translates (an amended narrative stops serving its old translations).
   */
  importNarrativeTranslations(translations: readonly { sourceRefNumber: string; lang: string; text: string }[]): { imported: number } {
    this.writable()
    return importTranslations(this.p.db, this.p.st, translations)
  }

  /**
   * The latest ingest of each source that landed: its files, when it finished, and its report.
   *
   * @example snap.ingests()[0] // { source: 'camara', files: […], finishedAt: '2026-11-25T17:50:02.114Z', report: {…} }
   */
  ingests(): IngestLogEntry[] {
    this.assertOpen()
    // The log holds the reports `ingest` returned (written by it, in its transaction).
    return new IngestLog(this.p.st).latest<IngestReport>()
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
    return this.p.db.transaction(() => ({ counts: this.counts(), ingests: this.ingests(), watchlist: watchlistSummary(this.p.st) }))()
  }

  /** How many records each collection holds. */
  counts(): Record<Collection, number> {
    this.assertOpen()
    return countCollections(this.p)
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
    return checkIntegrity({ db: this.p.db, path: this.path, rows: this.p.rows, index: this.p.index, guard: this.p.guard })
  }

  /** Closes the file; refused while an `ingest` of this snapshot is under way. */
  close(): void {
    this.p.guard.closable()
    if (this.p.db.open) this.p.db.close()
  }

  /**
   * Closes the snapshot at the end of a `using` block, as `close()` does.
   *
   * @example { using snap = openSnapshot('legisearch.db', { readonly: true }); snap.searchDou({ q: 'portaria' }) } // closed here
   */
  [Symbol.dispose](): void {
    this.close()
  }

  /**
   * The error boundary: runs a public method, turning the driver's and the system's errors into
   * `LegisearchError`s (`guarded`); damage met is remembered, so that writes are refused after it.
   */
  private entrance<T>(fn: () => T): T {
    return guarded(this.path, fn, (e) => {
      this.p.guard.damage ??= damageOf(e)
    })
  }

  private writable(): void {
    this.p.guard.writable()
  }

  private assertOpen(): void {
    this.p.guard.assertOpen()
  }
}

addSearchMethods(Snapshot.prototype)

// Every public method passes the error boundary (`entrance`): one wrapper, not a try/catch each.
passEntrance(Snapshot.prototype, ['entrance', 'writable', 'assertOpen'])

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
