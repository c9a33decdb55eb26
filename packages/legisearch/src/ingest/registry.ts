import { alesp } from './alesp/source.js'
import { bacen } from './bacen/source.js'
import { camara } from './camara/source.js'
import { dou } from './dou/source.js'
import { irs } from './irs/source.js'
import { notices } from './notices/source.js'
import { senado } from './senado/source.js'
import { social } from './social/source.js'
import { un } from './un/source.js'
import type { SourceDefinition } from './define.js'

/**
 * Every ingest source. Adding one = one folder under `ingest/` + one entry here; the CLI's
 * `ingest`/`fetch` commands and the sources' conformance suite derive from this list.
 */
const LIST = [camara, senado, alesp, un, dou, bacen, irs, notices, social] as const

export type SourceName = (typeof LIST)[number]['name']

export const SOURCES: { readonly [N in SourceName]: SourceDefinition<N> } = Object.freeze(
  Object.fromEntries(LIST.map((s) => [s.name, s])),
) as { readonly [N in SourceName]: SourceDefinition<N> }

export const SOURCE_NAMES: readonly SourceName[] = LIST.map((s) => s.name)
