import { LegisearchError } from '../common/errors.js'
import { CORPUS_NAMES, corpusOf } from '../corpora/registry.js'
import { type Db, immediate } from '../store/database.js'
import { damageOf, damageText, fromDriverError, guarded } from '../store/driver-error.js'
import type { DocumentRows } from '../store/documents.js'
import type { TextIndex } from '../text-index/types.js'
import { layoutOf } from './documents.js'
import type { SnapshotGuard } from './snapshot-guard.js'

/** What `checkIntegrity` reads. */
export interface IntegrityDeps {
  readonly db: Db
  readonly path: string
  readonly rows: DocumentRows
  readonly index: TextIndex
  readonly guard: SnapshotGuard
}

/**
 * `snap.checkIntegrity()`: SQLite's own check, the record counters, the text index's check per
 * corpus, orphan rows, records that do not decode. Damage a check meets is a problem found, not an error; the first damage
 * found is remembered on the guard (writes are refused from then on).
 *
 * @example checkIntegrity({ db, path, rows, index, guard }) // { ok: true, problems: [] }
 */
export function checkIntegrity({ db, path, rows, index, guard }: IntegrityDeps): { ok: boolean; problems: string[] } {
  const problems: string[] = []
  /** Runs one check; damage it meets is a problem found, not an error. */
  const check = (what: string, fn: () => string[]): void => {
    try {
      problems.push(...guarded(path, fn))
    } catch (e) {
      const damage = e instanceof LegisearchError ? damageOf(e) : undefined
      if (damage === undefined) throw e
      problems.push(`${what}: ${damage}`)
    }
  }
  check('sqlite quick_check', () => {
    const quick = db.pragma('quick_check', { simple: true }) as string
    return quick === 'ok' ? [] : [`sqlite quick_check: ${quick}`]
  })
  if (problems.length > 0) guard.damage ??= damageText(problems[0] as string)
  let counted = new Map<string, number>()
  check('record counts', () => ((counted = rows.counts()), []))
  for (const name of CORPUS_NAMES) {
    check(`${name} counters`, () => rows.counterProblems(name))
    const layout = layoutOf(corpusOf(name))
    const documents = counted.get(name) ?? 0
    // FTS5's own check is a write command: under the write lock, so another writer cannot make it
    // fail; on a file known damaged (or read-only) it runs without it.
    check(`${name} text index`, () => {
      if (guard.readonly || guard.damage !== undefined) return index.problems(layout, documents, false)
      try {
        return immediate(db, () => index.problems(layout, documents, true))
      } catch (e) {
        // The write lock not to be had (another writer, a file another user's connection left
        // read-only): the check without it, which reports rather than throws.
        const mapped = fromDriverError(e, path)
        const code = mapped instanceof LegisearchError ? mapped.code : undefined
        if (code !== 'busy' && code !== 'forbidden') throw mapped
        return index.problems(layout, documents, false)
      }
    })
  }
  check('orphan rows', () => rows.orphanProblems())
  check('date columns', () => rows.dateProblems())
  check('stored records', () => rows.decodeProblems())
  return { ok: problems.length === 0, problems }
}
