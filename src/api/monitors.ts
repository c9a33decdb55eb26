import { randomUUID } from 'node:crypto'
import { CORPORA } from '../corpora/registry.js'
import type { CorpusName } from '../corpora/define.js'
import { invalid, notFound } from '../errors.js'
import type { Statements } from '../store/statements.js'

/** A saved document's reference on a result (spec 2.7). */
export interface SavedBucketRef {
  readonly _id: string
  readonly monitorId: string
  /** The saved document's id; equals the result's own `id`. */
  readonly originId: string
  readonly monitorName: string
}

export interface Monitor {
  readonly id: string
  readonly name: string
  readonly createdAt: string
  /** How many documents are saved in it. */
  readonly items: number
}

function nonEmpty(value: unknown, name: string, max = 200): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${name}: must be a non-empty string`)
  if (value.length > max) throw invalid(`${name}: must be at most ${max} characters`)
  return value
}

function corpusOf(collection: unknown): CorpusName {
  if (typeof collection !== 'string' || !Object.hasOwn(CORPORA, collection)) {
    throw invalid(`collection: must be one of ${Object.keys(CORPORA).join(', ')} (got ${JSON.stringify(collection)})`)
  }
  return collection as CorpusName
}

/** Monitors: a client's folders of saved documents, the source of `savedBuckets`. Scoped by client. */
export class Monitors {
  constructor(private readonly st: Statements) {}

  create(clientId: unknown, name: unknown): { id: string; name: string } {
    const client = nonEmpty(clientId, 'clientId')
    const n = nonEmpty(name, 'name').trim()
    const id = randomUUID()
    this.st.get('INSERT INTO monitors (id, client_id, name, created_at) VALUES (?, ?, ?, ?)').run(id, client, n, new Date().toISOString())
    return { id, name: n }
  }

  list(clientId: unknown): Monitor[] {
    const client = nonEmpty(clientId, 'clientId')
    return this.st
      .get(
        `SELECT m.id, m.name, m.created_at AS createdAt, (SELECT count(*) FROM monitor_items i WHERE i.monitor_id = m.id) AS items
         FROM monitors m WHERE m.client_id = ? ORDER BY m.created_at, m.id`,
      )
      .all(client) as Monitor[]
  }

  delete(clientId: unknown, monitorId: unknown): void {
    const { id } = this.own(clientId, monitorId)
    this.st.get('DELETE FROM monitors WHERE id = ?').run(id)
  }

  save(clientId: unknown, monitorId: unknown, collection: unknown, documentId: unknown): SavedBucketRef {
    const monitor = this.own(clientId, monitorId)
    const corpus = corpusOf(collection)
    const doc = nonEmpty(documentId, 'documentId', 512)
    if (!this.st.get('SELECT 1 FROM docs WHERE corpus = ? AND id = ?').get(corpus, doc)) {
      throw notFound(`${corpus} document '${doc}' not found`)
    }
    const existing = this.st
      .get('SELECT id FROM monitor_items WHERE monitor_id = ? AND corpus = ? AND doc_id = ?')
      .get(monitor.id, corpus, doc) as { id: string } | undefined
    const itemId = existing?.id ?? randomUUID()
    if (!existing) {
      this.st
        .get('INSERT INTO monitor_items (id, monitor_id, corpus, doc_id, saved_at) VALUES (?, ?, ?, ?, ?)')
        .run(itemId, monitor.id, corpus, doc, new Date().toISOString())
    }
    return { _id: itemId, monitorId: monitor.id, originId: doc, monitorName: monitor.name }
  }

  unsave(clientId: unknown, monitorId: unknown, collection: unknown, documentId: unknown): { removed: boolean } {
    const monitor = this.own(clientId, monitorId)
    const corpus = corpusOf(collection)
    const doc = nonEmpty(documentId, 'documentId', 512)
    const r = this.st.get('DELETE FROM monitor_items WHERE monitor_id = ? AND corpus = ? AND doc_id = ?').run(monitor.id, corpus, doc)
    return { removed: r.changes > 0 }
  }

  /** The client's references to the given documents, grouped by document id. */
  refsFor(clientId: string | undefined, corpus: CorpusName, ids: readonly string[]): Map<string, SavedBucketRef[]> {
    const out = new Map<string, SavedBucketRef[]>()
    if (clientId === undefined || ids.length === 0) return out
    const rows = this.st
      .get(
        `SELECT i.id AS _id, i.monitor_id AS monitorId, i.doc_id AS originId, m.name AS monitorName
         FROM monitor_items i JOIN monitors m ON m.id = i.monitor_id
         WHERE m.client_id = ? AND i.corpus = ? AND i.doc_id IN (${ids.map(() => '?').join(', ')})
         ORDER BY i.saved_at, i.id`,
      )
      .all(clientId, corpus, ...ids) as SavedBucketRef[]
    for (const r of rows) {
      const list = out.get(r.originId) ?? []
      list.push({ ...r })
      out.set(r.originId, list)
    }
    return out
  }

  /** A monitor of this client; another client's monitor is as unknown as a missing one. */
  private own(clientId: unknown, monitorId: unknown): { id: string; name: string } {
    const client = nonEmpty(clientId, 'clientId')
    const id = nonEmpty(monitorId, 'monitorId')
    const row = this.st.get('SELECT id, name FROM monitors WHERE id = ? AND client_id = ?').get(id, client) as
      { id: string; name: string } | undefined
    if (!row) throw notFound(`monitor '${id}' not found for client '${client}'`)
    return row
  }
}
