import * as z from 'zod'
import { identifierKeys } from '../../query/identifiers.js'
import { fold } from '../../text/fold.js'
import { highlightSchema } from '../../text/highlight.js'
import { defineCorpus } from '../define.js'
import { savedBucketRefSchema } from '../found.js'
import { dateTime, id, int, keyValues, keyedObject, optionalDateTime, stringBoolean, text } from '../fields.js'
import { ASSEMBLY_STATES } from './assemblies.js'

const author = z.strictObject({
  openDataId: text(),
  type: text(),
  name: text(),
  acronymParty: text(),
  uf: text(),
  stakeholderId: z.string().min(1).nullable().default(null),
})

const proceeding = z.strictObject({
  openDataId: text(),
  openDataSituationId: text(),
  date: optionalDateTime(),
  /** `organ.id` feeds the `organs` filter: a string or a number. */
  organ: keyedObject('id'),
  description: text(),
  situation: text(),
  regime: text(),
  regimeCategory: text(),
  /** A proposition with no recorded proceeding is still in progress. */
  processing: stringBoolean().default('true'),
  appreciation: text(),
})

const schema = z.strictObject({
  id: id(),
  openDataId: text(),
  openDataResource: text(),
  openDataTypeId: text(),
  title: text(),
  acronymType: z.string().trim().min(1, 'must be a non-empty type acronym such as PL'),
  type: text(),
  number: int(),
  year: int(),
  summary: text(),
  datePresentation: dateTime(),
  lastProceeding: proceeding.default(() => proceeding.parse({})),
  authors: z.array(author).default([]),
  rapporteurs: z.array(author).default([]),
  /** Each theme's `openDataId` feeds the `themes` filter: a string or a number. */
  themes: z.array(keyedObject('openDataId')).default([]),
  /** Input only: the approval state, when the origin states it (DECISIONS §3). */
  approved: stringBoolean().optional(),
})

export type Proposition = z.output<typeof schema>

/** `POST /search/propositions`: `approved` is input-only; `lastProceeding.date` is always set. */
const RESULT = schema
  .omit({ approved: true })
  .extend({
    lastProceeding: proceeding.extend({ date: dateTime() }),
    relevance: z.int().meta({ description: 'BM25-based, higher is better; 0 unless sorted by relevance.' }),
    highlights: z.array(highlightSchema),
    savedPropositions: z.array(savedBucketRefSchema).meta({ description: "The calling client's monitors holding this proposition." }),
  })
  .meta({ id: 'PropositionResult' })

/** Approval state: the record's own `approved`, else read from the situation (became law / rejected in full). */
export function approvalOf(p: Proposition): 'true' | 'false' | undefined {
  if (p.approved !== undefined) return p.approved
  const s = fold(p.lastProceeding.situation)
  if (/transformad[oa] (em|na) (norma juridica|lei)|^lei |sancionad/.test(s)) return 'true'
  if (/rejeitad|vetad[oa] total|veto total/.test(s)) return 'false'
  return undefined
}

export const propositions = defineCorpus({
  name: 'propositions',
  description: 'Bills of the Câmara, the Senado and the 27 state assemblies (`POST /search/propositions`).',
  schema,
  result: RESULT,
  text: [
    { name: 'title', weight: 3, highlight: true, get: (p) => p.title },
    { name: 'summary', weight: 1, highlight: true, get: (p) => p.summary },
    // type/number/year, so `PL 2630/2020` and `2630` find the proposition itself, under each mode…
    { name: 'ident', weight: 2, highlight: false, get: identText },
    // …and an identifier typed in `q` (`pl 2630`) finds it in any mode, with a score of its own (a
    // match found only here, as `pl 2630` in `sensitive` mode, still gets a relevance above 0).
    { name: 'identkey', weight: 1, highlight: false, role: 'identifier', get: identText },
  ],
  filters: {
    resources: { kind: 'open', values: (p) => [p.openDataResource] },
    types: { kind: 'open', values: (p) => [p.acronymType] },
    situations: { kind: 'id', values: (p) => [p.lastProceeding.openDataSituationId] },
    processing: { kind: 'flag', values: (p) => [p.lastProceeding.processing] },
    regimes: { kind: 'open', values: (p) => [p.lastProceeding.regimeCategory] },
    appreciations: { kind: 'open', values: (p) => [p.lastProceeding.appreciation] },
    approved: {
      kind: 'flag',
      values: (p) => {
        const a = approvalOf(p)
        return a === undefined ? [] : [a]
      },
    },
    authors: { kind: 'id', values: (p) => stakeholderIds(p.authors) },
    rapporteurs: { kind: 'id', values: (p) => stakeholderIds(p.rapporteurs) },
    parties: { kind: 'open', values: (p) => p.authors.map((a) => a.acronymParty) },
    states: {
      kind: 'open',
      values: (p) => {
        const house = ASSEMBLY_STATES[fold(p.openDataResource)]
        return [...p.authors.map((a) => a.uf), ...(house ? [house] : [])]
      },
    },
    organs: { kind: 'id', values: (p) => keyValues(p.lastProceeding.organ, 'id') },
    themes: { kind: 'id', values: (p) => p.themes.flatMap((t) => keyValues(t, 'openDataId')) },
    created_at: { kind: 'date', column: 'main' },
    updated_at: { kind: 'date', column: 'updated' },
  },
  mainDate: (p) => p.datePresentation,
  updatedDate: (p) => p.lastProceeding.date ?? p.datePresentation,
  savedKey: 'savedPropositions',
  relevance: true,
  identifiers: (p) => identifierKeys(p.acronymType, p.number, p.year),
  toResult: (p) => {
    const { approved: _approved, ...rest } = p
    return { ...rest, lastProceeding: { ...p.lastProceeding, date: p.lastProceeding.date ?? p.datePresentation } }
  },
})

function identText(p: Proposition): string {
  return `${p.acronymType} ${p.number}/${p.year}`
}

function stakeholderIds(people: readonly { stakeholderId: string | null }[]): string[] {
  return people.flatMap((a) => (a.stakeholderId === null ? [] : [a.stakeholderId]))
}
