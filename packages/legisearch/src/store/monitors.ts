import { randomUUID } from 'node:crypto'
import { decodeRecord } from './record-codec.js'
import type { Statements } from './statements.js'

/** A saved document's reference, as stored. */
export interface SavedRow {
  readonly _id: string
  readonly monitorId: string
  readonly originId: string
  readonly monitorName: string
}

export interface MonitorRow {
  readonly id: string
  readonly name: string
  readonly createdAt: string
  readonly items: number
}

/** A saved document with its stored record. */
export interface SavedItemRow {
  readonly corpus: string
  readonly documentId: string
  /** The record as JSON. */
  readonly record: string
}

/**
 * How many documents a monitor `m` holds: its saved items whose document exists, as `items` lists
 * them (a saved item whose document is gone is neither counted nor listed).
 */
const ITEMS = `(SELECT count(*) FROM monitor_items i JOIN docs d ON d.corpus = i.corpus AND d.id = i.doc_id WHERE i.monitor_id = m.id)`

/** Ids per `IN (…)` list: far under SQLite's limit of bound parameters (32,766). */
const IDS_PER_QUERY = 500

/** The rows of monitors and their saved items. Arguments are valid (the caller checked them). */
export class MonitorRows {
  constructor(private readonly st: Statements) {}

  /** Runs `fn`'s reads in one read transaction: they all see one state of the file. */
  reading<T>(fn: () => T): T {
    return this.st.db.transaction(fn).deferred()
  }

  create(clientId: string, name: string): string {
    const id = randomUUID()
    this.st
      .prepared('INSERT INTO monitors (id, client_id, name, created_at) VALUES (?, ?, ?, ?)')
      .run(id, clientId, name, new Date().toISOString())
    return id
  }

  list(clientId: string): MonitorRow[] {
    return this.st
      .prepared(
        `SELECT m.id, m.name, m.created_at AS createdAt, ${ITEMS} AS items
         FROM monitors m WHERE m.client_id = ? ORDER BY m.created_at, m.rowid`,
      )
      .all(clientId) as MonitorRow[]
  }

  /** Every client's monitors (the operator's view, never a client's), by client then oldest first. */
  listAll(): (MonitorRow & { clientId: string })[] {
    return this.st
      .prepared(
        `SELECT m.client_id AS clientId, m.id, m.name, m.created_at AS createdAt, ${ITEMS} AS items
         FROM monitors m ORDER BY m.client_id, m.created_at, m.rowid`,
      )
      .all() as (MonitorRow & { clientId: string })[]
  }

  /** A monitor of this client with its creation time and size, or undefined. */
  detail(clientId: string, monitorId: string): MonitorRow | undefined {
    return this.st
      .prepared(
        `SELECT m.id, m.name, m.created_at AS createdAt, ${ITEMS} AS items
         FROM monitors m WHERE m.id = ? AND m.client_id = ?`,
      )
      .get(monitorId, clientId) as MonitorRow | undefined
  }

  /** The documents saved in a monitor, in the order saved (within a millisecond, by rowid: rowids grow with each insert), with their stored records (JSON). */
  items(monitorId: string): SavedItemRow[] {
    const rows = this.st
      .prepared(
        `SELECT i.corpus AS corpus, i.doc_id AS documentId, r.record AS record
         FROM monitor_items i JOIN docs d ON d.corpus = i.corpus AND d.id = i.doc_id JOIN records r ON r.rowid = d.rowid
         WHERE i.monitor_id = ? ORDER BY i.saved_at, i.rowid`,
      )
      .all(monitorId) as (Omit<SavedItemRow, 'record'> & { record: string | Buffer })[]
    return rows.map((row) => ({ ...row, record: decodeRecord(this.st, row.record) }))
  }

  /** A monitor of this client, or undefined (another client's monitor is as unknown as a missing one). */
  owned(clientId: string, monitorId: string): { id: string; name: string } | undefined {
    return this.st.prepared('SELECT id, name FROM monitors WHERE id = ? AND client_id = ?').get(monitorId, clientId) as
      { id: string; name: string } | undefined
  }

  delete(monitorId: string): void {
    this.st.prepared('DELETE FROM monitors WHERE id = ?').run(monitorId)
  }

  documentExists(corpus: string, documentId: string): boolean {
    return this.st.prepared('SELECT 1 FROM docs WHERE corpus = ? AND id = ?').get(corpus, documentId) !== undefined
  }

  /** Saves a document in a monitor (once); returns the saved item's id. */
  save(monitorId: string, corpus: string, documentId: string): string {
    const existing = this.st
      .prepared('SELECT id FROM monitor_items WHERE monitor_id = ? AND corpus = ? AND doc_id = ?')
      .get(monitorId, corpus, documentId) as { id: string } | undefined
    if (existing) return existing.id
    const itemId = randomUUID()
    this.st
      .prepared('INSERT INTO monitor_items (id, monitor_id, corpus, doc_id, saved_at) VALUES (?, ?, ?, ?, ?)')
      .run(itemId, monitorId, corpus, documentId, new Date().toISOString())
    return itemId
  }

  unsave(monitorId: string, corpus: string, documentId: string): boolean {
    return (
      this.st.prepared('DELETE FROM monitor_items WHERE monitor_id = ? AND corpus = ? AND doc_id = ?').run(monitorId, corpus, documentId)
        .changes > 0
    )
  }

  /**
   * The client's saved references to the given documents, each document's oldest first (the ids
   * are read in lists of {@link IDS_PER_QUERY}, so any number of them can be asked for).
   */
  savedRefs(clientId: string, corpus: string, ids: readonly string[]): SavedRow[] {
    const unique = [...new Set(ids)]
    const out: SavedRow[] = []
    for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
      const part = unique.slice(i, i + IDS_PER_QUERY)
      const rows = this.st
        .prepared(
          `SELECT i.id AS _id, i.monitor_id AS monitorId, i.doc_id AS originId, m.name AS monitorName
           FROM monitor_items i JOIN monitors m ON m.id = i.monitor_id
           WHERE m.client_id = ? AND i.corpus = ? AND i.doc_id IN (${part.map(() => '?').join(', ')})
           ORDER BY i.saved_at, i.rowid`,
        )
        .all(clientId, corpus, ...part) as SavedRow[]
      out.push(...rows)
    }
    return out
  }
}
