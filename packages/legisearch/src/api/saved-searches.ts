import { randomBytes, randomUUID } from 'node:crypto'
import * as z from 'zod'
import { canonicalDateTime } from '../common/dates.js'
import { LegisearchError, invalid, notFound } from '../common/errors.js'
import { queryObject } from '../common/input.js'
import { NAME_TEXT_RULE, isNameText } from '../common/name-text.js'
import { validate } from '../common/validate.js'
import { type CorpusName, CORPUS_NAMES, corpusOf } from '../corpora/registry.js'
import { parseBody } from '../query/body.js'
import { type SearchQuery, intParam, parseSearchParams, searchQuerySchema } from '../query/params.js'
import type { MonitorRows } from '../store/monitors.js'
import type { ChangeCursor, ChangedDoc } from '../store/doc-changes.js'
import type { SavedSearchRow, SavedSearchRows } from '../store/saved-searches.js'
import type { SearchBody } from './input-types.js'
import { collectionSchema } from './monitors.js'
import type { ResultOf } from './result-types.js'
import { type SearchDeps, compileSearch, resultsOf, runSearch } from './search.js'
import type { PendingWebhook } from './webhooks.js'
import { ALLOW_HINT, refusedHost } from './webhook-target.js'
import { clipped } from '../common/shown.js'

/** A saved search as answered (never its webhook's secret). */
export const savedSearchSchema = z
  .strictObject({
    id: z.string(),
    monitorId: z.string(),
    name: z.string().nullable(),
    collection: collectionSchema,
    query: z.record(z.string(), z.unknown()).meta({ description: 'The query string’s parameters (q, modes, sort), as saved.' }),
    body: z.record(z.string(), z.unknown()).meta({ description: 'The search body (filters), as saved.' }),
    webhook: z.string().nullable().meta({ description: 'Where each check POSTs this search’s new documents, or null.' }),
    createdAt: z.string().meta({ format: 'date-time' }),
    checkedAt: z.string().nullable().meta({ format: 'date-time', description: 'When its alerts were last checked, or null.' }),
  })
  .meta({ id: 'SavedSearch' })

export type SavedSearch = z.output<typeof savedSearchSchema>

/** `POST /monitors/{monitorId}/searches`: the saved search, with its webhook's secret (told only here). */
export const createdSavedSearchSchema = savedSearchSchema
  .extend({
    webhookSecret: z.string().nullable().meta({
      description:
        'The secret of this search’s webhook signatures (`X-Legisearch-Signature: sha256=<HMAC-SHA256 of the body>`), told only in this answer; null without a webhook.',
    }),
  })
  .meta({ id: 'CreatedSavedSearch' })

export type CreatedSavedSearch = z.output<typeof createdSavedSearchSchema>

const nameSchema = z
  .string({ error: 'must be a non-empty string' })
  .refine((v) => v.trim() !== '', 'must be a non-empty string')
  .refine((v) => v.length <= 200, 'must be at most 200 characters')
  .refine(isNameText, NAME_TEXT_RULE)

/** Longest webhook URL taken. */
const MAX_URL = 2048

const webhookSchema = z
  .string({ error: 'must be an http:// or https:// URL' })
  .max(MAX_URL, `must be at most ${MAX_URL} characters`)
  .refine((v) => {
    try {
      const url = new URL(v)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    } catch {
      return false
    }
  }, 'must be an http:// or https:// URL (other schemes are refused)')

/** What a client saves: a search of one collection (its query string and body), a name and a webhook. */
export const saveSearchInputSchema = z
  .strictObject(
    {
      collection: collectionSchema,
      query: z
        .union([z.string(), z.record(z.string(), z.unknown())], {
          error: 'must be a query string (q=…&sort=…) or an object of its parameters',
        })
        .optional()
        .meta({
          description:
            'The query string of `POST /search/{collection}` (q, modes, sort; no page, limit, facets or histogram): a string or an object.',
        }),
      body: z
        .record(z.string(), z.unknown(), { error: 'must be a JSON object (the search body)' })
        .optional()
        .meta({ description: 'The body of `POST /search/{collection}` (its filters).' }),
      name: nameSchema.optional(),
      webhook: webhookSchema.optional(),
    },
    { error: 'must be an object { collection, query?, body?, name?, webhook? }' },
  )
  .meta({ id: 'SaveSearch' })

/**
 * What `saveSearch` takes: `saveSearchInputSchema`'s input, with `body` the search body of the
 * collection named (`SearchBody<C>`) and `query` the search's query string or its parameters.
 *
 * @example const input: SaveSearchInput = { collection: 'dou', query: { q: 'portaria' }, body: { sections: ['1'] } }
 */
export type SaveSearchInput<C extends CorpusName = CorpusName> = C extends CorpusName
  ? Omit<z.input<typeof saveSearchInputSchema>, 'collection' | 'query' | 'body'> & {
      collection: C
      query?: string | Pick<SearchQuery, 'q' | 'modes' | 'sort'>
      body?: SearchBody<C>
    }
  : never

/** One alert: a document that matches a saved search and was added or changed since its last check. */
export const alertSchema = z
  .union(
    CORPUS_NAMES.map((n) =>
      z.strictObject({
        searchId: z.string(),
        collection: z.literal(n),
        document: corpusOf(n).result,
      }),
    ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: 'Alert' })

/** `GET /monitors/{monitorId}/alerts`. */
export const alertsSchema = z
  .strictObject({
    data: z.array(alertSchema).meta({
      description:
        'The documents matching each saved search that were added or changed (by ingest time) since its last check: by saved search, then oldest write first (change sequence, then rowid); at most `limit` per saved search; now marked seen, and only they.',
    }),
    more: z.array(z.string()).meta({
      description:
        'The saved searches (ids) that have more new documents waiting than this check listed: the next check goes on where this one stopped.',
    }),
  })
  .meta({ id: 'Alerts' })

/** One alert: the saved search, its collection, and the document as that corpus's search results show it. */
export type Alert = {
  [C in CorpusName]: { readonly searchId: string; readonly collection: C; readonly document: ResultOf[C] }
}[CorpusName]

/** How many new documents a check lists per saved search by default, and at most. */
export const ALERT_LIMIT = { fallback: 100, max: 1000 } as const

/** `limit` of a check: how many new documents it lists per saved search. */
export const alertLimitSchema = intParam(1, ALERT_LIMIT.max, ALERT_LIMIT.fallback).meta({
  description: `How many new documents a check lists per saved search, 1..${ALERT_LIMIT.max} (default ${ALERT_LIMIT.fallback}); the rest wait for the next check.`,
})

/** The options of a check (`checkAlerts`), and the query string of `GET /monitors/{monitorId}/alerts`: `limit`, a number or a decimal string. */
export const alertCheckOptionsSchema = z.strictObject({ limit: alertLimitSchema })

/** What `checkAlerts` takes besides the client and monitor. */
export type AlertCheckOptions = z.input<typeof alertCheckOptionsSchema>

const QUERY_KEYS = new Set(Object.keys(searchQuerySchema.shape))

/** A fault of the saved search's query string or body, told under `query.` or `body.`. */
function under(part: 'query' | 'body', e: unknown): unknown {
  if (!(e instanceof LegisearchError)) return e
  const message = e.message.startsWith(`${part}:`) || e.message.startsWith(`${part}.`) ? e.message : `${part}.${e.message}`
  const prefix = (p: ReadonlyArray<string | number>) => (p[0] === part ? p : [part, ...p])
  return new LegisearchError(
    e.code,
    message,
    prefix(e.path),
    e.issues.map((i) => ({ ...i, path: prefix(i.path) })),
  )
}

function within<T>(part: 'query' | 'body', fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    throw under(part, e)
  }
}

const idSchema = z
  .string({ error: 'must be a non-empty string' })
  .refine((v) => v.trim() !== '', 'must be a non-empty string')
  .refine((v) => v.length <= 512, 'must be at most 512 characters')

/** A client, monitor or saved search id, checked before the file is read. */
const idOf = (value: unknown, where: string): string => validate(idSchema, value, { where })

/** A saved search's answer form. */
function savedOf(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    monitorId: row.monitorId,
    name: row.name,
    collection: row.corpus as CorpusName,
    query: JSON.parse(row.query) as Record<string, unknown>,
    body: JSON.parse(row.body) as Record<string, unknown>,
    webhook: row.webhookUrl,
    createdAt: canonicalDateTime(row.createdAt) ?? row.createdAt,
    checkedAt: row.checkedAt === null ? null : (canonicalDateTime(row.checkedAt) ?? row.checkedAt),
  }
}

/** What a check found: the alerts, the saved searches with more waiting, and the webhooks to POST once it committed. */
export interface AlertCheck {
  readonly data: Alert[]
  /** The saved searches (ids) with more new documents than this check listed. */
  readonly more: string[]
  readonly webhooks: PendingWebhook[]
}

/** A saved search's new documents of one check, whether more are waiting, and how far it listed. */
interface NewDocuments {
  readonly documents: Record<string, unknown>[]
  readonly more: boolean
  readonly cursor: ChangeCursor
}

/**
 * Saved searches in monitors and their alerts: the documents matching a saved search that were
 * written (inserted or changed, by ingest time) after its last check. Scoped by client as monitors are.
 */
export class SavedSearches {
  constructor(
    private readonly rows: SavedSearchRows,
    private readonly monitors: MonitorRows,
    private readonly deps: SearchDeps,
    /** Runs a function in one write transaction. */
    private readonly write: <T>(fn: () => T) => T,
    /** Webhooks may target private addresses (the operator's `{ webhooks: { allowPrivate } }`). */
    readonly allowPrivateWebhooks: boolean = false,
  ) {}

  /**
   * Saves a search in a client's monitor. Everything is checked first: the query string and body
   * must make a search of that collection (a bad saved search is refused now, not at its check),
   * the webhook must be an http(s) URL, not to a literal loopback/private/link-local… address nor
   * `localhost` (unless the operator allows it). It alerts of documents written after it was saved.
   */
  save(clientId: unknown, monitorId: unknown, input: unknown): CreatedSavedSearch {
    const [client, monitorGiven] = [idOf(clientId, 'clientId'), idOf(monitorId, 'monitorId')]
    const given = validate(saveSearchInputSchema, input, { where: 'savedSearch' })
    const refused = given.webhook === undefined || this.allowPrivateWebhooks ? undefined : refusedHost(given.webhook)
    if (refused !== undefined) {
      throw invalid(
        `webhook: ${refused}: webhooks go to public addresses only, so that a saved search cannot make this server POST into its own network; ${ALLOW_HINT}`,
        ['webhook'],
      )
    }
    const corpus = corpusOf(given.collection)
    const query = within('query', () => {
      const q = typeof given.query === 'string' ? queryObject(new URLSearchParams(given.query)) : queryObject(given.query)
      for (const key of ['page', 'limit'] as const) {
        if (q[key] !== undefined)
          throw invalid(`${key}: a check pages alerts itself (its own limit, oldest write first); a saved search takes no ${key}`, [key])
      }
      // Counts answer a search, not an alert: kept, they would be counted (and dropped) at every check.
      for (const key of ['facets', 'histogram'] as const) {
        if (q[key] !== undefined)
          throw invalid(`${key}: an alert lists documents, it counts nothing; a saved search takes no ${key}`, [key])
      }
      parseSearchParams(q)
      return { ...q }
    })
    const body = given.body ?? {}
    within('body', () => parseBody(corpus, body))
    // The whole search, run once (the index refuses some queries only when it runs them).
    try {
      runSearch(this.deps.index, compileSearch(corpus, query, body, undefined), 1, 0)
    } catch (e) {
      throw e instanceof LegisearchError && QUERY_KEYS.has(String(e.path[0])) ? under('query', e) : under('body', e)
    }
    const secret = given.webhook === undefined ? null : `whsec_${randomBytes(24).toString('hex')}`
    const row = this.write(() =>
      this.rows.insert({
        monitorId: this.own(client, monitorGiven).id,
        name: given.name?.trim() ?? null,
        corpus: corpus.name,
        query: JSON.stringify(query),
        body: JSON.stringify(body),
        webhookUrl: given.webhook ?? null,
        webhookSecret: secret,
      }),
    )
    return { ...savedOf(row), webhookSecret: secret }
  }

  /** The saved searches of a client's monitor, oldest first (none on a read-only file older than them). */
  list(clientId: unknown, monitorId: unknown): SavedSearch[] {
    const [client, id] = [idOf(clientId, 'clientId'), idOf(monitorId, 'monitorId')]
    return this.monitors.reading(() => {
      const monitor = this.own(client, id)
      return this.rows.present() ? this.rows.ofMonitor(monitor.id).map(savedOf) : []
    })
  }

  /** Deletes a saved search of a client's monitor; an unknown one → 404. */
  delete(clientId: unknown, monitorId: unknown, searchId: unknown): void {
    const [client, id, search] = [idOf(clientId, 'clientId'), idOf(monitorId, 'monitorId'), idOf(searchId, 'searchId')]
    this.write(() => {
      const monitor = this.own(client, id)
      if (!this.rows.delete(monitor.id, search)) {
        throw notFound(`saved search '${clipped(search)}' not found in monitor '${monitor.id}'`)
      }
    })
  }

  /**
   * Checks the saved searches of a client's monitor (or of every monitor of the client): the
   * documents each matches that were written after what its last check listed, oldest write first
   * (change sequence, then rowid), at most `limit` (1..1000, default 100) per saved search; marks
   * seen only those (and the non-matching writes before them), so the next check goes on where
   * this one stopped; all in one write transaction (a crash leaves both the mark and the documents
   * as they were). A document removed since is not listed. The webhooks to POST are returned, not sent.
   */
  check(clientId: unknown, monitorId?: unknown, limit?: unknown): AlertCheck {
    const client = idOf(clientId, 'clientId')
    const monitor = monitorId === undefined ? undefined : idOf(monitorId, 'monitorId')
    const most = validate(alertLimitSchema, limit, { where: 'limit' })
    return this.write(() => {
      const searches = monitor === undefined ? this.rows.ofClient(client) : this.rows.ofMonitor(this.own(client, monitor).id)
      const seq = this.rows.currentSeq()
      const at = new Date().toISOString()
      const data: Alert[] = []
      const more: string[] = []
      const webhooks: PendingWebhook[] = []
      for (const s of searches) {
        const found = this.newDocuments(s, client, seq, most)
        const { documents } = found
        this.rows.markSeen(s.id, found.cursor, at)
        if (found.more) more.push(s.id)
        for (const document of documents) data.push({ searchId: s.id, collection: s.corpus, document } as unknown as Alert)
        if (s.webhookUrl !== null && s.webhookSecret !== null && documents.length > 0) {
          const deliveryId = randomUUID()
          webhooks.push({
            searchId: s.id,
            url: s.webhookUrl,
            secret: s.webhookSecret,
            deliveryId,
            documents: documents.length,
            payload: JSON.stringify({
              deliveryId,
              searchId: s.id,
              monitorId: s.monitorId,
              name: s.name,
              collection: s.corpus,
              checkedAt: canonicalDateTime(at) ?? at,
              documents,
              more: found.more,
            }),
          })
        }
      }
      return { data, more, webhooks }
    })
  }

  /**
   * The first `limit` documents a saved search matches among those written after its cursor (up to
   * sequence `upTo`), oldest write first, whether more match, and the cursor past the last one
   * listed (past every write up to `upTo` when none is left). The text index cannot be restricted to
   * the written documents, so the search runs over the corpus; only the documents listed are read
   * and highlighted.
   */
  private newDocuments(s: SavedSearchRow, clientId: string, upTo: number, limit: number): NewDocuments {
    const after: ChangeCursor = { seq: s.seenSeq, doc: s.seenDoc }
    const done: NewDocuments = { documents: [], more: false, cursor: { seq: Math.max(upTo, s.seenSeq), doc: null } }
    if (upTo < s.seenSeq || (upTo === s.seenSeq && s.seenDoc === null)) return { ...done, cursor: after }
    const changed = this.rows.changedAfter(s.corpus, after, upTo)
    if (changed.length === 0) return done
    const corpus = corpusOf(s.corpus as CorpusName)
    const compiled = compileSearch(corpus, JSON.parse(s.query), JSON.parse(s.body), { clientId })
    const matched = new Map(runSearch(this.deps.index, compiled, Number.MAX_SAFE_INTEGER, 0).rows.map((r) => [r.rowid, r]))
    const taken: ChangedDoc[] = []
    let more = false
    for (const c of changed) {
      if (!matched.has(c.rowid)) continue
      if (taken.length === limit) {
        more = true
        break
      }
      taken.push(c)
    }
    if (!more) return { ...done, documents: this.resultsOf(compiled, taken, matched) }
    const last = taken[taken.length - 1] as ChangedDoc
    return { documents: this.resultsOf(compiled, taken, matched), more, cursor: { seq: last.seq, doc: last.rowid } }
  }

  /** The results of the documents listed, in their order (a record gone since it was stamped is skipped). */
  private resultsOf(
    compiled: ReturnType<typeof compileSearch>,
    taken: readonly ChangedDoc[],
    matched: ReadonlyMap<number, { rowid: number; relevance: number }>,
  ): Record<string, unknown>[] {
    if (taken.length === 0) return []
    const rows = taken.map((c) => matched.get(c.rowid) as { rowid: number; relevance: number })
    return resultsOf(this.deps, compiled, rows, new Map(taken.map((c) => [c.rowid, c.id])))
  }

  /** A monitor of this client; another client's monitor is as unknown as a missing one. */
  private own(clientId: string, monitorId: string): { id: string; name: string } {
    const row = this.monitors.owned(clientId, monitorId)
    if (!row) throw notFound(`monitor '${clipped(monitorId)}' not found for client '${clipped(clientId)}'`)
    return row
  }
}

/**
 * Refuses a saved-search write or an alerts check on a snapshot that cannot be written (a check
 * marks what it lists as seen), saying so before the file's own reason.
 *
 * @example alertsNeedWrites(() => guard.writable())
 */
export function alertsNeedWrites(writable: () => void): void {
  try {
    writable()
  } catch (e) {
    if (!(e instanceof LegisearchError)) throw e
    throw new LegisearchError(
      e.code,
      `saved searches and alerts need a writable snapshot (a check marks the documents it lists as seen): ${e.message}`,
      e.path,
    )
  }
}
