import initial from './0001-initial.js'

/** Numbered migrations; `PRAGMA user_version` holds how many have run. Append, never edit. */
export const MIGRATIONS: readonly string[] = [initial]
