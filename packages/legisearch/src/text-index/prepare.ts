import { LegisearchError, invalid } from '../common/errors.js'
import { shownPath } from '../common/shown.js'
import { type Db, immediate } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { TEXT_INDEXES, type TextIndexName } from './registry.js'
import type { IndexLayout, TextIndex } from './types.js'

/** How the snapshot was opened, for the refusals of `prepareTextIndex`. */
export interface PrepareAccess {
  /** The snapshot's path, as the caller gave it (shown in messages). */
  readonly path: string
  /** The file is open for reading only (asked, or its permissions). */
  readonly readonly: boolean
  /** `{ readonly: true }` was asked (otherwise a read-only open is the file's permissions). */
  readonly askedReadonly: boolean
}

/**
 * Opens the text index `name` of a snapshot and makes it ready for every layout: a missing index
 * is created and the corpus's records indexed (`reindex`); an index in a layout of an earlier
 * version is dropped and made again (that corpus only); the other implementation's tables go (a
 * file holds one text index). All in one write transaction; read-only, both are refused naming
 * `legisearch upgrade`.
 *
 * @example const index = prepareTextIndex(db, st, 'blocks', layouts, { path, readonly: false, askedReadonly: false }, reindex)
 */
export function prepareTextIndex(
  db: Db,
  st: Statements,
  name: TextIndexName,
  layouts: readonly IndexLayout[],
  access: PrepareAccess,
  reindex: (index: TextIndex, corpus: string) => void,
): TextIndex {
  const index = TEXT_INDEXES[name](db, st)
  const { missing, changed } = index.inspect(layouts)
  if (missing.length === 0 && changed.length === 0) return index
  refuseReadonly(access, missing, changed)
  immediate(db, () => {
    // Looked at again under the write lock: another process opening the file may have made them.
    // A corpus indexed in an earlier layout is indexed again, and only that corpus.
    const stale = index.inspect(layouts).changed
    if (stale.length > 0) index.drop(stale)
    const still = new Set(index.inspect(layouts).missing)
    if (still.size === 0) return
    index.create(layouts.filter((l) => still.has(l.name)))
    // A snapshot holding records of a corpus its index never saw (another index wrote it) gets them
    // indexed, and the other index goes: a file holds one text index, kept by every write.
    for (const layout of layouts) if (still.has(layout.name)) reindex(index, layout.name)
    for (const [other, make] of Object.entries(TEXT_INDEXES)) if (other !== name) make(db, st).drop()
  })
  return index
}

/** The refusals of a read-only open that would need the index made (again). */
function refuseReadonly(access: PrepareAccess, missing: readonly string[], changed: readonly string[]): void {
  if (!access.readonly) return
  const path = shownPath(access.path)
  if (!access.askedReadonly) {
    throw new LegisearchError(
      'forbidden',
      `path: ${path} needs its text index of ${[...changed, ...missing].join(', ')} made again, but it is read-only for this process; make it writable and open it again`,
    )
  }
  if (changed.length > 0) {
    throw invalid(
      `path: ${path} holds the text index of ${changed.join(', ')} in the layout of an earlier version; ` +
        `open it once without readonly to index its records again (legisearch upgrade --snapshot ${path}), or rebuild it`,
    )
  }
  throw invalid(
    `path: ${path} lacks the text index of ${missing.join(', ')} (a file written by an earlier version holds another index); ` +
      `open it once without readonly to index its records (legisearch upgrade --snapshot ${path}), or rebuild it`,
  )
}
