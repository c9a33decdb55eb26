import { BIRTH_MATCH, birthVerdict, queryBirthYear, type BirthVerdict } from './birth.js'
import { countryCode, NATIONALITY_MATCH, nationalityVerdict } from './countries.js'
import type { ScreeningSubject } from './subject.js'

/**
 * What a query's birth date and nationality say of each subject, read once per subject met: the
 * verdicts, and the final score they make of a name's score (moved, clamped to 0..1, rounded to
 * 3 decimals).
 */
export class QueryFacts {
  /** The most the verdicts can add to any name's score (0 when the query states neither). */
  readonly lift: number
  private readonly year: number | null
  private readonly nationality: string | null
  private readonly verdicts = new Map<number, { birth: BirthVerdict | null; nat: { adjust: number; reason: string } | null }>()

  constructor(
    query: { birthDate?: string; nationality?: string },
    private readonly subjects: readonly ScreeningSubject[],
  ) {
    this.year = queryBirthYear(query.birthDate)
    this.nationality = query.nationality === undefined ? null : countryCode(query.nationality)
    this.lift = (this.year === null ? 0 : BIRTH_MATCH) + (this.nationality === null ? 0 : NATIONALITY_MATCH)
  }

  /** The birth-year and nationality verdicts on subject `s` (null: nothing to compare). */
  of(s: number): { birth: BirthVerdict | null; nat: { adjust: number; reason: string } | null } {
    let v = this.verdicts.get(s)
    if (!v) {
      const subject = this.subjects[s] as ScreeningSubject
      v = { birth: birthVerdict(this.year, subject.birthYears), nat: nationalityVerdict(this.nationality, subject.nationalities) }
      this.verdicts.set(s, v)
    }
    return v
  }

  /** The final score of subject `s` whose best name scores `score`. */
  final(s: number, score: number): number {
    const { birth, nat } = this.of(s)
    return Math.round(Math.min(1, Math.max(0, score + (birth?.adjust ?? 0) + (nat?.adjust ?? 0))) * 1000) / 1000
  }
}
