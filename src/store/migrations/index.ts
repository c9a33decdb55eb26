import initial from './0001-initial.js'
import watchlist from './0002-watchlist.js'
import meta from './0003-meta.js'

/** Numbered migrations; `PRAGMA user_version` holds how many have run. Append, never edit. */
export const MIGRATIONS: readonly string[] = [initial, watchlist, meta]
