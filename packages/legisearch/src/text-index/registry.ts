import { invalid } from '../common/errors.js'
import type { Db, Upgrades } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { BlockIndex } from './blocks/block-index.js'
import { FTS5_UPGRADES, Fts5Index } from './fts5.js'
import type { TextIndex } from './types.js'

/**
 * The text index implementations, by name: `blocks` (the default: block postings with block-max
 * pruning, built to answer within 2× of Lucene) and `fts5` (SQLite FTS5, the index of earlier versions, kept as the bench's
 * floor and as the second implementation the conformance suite runs). A file holds one of them:
 * creating one removes the other (`TextIndex.drop`).
 */
export const TEXT_INDEXES = {
  blocks: (db: Db, st: Statements): TextIndex => new BlockIndex(db, st),
  fts5: (db: Db, st: Statements): TextIndex => new Fts5Index(db, st),
} as const

export type TextIndexName = keyof typeof TEXT_INDEXES

/**
 * The steps of the store's schema migrations the text indexes take part in (by schema version),
 * given to `openDatabase`: step 4 adds FTS5's sensitive variants.
 */
export const TEXT_INDEX_UPGRADES: Upgrades = FTS5_UPGRADES

export const DEFAULT_TEXT_INDEX: TextIndexName = 'blocks'

/** The implementation `LEGISEARCH_TEXT_INDEX` names (the default when unset), checked. */
export function textIndexName(env: string | undefined = process.env['LEGISEARCH_TEXT_INDEX']): TextIndexName {
  if (env === undefined || env === '') return DEFAULT_TEXT_INDEX
  if (Object.hasOwn(TEXT_INDEXES, env)) return env as TextIndexName
  throw invalid(
    `LEGISEARCH_TEXT_INDEX: ${JSON.stringify(env)} names no text index; use one of ${Object.keys(TEXT_INDEXES).join(', ')} (or leave it unset)`,
  )
}
