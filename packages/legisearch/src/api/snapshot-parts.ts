import { checkOptions } from '../common/validate.js'
import { CORPUS_NAMES, type CorpusName, corpusOf } from '../corpora/registry.js'
import { type Db, immediate, openDatabase } from '../store/database.js'
import { ApiKeyRows } from '../store/api-keys.js'
import { DocumentRows } from '../store/documents.js'
import { MonitorRows } from '../store/monitors.js'
import { SavedSearchRows } from '../store/saved-searches.js'
import { StakeholderRows } from '../store/stakeholders.js'
import { Statements } from '../store/statements.js'
import { prepareTextIndex } from '../text-index/prepare.js'
import { TEXT_INDEX_UPGRADES, textIndexName } from '../text-index/registry.js'
import type { TextIndex } from '../text-index/types.js'
import { layoutOf, reindexDocuments } from './documents.js'
import { ApiKeys } from './keys.js'
import { Monitors } from './monitors.js'
import { SavedSearches } from './saved-searches.js'
import { OPEN_DEFAULTS, type OpenOptions, openOptionsSchema } from './open-options.js'
import { Screener } from './screen.js'
import { SnapshotGuard } from './snapshot-guard.js'
import { StakeholderFinder } from './stakeholder-finder.js'

/** What an open Snapshot is made of: the connection, its statements, the rows, the index, the services. */
export interface SnapshotParts {
  readonly db: Db
  readonly st: Statements
  readonly rows: DocumentRows
  readonly index: TextIndex
  readonly stakeholders: StakeholderRows
  readonly monitors: Monitors
  /** Saved searches in monitors, and their alerts. */
  readonly searches: SavedSearches
  readonly finder: StakeholderFinder
  readonly keys: ApiKeys
  readonly screener: Screener
  /** Open, read-only, damaged, ingesting: what the snapshot may do now. */
  readonly guard: SnapshotGuard
}

/**
 * Opens a snapshot file and builds its parts: options checked before the file is touched, the
 * schema brought up to date, the text index prepared (see `prepareTextIndex`). `recordsOf` counts
 * the documents naming a stakeholder (a match's `records`), through the snapshot's searches.
 *
 * @example const parts = openParts('legisearch.db', { readonly: true }, () => 0)
 */
export function openParts(path: string, options: OpenOptions | undefined, recordsOf: (stakeholderId: string) => number): SnapshotParts {
  const given = checkOptions(openOptionsSchema, options)
  const askedReadonly = given.readonly ?? OPEN_DEFAULTS.readonly
  // Checked before the file is touched: a bad value must not create it.
  const indexName = textIndexName()
  const db = openDatabase(path, askedReadonly, given.busyTimeoutMs ?? OPEN_DEFAULTS.busyTimeoutMs, TEXT_INDEX_UPGRADES)
  // A file this process cannot write is open for reading whatever was asked.
  const guard = new SnapshotGuard(path, db.readonly, askedReadonly, () => db.open)
  let st: Statements
  let rows: DocumentRows
  let index: TextIndex
  try {
    st = new Statements(db)
    rows = new DocumentRows(st)
    const layouts = CORPUS_NAMES.map((name) => layoutOf(corpusOf(name)))
    index = prepareTextIndex(db, st, indexName, layouts, { path, readonly: db.readonly, askedReadonly }, (made, name) =>
      reindexDocuments(rows, made, corpusOf(name as CorpusName)),
    )
  } catch (e) {
    db.close()
    throw e
  }
  const stakeholders = new StakeholderRows(st)
  const monitorRows = new MonitorRows(st)
  const monitors = new Monitors(monitorRows, (write) => immediate(db, write))
  return {
    db,
    st,
    rows,
    index,
    stakeholders,
    monitors,
    searches: new SavedSearches(
      new SavedSearchRows(st),
      monitorRows,
      { rows, index, monitors },
      (write) => immediate(db, write),
      given.webhooks?.allowPrivate ?? OPEN_DEFAULTS.webhooks.allowPrivate,
    ),
    finder: new StakeholderFinder(stakeholders, recordsOf),
    keys: new ApiKeys(new ApiKeyRows(st), (write) => immediate(db, write)),
    screener: new Screener(st),
    guard,
  }
}
