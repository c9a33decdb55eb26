import { createHash } from 'node:crypto'
import { extractFacts } from './extract/facts.js'
import { MONTHS } from './extract/text.js'
import type { ListRecord } from './parse.js'
import { parseDay } from '../common/dates.js'
import { COMMITTEES, regimeOf } from './regimes.js'
import type { Designation } from './types.js'

/** The fields of a designation that come from the origin record (the rest is observation state). */
export type OriginFields = Omit<
  Designation,
  'status' | 'delistedOn' | 'lastEventAt' | 'lastEventType' | 'firstSeenAt' | 'lastSeenAt' | 'narrativeTranslations'
>

/** A UUID-shaped id derived from the business key: stable across list versions and DATAID re-issues. */
export function stableUuid(kind: string, ref: string): string {
  const h = createHash('sha256').update(`un_sc:${kind}:${ref}`).digest('hex')
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Narrative characters read by the fact extractor. */
export const MAX_EXTRACTED_LENGTH = 20_000

/** `15 Jun. 2010`, `21 February 2019` → `2010-06-15`, `2019-02-21`; null when not a date. */
export function englishDate(text: string): string | null {
  const m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(text.trim())
  if (!m) return null
  const month = MONTHS[(m[2] as string).toLowerCase().slice(0, (m[2] as string).toLowerCase().startsWith('sept') ? 4 : 3)]
  const day = Number(m[1])
  if (!month) return null
  const iso = `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  return parseDay(iso) === null ? null : iso
}

const REVIEW = /review[^.]{0,160}?concluded\s+on\s+(\d{1,2}\s+[A-Za-z]{3,9}\.?,?\s+\d{4})/gi

/** The latest "Review pursuant to … was concluded on <date>" of a narrative (the Al-Qaida and Taliban lists state them). */
export function lastReviewOf(narrative: string): string | null {
  let latest: string | null = null
  for (const m of narrative.matchAll(REVIEW)) {
    const d = englishDate(m[1] as string)
    if (d && (latest === null || d > latest)) latest = d
  }
  return latest
}

function latestOf(days: readonly string[]): string | null {
  const valid = days.filter((d) => parseDay(d) !== null).sort()
  return valid.length > 0 ? (valid[valid.length - 1] as string) : null
}

/**
 * The origin fields of a designation, from one parsed record and its narrative as published.
 * `warn` receives what the caller should report (an unknown list type).
 */
export function originFieldsOf(rec: ListRecord, narrative: string, warn: (message: string) => void): OriginFields {
  const c = rec.content
  const { regime, warning } = regimeOf(c.listType)
  if (warning) warn(`${rec.ref}: ${warning}`)
  const primaryName = c.names.filter(Boolean).join(' ')
  const aliases = c.aliases.map((a) => ({ name: a['ALIAS_NAME'] as string, quality: a['QUALITY'] ?? '' }))
  const listedOn = parseDay(c.listedOn) !== null ? c.listedOn : null
  const sourceLastUpdated = latestOf(c.lastDayUpdated)
  return {
    sourceRefNumber: rec.ref,
    source: 'un_sc',
    sourceDataId: rec.dataId,
    designationId: stableUuid('designation', rec.ref),
    subjectId: stableUuid('subject', rec.ref),
    subjectType: c.subjectType,
    primaryName,
    nameOriginalScript: c.nameOriginalScript || null,
    nationalities: [...c.nationalities],
    aliases,
    regime,
    committee: COMMITTEES[regime] ?? null,
    listedOn,
    lastReviewedOn: lastReviewOf(narrative),
    sourceLastUpdated,
    lastUpdatedOn: latestOf([...(listedOn ? [listedOn] : []), ...c.lastDayUpdated]),
    narrative,
    // The rules' cost grows with length; no real narrative comes near the cap (the longest is ~1,700).
    extracted: extractFacts(narrative.slice(0, MAX_EXTRACTED_LENGTH), {
      subjectType: c.subjectType,
      regime,
      primaryName,
      aliases: aliases.map((a) => a.name),
    }),
    pressReleaseUrl: null,
    pressReleaseSymbol: null,
  }
}
