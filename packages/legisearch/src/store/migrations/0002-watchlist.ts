/** The sanctions watchlist: designations, their audit history, the lists ingested, translations. */
export default /* sql */ `
CREATE TABLE watchlist_designations (
  ref             TEXT PRIMARY KEY,
  status          TEXT NOT NULL,
  subject_type    TEXT NOT NULL,
  regime          TEXT NOT NULL,
  listed_on       TEXT,
  last_updated_on TEXT,
  -- primaryName folded, for sort=name
  name_sort       TEXT NOT NULL,
  -- every name (primary, aliases, original script) normalized as the search parameter is, joined by '|'
  names_key       TEXT NOT NULL,
  deceased        INTEGER NOT NULL,
  -- extracted.prohibitions, lower-cased, as a JSON array
  measures        TEXT NOT NULL,
  -- the canonical projection of the origin record (what 'amended' compares) and its hash
  content         TEXT NOT NULL,
  fingerprint     TEXT NOT NULL,
  record          TEXT NOT NULL
);
CREATE INDEX watchlist_designations_changed ON watchlist_designations (last_updated_on, ref);

CREATE TABLE watchlist_events (
  id             INTEGER PRIMARY KEY,
  ref            TEXT NOT NULL,
  type           TEXT NOT NULL,
  observed_at    TEXT NOT NULL,
  list_generated TEXT NOT NULL,
  changes        TEXT
);
CREATE INDEX watchlist_events_ref ON watchlist_events (ref, id);

CREATE TABLE watchlist_lists (
  id             INTEGER PRIMARY KEY,
  date_generated TEXT NOT NULL,
  generated_ms   INTEGER NOT NULL,
  observed_at    TEXT NOT NULL,
  sha256         TEXT NOT NULL,
  report         TEXT NOT NULL
);

-- Translations of a narrative, valid for the narrative they were made from (its SHA-256).
CREATE TABLE watchlist_translations (
  ref           TEXT NOT NULL,
  lang          TEXT NOT NULL,
  text          TEXT NOT NULL,
  narrative_sha TEXT NOT NULL,
  PRIMARY KEY (ref, lang)
);
`
