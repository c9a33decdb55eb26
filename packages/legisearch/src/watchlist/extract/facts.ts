/**
 * Rule-based reading of the UN Consolidated List narratives (COMMENTS1) into `Designation.extracted`
 * (spec 2.6): an aid for search and filtering; the narrative stays the authority.
 *
 * extractFacts is pure and synchronous (no I/O); the whole list (~1,000 narratives) takes a few
 * milliseconds. Each field's rules and traps are documented in its module:
 * - prohibitions ........ measures.ts (MEASURES_BY_REGIME, per regime, with the resolutions)
 * - subjectStatus ....... status.ts   (only the subject's own death)
 * - lastKnownLocation ... location.ts (place; observedOn a full date or null, observedAsOf at the stated precision)
 * - identifiers ......... identifiers.ts (IMO ship vs company numbers: see the finding there)
 * - affiliations ........ affiliations.ts
 * - flagState ........... flag.ts     (a vessel's own flag only)
 * - validFrom/validUntil  validity.ts (a stated validity of the measures; none in the real lists)
 */

import type { Extracted } from '../types.js'
import { affiliationsOf } from './affiliations.js'
import { flagStateOf } from './flag.js'
import { identifiersOf } from './identifiers.js'
import { lastKnownLocationOf } from './location.js'
import { prohibitionsFor } from './measures.js'
import { subjectStatusOf } from './status.js'
import { normalizeNarrative, splitSentences } from './text.js'
import { validityOf } from './validity.js'

export { MEASURES_BY_REGIME, ASSET_FREEZE, TRAVEL_BAN, ARMS_EMBARGO, PORT_ENTRY_BAN, DEFLAGGING } from './measures.js'
export type { RegimeMeasures } from './measures.js'
export { passesShipImoCheck } from './identifiers.js'

export interface ExtractContext {
  subjectType: 'individual' | 'entity'
  /** The list's UN_LIST_TYPE (`Al-Qaida`, `DPRK`, … `Mali`); an unknown regime gets no table measures. */
  regime: string
  /** The subject's name as listed; lets "<Name> was killed" count as the subject's own death. */
  primaryName?: string | undefined
  aliases?: readonly string[] | undefined
}

export function extractFacts(narrative: string, ctx: ExtractContext): Extracted {
  const text = normalizeNarrative(narrative ?? '')
  const sentences = text === '' ? [] : splitSentences(text)
  const names = [ctx.primaryName ?? '', ...(ctx.aliases ?? [])].filter((n) => n.trim() !== '')
  const { validFrom, validUntil } = validityOf(sentences)
  return {
    prohibitions: prohibitionsFor(ctx.regime, ctx.subjectType, sentences),
    flagState: flagStateOf(sentences, ctx.subjectType),
    validFrom,
    validUntil,
    identifiers: identifiersOf(text, ctx.subjectType),
    lastKnownLocation: asSpecLocation(lastKnownLocationOf(sentences, ctx.subjectType, names)),
    affiliations: affiliationsOf(sentences, names),
    subjectStatus: subjectStatusOf(sentences, ctx.subjectType, names),
  }
}

/**
 * The spec types `observedOn` as a date (`YYYY-MM-DD`). Narratives often state less ("as of June
 * 2016"): then `observedOn` is null — no day is invented — and `observedAsOf` keeps what was stated.
 */
function asSpecLocation(l: { place: string; observedOn: string | null } | null): Extracted['lastKnownLocation'] {
  if (l === null) return null
  const full = l.observedOn !== null && /^\d{4}-\d{2}-\d{2}$/.test(l.observedOn)
  return { place: l.place, observedOn: full ? l.observedOn : null, observedAsOf: l.observedOn }
}
