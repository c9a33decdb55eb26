import { alesp } from './alesp/index.js'
import { bacen } from './bacen/index.js'
import { camara } from './camara/index.js'
import { dou } from './dou/index.js'
import { irs } from './irs/index.js'
import { notices } from './notices/index.js'
import { senado } from './senado/index.js'
import { social } from './social/index.js'
import { un } from './un/index.js'
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
