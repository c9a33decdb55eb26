import type { SavedBucketRef } from './api/monitors.js'
import type { CorpusName } from './corpora/define.js'
import type { BacenDocument } from './corpora/bacen/index.js'
import type { DouAct } from './corpora/dou/index.js'
import type { IrsDocument } from './corpora/irs/index.js'
import type { Notice } from './corpora/notices/index.js'
import type { Proposition } from './corpora/propositions/index.js'
import type { SocialPost } from './corpora/social/index.js'
import type { Highlight } from './text/highlight.js'

/**
 * The result shapes of the six search endpoints (spec 2.4, 2.5, 2.8): each corpus's record as
 * stored, plus what a search adds. Types only: the values are what `upsert` stored, mapped as the
 * corpus's `toResult` says.
 */

/** `POST /search/propositions`: `approved` is input-only; `lastProceeding.date` is always set. */
export type PropositionResult = Omit<Proposition, 'approved' | 'lastProceeding'> & {
  readonly lastProceeding: Proposition['lastProceeding'] & { readonly date: string }
  /** BM25-based, higher is better; 0 unless sorted by relevance. */
  readonly relevance: number
  readonly highlights: Highlight[]
  /** The calling client's monitors holding this proposition (empty without a client). */
  readonly savedPropositions: SavedBucketRef[]
}

/** What every other search adds: highlights and the calling client's monitors. */
type Found<R> = R & { readonly highlights: Highlight[]; readonly savedBuckets: SavedBucketRef[] }

export type SocialResult = Found<SocialPost>
/** `createdAt`/`updatedAt` default to `date` when the record had none. */
export type DouResult = Found<Omit<DouAct, 'createdAt' | 'updatedAt'> & { readonly createdAt: string; readonly updatedAt: string }>
export type BacenResult = Found<BacenDocument>
export type NoticeResult = Found<Notice>
export type IrsResult = Found<IrsDocument>

/** The result type of each search corpus. */
export interface ResultOf {
  propositions: PropositionResult
  social: SocialResult
  dou: DouResult
  bacen: BacenResult
  notices: NoticeResult
  irs: IrsResult
}

/** Any search result. */
export type SearchResult = ResultOf[CorpusName]
