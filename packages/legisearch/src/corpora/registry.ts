import { bacen } from './bacen/corpus.js'
import type { AnyCorpus } from './define.js'
import { dou } from './dou/corpus.js'
import { irs } from './irs/corpus.js'
import { notices } from './notices/corpus.js'
import { propositions } from './propositions/corpus.js'
import { social } from './social/corpus.js'

/**
 * Every search corpus, in the order the API lists them. Adding one = one folder under `corpora/` +
 * one entry here; names, result types, the snapshot's search methods, the HTTP routes and the
 * conformance suite's coverage all derive from this list.
 */
const LIST = [propositions, social, dou, bacen, notices, irs] as const

/** The names of the searchable collections. */
export type CorpusName = (typeof LIST)[number]['name']

/** The corpus named `N`, with its precise record and result types. */
export type CorpusNamed<N extends CorpusName> = Extract<(typeof LIST)[number], { name: N }>

/** Every search corpus by name. */
export const CORPORA = Object.freeze(Object.fromEntries(LIST.map((c) => [c.name, c]))) as {
  readonly [N in CorpusName]: CorpusNamed<N>
}

export const CORPUS_NAMES: readonly CorpusName[] = LIST.map((c) => c.name)

/** The corpus of a name, as the engine handles any corpus. */
export function corpusOf(name: CorpusName): AnyCorpus {
  return CORPORA[name] as AnyCorpus
}
