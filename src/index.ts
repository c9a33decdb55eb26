/**
 * legisearch — embedded search over Brazilian legislative, regulatory and official-gazette data,
 * answering the hosted service's search endpoints from one SQLite snapshot file.
 */

// Opening a snapshot
export { openSnapshot, Snapshot, COLLECTIONS } from './snapshot.js'
export type { Collection, OpenOptions, SearchQuery, SearchResult, WatchlistQuery } from './snapshot.js'

// Errors
export { LegisearchError } from './errors.js'
export type { ErrorCode } from './errors.js'

// Result and request shapes
export type { Pagination, SearchContext, SearchResponse } from './api/search.js'
export type { Monitor, SavedBucketRef } from './api/monitors.js'
export type { Stakeholder, StakeholderMatch } from './api/stakeholders.js'
export type { Highlight } from './text/highlight.js'
export type { CorpusName } from './corpora/define.js'
export type { Proposition } from './corpora/propositions/index.js'
export type { SocialPost } from './corpora/social/index.js'
export type { DouAct } from './corpora/dou/index.js'
export type { BacenDocument } from './corpora/bacen/index.js'
export type { Notice } from './corpora/notices/index.js'
export type { IrsDocument } from './corpora/irs/index.js'
export type { PropositionResult, SocialResult, DouResult, BacenResult, NoticeResult, IrsResult, ResultOf } from './results.js'

// Sanctions watchlist (UN Security Council Consolidated List)
export { parseUnConsolidatedList } from './watchlist/parse.js'
export type { ParsedList, ListRecord, ListContent } from './watchlist/parse.js'
export { fetchUnConsolidatedList, UN_CONSOLIDATED_LIST_URL } from './watchlist/fetch.js'
export type { FetchUnListOptions, FetchedUnList } from './watchlist/fetch.js'
export type { ReconcileOptions, ReconcileReport, DesignationEvent } from './watchlist/reconcile.js'
export { REGIMES } from './watchlist/types.js'
export type { Designation, DesignationDetail, Extracted, Alias, Regime } from './watchlist/types.js'

// Text analysis (the same code the index uses), for callers that want to see how a word matches
export { fold, stem, tokenize, termOf, type MatchMode, type Token } from './text/index.js'
