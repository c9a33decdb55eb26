import type { SavedBucketRef, Monitor } from './api/monitors.js'
import { Monitors } from './api/monitors.js'
import { type SearchContext, type SearchResponse, search } from './api/search.js'
import {
  type Stakeholder,
  type StakeholderMatch,
  StakeholderFinder,
  getStakeholder,
  removeStakeholders,
  stakeholderSchema,
  writeStakeholders,
} from './api/stakeholders.js'
import type { AnyCorpus, CorpusName } from './corpora/define.js'
import { CORPORA, CORPUS_NAMES } from './corpora/registry.js'
import { LegisearchError, invalid } from './errors.js'
import { createIndex, ftsTable, layoutOf } from './index/fts.js'
import { MATCH_MODES } from './text/modes.js'
import type { ParsedList } from './watchlist/parse.js'
import { designationHistory, getDesignation, importTranslations, listWatchlist } from './watchlist/query.js'
import { type DesignationEvent, type ReconcileOptions, type ReconcileReport, reconcile } from './watchlist/reconcile.js'
import type { Designation, DesignationDetail } from './watchlist/types.js'
import type { BacenResult, DouResult, IrsResult, NoticeResult, PropositionResult, ResultOf, SocialResult } from './results.js'
import { type Db, openDatabase } from './store/database.js'
import { deleteDocuments, writeDocuments } from './store/documents.js'
import { Statements } from './store/statements.js'
import { validateRecords } from './store/validate.js'

/** A collection `upsert` and `remove` accept. */
export type Collection = CorpusName | 'stakeholders'

export const COLLECTIONS: readonly Collection[] = [...CORPUS_NAMES, 'stakeholders']

export interface OpenOptions {
  /** Open for reading only: the file must exist and nothing can be written. Default `false`. */
  readonly readonly?: boolean
}

/** The query string of a search: strings as from a URL, or typed values. */
export interface SearchQuery {
  readonly page?: number | string
  readonly limit?: number | string
  readonly q?: string
  readonly modes?: string | readonly string[]
  readonly sort?: 'newest' | 'recently_updated' | 'older' | 'relevance' | (string & {})
}

export type { SearchResult } from './results.js'

/** The query string of `GET /watchlist`: strings as from a URL, or typed values. */
export interface WatchlistQuery {
  readonly search?: string
  readonly limit?: number | string
  readonly offset?: number | string
  readonly status?: 'listed' | 'delisted'
  readonly subjectType?: 'individual' | 'entity'
  readonly regime?: string
  readonly measure?: string
  readonly hideDeceased?: boolean | 'true' | 'false'
  readonly sort?: 'recently_changed' | 'name' | 'listed_on'
}

const defaultOptions: Required<OpenOptions> = { readonly: false }

/**
 * One snapshot file, open: the six search endpoints, stakeholders and monitors, as synchronous
 * methods. Cheap to open (no index rebuild, no scan); close it when done.
 */
export class Snapshot {
  readonly path: string
  readonly readonly: boolean
  private readonly db: Db
  private readonly st: Statements
  private readonly monitors: Monitors
  private readonly finder: StakeholderFinder

  /** @internal use {@link openSnapshot}. */
  constructor(path: string, options: OpenOptions = {}) {
    if (options !== undefined && (options === null || typeof options !== 'object'))
      throw invalid('options: must be an object { readonly?: boolean }')
    const unknown = Object.keys(options).filter((k) => !Object.hasOwn(defaultOptions, k))
    if (unknown.length > 0) throw invalid(`options: unknown option ${unknown.map((k) => JSON.stringify(k)).join(', ')}; allowed: readonly`)
    const opts = { ...defaultOptions, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) }
    if (typeof opts.readonly !== 'boolean') throw invalid('options.readonly: must be a boolean')
    this.path = path
    this.readonly = opts.readonly
    this.db = openDatabase(path, opts.readonly)
    try {
      this.st = new Statements(this.db)
      this.ensureIndexes()
    } catch (e) {
      this.db.close()
      throw e
    }
    this.monitors = new Monitors(this.st)
    this.finder = new StakeholderFinder(this.st)
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
      return this.db.transaction(() => writeStakeholders(this.st, valid))()
    }
    const corpus = corpusNamed(collection, COLLECTIONS)
    const valid = validateRecords(collection, corpus.schema, records)
    return this.db.transaction(() => writeDocuments(this.st, corpus, valid))()
  }

  /**
   * Removes records by id, in one transaction; unknown ids are skipped.
   *
   * @example snap.remove('dou', ['dou-1', 'dou-2']) // { removed: 2 }
   */
  remove(collection: Collection, ids: readonly string[]): { removed: number } {
    this.writable()
    if (!Array.isArray(ids) || ids.some((i) => typeof i !== 'string')) throw invalid('ids: must be an array of id strings')
    if (collection === 'stakeholders') return { removed: this.db.transaction(() => removeStakeholders(this.st, ids))() }
    const corpus = corpusNamed(collection, COLLECTIONS)
    return { removed: this.db.transaction(() => deleteDocuments(this.st, corpus, ids))() }
  }

  /**
   * `POST /search/propositions`.
   *
   * @example snap.searchPropositions({ q: 'PL 2630/2020', sort: 'relevance' }, { states: ['SP'] })
   */
  searchPropositions(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<PropositionResult> {
    return this.search('propositions', query, body, ctx)
  }

  /** `POST /search/social`. Body: keywords, resources, stakeholders, parties, created_at. */
  searchSocial(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<SocialResult> {
    return this.search('social', query, body, ctx)
  }

  /** `POST /search/dou`. Body: keywords, sections, organizations, created_at. */
  searchDou(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<DouResult> {
    return this.search('dou', query, body, ctx)
  }

  /** `POST /search/bacen`. Body: keywords, types, created_at. */
  searchBacen(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<BacenResult> {
    return this.search('bacen', query, body, ctx)
  }

  /** `POST /search/notices`. Body: keywords, resources, created_at. */
  searchNotices(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<NoticeResult> {
    return this.search('notices', query, body, ctx)
  }

  /** `POST /search/irs`. Body: keywords, types, created_at. */
  searchIrs(query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<IrsResult> {
    return this.search('irs', query, body, ctx)
  }

  /** Any search corpus by name (the six methods above call this). */
  search<C extends CorpusName>(collection: C, query?: SearchQuery, body?: unknown, ctx?: SearchContext): SearchResponse<ResultOf[C]> {
    this.assertOpen()
    // The records are what `upsert` validated against this corpus's schema, mapped by its `toResult`.
    return search(this.st, this.monitors, corpusNamed(collection, CORPUS_NAMES), query, body, ctx) as unknown as SearchResponse<ResultOf[C]>
  }

  /**
   * `GET /stakeholders/{id}`; an unknown id → 404 `not_found`.
   *
   * @example snap.getStakeholder('stk-0001').name
   */
  getStakeholder(id: string): Stakeholder {
    this.assertOpen()
    return getStakeholder(this.st, id)
  }

  /**
   * Finds stakeholders by name, tolerant of accents, prefixes and typos: how to get the ids the
   * `authors`, `rapporteurs` and `stakeholders` filters need.
   *
   * @example snap.findStakeholders({ q: 'tabata amral' })[0]?.id
   */
  findStakeholders(input: { q: string; limit?: number }): StakeholderMatch[] {
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
   * `GET /watchlist` → `{ data, total }`: search (normalized substring of every name), status,
   * subjectType, regime, measure, hideDeceased, sort, limit (1..100, default 20), offset.
   *
   * @example snap.listWatchlist({ search: 'al qaida', status: 'listed', limit: 5 })
   */
  listWatchlist(query?: WatchlistQuery): { data: Designation[]; total: number } {
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

  /** How many records each collection holds. */
  counts(): Record<Collection, number> {
    this.assertOpen()
    const rows = this.st.get('SELECT corpus, count(*) AS n FROM docs GROUP BY corpus').all() as { corpus: string; n: number }[]
    const out = Object.fromEntries(COLLECTIONS.map((c) => [c, 0])) as Record<Collection, number>
    for (const r of rows) out[r.corpus as Collection] = r.n
    out.stakeholders = (this.st.get('SELECT count(*) AS n FROM stakeholders').get() as { n: number }).n
    return out
  }

  /**
   * Checks that the file is sound and that every index agrees with the records: SQLite's own
   * check, FTS5's, and one index row per record in every mode. Reads the whole file: for tests and
   * operators, never done on open.
   *
   * @example snap.checkIntegrity() // { ok: true, problems: [] }
   */
  checkIntegrity(): { ok: boolean; problems: string[] } {
    this.assertOpen()
    const problems: string[] = []
    const quick = this.db.pragma('quick_check', { simple: true }) as string
    if (quick !== 'ok') problems.push(`sqlite quick_check: ${quick}`)
    for (const corpus of Object.values(CORPORA)) {
      const docs = (this.st.get('SELECT count(*) AS n FROM docs WHERE corpus = ?').get(corpus.name) as { n: number }).n
      const counter = this.st.get('SELECT value FROM meta WHERE key = ?').get(`docs:${corpus.name}`) as { value: number } | undefined
      if (counter !== undefined && counter.value !== docs)
        problems.push(`meta docs:${corpus.name} says ${counter.value} records, there are ${docs}`)
      for (const mode of MATCH_MODES) {
        const table = ftsTable(corpus.name, mode)
        const rows = (this.st.get(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
        if (rows !== docs) problems.push(`${table}: ${rows} index rows for ${docs} ${corpus.name} records`)
        try {
          if (!this.readonly) this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run()
        } catch (e) {
          problems.push(`${table}: ${(e as Error).message}`)
        }
      }
    }
    const orphans = (this.st.get('SELECT count(*) AS n FROM facets WHERE doc NOT IN (SELECT rowid FROM docs)').get() as { n: number }).n
    if (orphans > 0) problems.push(`facets: ${orphans} values of records that do not exist`)
    const unpaired = (
      this.st
        .get(
          'SELECT (SELECT count(*) FROM docs WHERE rowid NOT IN (SELECT rowid FROM records)) + (SELECT count(*) FROM records WHERE rowid NOT IN (SELECT rowid FROM docs)) AS n',
        )
        .get() as { n: number }
    ).n
    if (unpaired > 0) problems.push(`records: ${unpaired} documents without their record, or records without their document`)
    return { ok: problems.length === 0, problems }
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  private writable(): void {
    this.assertOpen()
    if (this.readonly)
      throw new LegisearchError(403, 'forbidden', `snapshot ${this.path} is open readonly; open it without { readonly: true } to write`)
  }

  private assertOpen(): void {
    if (!this.db.open) throw invalid(`snapshot ${this.path} is closed; open it again with openSnapshot()`)
  }

  /** Creates missing FTS tables of registered corpora; refuses a layout this version cannot read. */
  private ensureIndexes(): void {
    const known = new Map(
      (this.st.get('SELECT name, layout FROM corpora').all() as { name: string; layout: string }[]).map((r) => [r.name, r.layout]),
    )
    const missing = Object.values(CORPORA).filter((c) => !known.has(c.name))
    for (const c of Object.values(CORPORA)) {
      const layout = known.get(c.name)
      if (layout !== undefined && layout !== layoutOf(c)) {
        throw invalid(`path: ${this.path} indexes ${c.name} with another field layout; rebuild the snapshot with this version`)
      }
    }
    if (missing.length === 0) return
    if (this.readonly)
      throw invalid(`path: ${this.path} lacks the index of ${missing.map((c) => c.name).join(', ')}; open it once without readonly`)
    this.db.transaction(() => missing.forEach((c) => createIndex(this.db, c)))()
  }
}

/** The search corpus named `collection`; `allowed` is what the calling method accepts, for the message. */
function corpusNamed(collection: unknown, allowed: readonly string[]): AnyCorpus {
  if (typeof collection !== 'string' || !Object.hasOwn(CORPORA, collection)) {
    throw invalid(`collection: must be one of ${allowed.join(', ')} (got ${JSON.stringify(collection)})`)
  }
  return CORPORA[collection as CorpusName]
}

/**
 * Opens a snapshot file, creating it when missing (unless `readonly`). Opening does no index
 * rebuild and no scan: it costs milliseconds whatever the size.
 *
 * @example
 * const snap = openSnapshot('legisearch.db')
 * const { results, pagination } = snap.searchPropositions({ q: 'reforma tributária', limit: 5 })
 * snap.close()
 */
export function openSnapshot(path: string, options?: OpenOptions): Snapshot {
  return new Snapshot(path, options)
}
