import * as z from 'zod'

/** The sanctions regimes of the spec (4.8), as `regime` values and the `regime` filter. */
// prettier-ignore
export const REGIMES = [
  'Al-Qaida', 'Taliban', 'DPRK', 'Iran', 'Iraq', 'DRC', 'Sudan', 'Libya', 'Somalia', 'CAR', 'Haiti', 'Yemen', 'GB', 'SouthSudan',
] as const
export type Regime = (typeof REGIMES)[number]

const day = () => z.string().meta({ format: 'date' })
const nullableDay = () => day().nullable()

/** Facts read automatically from the narrative (spec 2.6 `extracted`): an aid, never the authority. */
export const extractedSchema = z
  .strictObject({
    prohibitions: z.array(z.string()).meta({
      description: 'Restrictive measures, in the origin’s English wording (`asset freeze`, `travel ban`, `arms embargo`…).',
    }),
    flagState: z.string().nullable().meta({ description: 'The flag state of the subject itself (a vessel’s flag), when stated.' }),
    validFrom: nullableDay(),
    validUntil: nullableDay(),
    identifiers: z.array(z.string()).meta({
      description:
        'Identifiers stated in the narrative, as `kind:value`: `imo` (a ship’s number, passing the IMO check digit and said of a vessel), `imo-company`, `passport`, `national-id`, `identity-card`, `military-id`, `tax-id`, `company-registration`, `licence`.',
    }),
    lastKnownLocation: z
      .strictObject({
        place: z.string(),
        observedOn: nullableDay().meta({ description: 'The day, when the narrative gives it.' }),
        observedAsOf: z.string().nullable().meta({ description: 'The date at the precision stated: YYYY-MM-DD, YYYY-MM or YYYY.' }),
      })
      .nullable()
      .meta({ description: 'The latest place the narrative puts the subject.' }),
    affiliations: z.array(z.string()),
    subjectStatus: z
      .enum(['deceased'])
      .nullable()
      .meta({ description: "`deceased` only when the narrative states the listed subject's own death; otherwise null." }),
  })
  .meta({ id: 'Extracted' })

export type Extracted = z.output<typeof extractedSchema>

export const aliasSchema = z.strictObject({
  name: z.string(),
  quality: z.string().meta({ description: "The origin's quality, lower-cased (`good`, `low`, `a.k.a.`, `f.k.a.`)." }),
})

export type Alias = z.output<typeof aliasSchema>

/** One designation of the sanctions list (spec 2.6). */
export const designationSchema = z
  .strictObject({
    sourceRefNumber: z.string(),
    source: z.literal('un_sc'),
    sourceDataId: z.string(),
    designationId: z.string(),
    subjectId: z.string(),
    subjectType: z.enum(['individual', 'entity']),
    primaryName: z.string(),
    nameOriginalScript: z.string().nullable(),
    nationalities: z.array(z.string()),
    aliases: z.array(aliasSchema),
    regime: z.string(),
    committee: z.string().nullable(),
    status: z.enum(['listed', 'delisted']),
    listedOn: nullableDay(),
    delistedOn: nullableDay().meta({ description: "The day this service's reconciliation observed the absence; never an official date." }),
    lastReviewedOn: nullableDay(),
    sourceLastUpdated: nullableDay(),
    lastUpdatedOn: nullableDay(),
    narrative: z.string(),
    narrativeTranslations: z.record(z.string(), z.string()),
    extracted: extractedSchema,
    pressReleaseUrl: z.string().nullable(),
    pressReleaseSymbol: z.string().nullable(),
    lastEventAt: z.string().meta({ format: 'date-time' }),
    lastEventType: z.enum(['listed', 'delisted', 'amended', 'reconciliation_blocked']).nullable(),
    firstSeenAt: z.string().meta({ format: 'date-time' }),
    lastSeenAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Designation' })

export type Designation = z.output<typeof designationSchema>

/** The detail endpoint's designation: with the translation asked for. */
export const designationDetailSchema = designationSchema
  .extend({
    narrativeTranslated: z.string().nullable(),
    narrativeTranslatedLang: z.string(),
  })
  .meta({ id: 'DesignationDetail' })

export type DesignationDetail = z.output<typeof designationDetailSchema>
