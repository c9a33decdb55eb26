/** One row per ingest that landed: which source, which files, when, and what it did (`legisearch info`). */
export default /* sql */ `
CREATE TABLE ingest_log (
  id          INTEGER PRIMARY KEY,
  source      TEXT NOT NULL,
  files       TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  report      TEXT NOT NULL
);
CREATE INDEX ingest_log_source ON ingest_log (source, id);
`
