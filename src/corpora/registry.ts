import { bacen } from './bacen/index.js'
import type { AnyCorpus, CorpusName } from './define.js'
import { dou } from './dou/index.js'
import { irs } from './irs/index.js'
import { notices } from './notices/index.js'
import { propositions } from './propositions/index.js'
import { social } from './social/index.js'

/** Every search corpus. Adding one = one folder under `corpora/` + one line here. */
export const CORPORA: Readonly<Record<CorpusName, AnyCorpus>> = {
  propositions,
  social,
  dou,
  bacen,
  notices,
  irs,
}

export const CORPUS_NAMES = Object.keys(CORPORA) as CorpusName[]
