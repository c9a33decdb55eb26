/** The sanctions regimes of the spec (4.8), as `regime` values and the `regime` filter. */
export const REGIMES = [
  'Al-Qaida',
  'Taliban',
  'DPRK',
  'Iran',
  'Iraq',
  'DRC',
  'Sudan',
  'Libya',
  'Somalia',
  'CAR',
  'Haiti',
  'Yemen',
  'GB',
  'SouthSudan',
] as const
export type Regime = (typeof REGIMES)[number]

/** Facts read automatically from the narrative (spec 2.6 `extracted`): an aid, never the authority. */
export interface Extracted {
  /** Restrictive measures, in the origin's English wording (`asset freeze`, `travel ban`, `arms embargo`…). */
  prohibitions: string[]
  /** The flag state of the subject itself (a vessel's flag), when the narrative states it. */
  flagState: string | null
  validFrom: string | null
  validUntil: string | null
  /**
   * Identifiers stated in the narrative, as `kind:value`: `imo` (a ship's number, passing the IMO
   * check digit and said of a vessel), `imo-company` (every IMO number in the UN narratives so far
   * is a company's), `passport`, `national-id`, `identity-card`, `military-id`, `tax-id`,
   * `company-registration`, `licence`.
   */
  identifiers: string[]
  /**
   * The latest place the narrative puts the subject. `observedOn` is a date `YYYY-MM-DD` when the
   * narrative gives the day, else null; `observedAsOf` is the date at the precision stated
   * (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`), or null.
   */
  lastKnownLocation: { place: string; observedOn: string | null; observedAsOf: string | null } | null
  affiliations: string[]
  /** `deceased` only when the narrative states the listed subject's own death; otherwise null. */
  subjectStatus: 'deceased' | null
}

export interface Alias {
  name: string
  /** The origin's quality, lower-cased (`good`, `low`, `a.k.a.`, `f.k.a.`). */
  quality: string
}

/** One designation of the sanctions list (spec 2.6). */
export interface Designation {
  sourceRefNumber: string
  source: 'un_sc'
  sourceDataId: string
  designationId: string
  subjectId: string
  subjectType: 'individual' | 'entity'
  primaryName: string
  nameOriginalScript: string | null
  nationalities: string[]
  aliases: Alias[]
  regime: string
  committee: string | null
  status: 'listed' | 'delisted'
  listedOn: string | null
  /** The day this service's reconciliation observed the absence; never an official date. */
  delistedOn: string | null
  lastReviewedOn: string | null
  sourceLastUpdated: string | null
  lastUpdatedOn: string | null
  narrative: string
  narrativeTranslations: Record<string, string>
  extracted: Extracted
  pressReleaseUrl: string | null
  pressReleaseSymbol: string | null
  lastEventAt: string
  lastEventType: 'listed' | 'delisted' | 'amended' | 'reconciliation_blocked' | null
  firstSeenAt: string
  lastSeenAt: string
}

/** The detail endpoint's designation: with the translation asked for. */
export interface DesignationDetail extends Designation {
  narrativeTranslated: string | null
  narrativeTranslatedLang: string
}
