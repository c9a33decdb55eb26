import { randomUUID } from 'node:crypto'
import { type ChangeCursor, type ChangedDoc, changedAfter, currentChangeSeq } from './doc-changes.js'
import type { Statements } from './statements.js'

/** A saved search as stored: its query string and body as JSON, and how far its checks listed (a change cursor). */
export interface SavedSearchRow {
  readonly id: string
  readonly monitorId: string
  readonly name: string | null
  readonly corpus: string
  /** The query string's parameters, as a JSON object. */
  readonly query: string
  /** The body, as a JSON object. */
  readonly body: string
  readonly webhookUrl: string | null
  readonly webhookSecret: string | null
  readonly seenSeq: number
  /** The rowid of the last document listed at `seenSeq`, or null when every document of it was. */
  readonly seenDoc: number | null
  readonly createdAt: string
  readonly checkedAt: string | null
}

const COLUMNS = `s.id, s.monitor_id AS monitorId, s.name, s.corpus, s.query, s.body, s.webhook_url AS webhookUrl,
  s.webhook_secret AS webhookSecret, s.seen_seq AS seenSeq, s.seen_doc AS seenDoc, s.created_at AS createdAt, s.checked_at AS checkedAt`

/** The rows of saved searches (schema 10). Arguments are valid (the caller checked them); writes run in the caller's transaction. */
export class SavedSearchRows {
  constructor(private readonly st: Statements) {}

  /** Whether the file has the tables (a read-only open of a file older than schema 10 has not). */
  present(): boolean {
    return this.st.prepared("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'saved_searches'").get() !== undefined
  }

  /** Saves a search in a monitor, seen up to now (it lists documents written after it was saved); returns its row. */
  insert(row: Omit<SavedSearchRow, 'id' | 'seenSeq' | 'seenDoc' | 'createdAt' | 'checkedAt'>): SavedSearchRow {
    const saved: SavedSearchRow = {
      ...row,
      id: randomUUID(),
      seenSeq: currentChangeSeq(this.st),
      seenDoc: null,
      createdAt: new Date().toISOString(),
      checkedAt: null,
    }
    this.st
      .prepared(
        `INSERT INTO saved_searches (id, monitor_id, name, corpus, query, body, webhook_url, webhook_secret, seen_seq, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        saved.id,
        saved.monitorId,
        saved.name,
        saved.corpus,
        saved.query,
        saved.body,
        saved.webhookUrl,
        saved.webhookSecret,
        saved.seenSeq,
        saved.createdAt,
      )
    return saved
  }

  /** The saved searches of a monitor, oldest first. */
  ofMonitor(monitorId: string): SavedSearchRow[] {
    return this.st
      .prepared(`SELECT ${COLUMNS} FROM saved_searches s WHERE s.monitor_id = ? ORDER BY s.created_at, s.rowid`)
      .all(monitorId) as SavedSearchRow[]
  }

  /** The saved searches of every monitor of a client: by monitor (oldest first), then oldest first. */
  ofClient(clientId: string): SavedSearchRow[] {
    return this.st
      .prepared(
        `SELECT ${COLUMNS} FROM saved_searches s JOIN monitors m ON m.id = s.monitor_id
         WHERE m.client_id = ? ORDER BY m.created_at, m.rowid, s.created_at, s.rowid`,
      )
      .all(clientId) as SavedSearchRow[]
  }

  /** Deletes a saved search of a monitor; whether it existed. */
  delete(monitorId: string, id: string): boolean {
    return this.st.prepared('DELETE FROM saved_searches WHERE id = ? AND monitor_id = ?').run(id, monitorId).changes > 0
  }

  /** The sequence of the latest write that changed a document. */
  currentSeq(): number {
    return currentChangeSeq(this.st)
  }

  /** The documents of `corpus` written after a cursor, up to sequence `upTo`, oldest write first. */
  changedAfter(corpus: string, after: ChangeCursor, upTo: number): ChangedDoc[] {
    return changedAfter(this.st, corpus, after, upTo)
  }

  /** Marks a saved search checked, listed up to `cursor`. */
  markSeen(id: string, cursor: ChangeCursor, at: string): void {
    this.st
      .prepared('UPDATE saved_searches SET seen_seq = ?, seen_doc = ?, checked_at = ? WHERE id = ?')
      .run(cursor.seq, cursor.doc, at, id)
  }
}
