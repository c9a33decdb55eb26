import type { z } from 'zod'
import type { CorpusName, CorpusNamed } from '../corpora/registry.js'
import type { BodySchema } from '../query/body.js'
import type { stakeholderSchema } from './stakeholders.js'

/**
 * The input types of the API, derived per corpus from the registry and its zod schemas (the
 * schemas are the single source: these types are their `z.input`).
 */

/** A collection `upsert` and `remove` accept. */
export type Collection = CorpusName | 'stakeholders'

/** The zod schema of corpus `C`'s search body (`schemas.searchBodySchemas[C]`). */
export type SearchBodySchema<C extends CorpusName> = BodySchema<CorpusNamed<C>['filters']>

/**
 * The JSON body of a search of corpus `C` (`POST /search/<C>`): `keywords` and `C`'s filters,
 * every field optional, no other field.
 *
 * @example const body: SearchBody<'dou'> = { sections: ['3'], created_at: { gte: '2024-01-01' } }
 */
export type SearchBody<C extends CorpusName> = C extends CorpusName ? z.input<SearchBodySchema<C>> : never

/** The zod schema of a record of collection `C` as `upsert` accepts it (`schemas.recordSchemas[C]`). */
export type RecordSchema<C extends Collection> = C extends CorpusName ? CorpusNamed<C>['schema'] : typeof stakeholderSchema

/**
 * A record of collection `C` as `upsert` accepts it: the result shape without what a search adds,
 * fields with a default optional.
 *
 * @example const act: RecordInput<'dou'> = { id: 'dou-1', title: 'PORTARIA Nº 1', date: '2024-05-04' }
 */
export type RecordInput<C extends Collection> = C extends Collection ? z.input<RecordSchema<C>> : never
