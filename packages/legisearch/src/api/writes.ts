import { validate } from '../common/validate.js'
import { immediate } from '../store/database.js'
import { type Collection, corpusNamed, idsSchema } from './collections.js'
import { deleteDocuments, writeDocuments } from './documents.js'
import { validateRecords } from './records.js'
import type { SnapshotParts } from './snapshot-parts.js'
import { stakeholderSchema, writeStakeholders } from './stakeholders.js'

/**
 * `snap.upsert`: the whole call validated first, then written in one transaction (nothing of it
 * kept when a record is bad).
 *
 * @example upsertRecords(parts, 'dou', [record]) // { inserted: 1, updated: 0 }
 */
export function upsertRecords(
  p: SnapshotParts,
  collection: Collection,
  records: readonly unknown[],
): { inserted: number; updated: number } {
  if (collection === 'stakeholders') {
    const valid = validateRecords('stakeholders', stakeholderSchema, records)
    if (valid.length === 0) return { inserted: 0, updated: 0 }
    return immediate(p.db, () => {
      const { inserted, updated } = writeStakeholders(p.stakeholders, valid)
      return { inserted, updated }
    })
  }
  const corpus = corpusNamed(collection, 'writable')
  const valid = validateRecords(collection, corpus.schema, records)
  if (valid.length === 0) return { inserted: 0, updated: 0 }
  return immediate(p.db, () => {
    const { inserted, updated } = writeDocuments(p.rows, p.index, corpus, valid)
    return { inserted, updated }
  })
}

/**
 * `snap.remove`: ids checked, then removed in one transaction; unknown ids are skipped.
 *
 * @example removeRecords(parts, 'dou', ['dou-1']) // { removed: 1 }
 */
export function removeRecords(p: SnapshotParts, collection: Collection, ids: readonly string[]): { removed: number } {
  validate(idsSchema, ids, { where: 'ids', prefix: ['ids'] })
  if (collection === 'stakeholders') {
    return { removed: ids.length === 0 ? 0 : immediate(p.db, () => p.stakeholders.delete(ids)) }
  }
  const corpus = corpusNamed(collection, 'writable')
  if (ids.length === 0) return { removed: 0 }
  return { removed: immediate(p.db, () => deleteDocuments(p.rows, p.index, corpus, ids)) }
}
