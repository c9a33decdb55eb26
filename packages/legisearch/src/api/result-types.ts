import type { z } from 'zod'
import type { CorpusName, CorpusNamed } from '../corpora/registry.js'

/**
 * The result shapes of the search endpoints (spec 2.4, 2.5, 2.8), derived from each corpus's
 * result schema: the record as stored, plus what a search adds.
 */
export type ResultOf = { [N in CorpusName]: z.output<CorpusNamed<N>['result']> }

/** `POST /search/propositions`: `approved` is input-only; `lastProceeding.date` is always set; `relevance`. */
export type PropositionResult = ResultOf['propositions']
export type SocialResult = ResultOf['social']
/** `createdAt`/`updatedAt` default to `date` when the record had none. */
export type DouResult = ResultOf['dou']
export type BacenResult = ResultOf['bacen']
export type NoticeResult = ResultOf['notices']
export type IrsResult = ResultOf['irs']

/** Any search result. */
export type SearchResult = ResultOf[CorpusName]
