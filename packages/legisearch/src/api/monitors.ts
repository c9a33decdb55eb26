import * as z from 'zod'
import { type CorpusName, CORPUS_NAMES, corpusOf } from '../corpora/registry.js'
import type { SavedBucketRef } from '../corpora/found.js'
import { resultOfStored } from '../corpora/stored.js'
import { canonicalDateTime } from '../common/dates.js'
import { notFound } from '../common/errors.js'
import { NAME_TEXT_RULE, isNameText } from '../common/name-text.js'
import { validate } from '../common/validate.js'
import type { MonitorRow, MonitorRows } from '../store/monitors.js'
import type { ResultOf } from './result-types.js'
import { shown } from '../common/shown.js'

/** A client's folder of saved documents. */
export const monitorSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    createdAt: z.string().meta({ format: 'date-time' }),
    items: z
      .int()
      .min(0)
      .meta({ description: 'How many documents are saved in it and still stored: as many as GET /monitors/{monitorId} lists.' }),
  })
  .meta({ id: 'Monitor' })

export type Monitor = z.output<typeof monitorSchema>

/** `GET /monitors/{monitorId}`: the monitor and its saved documents, per corpus, as search results show them. */
export const monitorDetailSchema = monitorSchema
  .extend({
    documents: z
      .strictObject(
        Object.fromEntries(CORPUS_NAMES.map((n) => [n, z.array(corpusOf(n).result)])) as Record<CorpusName, z.ZodArray<z.ZodObject>>,
      )
      .meta({
        description:
          'The saved documents of each corpus, in the order saved, in the shape of that corpus’s search results (no highlights; relevance 0).',
      }),
  })
  .meta({ id: 'MonitorDetail' })

/** A monitor with its saved documents, per corpus. */
export type MonitorDetail = Monitor & { documents: { [N in CorpusName]: ResultOf[N][] } }

const nonEmpty = (max: number) =>
  z
    .string({ error: 'must be a non-empty string' })
    .refine((v) => v.trim() !== '', 'must be a non-empty string')
    .refine((v) => v.length <= max, `must be at most ${max} characters`)

const NAME = nonEmpty(200)
/** A monitor's name: also text a person can read back as given (no lone surrogate, no control character). */
const MONITOR_NAME = NAME.refine(isNameText, NAME_TEXT_RULE)
const DOCUMENT_ID = nonEmpty(512)

const argument = (schema: z.ZodType<string>, value: unknown, name: string): string => validate(schema, value, { where: name })
/** A search collection name, as the monitor methods take it. */
export const collectionSchema = z.enum(CORPUS_NAMES as [CorpusName, ...CorpusName[]], {
  error: (iss) => `must be one of ${CORPUS_NAMES.join(', ')} (got ${shown(iss.input)})`,
})

/** A monitor row as answered: its creation time in the canonical date-time form. */
const monitorOf = (row: MonitorRow): Monitor => ({
  id: row.id,
  name: row.name,
  createdAt: canonicalDateTime(row.createdAt) ?? row.createdAt,
  items: row.items,
})

function collectionOf(collection: unknown): CorpusName {
  return validate(collectionSchema, collection, { where: 'collection' })
}

/** Monitors: a client's folders of saved documents, the source of `savedBuckets`. Scoped by client. */
export class Monitors {
  /** `write` runs a function in one write transaction; arguments are checked before, outside it. */
  constructor(
    private readonly rows: MonitorRows,
    private readonly write: <T>(fn: () => T) => T,
  ) {}

  create(clientId: unknown, name: unknown): { id: string; name: string } {
    const client = argument(NAME, clientId, 'clientId')
    const n = argument(MONITOR_NAME, name, 'name').trim()
    return { id: this.write(() => this.rows.create(client, n)), name: n }
  }

  list(clientId: unknown): Monitor[] {
    return this.rows.list(argument(NAME, clientId, 'clientId')).map(monitorOf)
  }

  /** Every client's monitors, with their client: the snapshot owner's view (the CLI's), never a client's. */
  listAll(): (Monitor & { clientId: string })[] {
    return this.rows.listAll().map((r) => ({ clientId: r.clientId, ...monitorOf(r) }))
  }

  /**
   * A monitor of the client with its saved documents, per corpus, in the order saved, each as its
   * search result shows it (its `savedBuckets`/`savedPropositions` are this client's references).
   */
  get(clientId: unknown, monitorId: unknown): MonitorDetail {
    const [client, id] = this.ids(clientId, monitorId)
    // One read transaction: the monitor, its documents and their references are of one state of
    // the file (a save or removal meanwhile cannot make `items` and `documents` disagree).
    return this.rows.reading(() => {
      const row = this.rows.detail(client, id)
      if (!row) throw notFound(`monitor '${id}' not found for client '${client}'`)
      const items = this.rows.items(row.id)
      const documents = Object.fromEntries(CORPUS_NAMES.map((n) => [n, [] as Record<string, unknown>[]])) as Record<
        CorpusName,
        Record<string, unknown>[]
      >
      for (const name of CORPUS_NAMES) {
        const mine = items.filter((i) => i.corpus === name)
        if (mine.length === 0) continue
        const corpus = corpusOf(name)
        const refs = this.refsFor(
          client,
          name,
          mine.map((i) => i.documentId),
        )
        for (const item of mine) {
          documents[name].push({
            ...resultOfStored(corpus, JSON.parse(item.record) as Record<string, unknown>),
            ...(corpus.relevance ? { relevance: 0 } : {}),
            highlights: [],
            [corpus.savedKey]: refs.get(item.documentId) ?? [],
          })
        }
      }
      return { ...monitorOf(row), documents } as MonitorDetail
    })
  }

  delete(clientId: unknown, monitorId: unknown): void {
    const [client, id] = this.ids(clientId, monitorId)
    this.write(() => this.rows.delete(this.own(client, id).id))
  }

  save(clientId: unknown, monitorId: unknown, collection: unknown, documentId: unknown): SavedBucketRef {
    const [client, id] = this.ids(clientId, monitorId)
    const corpus = collectionOf(collection)
    const doc = argument(DOCUMENT_ID, documentId, 'documentId')
    return this.write(() => {
      const monitor = this.own(client, id)
      if (!this.rows.documentExists(corpus, doc)) throw notFound(`${corpus} document '${doc}' not found`)
      return { _id: this.rows.save(monitor.id, corpus, doc), monitorId: monitor.id, originId: doc, monitorName: monitor.name }
    })
  }

  unsave(clientId: unknown, monitorId: unknown, collection: unknown, documentId: unknown): { removed: boolean } {
    const [client, id] = this.ids(clientId, monitorId)
    const corpus = collectionOf(collection)
    const doc = argument(DOCUMENT_ID, documentId, 'documentId')
    return this.write(() => ({ removed: this.rows.unsave(this.own(client, id).id, corpus, doc) }))
  }

  /** The client's references to the given documents, grouped by document id. */
  refsFor(clientId: string | undefined, corpus: string, ids: readonly string[]): Map<string, SavedBucketRef[]> {
    const out = new Map<string, SavedBucketRef[]>()
    if (clientId === undefined || ids.length === 0) return out
    for (const r of this.rows.savedRefs(clientId, corpus, ids)) {
      const list = out.get(r.originId) ?? []
      list.push({ ...r })
      out.set(r.originId, list)
    }
    return out
  }

  private ids(clientId: unknown, monitorId: unknown): [client: string, monitor: string] {
    return [argument(NAME, clientId, 'clientId'), argument(NAME, monitorId, 'monitorId')]
  }

  /** A monitor of this client; another client's monitor is as unknown as a missing one. */
  private own(client: string, id: string): { id: string; name: string } {
    const row = this.rows.owned(client, id)
    if (!row) throw notFound(`monitor '${id}' not found for client '${client}'`)
    return row
  }
}
