/**
 * The work one search may ask of the text index (issue 22): the limits, in one place, and the error
 * a request over them raises. Two measures, both counted before the search runs:
 * - term look-ups: each word of each spelling of each phrase opens one term's postings, so a
 *   request costs Σ over its phrases (`q`, `keywords.or`, `keywords.and`, `keywords.not`) of
 *   (spellings × words). A phrase has one spelling, except in `sensitive` mode (without
 *   `keyword`), where each of its words the index holds in two Unicode encodings (composed and
 *   decomposed) doubles them;
 * - postings (block index): each spelling's words × the documents holding its rarest word.
 *
 * Measured on 2 cores (2026-11-26): the largest `q` the parser allows (2,000 citation spellings,
 * ~10,500 look-ups) takes 0.4–0.7 s; the worst request accepted ~1 s in 5,024 notices and 1.5 s in
 * 50,024, against 0.1–0.15 s for an ordinary two-word phrase (README, "Reliability").
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
  /**
   * Postings one search may read, estimated before it runs (block index): Σ over its phrases'
   * spellings of (words × the document count of the spelling's rarest word: the documents where
   * every word's positions are compared), at most this many per document of the corpus. A posting
   * compared so costs ~1–3 µs (2 cores); a single word's postings, only read, count `wordPosting`
   * each (~0.4 µs). So a search may cost at most 32 times a word found in every document counted
   * as a phrase word (16 times a two-word phrase of such words); a `keywords.or` of 100 single
   * words found in every document counts 25 per document and passes. A term's document count is
   * its segments' dictionaries', deleted documents included until a merge drops them, while the
   * limit counts live documents: after many records are replaced, an estimate may run up to
   * twice high until their segments merge (the merge policy keeps that short).
   */
  postingsPerDocument: 32,
  /** …and at least this many whatever the corpus's size (~0.5 s in the worst case measured). */
  postingsAtLeast: 250_000,
  /** What a posting of a one-word spelling counts (read, no positions compared). */
  wordPosting: 0.25,
} as const

/**
 * The postings a search may read in a corpus of `documents` documents (`WORK_BUDGET`).
 *
 * @example postingsLimit(50_000) // 1_600_000
 */
export function postingsLimit(documents: number): number {
  return Math.max(WORK_BUDGET.postingsAtLeast, WORK_BUDGET.postingsPerDocument * documents)
}

/**
 * Estimates the postings a search's phrases read (each spelling: its words × the document count
 * of its rarest word; a single word's postings at `wordPosting` each) and raises
 * `WorkBudgetExceeded` over `postingsLimit(documents)`.
 *
 * @example checkPostings(new Map([[item, [['acao', 'publica']]]]), (t) => dfOf(t), 50_000)
 */
export function checkPostings(
  spellings: ReadonlyMap<TextItem, readonly (readonly string[])[]>,
  documentsOf: (term: string) => number,
  documents: number,
): void {
  const limit = postingsLimit(documents)
  const known = new Map<string, number>()
  const df = (t: string) => {
    let n = known.get(t)
    if (n === undefined) known.set(t, (n = documentsOf(t)))
    return n
  }
  const costs = new Map<TextItem, number>()
  let total = 0
  let spelled = false
  for (const [item, combos] of spellings) {
    if (combos.length > 1) spelled = true
    let cost = 0
    for (const terms of combos) {
      let rarest = Infinity
      for (const t of terms) rarest = Math.min(rarest, df(t))
      if (terms.length === 1) cost += Math.ceil(WORK_BUDGET.wordPosting * rarest)
      else if (terms.length > 1) cost += terms.length * rarest
    }
    costs.set(item, cost)
    total += cost
  }
  if (total > limit) throw new WorkBudgetExceeded('postings', limit, total, costs, spelled)
}

/**
 * A search whose text asks for more work than the budget allows: more term look-ups than
 * `termsPerSearch`, or more postings than `postingsLimit`, with each phrase's share; the caller
 * names the request's parameter (`messageFor`) and turns it into a 400.
 */
export class WorkBudgetExceeded extends Error {
  constructor(
    /** What was over: term look-ups (spellings × words) or the postings estimate. */
    readonly unit: 'terms' | 'postings',
    /** The most allowed, in `unit`. */
    readonly limit: number,
    /** What the search asks, in `unit`. */
    readonly total: number,
    /** Per phrase of the request, its share. */
    readonly costs: ReadonlyMap<TextItem, number>,
    /** Whether some phrase had more than one spelling (sensitive mode over text in two encodings). */
    readonly spelled: boolean,
  ) {
    super(`the search asks the text index for ${total} ${unit === 'terms' ? 'term look-ups' : 'postings'} (at most ${limit})`)
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
    if (this.unit === 'postings') {
      return (
        `${parameter}: this search would read about ${fmt(this.total)} postings of the text index ` +
        `(each phrase's words × the documents holding its rarest word, for each of its spellings${why}; ${parameter} asks ${fmt(share)}); ` +
        `at most ${fmt(this.limit)} in this corpus, q and keywords together: ${fix}, or include a rarer word in each phrase`
      )
    }
    return (
      `${parameter}: this search asks the text index for ${fmt(this.total)} term look-ups ` +
      `(each phrase's words × its spellings in the index${why}; ${parameter} asks ${fmt(share)}); ` +
      `at most ${fmt(this.limit)} per search, q and keywords together: ${fix}`
    )
  }
}

function fmt(n: number): string {
  return n.toLocaleString('en-US')
}
