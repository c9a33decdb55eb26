import type Database from 'better-sqlite3'
import { fillDateColumns } from '../doc-columns.js'
import { Statements } from '../statements.js'

/**
 * The documents' dates as compact columns beside `docs` (`store/doc-columns.ts`): one row per
 * corpus and chunk of 1,024 rowids, filled from `docs` once.
 */
export default function docDates(db: Database.Database): void {
  // Made again from `docs` if a file claiming an older schema has one (a development build's).
  db.exec(/* sql */ `
DROP TABLE IF EXISTS doc_dates;
CREATE TABLE doc_dates (
  corpus TEXT NOT NULL,
  chunk  INTEGER NOT NULL,
  stamp  INTEGER NOT NULL,
  dates  BLOB NOT NULL,
  UNIQUE (corpus, chunk)
);
`)
  fillDateColumns(new Statements(db))
}
