/**
 * `sensitive_variants`: for each word of the `sensitive` streams that is not in Unicode NFC (a
 * decomposed `a` + U+0301, say), the term of its NFC spelling and its own term, per corpus. The
 * `sensitive` mode (without `keyword`) looks a query word's NFC term up here and matches every
 * spelling found; rows are only added (a spelling no record uses any more matches nothing).
 *
 * Files written before this table existed must have it filled from their indexes' vocabularies:
 * the store knows rows, not the index, so the migration leaves that to the text index with a
 * `meta` flag, which the snapshot's opening runs (in its own transaction) and clears.
 */
export default /* sql */ `
CREATE TABLE sensitive_variants (
  corpus    TEXT NOT NULL,
  canonical TEXT NOT NULL,
  raw       TEXT NOT NULL,
  PRIMARY KEY (corpus, canonical, raw)
) WITHOUT ROWID;
INSERT INTO meta (key, value) SELECT 'fts5:backfill_sensitive_variants', 1 WHERE EXISTS (SELECT 1 FROM corpora);
`
