import { BIRTH_MATCH, birthVerdict, queryBirthYear, type BirthVerdict } from './birth.js'
import { BOUND_SLACK, gainBound, scoreBound, weightNeeded } from './bound.js'
import { CandidateSearch, foundBefore, type Candidate, type IndexedName } from './candidates.js'
import { comparable, scorePairings, type ComparableName, type NameComparison } from './compare.js'
import { countryCode, NATIONALITY_MATCH, nationalityVerdict } from './countries.js'
import { Lookups } from './lookups.js'
import { prepareName } from './normalize.js'
import { explainName } from './explain.js'
import { TopScores } from './ranking.js'
import type { ScreeningSubject, SubjectNameKind } from './subject.js'
import { Vocabulary } from './vocabulary.js'

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

function kindFactor(kind: SubjectNameKind): number {
  return kind === 'weak_alias' ? WEAK_ALIAS_FACTOR : 1
}

/** A final score is rounded to 3 decimals: one this much under the threshold may round up to it. */
const ROUNDING = 0.0005

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
 * are scored in full, and each subject keeps its best name, moved up or down by birth year and
 * nationality.
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

  /** match, with its shortcuts (the bounds, MAX_QUERY_WORDS) or without. */
  private search(query: ScreeningQuery, options: { threshold: number; limit: number }, prune: boolean): ScreeningHit[] {
    if (query.name.trim() === '') throw new Error('screening: the name is empty')
    const cap = prune ? MAX_QUERY_WORDS : Infinity
    // The name read as a person's and as an entity's (legal-form words weigh less there).
    const q = { person: readQuery(query.name, false, cap), entity: readQuery(query.name, true, cap) }
    if (q.person.read.name.words.length === 0) throw new Error(`screening: no letters or digits in ${JSON.stringify(query.name)}`)
    const keep = kept(options.limit)
    if (keep === 0) return []
    const { threshold } = options
    const year = queryBirthYear(query.birthDate)
    const nationality = query.nationality === undefined ? null : countryCode(query.nationality)
    const verdicts = new Map<number, { birth: BirthVerdict | null; nat: ReturnType<typeof nationalityVerdict> }>()
    const verdictsOf = (s: number) => {
      let v = verdicts.get(s)
      if (!v) {
        const subject = this.subjects[s] as ScreeningSubject
        verdicts.set(
          s,
          (v = { birth: birthVerdict(year, subject.birthYears), nat: nationalityVerdict(nationality, subject.nationalities) }),
        )
      }
      return v
    }
    const final = (s: number, score: number): number => {
      const { birth, nat } = verdictsOf(s)
      return Math.round(Math.min(1, Math.max(0, score + (birth?.adjust ?? 0) + (nat?.adjust ?? 0))) * 1000) / 1000
    }
    // A name's score may rise by the best birth-year and nationality verdicts the query allows.
    const lift = (year === null ? 0 : BIRTH_MATCH) + (nationality === null ? 0 : NATIONALITY_MATCH)
    // Every name that may reach the threshold, with the bound of its final score by its words'
    // lookups (bound.ts: gainBound), best first.
    const candidates: { id: number; search: CandidateSearch; bound: number }[] = []
    for (const [reading, entity] of [
      [q.person.read, false],
      [q.entity.read, true],
    ] as const) {
      const search = new CandidateSearch(reading, entity, this.names, this.lookups)
      // The score a name must reach before lift and rounding (half a thousandth rounds up).
      const needed = prune ? weightNeeded(search.weight, threshold - lift - ROUNDING - BOUND_SLACK) : 0
      for (const { id, most } of search.find(needed)) {
        const n = this.names[id] as IndexedName
        const bound = final(n.subject, gainBound(search.weight, most) * kindFactor(n.kind) + BOUND_SLACK)
        if (bound >= threshold || !prune) candidates.push({ id, search, bound })
      }
    }
    candidates.sort((a, b) => b.bound - a.bound)
    // Each name's pairings are made, bounded again (scoreBound) and scored only while its bound
    // reaches the threshold and the k-th best score held: past that, no name can enter the results.
    const top = new TopScores(keep)
    const best = new Map<number, { score: number; name: IndexedName; found: Candidate; cmp: NameComparison }>()
    for (const { id, search, bound } of candidates) {
      if (prune && bound < top.kth) break
      const found = search.pairingsOf(id)
      const n = this.names[id] as IndexedName
      const upper = scoreBound(search.query, n.name, found.edges)
      if (prune && (upper === 0 || final(n.subject, upper * kindFactor(n.kind) + BOUND_SLACK) < Math.max(threshold, top.kth))) continue
      const cmp = scorePairings(search.query, n.name, found.edges)
      if (cmp.score === 0) continue
      const score = cmp.score * kindFactor(n.kind)
      const prev = best.get(n.subject)
      // At equal scores: the name in the query's order, then the stronger kind of name, then
      // the name the query's words find first.
      const better =
        !prev ||
        score > prev.score ||
        (score === prev.score &&
          (prev.cmp.orderDiffers !== cmp.orderDiffers
            ? prev.cmp.orderDiffers
            : KIND_ORDER[n.kind] !== KIND_ORDER[prev.name.kind]
              ? KIND_ORDER[n.kind] < KIND_ORDER[prev.name.kind]
              : foundBefore(found, prev.found)))
      if (better) {
        best.set(n.subject, { score, name: n, found, cmp })
        top.offer(n.subject, final(n.subject, score))
      }
    }
    const ranked: { s: number; score: number; b: { name: IndexedName; cmp: NameComparison } }[] = []
    for (const [s, b] of best) {
      const score = final(s, b.score)
      if (score >= threshold) ranked.push({ s, score, b })
    }
    const ref = (s: number): string => (this.subjects[s] as ScreeningSubject).ref
    ranked.sort((a, b) => b.score - a.score || (ref(a.s) < ref(b.s) ? -1 : ref(a.s) > ref(b.s) ? 1 : 0))
    return ranked.slice(0, keep).map(({ s, score, b }) => {
      const subject = this.subjects[s] as ScreeningSubject
      const { birth, nat } = verdictsOf(s)
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
}
