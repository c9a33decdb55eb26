/**
 * `sensitive_variants`: for each word of the `sensitive` streams that is not in Unicode NFC (a
 * decomposed `a` + U+0301, say), the term of its NFC spelling and its own term, per corpus. The
 * `sensitive` mode (without `keyword`) looks a query word's NFC term up here and matches every
 * spelling found; rows are only added (a spelling no record uses any more matches nothing).
 *
 * Files written before this table existed get it filled from their indexes' vocabularies in the
 * same transaction: the text index's upgrade of step 4 (`FTS5_UPGRADES`), passed to the store
 * when the snapshot opens (the store knows rows, not the index).
 */
export default /* sql */ `
CREATE TABLE sensitive_variants (
  corpus    TEXT NOT NULL,
  canonical TEXT NOT NULL,
  raw       TEXT NOT NULL,
  PRIMARY KEY (corpus, canonical, raw)
) WITHOUT ROWID;
`
