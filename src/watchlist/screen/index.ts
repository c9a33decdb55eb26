import { birthVerdict, queryBirthYear } from './birth.js'
import { comparable, scorePairings, type ComparableName, type NameComparison, type Pairing } from './compare.js'
import { countryCode, nationalityVerdict } from './countries.js'
import { prepareName, type NameWord } from './normalize.js'
import { explainName } from './explain.js'
import type { ScreeningSubject, SubjectNameKind } from './subject.js'
import { Vocabulary, type VocabularyWord } from './vocabulary.js'
import { compareWords, FIXED, type WordMatch } from './words.js'

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

interface IndexedName {
  readonly subject: number
  readonly kind: SubjectNameKind
  readonly name: ComparableName
  /** The vocabulary entry of each word, and of each joined pair. */
  readonly slots: readonly VocabularyWord[]
  readonly joinedSlots: readonly (VocabularyWord | null)[]
}

/** Reads a query's name as a person's and as an entity's (legal-form words weigh less there). */
interface PreparedQuery {
  readonly person: ComparableName
  readonly entity: ComparableName
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
  private readonly lookups = new Map<string, Map<VocabularyWord, WordMatch>>()
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
        this.names.push({ subject: s, kind: n.kind, name, slots, joinedSlots })
        bytes += 300 + 24 + n.name.length + 16 * (slots.length + joinedSlots.length)
      }
    })
    this.vocabulary.compact()
    this.size = bytes + this.vocabulary.bytes
  }

  /** Best first, at most `limit`, only score >= threshold; ties by ref. */
  match(query: ScreeningQuery, options: { threshold: number; limit: number }): ScreeningHit[] {
    if (query.name.trim() === '') throw new Error('screening: the name is empty')
    const q: PreparedQuery = {
      person: comparable(prepareName(query.name, false)),
      entity: comparable(prepareName(query.name, true)),
    }
    if (q.person.name.words.length === 0) throw new Error(`screening: no letters or digits in ${JSON.stringify(query.name)}`)
    const best = new Map<number, { score: number; name: IndexedName; cmp: NameComparison }>()
    for (const [variant, entity] of [
      [q.person, false],
      [q.entity, true],
    ] as const) {
      for (const [id, edges] of this.pairings(variant, entity)) {
        const n = this.names[id] as IndexedName
        const cmp = scorePairings(variant, n.name, edges)
        if (cmp.score === 0) continue
        const score = cmp.score * (n.kind === 'weak_alias' ? WEAK_ALIAS_FACTOR : 1)
        const prev = best.get(n.subject)
        // At equal scores: the name in the query's order, then the stronger kind of name.
        const better =
          !prev ||
          score > prev.score ||
          (score === prev.score && prev.cmp.orderDiffers && !cmp.orderDiffers) ||
          (score === prev.score && prev.cmp.orderDiffers === cmp.orderDiffers && KIND_ORDER[n.kind] < KIND_ORDER[prev.name.kind])
        if (better) {
          best.set(n.subject, { score, name: n, cmp })
        }
      }
    }
    const year = queryBirthYear(query.birthDate)
    const nationality = query.nationality === undefined ? null : countryCode(query.nationality)
    const hits: ScreeningHit[] = []
    for (const [s, b] of best) {
      const subject = this.subjects[s] as ScreeningSubject
      const birth = birthVerdict(year, subject.birthYears)
      const nat = nationalityVerdict(nationality, subject.nationalities)
      const raw = b.score + (birth?.adjust ?? 0) + (nat?.adjust ?? 0)
      const score = Math.round(Math.min(1, Math.max(0, raw)) * 1000) / 1000
      if (score < options.threshold) continue
      const qn = subject.subjectType === 'entity' ? q.entity : q.person
      const own = comparable(prepareName(b.name.name.name.original, subject.subjectType === 'entity'))
      const reasons = explainName(qn, own, b.cmp, b.name.kind)
      if (birth) reasons.push(birth.reason)
      if (nat) reasons.push(nat.reason)
      hits.push({ ref: subject.ref, score, matchedName: b.name.name.name.original, reasons })
    }
    hits.sort((a, b) => b.score - a.score || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0))
    return hits.slice(0, Math.max(0, options.limit))
  }

  /**
   * The candidate pairings of the query's words with the words of every listed name (of an
   * individual, or of an entity when `entity`) that shares a word with it: each query word that
   * can find a name (not a particle) and each two adjacent ones written together are looked up
   * in the vocabulary; the particles are then compared with the words of the names found.
   */
  private pairings(query: ComparableName, entity: boolean): Map<number, Pairing[]> {
    const out = new Map<number, Pairing[]>()
    const Q = query.name.words
    const add = (qi: number[], qw: NameWord, typos: boolean): void => {
      for (const [v, m] of this.lookup(qw, typos)) {
        for (const id of v.names) {
          const n = this.names[id] as IndexedName
          if (((this.subjects[n.subject] as ScreeningSubject).subjectType === 'entity') !== entity) continue
          let edges = out.get(id)
          if (!edges) out.set(id, (edges = []))
          n.slots.forEach((slot, j) => {
            if (slot === v) edges.push({ q: qi, s: [j], score: m.score, how: qi.length > 1 ? 'joined' : m.how })
          })
          n.joinedSlots.forEach((slot, j) => {
            if (slot === v) edges.push({ q: qi, s: [j, j + 1], score: m.score, how: 'joined' })
          })
        }
      }
    }
    Q.forEach((w, i) => {
      if (w.weight >= 0.5) add([i], w, true)
    })
    query.joined.forEach((w, i) => {
      if (w) add([i, i + 1], w, false)
    })
    // Particles, forms and initials (not looked up), and any word against a listed particle
    // (a slip of it: `abudl` for `abdul`), are compared directly in each name found.
    const light = (w: NameWord): boolean => w.weight < 0.5 || FIXED.has(w.kind)
    for (const [id, edges] of out) {
      const S = (this.names[id] as IndexedName).name.name.words
      Q.forEach((qw, i) => {
        S.forEach((sw, j) => {
          if (!light(qw) && !light(sw)) return
          const m = compareWords(qw, sw)
          if (m) edges.push({ q: [i], s: [j], score: m.score, how: m.how })
        })
      })
    }
    return out
  }

  /** The vocabulary's matches of one query word, remembered across queries. */
  private lookup(w: NameWord, typos: boolean): Map<VocabularyWord, WordMatch> {
    const key = `${w.form}${w.joined ? '+' : ''}${typos ? '' : '-'}${w.kind}:${w.text}${FIXED.has(w.kind) ? `:${w.shown}` : ''}`
    let hit = this.lookups.get(key)
    if (!hit) {
      hit = this.vocabulary.lookup(w, typos)
      if (this.lookups.size >= 20_000) this.lookups.clear()
      this.lookups.set(key, hit)
    }
    return hit
  }
}
