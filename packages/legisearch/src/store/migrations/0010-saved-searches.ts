import type Database from 'better-sqlite3'

/**
 * Saved searches and their alerts. Two new tables, no rewrite of an existing one (an upgrade at 1M
 * documents stays a matter of milliseconds):
 * - `doc_changes`: the change sequence each document was last written at (by ingest time, not its
 *   date), one row per document written since this migration; a document without a row was written
 *   before it (sequence 0, older than any saved search). The counter is `meta`'s `change_seq`.
 * - `saved_searches`: a client's search (corpus, query string, body) in one of its monitors, how
 *   far its checks listed (a cursor in change order: `seen_seq`, and `seen_doc`, the rowid of the
 *   last document listed at that sequence, or null when every document of `seen_seq` was), and its webhook.
 * A file claiming an older schema that already has them (a development build's, a test's): its
 * saved searches are kept (given `seen_doc` null when they lack it); its change stamps are made
 * again, empty (what it stores is not news).
 */
const sql = /* sql */ `
DROP TABLE IF EXISTS doc_changes;
CREATE TABLE doc_changes (
  doc INTEGER PRIMARY KEY,
  seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS doc_changes_seq ON doc_changes (seq);

CREATE TABLE IF NOT EXISTS saved_searches (
  id             TEXT PRIMARY KEY,
  monitor_id     TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  name           TEXT,
  corpus         TEXT NOT NULL,
  query          TEXT NOT NULL,
  body           TEXT NOT NULL,
  webhook_url    TEXT,
  webhook_secret TEXT,
  seen_seq       INTEGER NOT NULL,
  seen_doc       INTEGER,
  created_at     TEXT NOT NULL,
  checked_at     TEXT
);
CREATE INDEX IF NOT EXISTS saved_searches_monitor ON saved_searches (monitor_id, created_at);
`

export default (db: Database.Database): void => {
  db.exec(sql)
  const columns = db.prepare("SELECT name FROM pragma_table_info('saved_searches')").pluck().all() as string[]
  if (!columns.includes('seen_doc')) db.exec('ALTER TABLE saved_searches ADD COLUMN seen_doc INTEGER')
}
