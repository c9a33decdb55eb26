import type Database from 'better-sqlite3'
import initial from './0001-initial.js'
import watchlist from './0002-watchlist.js'
import meta from './0003-meta.js'
import sensitiveVariants from './0004-sensitive-variants.js'
import ingestLog from './0005-ingest-log.js'
import apiKeys from './0006-api-keys.js'
import watchlistOverride from './0007-watchlist-override.js'
import docDates from './0008-doc-dates.js'
import recordDicts from './0009-record-dicts.js'
import savedSearches from './0010-saved-searches.js'

/** A migration: SQL to run, or a step that needs code (run inside the same transaction). */
export type Migration = string | ((db: Database.Database) => void)

/** Numbered migrations; `PRAGMA user_version` holds how many have run. Append, never edit. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  watchlist,
  meta,
  sensitiveVariants,
  ingestLog,
  apiKeys,
  watchlistOverride,
  docDates,
  recordDicts,
  savedSearches,
]
