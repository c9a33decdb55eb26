import { koreanKey } from './korean.js'
import type { NameWord } from './normalize.js'
import { compareWords, editBudget, FIXED, MIN_WORD_SCORE, type WordMatch } from './words.js'
import { osaDistance, withinOneEdit } from './similarity.js'

/**
 * The distinct words of the listed names (and of each two adjacent words written together), with
 * the lookups that find, for a query word, every listed word compareWords would pair it with —
 * without comparing it to all of them: the same text, the same collapsed form, the same skeleton,
 * and for typos a count of shared letter pairs (an edit destroys at most three of a word's
 * padded letter pairs, so a word within the edit budget shares all but 3 × budget of them).
 * Words from scripts without short vowels are found by a scan of the distinct skeletons.
 */

/** One distinct listed word. */
export interface VocabularyWord {
  readonly id: number
  readonly word: NameWord
  /** Indexes of the listed names holding it (ascending). */
  names: number[]
}

/**
 * The key of a word in the vocabulary: its text, with its form, kind and joining when not a
 * plain word, and a particle's spelling as written (a slip is judged against it: `abudl`, `abdul`).
 */
export function wordKey(w: NameWord): string {
  if (w.form === 'plain' && !w.joined && w.kind === 'word') return w.text
  return `${w.text}\u0001${w.form}${w.joined ? '+' : ''}${w.kind}${FIXED.has(w.kind) ? `\u0001${w.shown}` : ''}`
}

function bigrams(s: string): string[] {
  const p = `^${s}$`
  const out = new Set<string>()
  for (let i = 0; i + 1 < p.length; i++) out.add(p.slice(i, i + 2))
  return [...out]
}

/** Distinct listed words and the lookups over them. */
export class Vocabulary {
  readonly words: VocabularyWord[] = []
  private readonly byKey = new Map<string, VocabularyWord>()
  private readonly byCollapsed = new Map<string, VocabularyWord[]>()
  private readonly bySkeleton = new Map<string, VocabularyWord[]>()
  private readonly byBigram = new Map<string, number[] | Int32Array>()
  /** Words written without short vowels (original-script names), by skeleton and by each skeleton less one letter. */
  private readonly vowellessBySkeleton = new Map<string, VocabularyWord[]>()
  private readonly vowellessByDeletion = new Map<string, VocabularyWord[]>()
  /** Short Latin words by their Korean key, made at the first Hangul query. */
  private byKoreanKey: Map<string, VocabularyWord[]> | null = null
  private seen = new Uint32Array(0)
  private stamp = 0

  /**
   * Adds a word of the listed name `name`; returns its entry. A joined pair (`typos: false`) is
   * found by its text, collapsed form and skeleton, not by shared letter pairs.
   */
  add(word: NameWord, name: number, typos = true): VocabularyWord {
    const key = wordKey(word)
    let entry = this.byKey.get(key)
    if (!entry) {
      entry = { id: this.words.length, word, names: [] }
      this.words.push(entry)
      this.byKey.set(key, entry)
      push(this.byCollapsed, word.collapsed, entry)
      push(this.bySkeleton, word.skeleton, entry)
      if (word.form === 'vowelless') {
        push(this.vowellessBySkeleton, word.skeleton, entry)
        for (const d of deletions(word.skeleton)) push(this.vowellessByDeletion, d, entry)
      } else if (typos) {
        for (const b of bigrams(word.collapsed)) {
          const ids = this.byBigram.get(b)
          if (Array.isArray(ids)) ids.push(entry.id)
          else this.byBigram.set(b, ids ? [...ids, entry.id] : [entry.id])
        }
      }
    }
    if (entry.names[entry.names.length - 1] !== name) entry.names.push(name)
    return entry
  }

  /**
   * Every listed word compareWords pairs with `q` (score ≥ MIN_WORD_SCORE), with the match.
   *
   * @example vocabulary.lookup(makeWord('seif', 'word', false)) // Map { <saif> => { score: 0.92, how: 'variant' } }
   */
  lookup(q: NameWord, typos = true): Map<VocabularyWord, WordMatch> {
    const out = new Map<VocabularyWord, WordMatch>()
    const consider = (v: VocabularyWord): void => {
      if (out.has(v)) return
      const m = compareWords(q, v.word)
      if (m && m.score >= MIN_WORD_SCORE) out.set(v, m)
    }
    if (q.form === 'hangul') for (const v of this.koreanKeys().get(koreanKey(q.text)) ?? []) consider(v)
    for (const v of this.byCollapsed.get(q.collapsed) ?? []) consider(v)
    for (const v of this.bySkeleton.get(q.skeleton) ?? []) consider(v)
    if (q.skeleton.length >= 3) {
      // Skeletons one edit apart: the comparison of words written without short vowels.
      // Skeletons one edit apart: how words written without short vowels are compared. A Latin
      // word looks among those words only (a skeleton less one letter meets the listed skeleton
      // or one of its own less one letter); a vowelless one scans all.
      if (q.form === 'vowelless') {
        for (const [sk, entries] of this.bySkeleton) {
          if (Math.abs(sk.length - q.skeleton.length) > 1 || sk === q.skeleton) continue
          if (osaDistance(sk, q.skeleton, 1) <= 1) for (const v of entries) consider(v)
        }
      } else {
        for (const v of this.vowellessByDeletion.get(q.skeleton) ?? []) consider(v)
        for (const d of deletions(q.skeleton)) {
          for (const v of this.vowellessBySkeleton.get(d) ?? []) consider(v)
          for (const v of this.vowellessByDeletion.get(d) ?? []) consider(v)
        }
      }
    }
    if (typos && q.form !== 'vowelless') this.typos(q, consider)
    return out
  }

  /**
   * Candidates within the edit budget, by shared letter pairs: a word within e edits of the
   * query's word misses at most 3e of its padded letter pairs, so it holds at least one of any
   * 3e + 1 of them — the rarest are walked, and each word found is checked by its distance.
   */
  private typos(q: NameWord, consider: (v: VocabularyWord) => void): void {
    const qc = q.collapsed
    if (qc.length < 3) return
    if (this.seen.length < this.words.length) this.seen = new Uint32Array(this.words.length + 1024)
    const stamp = ++this.stamp
    const seen = this.seen
    const most = maxEdits(qc.length + 2)
    const histogram = new Int16Array(128)
    for (let i = 0; i < qc.length; i++) {
      const c = qc.charCodeAt(i) & 127
      histogram[c] = (histogram[c] as number) + 1
    }
    const lists = bigrams(qc)
      .map((g) => this.byBigram.get(g) ?? [])
      .sort((a, b) => a.length - b.length)
      .slice(0, 3 * most + 1)
    for (const ids of lists) {
      for (const id of ids) {
        if (seen[id] === stamp) continue
        seen[id] = stamp
        const vc = (this.words[id] as VocabularyWord).word.collapsed
        const edits = maxEdits(Math.max(qc.length, vc.length))
        if (edits === 0 || Math.abs(qc.length - vc.length) > edits) continue
        if (edits === 1 ? !withinOneEdit(qc, vc) : !lettersWithin(histogram, qc, vc, 2 * edits) || osaDistance(qc, vc, edits) > edits)
          continue
        consider(this.words[id] as VocabularyWord)
      }
    }
  }

  /** Trims every list to its length once all words are in (arrays grow with room to spare). */
  compact(): void {
    for (const v of this.words) v.names = v.names.slice()
    for (const map of [this.byCollapsed, this.bySkeleton, this.vowellessBySkeleton, this.vowellessByDeletion]) {
      for (const [k, list] of map) map.set(k, list.slice())
    }
    for (const [k, ids] of this.byBigram) this.byBigram.set(k, Int32Array.from(ids))
    this.byKoreanKey = null
  }

  private koreanKeys(): Map<string, VocabularyWord[]> {
    if (!this.byKoreanKey) {
      this.byKoreanKey = new Map()
      for (const v of this.words) if (v.word.form === 'plain' && v.word.text.length <= 10) push(this.byKoreanKey, koreanKey(v.word.text), v)
    }
    return this.byKoreanKey
  }

  /** Approximate bytes held by the vocabulary's words and lookups. */
  get bytes(): number {
    // V8's sizes, roughly: a word object and its entry ~200 bytes, a string ~24 + its letters,
    // a list ~32 + 8 per item, a map entry ~40 (with its key string and list counted apart).
    let b = 0
    for (const v of this.words) {
      const w = v.word
      b += 200 + 4 * 24 + w.text.length + w.shown.length + w.collapsed.length + w.skeleton.length + 32 + 8 * v.names.length
    }
    for (const ids of this.byBigram.values()) b += 100 + 4 * ids.length
    for (const map of [this.byCollapsed, this.bySkeleton, this.vowellessBySkeleton, this.vowellessByDeletion]) {
      for (const [k, list] of map) b += 40 + 24 + k.length + 32 + 8 * list.length
    }
    return b + 40 * this.byKey.size
  }
}

const counts = new Int16Array(128)

/**
 * Whether a word's letters differ from the query's (`histogram`: the query's letter counts) by at
 * most `limit` letters counted both ways — a cheap test before the distance, as one edit changes
 * that count by two at most. The difference is twice the word's letters in excess of the query's
 * plus the difference in length.
 */
function lettersWithin(histogram: Int16Array, query: string, word: string, limit: number): boolean {
  let excess = 0
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) & 127
    const n = (counts[c] as number) + 1
    counts[c] = n
    if (n > (histogram[c] as number)) excess++
  }
  for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) & 127] = 0
  return 2 * excess + query.length - word.length <= limit
}

/** Edits a word of this length may carry and still score MIN_WORD_SCORE (1 - edits / length). */
function maxEdits(length: number): number {
  return Math.min(editBudget(length), Math.floor((1 - MIN_WORD_SCORE) * length + 1e-9))
}

/** A word less one of its letters, each way (the symmetric-deletion neighbours of one edit). */
function deletions(s: string): string[] {
  const out: string[] = []
  for (let i = 0; i < s.length; i++) out.push(s.slice(0, i) + s.slice(i + 1))
  return out
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
