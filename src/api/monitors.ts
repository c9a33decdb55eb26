import { z } from 'zod'
import { type CorpusName, CORPUS_NAMES } from '../corpora/registry.js'
import type { SavedBucketRef } from '../corpora/results.js'
import { notFound } from '../common/errors.js'
import { validate } from '../common/validate.js'
import type { MonitorRows } from '../store/monitors.js'

/** A client's folder of saved documents. */
export const monitorSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    createdAt: z.string().meta({ format: 'date-time' }),
    items: z.int().min(0).meta({ description: 'How many documents are saved in it.' }),
  })
  .meta({ id: 'Monitor' })

export type Monitor = z.output<typeof monitorSchema>

const nonEmpty = (max: number) =>
  z
    .string({ error: 'must be a non-empty string' })
    .refine((v) => v.trim() !== '', 'must be a non-empty string')
    .refine((v) => v.length <= max, `must be at most ${max} characters`)

const NAME = nonEmpty(200)
const DOCUMENT_ID = nonEmpty(512)

const argument = (schema: z.ZodType<string>, value: unknown, name: string): string => validate(schema, value, { where: name })
/** A search collection name, as the monitor methods take it. */
export const collectionSchema = z.enum(CORPUS_NAMES as [CorpusName, ...CorpusName[]], {
  error: (iss) => `must be one of ${CORPUS_NAMES.join(', ')} (got ${JSON.stringify(iss.input)})`,
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
    const n = argument(NAME, name, 'name').trim()
    return { id: this.write(() => this.rows.create(client, n)), name: n }
  }

  list(clientId: unknown): Monitor[] {
    return this.rows.list(argument(NAME, clientId, 'clientId'))
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
