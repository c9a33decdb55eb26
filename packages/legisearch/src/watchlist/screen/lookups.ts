import type { NameWord } from './normalize.js'
import type { Vocabulary, VocabularyWord } from './vocabulary.js'
import { compareWords, FIXED, type WordMatch } from './words.js'

/**
 * A query word's counterparts in the vocabulary, remembered across queries (a batch repeats its
 * words: `mohammed`, `al`, `abdul`).
 */

/** A listed word a query word matches, and in which order the vocabulary found it. */
export interface RankedMatch {
  readonly match: WordMatch
  /** Its place among the query word's matches: the order its pairings are made in. */
  readonly rank: number
}

/** Every listed word one query word (or joined pair) matches. */
export interface WordMatches {
  readonly byWord: ReadonlyMap<VocabularyWord, RankedMatch>
  /** The best score of any of them (0 when none). */
  readonly best: number
  /** How many listed names hold one of them, counted with repeats: the work of walking them. */
  readonly postings: number
}

/** Particles, forms and initials: compared directly with every word of a name found, never looked up. */
export function isLight(w: NameWord): boolean {
  return w.kind !== 'word' && (w.weight < 0.5 || FIXED.has(w.kind))
}

/** Entries remembered of each kind before the memory is cleared (a batch rarely holds as many distinct words). */
const REMEMBERED = 20_000

/** The vocabulary's answers for query words, remembered. */
export class Lookups {
  private readonly found = new Map<string, WordMatches>()
  private readonly direct = new Map<string, WordMatches>()
  /** The listed words (not joined pairs), and the light ones among them. */
  private readonly plainWords: readonly VocabularyWord[]
  private readonly lightWords: readonly VocabularyWord[]

  constructor(private readonly vocabulary: Vocabulary) {
    this.plainWords = vocabulary.words.filter((v) => !v.word.joined)
    this.lightWords = this.plainWords.filter((v) => isLight(v.word))
  }

  /** The listed words (or joined pairs, `typos` false) compareWords pairs with `w`. */
  matches(w: NameWord, typos: boolean): WordMatches {
    const key = `${w.form}${w.joined ? '+' : ''}${typos ? '' : '-'}${w.kind}:${w.text}${FIXED.has(w.kind) ? `:${w.shown}` : ''}`
    let hit = this.found.get(key)
    if (!hit) {
      const byWord = new Map<VocabularyWord, RankedMatch>()
      let best = 0
      let postings = 0
      for (const [v, match] of this.vocabulary.lookup(w, typos)) {
        byWord.set(v, { match, rank: byWord.size })
        best = Math.max(best, match.score)
        postings += v.names.length
      }
      hit = { byWord, best, postings }
      if (this.found.size >= REMEMBERED) this.found.clear()
      this.found.set(key, hit)
    }
    return hit
  }

  /**
   * The listed words a query word is compared with directly, in every name found, and meets: all
   * listed words for a light query word, the light ones for another (a slip of a particle:
   * `abudl`; an initial: `m` for `mohammed`). Made by comparing it with each, once: the light
   * words are a closed set (particles, forms, initials as spelt), so are their scans.
   */
  directMatches(w: NameWord): WordMatches {
    const key = `${w.form}${w.kind}:${w.text}:${w.shown}`
    let hit = this.direct.get(key)
    if (!hit) {
      const byWord = new Map<VocabularyWord, RankedMatch>()
      let best = 0
      let postings = 0
      for (const v of isLight(w) ? this.plainWords : this.lightWords) {
        const match = compareWords(w, v.word)
        if (!match) continue
        byWord.set(v, { match, rank: byWord.size })
        best = Math.max(best, match.score)
        postings += v.names.length
      }
      hit = { byWord, best, postings }
      if (this.direct.size >= REMEMBERED) this.direct.clear()
      this.direct.set(key, hit)
    }
    return hit
  }
}
