import { LegisearchError } from '../common/errors.js'

/** What a refusal of a UN list is about: the list itself, or the option that made it refused. */
export type RefusedInput = 'UN list' | 'options.observedOn'

/**
 * A UN list refused (400 `invalid_parameters`), its parts kept apart so a caller words it for its
 * own input without rewriting the message: what is wrong (`fault`), whether nothing was changed,
 * and what `force` would do. Its `message` is the refusal as `reconcileWatchlist` and
 * `parseUnConsolidatedList` say it; {@link ListRefusal.inFile} is the refusal as an ingest says it.
 *
 * @example
 * new ListRefusal('generated 2019-01-01T00:00:00Z, older than the newest list ingested (2020-03-20T19:09:21.822-04:00)', { unchanged: true, forceTo: 'to apply it anyway' }).message
 * // 'UN list: generated …, older than the newest list ingested (…); nothing was changed. Pass { force: true } to apply it anyway'
 */
export class ListRefusal extends LegisearchError {
  /** What is wrong, without the input it is about (`the file is empty`). */
  readonly fault: string
  /** What the refusal is about: the list, or an option. */
  readonly about: RefusedInput
  /** Whether the message says that nothing was changed. */
  readonly unchanged: boolean
  /** How `{ force: true }` would apply the list anyway (`to apply it anyway`), when it would. */
  readonly forceTo: string | undefined

  constructor(fault: string, how: { about?: RefusedInput; unchanged?: boolean; forceTo?: string } = {}) {
    const about = how.about ?? 'UN list'
    super(
      'invalid_parameters',
      `${about}: ${fault}${how.unchanged ? '; nothing was changed' : ''}${forceHint('{ force: true }', how.forceTo)}`,
    )
    this.fault = fault
    this.about = about
    this.unchanged = how.unchanged ?? false
    this.forceTo = how.forceTo
  }

  /**
   * The refusal as said of one file of an ingest (which names the file and says that nothing of the
   * call was written): the fault, with the option it is about unless that is the list itself, and
   * `force` (the ingest's own way to force, e.g. `{ watchlist: { force: true } } (--force)`).
   *
   * @example refusal.inFile('{ watchlist: { force: true } } (--force)') // 'generated …, older than the newest list ingested (…). Pass { watchlist: { force: true } } (--force) to apply it anyway'
   */
  inFile(force = '{ force: true }'): string {
    return `${this.about === 'UN list' ? '' : `${this.about}: `}${this.fault}${forceHint(force, this.forceTo)}`
  }
}

/** `. Pass { force: true } to apply it anyway`, or nothing for a refusal `force` does not lift. */
function forceHint(force: string, forceTo: string | undefined): string {
  return forceTo === undefined ? '' : `. Pass ${force} ${forceTo}`
}
