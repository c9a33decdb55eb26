/**
 * The work one search may ask of the text index (issue 22): the limits, in one place, and the error
 * a request over them raises. The unit is the term look-up: each word of each spelling of each
 * phrase opens one term's postings, so a request costs Σ over its phrases (`q`, `keywords.or`,
 * `keywords.and`, `keywords.not`) of (spellings × words). A phrase has one spelling, except in
 * `sensitive` mode (without `keyword`), where each of its words the index holds in two Unicode
 * encodings (composed and decomposed) doubles them.
 *
 * Measured on 2 cores (2026-11-26): an ordinary search asks for a few to a few dozen look-ups
 * (~15 ms); the largest `q` the parser allows (2,000 citation spellings) ~10,500 (120–300 ms);
 * a look-up of a word present in the index costs ~25 µs, so the budget below bounds the worst
 * accepted request to about half a second (README, "Reliability").
 */
import type { TextItem } from './text-query.js'

/** The limits of one search's text, documented in the README ("Reliability"). */
export const WORK_BUDGET = {
  /** Words, phrases and citation spellings one `q` may make (~30 citations, each in all its spellings). */
  phrasesPerQ: 2_000,
  /** Spelling combinations of one phrase: 2^12, so 12 words held in two encodings in one quoted phrase. */
  spellingsPerPhrase: 4_096,
  /**
   * Term look-ups of one search, all its text together (spellings × words, summed over `q` and
   * `keywords`): twice what the largest `q` of citations asks, about 20× an ordinary search's time.
   */
  termsPerSearch: 20_000,
} as const

/**
 * A search whose text asks for more term look-ups than `WORK_BUDGET.termsPerSearch`, with each
 * phrase's share; the caller names the request's parameter (`messageFor`) and turns it into a 400.
 */
export class WorkBudgetExceeded extends Error {
  constructor(
    /** The look-ups counted before stopping (at least the limit + 1). */
    readonly total: number,
    /** Per phrase of the request, its look-ups (spellings × words). */
    readonly costs: ReadonlyMap<TextItem, number>,
    /** Whether some phrase had more than one spelling (sensitive mode over text in two encodings). */
    readonly spelled: boolean,
  ) {
    super(`the search asks the text index for more than ${WORK_BUDGET.termsPerSearch} term look-ups`)
  }

  /**
   * The message naming the request's parameter that asks the most (`keywords.or`, `q`) and its share.
   *
   * @example e.messageFor('keywords.or', 98_304)
   */
  messageFor(parameter: string, share: number): string {
    const why = this.spelled ? '; in sensitive mode each word the index holds both composed and decomposed doubles them' : ''
    const fix = this.spelled
      ? 'search for fewer or shorter phrases, or add keyword to modes (byte-equal words have one spelling each)'
      : 'search for fewer or shorter phrases'
    return (
      `${parameter}: this search asks the text index for more than ${fmt(WORK_BUDGET.termsPerSearch)} term look-ups ` +
      `(each phrase's words × its spellings in the index${why}; ${parameter} asks ${fmt(share)}); ` +
      `at most ${fmt(WORK_BUDGET.termsPerSearch)} per search, q and keywords together: ${fix}`
    )
  }
}

function fmt(n: number): string {
  return n.toLocaleString('en-US')
}
