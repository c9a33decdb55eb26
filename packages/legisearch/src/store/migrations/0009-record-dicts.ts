/**
 * The preset dictionaries records are deflated with (see store/record-codec.ts): one or more per
 * corpus, never changed once written, so a record names the one it was written with (a random
 * id; the rowid orders them). Kept when a
 * file claiming an older schema already has them (its records may name them).
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS record_dicts (
  id     INTEGER NOT NULL UNIQUE,
  corpus TEXT NOT NULL,
  dict   BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS record_dicts_corpus ON record_dicts (corpus);
`
