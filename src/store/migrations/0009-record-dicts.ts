/**
 * The preset dictionaries records are deflated with (see store/record-codec.ts): one or more per
 * corpus, never changed once written, so a record names the one it was written with.
 */
export default /* sql */ `
CREATE TABLE record_dicts (
  id     INTEGER PRIMARY KEY,
  corpus TEXT NOT NULL,
  dict   BLOB NOT NULL
);
CREATE INDEX record_dicts_corpus ON record_dicts (corpus, id);
`
