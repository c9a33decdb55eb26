import type { ComparableName, Pairing } from './compare.js'
import { essentialWords, type WordPotential } from './essential.js'
import { isLight, type Lookups, type RankedMatch, type WordMatches } from './lookups.js'
import type { NameWord } from './normalize.js'
import type { SubjectNameKind } from './subject.js'
import { GainTally } from './tally.js'
import type { VocabularyWord } from './vocabulary.js'

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
export interface FoundName {
  readonly id: number
  readonly edges: Pairing[]
  /** The first query unit whose lookups find the name (-1: none), and the rank of its match there. */
  readonly unit: number
  readonly rank: number
}

/** Whether the query's units find `a` before `b`: by unit, by the rank of the match, by the names' order. */
export function foundBefore(a: FoundName, b: FoundName): boolean {
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
  /** The listed words each query word is compared with directly and meets (lookups.ts). */
  private readonly direct: WordMatches[]
  private readonly potentials: WordPotential[]
  /** The most one pairing can gain (its score times the weight of its query words). */
  private readonly maxGain: number

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
    this.units.forEach((u, unit) => {
      for (const [v, found] of u.matches.byWord) {
        const list = this.byListed.get(v)
        if (list) list.push({ unit, found })
        else this.byListed.set(v, [{ unit, found }])
      }
    })
    this.direct = Q.map((w) => lookups.directMatches(w))
    const best = this.direct.map((d) => d.best)
    const postings = this.direct.map((d) => d.postings)
    let maxGain = 0
    for (const u of this.units) {
      maxGain = Math.max(maxGain, u.matches.best * this.weightOf(u.q))
      for (const i of u.q) best[i] = Math.max(best[i] as number, u.matches.best)
      if (u.q.length === 1) postings[u.q[0] as number] = (postings[u.q[0] as number] as number) + u.matches.postings
    }
    this.potentials = Q.map((w, i) => ({ most: w.weight * (best[i] as number), postings: postings[i] as number }))
    this.weight = this.weightOf(Q.map((_, i) => i))
    this.maxGain = Math.max(maxGain, ...this.potentials.map((p) => p.most))
  }

  /**
   * Every listed name of the right kind that shares a word with the query and may gain `needed`
   * (weight times score: bound.ts), each with the most it may gain: the sum, over the query's
   * units and words whose matches it holds, of their best gain there, and no more than maxGain
   * per listed word (each pairing holds one of its own). Names are met only through the
   * essential words (essential.ts); the other words' matches add to the names met. A name no
   * unit finds (met through a word's direct matches alone) is no candidate.
   */
  find(needed: number): { id: number; most: number }[] {
    const essential = essentialWords(this.potentials, needed)
    // Each set of matches is walked once for all its repeats in the query (gaining their weights
    // together): the essential ones meet the names, the others add to those met. Only a unit's
    // matches make a name a candidate (`finds`), as scoring every name found would.
    const groups = new Map<WordMatches, { weight: number; essential: boolean; finds: boolean }>()
    const group = (matches: WordMatches, q: readonly number[], finds: boolean): void => {
      const g = groups.get(matches) ?? { weight: 0, essential: false, finds }
      g.weight += this.weightOf(q)
      g.essential ||= q.some((i) => essential[i])
      groups.set(matches, g)
    }
    for (const u of this.units) group(u.matches, u.q, true)
    this.direct.forEach((d, i) => group(d, [i], false))
    const tally = TALLY
    tally.begin(this.names.length)
    let unit = 0
    for (const pass of [true, false]) {
      for (const [matches, { weight, essential, finds }] of groups) {
        if (essential !== pass) continue
        for (const [v, { match }] of matches.byWord) {
          const gain = match.score * weight
          for (const id of v.names) if ((this.names[id] as IndexedName).entity === this.entity) tally.add(id, unit, gain, !pass, finds)
        }
        unit++
      }
    }
    const out: { id: number; most: number }[] = []
    for (const id of tally.touched) {
      if (!tally.found(id)) continue
      const most = Math.min(tally.sum(id), (this.names[id] as IndexedName).slots.length * this.maxGain)
      if (most >= needed) out.push({ id, most })
    }
    return out
  }

  /** The weight of the query's words at `q`. */
  private weightOf(q: readonly number[]): number {
    return q.reduce((sum, i) => sum + (this.query.name.words[i] as NameWord).weight, 0)
  }

  /**
   * The pairings of one listed name's words with the query's, in the order made, with where the
   * query's units first find the name (the first unit, the rank of its match; unit -1: none does,
   * the name is no candidate) — the order that settles ties.
   */
  pairingsOf(id: number): FoundName {
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
    // The light words on either side, compared directly: as their direct matches hold them.
    const Q = this.query.name.words
    const S = n.name.name.words
    const lightS = S.map(isLight)
    for (let i = 0; i < Q.length; i++) {
      const lightQ = isLight(Q[i] as NameWord)
      const byWord = (this.direct[i] as WordMatches).byWord
      for (let j = 0; j < S.length; j++) {
        if (!lightQ && !lightS[j]) continue
        const m = byWord.get(n.slots[j] as VocabularyWord)?.match
        if (m) edges.push({ q: [i], s: [j], score: m.score, how: m.how })
      }
    }
    return { id, edges, unit: hits[0]?.unit ?? -1, rank: hits[0]?.found.rank ?? 0 }
  }
}
