import type { ComparableName, Pairing } from './compare.js'
import type { NameWord } from './normalize.js'
import type { SubjectNameKind } from './subject.js'
import type { VocabularyWord } from './vocabulary.js'
import { compareWords, FIXED, type WordMatch } from './words.js'

/**
 * Candidate generation: the listed names that share a word with the query, each with every
 * pairing of its words with the query's that compareWords allows — the input of scorePairings.
 */

/** One listed name as the index holds it. */
export interface IndexedName {
  readonly subject: number
  readonly kind: SubjectNameKind
  /** The subject is an entity: its names meet the query read as an entity's name. */
  readonly entity: boolean
  readonly name: ComparableName
  /** The vocabulary entry of each word, and of each joined pair. */
  readonly slots: readonly VocabularyWord[]
  readonly joinedSlots: readonly (VocabularyWord | null)[]
}

/** The vocabulary's matches of one query word (or joined pair), `typos` allowed or not. */
export type Lookup = (w: NameWord, typos: boolean) => Map<VocabularyWord, WordMatch>

/** Particles, forms and initials: compared directly in each name found, never looked up. */
function light(w: NameWord): boolean {
  return w.weight < 0.5 || FIXED.has(w.kind)
}

/**
 * The candidate pairings of the query's words with the words of every listed name (of an
 * individual, or of an entity when `entity`) that shares a word with it: each query word that
 * can find a name (weight 0.5 or more) and each two adjacent ones written together are looked up
 * in the vocabulary; then the light words on either side (particles, forms, initials; any word
 * against a listed particle, a slip of it: `abudl` for `abdul`) are compared directly in each
 * name found, each distinct pair of words once per query. The pairings of a name come in a fixed
 * order (looked-up words in query order, then the light ones), which scorePairings' ties follow.
 */
export function candidatePairings(
  query: ComparableName,
  entity: boolean,
  names: readonly IndexedName[],
  lookup: Lookup,
): Map<number, Pairing[]> {
  const out = new Map<number, Pairing[]>()
  const Q = query.name.words
  const add = (qi: number[], qw: NameWord, typos: boolean): void => {
    const how = qi.length > 1 ? 'joined' : null
    for (const [v, m] of lookup(qw, typos)) {
      for (const id of v.names) {
        const n = names[id] as IndexedName
        if (n.entity !== entity) continue
        let edges = out.get(id)
        if (!edges) out.set(id, (edges = []))
        const { slots, joinedSlots } = n
        for (let j = 0; j < slots.length; j++) if (slots[j] === v) edges.push({ q: qi, s: [j], score: m.score, how: how ?? m.how })
        for (let j = 0; j < joinedSlots.length; j++)
          if (joinedSlots[j] === v) edges.push({ q: qi, s: [j, j + 1], score: m.score, how: 'joined' })
      }
    }
  }
  Q.forEach((w, i) => {
    if (w.weight >= 0.5) add([i], w, true)
  })
  query.joined.forEach((w, i) => {
    if (w) add([i, i + 1], w, false)
  })
  // A listed word is one object per distinct word (the vocabulary's), so a comparison made for
  // one name serves every other name holding that word; a query word repeated shares its row.
  const rows = new Map<string, Map<NameWord, WordMatch | null>>()
  const memo = Q.map((qw) => {
    const key = `${qw.text}\u0001${qw.shown}\u0001${qw.kind}\u0001${qw.form}`
    let row = rows.get(key)
    if (!row) rows.set(key, (row = new Map()))
    return row
  })
  const lightQ = Q.map(light)
  for (const [id, edges] of out) {
    const S = (names[id] as IndexedName).name.name.words
    for (let i = 0; i < Q.length; i++) {
      const qw = Q[i] as NameWord
      const row = memo[i] as Map<NameWord, WordMatch | null>
      for (let j = 0; j < S.length; j++) {
        const sw = S[j] as NameWord
        if (!lightQ[i] && !light(sw)) continue
        let m = row.get(sw)
        if (m === undefined) row.set(sw, (m = compareWords(qw, sw)))
        if (m) edges.push({ q: [i], s: [j], score: m.score, how: m.how })
      }
    }
  }
  return out
}
