/** The records, their filter values, stakeholders and monitors. FTS tables are made per corpus. */
export default /* sql */ `
CREATE TABLE docs (
  rowid    INTEGER PRIMARY KEY,
  corpus   TEXT    NOT NULL,
  id       TEXT    NOT NULL,
  main_ms  INTEGER NOT NULL,
  main_day INTEGER NOT NULL,
  upd_ms   INTEGER NOT NULL,
  upd_day  INTEGER NOT NULL,
  UNIQUE (corpus, id)
);

-- The record itself, apart: keeps docs rows narrow (~60 bytes), so plans that read the sort keys
-- of thousands of matches stay in few pages, and only a page's records are ever read.
CREATE TABLE records (
  rowid  INTEGER PRIMARY KEY,
  record TEXT NOT NULL
);
CREATE INDEX docs_main ON docs (corpus, main_ms, id);
CREATE INDEX docs_upd  ON docs (corpus, upd_ms, id);

-- One row per (filter value, document): the values every body filter compares against.
CREATE TABLE facets (
  facet TEXT    NOT NULL,
  value TEXT    NOT NULL,
  doc   INTEGER NOT NULL,
  PRIMARY KEY (facet, value, doc)
) WITHOUT ROWID;
CREATE INDEX facets_doc ON facets (doc);

-- The corpora whose FTS tables exist in this file, with the field layout they were made for.
CREATE TABLE corpora (
  name   TEXT PRIMARY KEY,
  layout TEXT NOT NULL
);

CREATE TABLE stakeholders (
  id     TEXT PRIMARY KEY,
  name   TEXT NOT NULL,
  record TEXT NOT NULL
);

CREATE TABLE monitors (
  id         TEXT PRIMARY KEY,
  client_id  TEXT NOT NULL,
  name       TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX monitors_client ON monitors (client_id);

CREATE TABLE monitor_items (
  id         TEXT PRIMARY KEY,
  monitor_id TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  corpus     TEXT NOT NULL,
  doc_id     TEXT NOT NULL,
  saved_at   TEXT NOT NULL,
  UNIQUE (monitor_id, corpus, doc_id)
);
CREATE INDEX monitor_items_doc ON monitor_items (corpus, doc_id);
`
