import { fold } from './fold.js'
import { stem } from './stem.js'

/**
 * How a query word matches a document word (DECISIONS §4). Each mode has its own token stream in
 * the index, so every mode and every phrase is answered by the index.
 * - `default`: case and accent folding plus light Portuguese stemming.
 * - `keyword`: case and accent folding only.
 * - `sensitive`: words as written: case and accents kept, no stemming. The stream holds the words'
 *   bytes; `sensitive` alone also takes canonically equivalent spellings as equal (a composed `á`
 *   = `a` + U+0301, by Unicode NFC), `sensitive,keyword` wants the same bytes (see `canonicalOf`).
 */
export type MatchMode = 'default' | 'keyword' | 'sensitive'

export const MATCH_MODES: readonly MatchMode[] = ['default', 'keyword', 'sensitive']

/** The mode a request's `modes` set selects. */
export function matchModeOf(modes: ReadonlySet<string>): MatchMode {
  if (modes.has('sensitive')) return 'sensitive'
  if (modes.has('keyword')) return 'keyword'
  return 'default'
}

/**
 * Whether a request's `modes` compares words canonically: `sensitive` alone does ("equal with case
 * and accents as written", however the accents are encoded), `sensitive,keyword` does not ("byte-
 * equal words as written"). The other modes fold accents away, so the question does not arise.
 */
export function canonicalOf(modes: ReadonlySet<string>): boolean {
  return modes.has('sensitive') && !modes.has('keyword')
}

/**
 * Whether a word is not in Unicode NFC, i.e. has another, canonically equivalent spelling in the
 * index's `sensitive` stream. Every character below U+0300 is NFC-stable, so the common case costs a
 * scan of char codes and no normalization.
 */
export function isDenormalized(word: string): boolean {
  let high = false
  for (let i = 0; i < word.length && !high; i++) high = word.charCodeAt(i) >= 0x300
  return high && word.normalize('NFC') !== word
}

/**
 * The `sensitive` term of a word's NFC spelling: the key its canonically equivalent spellings
 * share. Kept per word like `termOf`'s terms (decomposed text repeats its words too).
 */
export function canonicalTerm(word: string): string {
  return remembered(word, 'canonical')
}

/**
 * The index term of one word under a mode. The default term is a function of the folded word, so
 * accents and case never change what a word finds.
 *
 * @example termOf('Tributárias', 'default') // 'tributari'
 * @example termOf('Tributárias', 'keyword') // 'tributarias'
 */
export function termOf(word: string, mode: MatchMode): string {
  return remembered(word, mode)
}

/** A word's terms in every mode, and the `sensitive` term of its NFC spelling when it is not in NFC (else undefined). */
export interface WordTerms {
  readonly default: string
  readonly keyword: string
  readonly sensitive: string
  readonly canonical: string | undefined
}

/**
 * Every term of a word at once (what indexing a document needs of each of its words): one cache
 * look-up instead of one per mode, kept like `termOf`'s terms.
 *
 * @example wordTerms('Tributárias') // { default: 'tributari', keyword: 'tributarias', sensitive: '\ue054ributárias', canonical: undefined }
 */
export function wordTerms(word: string): WordTerms {
  let terms = word.length > TERM_CACHE_MAX_WORD ? undefined : WORD_TERMS.get(word)
  if (terms === undefined) {
    terms = {
      default: termOf(word, 'default'),
      keyword: termOf(word, 'keyword'),
      sensitive: termOf(word, 'sensitive'),
      canonical: isDenormalized(word) ? canonicalTerm(word) : undefined,
    }
    if (word.length <= TERM_CACHE_MAX_WORD) {
      if (WORD_TERMS.size >= TERM_CACHE_LIMIT) WORD_TERMS.clear()
      WORD_TERMS.set(word, terms)
    }
  }
  return terms
}

/** What a word's term is cached for: a match mode, or the `sensitive` term of its NFC spelling. */
type TermKind = MatchMode | 'canonical'

/** A word's term of one kind, from the cache or computed and kept (long words: computed every time). */
function remembered(word: string, kind: TermKind): string {
  if (word.length > TERM_CACHE_MAX_WORD) return computeTerm(word, kind)
  const cache = TERM_CACHE[kind]
  let term = cache.get(word)
  if (term === undefined) {
    term = computeTerm(word, kind)
    if (cache.size >= TERM_CACHE_LIMIT) cache.clear()
    cache.set(word, term)
  }
  return term
}

/**
 * Words recur (a language has far fewer distinct words than a corpus has tokens), and folding and
 * stemming cost regular expressions and Unicode normalization per word, so the terms of recently
 * seen words are kept: indexing a 3 KB act makes ~1,300 term look-ups, nearly all hits. Bounded
 * (cleared when full, long words never kept) so a stream of distinct words cannot grow memory.
 */
const TERM_CACHE_LIMIT = 50_000
/** Longer words (rare: codes, runs of digits) are not kept, so the cache stays a few MB at most. */
const TERM_CACHE_MAX_WORD = 40
const TERM_CACHE: Record<TermKind, Map<string, string>> = {
  default: new Map(),
  keyword: new Map(),
  sensitive: new Map(),
  canonical: new Map(),
}

const WORD_TERMS = new Map<string, WordTerms>()

function computeTerm(word: string, kind: TermKind): string {
  switch (kind) {
    case 'default':
      return stem(fold(word))
    case 'keyword':
      return fold(word)
    case 'sensitive':
      return encodeSensitive(word)
    case 'canonical':
      return termOf(isDenormalized(word) ? word.normalize('NFC') : word, 'sensitive')
  }
}

/**
 * The index's tokenizer (FTS5 `ascii`) folds ASCII capitals and keeps every non-ASCII character
 * as written. To keep case in the `sensitive` stream, each ASCII capital is moved to the Private
 * Use Area (U+E000 + code), which no real text uses and the tokenizer leaves alone.
 */
function encodeSensitive(word: string): string {
  let out = ''
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    out += c >= 65 && c <= 90 ? String.fromCharCode(0xe000 + c) : word[i]
  }
  return out
}

/** The word a `sensitive` term was made from (the inverse of `encodeSensitive`). */
export function decodeSensitive(term: string): string {
  let out = ''
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i)
    out += c >= 0xe041 && c <= 0xe05a ? String.fromCharCode(c - 0xe000) : term[i]
  }
  return out
}
