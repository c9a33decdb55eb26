import type { ComparableName, Pairing } from './compare.js'
import { essentialWords, type WordPotential } from './essential.js'
import { isLight, type LightMatches, type Lookups, type RankedMatch, type WordMatches } from './lookups.js'
import type { NameWord } from './normalize.js'
import type { SubjectNameKind } from './subject.js'
import { GainTally } from './tally.js'
import type { VocabularyWord } from './vocabulary.js'
import { compareWords, type WordMatch } from './words.js'

/**
 * Candidate generation: the listed names that share a word with the query and may reach the cut,
 * each with every pairing of its words with the query's that compareWords allows — the input of
 * scorePairings.
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

/** A query word (weight 0.5 or more), or two adjacent ones written together, with its matches. */
interface QueryUnit {
  /** Indexes of the query's words it stands for. */
  readonly q: readonly number[]
  readonly matches: WordMatches
}

/** A listed name found, with the pairings of its words and the query's, in the order made. */
export interface Candidate {
  readonly id: number
  readonly edges: Pairing[]
  /** The first query unit whose lookups find the name (-1: none), and the rank of its match there. */
  readonly unit: number
  readonly rank: number
}

/** Whether the query's units find `a` before `b`: by unit, by the rank of the match, by the names' order. */
export function foundBefore(a: Candidate, b: Candidate): boolean {
  return a.unit !== b.unit ? a.unit < b.unit : a.rank !== b.rank ? a.rank < b.rank : a.id < b.id
}

/** Shared by every search (the matcher is single-threaded). */
const TALLY = new GainTally()

/** A listed word (or joined pair, `joined`) at `j` that query unit `unit` matches. */
interface SlotHit {
  readonly unit: number
  readonly found: RankedMatch
  readonly joined: boolean
  readonly j: number
}

/**
 * The search of one reading of a query (a person's name or an entity's) among the names of
 * individuals (or of entities, `entity`): each query word weighing 0.5 or more and each two
 * adjacent ones written together find listed words through the vocabulary; the names holding
 * them are the candidates. Light words on either side (particles, forms, initials; any word
 * against a listed particle, a slip of it: `abudl` for `abdul`) are then compared directly in each
 * name found.
 */
export class CandidateSearch {
  /** The query's words weighed, as scorePairings weighs them. */
  readonly weight: number
  private readonly units: QueryUnit[] = []
  /** Each listed word the units match, with the units (in order) that match it. */
  private readonly byListed = new Map<VocabularyWord, { unit: number; found: RankedMatch }[]>()
  private readonly potentials: WordPotential[]
  /** The most one pairing can gain (its score times the weight of its query words). */
  private readonly maxGain: number
  /** The listed light words each query word meets directly (null for a light query word: any). */
  private readonly lightMatches: (LightMatches | null)[]
  /** Light comparisons made, by query word (a repeated word shares its row) and listed word. */
  private readonly light: Map<NameWord, WordMatch | null>[]

  constructor(
    readonly query: ComparableName,
    private readonly entity: boolean,
    private readonly names: readonly IndexedName[],
    lookups: Lookups,
  ) {
    const Q = query.name.words
    Q.forEach((w, i) => {
      if (w.weight >= 0.5) this.units.push({ q: [i], matches: lookups.matches(w, true) })
    })
    query.joined.forEach((w, i) => {
      if (w) this.units.push({ q: [i, i + 1], matches: lookups.matches(w, false) })
    })
    // A light word may meet any listed word; another the listed light words it meets directly.
    this.lightMatches = Q.map((w) => (isLight(w) ? null : lookups.lightMatches(w)))
    this.units.forEach((u, unit) => {
      for (const [v, found] of u.matches.byWord) {
        const list = this.byListed.get(v)
        if (list) list.push({ unit, found })
        else this.byListed.set(v, [{ unit, found }])
      }
    })
    const best = Q.map((w, i) => this.lightMatches[i]?.best ?? 1)
    const postings = Q.map(() => 0)
    let maxGain = 0
    for (const u of this.units) {
      maxGain = Math.max(maxGain, u.matches.best * u.q.reduce((sum, i) => sum + (Q[i] as NameWord).weight, 0))
      for (const i of u.q) best[i] = Math.max(best[i] as number, u.matches.best)
      if (u.q.length === 1) postings[u.q[0] as number] = u.matches.postings
    }
    this.potentials = Q.map((w, i) => {
      const light = isLight(w)
      return {
        most: w.weight * (best[i] as number),
        unfound: light ? w.weight : 0,
        postings: postings[i] as number,
        light,
      }
    })
    this.weight = Q.reduce((sum, w) => sum + w.weight, 0)
    this.maxGain = Math.max(maxGain, ...this.potentials.map((p) => p.most))
    const rows = new Map<string, Map<NameWord, WordMatch | null>>()
    this.light = Q.map((w) => {
      const key = `${w.text}\u0001${w.shown}\u0001${w.kind}\u0001${w.form}`
      let row = rows.get(key)
      if (!row) rows.set(key, (row = new Map()))
      return row
    })
  }

  /**
   * Every listed name of the right kind that shares a word with the query and may gain `needed`
   * (weight times score: bound.ts), each with the most it may gain: the sum, over the query's
   * units whose lookups hold one of its words, of their best gain, plus the weight of the light
   * query words, and no more than maxGain per listed word (each pairing holds one of its own).
   * Names are met only through the essential words (essential.ts); the other words' lookups
   * add to the names met. A name met only through a listed light word is among them;
   * pairingsOf tells it apart.
   */
  find(needed: number): { id: number; most: number }[] {
    const essential = essentialWords(this.potentials, needed)
    const Q = this.query.name.words
    // The units are walked by their lookups, once for all their repeats in the query (gaining
    // their weights together): the essential ones meet the names, the others add to those met.
    const groups = new Map<WordMatches, { weight: number; essential: boolean }>()
    for (const u of this.units) {
      const group = groups.get(u.matches) ?? { weight: 0, essential: false }
      group.weight += u.q.reduce((sum, i) => sum + (Q[i] as NameWord).weight, 0)
      group.essential ||= u.q.some((i) => essential[i])
      groups.set(u.matches, group)
    }
    const tally = TALLY
    tally.begin(this.names.length)
    let unit = 0
    const walk = (v: VocabularyWord, gain: number, metOnly: boolean): void => {
      for (const id of v.names) if ((this.names[id] as IndexedName).entity === this.entity) tally.add(id, unit, gain, metOnly)
    }
    for (const pass of [true, false]) {
      for (const [matches, { weight, essential }] of groups) {
        if (essential !== pass) continue
        for (const [v, { match }] of matches.byWord) walk(v, match.score * weight, !pass)
        unit++
      }
      // A word also meets the listed light words (`m` for `mohammed`): a name found by the
      // other words only may gain an essential word so.
      this.lightMatches.forEach((light, i) => {
        if (!light || essential[i] !== pass) return
        for (const v of light.words) walk(v, light.best * (Q[i] as NameWord).weight, !pass)
        unit++
      })
    }
    // Light query words meet any listed word.
    const floor = this.potentials.reduce((sum, p) => sum + (p.light ? p.most : 0), 0)
    const out: { id: number; most: number }[] = []
    for (const id of tally.touched) {
      const most = Math.min(tally.sum(id) + floor, (this.names[id] as IndexedName).slots.length * this.maxGain)
      if (most >= needed) out.push({ id, most })
    }
    return out
  }

  /**
   * The pairings of one listed name's words with the query's, in the order made, with where the
   * query's units first find the name (the first unit, the rank of its match; unit -1: none does,
   * the name is no candidate) — the order that settles ties.
   */
  pairingsOf(id: number): Candidate {
    const n = this.names[id] as IndexedName
    const hits: SlotHit[] = []
    n.slots.forEach((slot, j) => {
      for (const { unit, found } of this.byListed.get(slot) ?? []) hits.push({ unit, found, joined: false, j })
    })
    n.joinedSlots.forEach((slot, j) => {
      if (slot) for (const { unit, found } of this.byListed.get(slot) ?? []) hits.push({ unit, found, joined: true, j })
    })
    // As the query's units found them: by unit, by the order of its matches, the name's words
    // before its joined pairs.
    hits.sort((a, b) => a.unit - b.unit || a.found.rank - b.found.rank || Number(a.joined) - Number(b.joined) || a.j - b.j)
    const edges: Pairing[] = hits.map(({ unit, found, joined, j }) => {
      const q = (this.units[unit] as QueryUnit).q
      return { q, s: joined ? [j, j + 1] : [j], score: found.match.score, how: joined || q.length > 1 ? 'joined' : found.match.how }
    })
    const Q = this.query.name.words
    const S = n.name.name.words
    const lightS = S.map(isLight)
    for (let i = 0; i < Q.length; i++) {
      const qw = Q[i] as NameWord
      const row = this.light[i] as Map<NameWord, WordMatch | null>
      const lightQuery = this.lightMatches[i] === null
      for (let j = 0; j < S.length; j++) {
        const sw = S[j] as NameWord
        if (!lightQuery && !lightS[j]) continue
        let m = row.get(sw)
        if (m === undefined) row.set(sw, (m = compareWords(qw, sw)))
        if (m) edges.push({ q: [i], s: [j], score: m.score, how: m.how })
      }
    }
    return { id, edges, unit: hits[0]?.unit ?? -1, rank: hits[0]?.found.rank ?? 0 }
  }
}
