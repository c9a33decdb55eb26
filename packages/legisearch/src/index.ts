/**
 * legisearch — embedded search over Brazilian legislative, regulatory and official-gazette data,
 * answering the hosted service's search endpoints from one SQLite snapshot file.
 */

// Opening a snapshot
export { openSnapshot, Snapshot, COLLECTIONS, searchMethodOf } from './api/snapshot.js'
export type { Collection, OpenOptions, SearchMethods, SnapshotInfo } from './api/snapshot.js'

// Real data: the official sources' files into a snapshot (`snap.ingest(source, files)`)
export { SOURCE_NAMES } from './ingest/registry.js'
export { CORPUS_NAMES } from './corpora/registry.js'
export { fetchSource, sources } from './api/sources.js'
export type { Downloaded, FetchSourceOptions, SourceInfo } from './api/sources.js'
export type { SourceName } from './ingest/registry.js'
export type { IngestOptions } from './api/ingest.js'
export type { IngestReport } from './api/ingest-report.js'
export type { IngestProgress } from './api/ingest-progress.js'
export type { IngestLogEntry } from './api/snapshot.js'

// Errors
export { ERROR_STATUS, LegisearchError } from './common/errors.js'
export type { ErrorCode, Issue } from './common/errors.js'

// Request and response schemas (zod): the single source of the types below and of the API's documents
export * as schemas from './api/schemas.js'

// Result and request shapes
export type { SearchMode, SearchQuery } from './query/params.js'
export type { Sort } from './text-index/types.js'
export type { RecordInput, SearchBody } from './api/input-types.js'
export type { WatchlistQuery } from './watchlist/query.js'
export type { Pagination, SearchContext, SearchResponse } from './api/search.js'
export type { SearchAll } from './api/search-all.js'
export type { EverythingBody, EverythingQuery, EverythingResponse, EverythingResult, EverythingSort } from './api/search-everything.js'
export { officialLink } from './api/links.js'
export type { FacetCounts, Histogram } from './api/facets.js'
export type { Monitor, MonitorDetail } from './api/monitors.js'
export type { Alert, CreatedSavedSearch, SaveSearchInput, SavedSearch } from './api/saved-searches.js'
export { WEBHOOK_RETRY_DELAYS_MS, deliverWebhooks, webhookSignature } from './api/webhooks.js'
export type { DeliverOptions, PendingWebhook, WebhookDelivery, WebhookOptions } from './api/webhooks.js'
export { ENDPOINTS, PLANS, PLAN_NAMES } from './api/keys.js'
export type { ApiKey, NewApiKey, CreateApiKeyInput, Endpoint, PlanName } from './api/keys.js'
export type { SavedBucketRef } from './corpora/found.js'
export type { Stakeholder } from './api/stakeholders.js'
export type { FindStakeholdersInput, StakeholderMatch } from './api/stakeholder-finder.js'
export { STAKEHOLDER_KINDS, stakeholderKind } from './api/stakeholder-kind.js'
export type { StakeholderKind } from './api/stakeholder-kind.js'
export type { Highlight } from './text/highlight.js'
export type { CorpusName } from './corpora/registry.js'
export type { Proposition } from './corpora/propositions/corpus.js'
export type { SocialPost } from './corpora/social/corpus.js'
export type { DouAct } from './corpora/dou/corpus.js'
export type { BacenDocument } from './corpora/bacen/corpus.js'
export type { Notice } from './corpora/notices/corpus.js'
export type { IrsDocument } from './corpora/irs/corpus.js'
export type {
  PropositionResult,
  SocialResult,
  DouResult,
  BacenResult,
  NoticeResult,
  IrsResult,
  ResultOf,
  SearchResult,
} from './api/result-types.js'

// Sanctions watchlist (UN Security Council Consolidated List)
export { parseUnConsolidatedList } from './watchlist/parse.js'
export type { ParsedList, ListRecord, ListContent } from './watchlist/parse.js'
export { fetchUnConsolidatedList, UN_CONSOLIDATED_LIST_URL } from './api/sources.js'
export type { FetchUnListOptions, FetchedUnList } from './watchlist/fetch.js'
export type { ReconcileOptions, ReconcileReport, DesignationEvent } from './watchlist/reconcile.js'
export { REMOVAL_GUARD } from './watchlist/removal-guard.js'
export { SCREEN_DEFAULTS } from './api/screen.js'
export type { ScreenEntry, ScreenOptions, ScreenMatch, ScreenResult, ScreenResponse } from './api/screen.js'
export type { HeldRemovals, AcceptRemovalsOptions, AcceptRemovalsReport } from './watchlist/held.js'
export type { WatchlistSummary } from './watchlist/summary.js'
export { REGIMES } from './watchlist/types.js'
export type { Designation, DesignationDetail, Extracted, Alias, Regime } from './watchlist/types.js'

// Text analysis (the same code the index uses), for callers that want to see how a word matches
export { fold, stem, tokenize, termOf, type MatchMode, type Token } from './text/checked.js'
