import { birthYearsOf } from './birth.js'
import { nationalityCodes } from './countries.js'

/** The kind of a subject's name: as listed, an alias, a low-quality alias, or the original script. */
export type SubjectNameKind = 'primary' | 'alias' | 'weak_alias' | 'original_script'

/** What the screening matcher knows of one designation. */
export interface ScreeningSubject {
  /** REFERENCE_NUMBER, e.g. 'QDi.006'. */
  readonly ref: string
  readonly subjectType: 'individual' | 'entity'
  readonly names: readonly { name: string; kind: SubjectNameKind }[]
  /** Inclusive year ranges from DATE/YEAR/FROM_YEAR..TO_YEAR; [] when none. */
  readonly birthYears: readonly [number, number][]
  /** ISO 3166-1 alpha-2, lower-case, mapped from the list's English names. */
  readonly nationalities: readonly string[]
}

/** The fields of a stored designation the subject is built from. */
export interface SubjectSource {
  sourceRefNumber: string
  subjectType: 'individual' | 'entity'
  primaryName: string
  aliases: readonly { name: string; quality: string }[]
  nameOriginalScript: string | null
  nationalities: readonly string[]
}

/**
 * Builds the subject from a stored designation and the canonical content of its record: the
 * primary name, each alias (quality `low` as a weak alias), the original-script name; the same
 * name given twice is kept once, under its strongest kind.
 *
 * @example subjectOf(designation, record.content).names[0] // { name: 'AIMAN MUHAMMED RABI AL-ZAWAHIRI', kind: 'primary' }
 */
export function subjectOf(d: SubjectSource, content: { datesOfBirth: readonly Readonly<Record<string, string>>[] }): ScreeningSubject {
  const names: { name: string; kind: SubjectNameKind }[] = []
  const seen = new Set<string>()
  const add = (name: string | null, kind: SubjectNameKind): void => {
    const n = (name ?? '').replace(/\s+/g, ' ').trim()
    const key = n.toLowerCase()
    if (n === '' || seen.has(key)) return
    seen.add(key)
    names.push({ name: n, kind })
  }
  add(d.primaryName, 'primary')
  for (const a of d.aliases) if (a.quality.trim().toLowerCase() !== 'low') add(a.name, 'alias')
  add(d.nameOriginalScript, 'original_script')
  for (const a of d.aliases) if (a.quality.trim().toLowerCase() === 'low') add(a.name, 'weak_alias')
  return {
    ref: d.sourceRefNumber,
    subjectType: d.subjectType,
    names,
    birthYears: birthYearsOf(content.datesOfBirth),
    nationalities: nationalityCodes(d.nationalities),
  }
}
