import * as z from 'zod'
import { shown } from '../common/shown.js'
import { validate } from '../common/validate.js'
import type { AnyCorpus } from '../corpora/define.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import type { Collection } from './input-types.js'
import { collectionSchema } from './monitors.js'
import type { SnapshotParts } from './snapshot-parts.js'

export type { Collection } from './input-types.js'

/** Every collection `upsert` and `remove` accept: the corpora of the registry, then `stakeholders`. */
export const COLLECTIONS: readonly Collection[] = [...CORPUS_NAMES, 'stakeholders']

/** The ids of `remove`. */
export const idsSchema = z.array(z.string({ error: 'must be an id string' }), { error: 'must be an array of id strings' })

/** A collection name of a search (`searchable`) or of `upsert`/`remove` (`collections`), refused naming the allowed ones. */
const collectionOf = (allowed: readonly string[], accepted: readonly string[]) => {
  const message = (iss: { input: unknown }) => `must be one of ${allowed.join(', ')} (got ${shown(iss.input)})`
  return z.string({ error: message }).refine((c) => accepted.includes(c), { error: message })
}
const WRITABLE = collectionOf(COLLECTIONS, CORPUS_NAMES)

/**
 * The search corpus named `collection`; `allowed` is what the calling method accepts, for the message.
 *
 * @example corpusNamed('dou', 'searchable').name // 'dou'
 */
export function corpusNamed(collection: unknown, allowed: 'searchable' | 'writable'): AnyCorpus {
  const schema = allowed === 'searchable' ? collectionSchema : WRITABLE
  return corpusOf(validate(schema, collection, { where: 'collection' }) as CorpusName)
}

/**
 * `snap.counts`: how many records each collection holds.
 *
 * @example countCollections(parts).dou // 1352
 */
export function countCollections(p: SnapshotParts): Record<Collection, number> {
  const counted = p.rows.counts()
  const out = Object.fromEntries(COLLECTIONS.map((c) => [c, counted.get(c) ?? 0])) as Record<Collection, number>
  out.stakeholders = p.stakeholders.count()
  return out
}
