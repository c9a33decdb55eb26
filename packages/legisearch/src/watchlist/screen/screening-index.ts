import { BOUND_SLACK, gainBound, scoreBound, weightNeeded } from './bound.js'
import { CandidateSearch, foundBefore, type FoundName, type IndexedName } from './candidates.js'
import { comparable, scorePairings, type ComparableName, type NameComparison } from './compare.js'
import { QueryFacts } from './facts.js'
import { Lookups } from './lookups.js'
import { prepareName } from './normalize.js'
import { explainName } from './explain.js'
import { TopScores } from './ranking.js'
import type { ScreeningSubject, SubjectNameKind } from './subject.js'
import { Vocabulary } from './vocabulary.js'
import { shown } from '../../common/shown.js'

export type { ScreeningSubject, SubjectNameKind } from './subject.js'
export { subjectOf } from './subject.js'

/** A name to screen, with what else the caller knows of the person. */
export interface ScreeningQuery {
  readonly name: string
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  readonly birthDate?: string
  /** ISO-2 code or English/Portuguese country name. */
  readonly nationality?: string
}

/** One designation a query may be. */
export interface ScreeningHit {
  readonly ref: string
  /** 0..1, rounded to 3 decimals. */
  readonly score: number
  /** The subject's name (as published) that matched best. */
  readonly matchedName: string
  readonly reasons: readonly string[]
}

/**
 * The default alert threshold, 0.8, where the measurements of bench/screening.ts put it
 * (2026-02-27 list; name only unless said):
 *
 * | threshold | yente treated UN positives, right one in top 3 | global negatives hit | deputies hit | nomenklatura pairs F1 |
 * |-----------|-------------------------------|------------|----------------|-------|
 * | 0.70      | 100.0 %                       | 4 / 1,000  | 2 / 7,861      | 0.793 |
 * | 0.75      | 100.0 %                       | 1 / 1,000  | 1 / 7,861      | 0.806 |
 * | **0.80**  | 99.9 % (682 / 683)            | 0 / 1,000  | 0 / 7,861      | 0.828 |
 * | 0.85      | 99.7 %                        | 0 / 1,000  | 0 / 7,861      | 0.804 |
 *
 * Below 0.8 the positives gain one row (a query that names another designation outright) while
 * the negatives start to hit; above it, typos in short names drop out. 0.8 is also where the
 * name-pair F1 peaks (precision 0.905, recall 0.762; OpenSanctions logic-v2: 0.790 at 0.7).
 */
export const DEFAULT_THRESHOLD = 0.8

/** A low-quality alias (often a short kunya like "Abu Mohammed") weighs a little less. */
const WEAK_ALIAS_FACTOR = 0.95
const KIND_ORDER: Record<SubjectNameKind, number> = { primary: 0, alias: 1, original_script: 2, weak_alias: 3 }

/** What a name of this kind keeps of its score. */
function kindFactor(kind: SubjectNameKind): number {
  return kind === 'weak_alias' ? WEAK_ALIAS_FACTOR : 1
}

/** A final score is rounded to 3 decimals: one this much under the threshold may round up to it. */
const ROUNDING = 0.0005

/** A listed name a reading of the query finds, with the bound of its final score. */
interface Candidate {
  readonly id: number
  readonly search: CandidateSearch
  readonly bound: number
}

/** A subject's best name so far. */
interface BestName {
  /** Its score, a weak alias's lowered. */
  readonly score: number
  readonly name: IndexedName
  readonly found: FoundName
  readonly cmp: NameComparison
}

/**
 * Whether `a` beats `b` as a subject's name: a higher score; at equal scores the name in the
 * query's order, then the stronger kind of name, then the name the query's words find first.
 */
function better(a: BestName, b: BestName): boolean {
  if (a.score !== b.score) return a.score > b.score
  if (a.cmp.orderDiffers !== b.cmp.orderDiffers) return b.cmp.orderDiffers
  if (a.name.kind !== b.name.kind) return KIND_ORDER[a.name.kind] < KIND_ORDER[b.name.kind]
  return foundBefore(a.found, b.found)
}

/** How many hits `limit` keeps, as Array.prototype.slice reads it (NaN: none; Infinity: all). */
function kept(limit: number): number {
  return Number.isNaN(limit) ? 0 : Math.max(0, Math.trunc(limit))
}

/**
 * The words of a query read at most. No listed name has more than 14 words of its own (longer
 * entries are several names written together), and the batches measured by bench/screening.ts
 * have 10 at most; past this a query is no name but repeats or prose, and its cost (every word
 * paired with every word of every name found) is capped: the words after are left out.
 */
export const MAX_QUERY_WORDS = 24

/** A query's name as read, and how many words it has (those left out by MAX_QUERY_WORDS counted). */
interface QueryReading {
  readonly read: ComparableName
  readonly words: number
}

/** Reads a query's name (as an entity's: legal-form words weigh less), its first `cap` words. */
function readQuery(name: string, entity: boolean, cap: number): QueryReading {
  const prepared = prepareName(name, entity)
  const words = prepared.words.length
  if (words <= cap) return { read: comparable(prepared), words }
  return { read: comparable({ ...prepared, words: prepared.words.slice(0, cap) }), words }
}

/**
 * The screening index: every name of every subject, read once; a query's words find their listed
 * counterparts through the vocabulary (exact, variant, skeleton, typo), the names holding them
 * are scored, and each subject keeps its best name, moved up or down by birth year and
 * nationality. A name that cannot reach the threshold, or the k-th best score already held, is
 * never scored in full: only the lookups of the query's essential words are walked
 * (essential.ts), and each name is bounded first by its words' matches, then by its pairings
 * (bound.ts) — the results are those of scoring every name found (matchExhaustive).
 *
 * @example
 * const index = new ScreeningIndex(subjects)
 * index.match({ name: 'Ayman al-Zawahiri', birthDate: '1951' }, { threshold: DEFAULT_THRESHOLD, limit: 10 })
 * // [{ ref: 'QDi.006', score: 1, matchedName: 'Ayman Al-Zawahari', reasons: [...] }]
 */
export class ScreeningIndex {
  private readonly subjects: readonly ScreeningSubject[]
  private readonly names: IndexedName[] = []
  private readonly vocabulary = new Vocabulary()
  private readonly lookups: Lookups
  /** Approximate bytes held (for a memory report). */
  readonly size: number

  constructor(subjects: readonly ScreeningSubject[]) {
    this.subjects = subjects
    let bytes = 0
    subjects.forEach((subject, s) => {
      bytes += 160 + subject.ref.length + 48 * subject.birthYears.length + 24 * subject.nationalities.length
      for (const n of subject.names) {
        const read = comparable(prepareName(n.name, subject.subjectType === 'entity'))
        if (read.name.words.length === 0) continue
        const id = this.names.length
        const slots = read.name.words.map((w) => this.vocabulary.add(w, id))
        const joinedSlots = read.joined.map((w) => (w ? this.vocabulary.add(w, id, false) : null))
        // The name keeps the vocabulary's words (one object per distinct word across the list);
        // its own spelling of them is read again for the reasons of a hit.
        const name: ComparableName = {
          name: { ...read.name, words: slots.map((v) => v.word) },
          joined: joinedSlots.map((v) => v?.word ?? null),
        }
        this.names.push({ subject: s, kind: n.kind, entity: subject.subjectType === 'entity', name, slots, joinedSlots })
        bytes += 300 + 24 + n.name.length + 16 * (slots.length + joinedSlots.length)
      }
    })
    this.vocabulary.compact()
    this.lookups = new Lookups(this.vocabulary)
    this.size = bytes + this.vocabulary.bytes
  }

  /** Best first, at most `limit`, only score >= threshold; ties by ref. */
  match(query: ScreeningQuery, options: { threshold: number; limit: number }): ScreeningHit[] {
    return this.search(query, options, true)
  }

  /**
   * What match would give with no shortcut: every word of the query read, every name its words
   * find scored in full — the reference the tests and the bench hold match to. Slow.
   */
  matchExhaustive(query: ScreeningQuery, options: { threshold: number; limit: number }): ScreeningHit[] {
    return this.search(query, options, false)
  }

  /** match, with its shortcuts (the bounds, the essential words, MAX_QUERY_WORDS) or without. */
  private search(query: ScreeningQuery, options: { threshold: number; limit: number }, prune: boolean): ScreeningHit[] {
    if (query.name.trim() === '') throw new Error('screening: the name is empty')
    const cap = prune ? MAX_QUERY_WORDS : Infinity
    // The name read as a person's and as an entity's (legal-form words weigh less there).
    const q = { person: readQuery(query.name, false, cap), entity: readQuery(query.name, true, cap) }
    if (q.person.read.name.words.length === 0) throw new Error(`screening: no letters or digits in ${shown(query.name)}`)
    const keep = kept(options.limit)
    if (keep === 0) return []
    // A NaN threshold filters nothing (no score is under it), as the lowest would.
    const threshold = Number.isNaN(options.threshold) ? -Infinity : options.threshold
    const facts = new QueryFacts(query, this.subjects)
    const candidates = [
      ...this.candidates(q.person.read, false, threshold, facts, prune),
      ...this.candidates(q.entity.read, true, threshold, facts, prune),
    ]
    const best = this.bestNames(candidates, threshold, keep, facts, prune)
    const ranked: { s: number; score: number; b: BestName }[] = []
    for (const [s, b] of best) {
      const score = facts.final(s, b.score)
      if (score >= threshold) ranked.push({ s, score, b })
    }
    const ref = (s: number): string => (this.subjects[s] as ScreeningSubject).ref
    ranked.sort((a, b) => b.score - a.score || (ref(a.s) < ref(b.s) ? -1 : ref(a.s) > ref(b.s) ? 1 : 0))
    return ranked.slice(0, keep).map(({ s, score, b }) => {
      const subject = this.subjects[s] as ScreeningSubject
      const { birth, nat } = facts.of(s)
      const qn = subject.subjectType === 'entity' ? q.entity : q.person
      const own = comparable(prepareName(b.name.name.name.original, subject.subjectType === 'entity'))
      const reasons = explainName(qn.read, own, b.cmp, b.name.kind)
      const read = qn.read.name.words.length
      if (qn.words > read) reasons.push(`only the first ${read} of the query's ${qn.words} words read`)
      if (birth) reasons.push(birth.reason)
      if (nat) reasons.push(nat.reason)
      return { ref: subject.ref, score, matchedName: b.name.name.name.original, reasons }
    })
  }

  /**
   * The names of individuals (or entities) one reading of the query finds that may reach the
   * threshold, each with the bound of its final score by its words' matches (gainBound).
   */
  private candidates(reading: ComparableName, entity: boolean, threshold: number, facts: QueryFacts, prune: boolean): Candidate[] {
    const search = new CandidateSearch(reading, entity, this.names, this.lookups)
    // The weight a name must gain to reach the threshold once lifted by the facts and rounded.
    const needed = prune ? weightNeeded(search.weight, threshold - facts.lift - ROUNDING - BOUND_SLACK) : 0
    const out: Candidate[] = []
    for (const { id, most } of search.find(needed)) {
      const n = this.names[id] as IndexedName
      const bound = facts.final(n.subject, gainBound(search.weight, most) * kindFactor(n.kind) + BOUND_SLACK)
      if (bound >= threshold || !prune) out.push({ id, search, bound })
    }
    return out
  }

  /**
   * Each subject's best name among the candidates, scored best bound first: a name's pairings
   * are made, bounded again (scoreBound) and scored only while its bound reaches the threshold
   * and the k-th best final score held (k = `keep`) — past that, no name can enter the results.
   */
  private bestNames(candidates: Candidate[], threshold: number, keep: number, facts: QueryFacts, prune: boolean): Map<number, BestName> {
    candidates.sort((a, b) => b.bound - a.bound)
    const top = new TopScores(keep)
    const best = new Map<number, BestName>()
    for (const { id, search, bound } of candidates) {
      if (prune && bound < top.kth) break
      const n = this.names[id] as IndexedName
      const found = search.pairingsOf(id)
      const upper = scoreBound(search.query, n.name, found.edges)
      const cut = Math.max(threshold, top.kth)
      if (prune && (upper === 0 || facts.final(n.subject, upper * kindFactor(n.kind) + BOUND_SLACK) < cut)) continue
      const cmp = scorePairings(search.query, n.name, found.edges)
      if (cmp.score === 0) continue
      const name: BestName = { score: cmp.score * kindFactor(n.kind), name: n, found, cmp }
      const prev = best.get(n.subject)
      if (!prev || better(name, prev)) {
        best.set(n.subject, name)
        top.offer(n.subject, facts.final(n.subject, name.score))
      }
    }
    return best
  }
}
