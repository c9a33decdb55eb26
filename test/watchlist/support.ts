/**
 * Shared helpers of the watchlist tests (search, detail, name sets): where the real data lives (the
 * UN lists in test/fixtures, the name sets in place in ../shared/data), snapshots loaded with real UN lists, a pager
 * over `listWatchlist`, the spec's name normalization written independently of src/, a raw reader
 * of the UN XML (regexes, not the library's parser) and a small RFC 4180 CSV reader.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Designation, Snapshot, WatchlistQuery } from 'legisearch'
import { fixture } from '../helpers/fixtures.js'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'

// ---------------------------------------------------------------------------------------------
// Where the real data is: the UN lists in test/fixtures; the name sets beside the repository
// (../shared/data/name_matching: their licence is non-commercial, so they are not in the repository)

export const NAMES_DIR = fileURLToPath(new URL('../../../shared/data/name_matching/', import.meta.url))
export const LIST_2024 = fixture('un_sc/UN_consolidated_2024-09-26.xml')
export const LIST_2026 = fixture('un_sc/UN_consolidated_2026-02-27.xml')
/** The name sets are beside the repository (the tests that read them skip otherwise). */
export const hasNameSets = existsSync(NAMES_DIR)

/**
 * The references on 2024-09-26 and absent on 2026-02-27. un_sc/PROVENANCE.md counts 10 removals
 * keyed by DATAID, but HTi.002–HTi.005 are on both lists under the same REFERENCE_NUMBER (the
 * same persons, DATAID re-issued): by the business key (sourceRefNumber) only these 6 are gone.
 */
export const DELISTED_2026 = ['IQi.074', 'LYi.020', 'QDi.095', 'QDi.317', 'QDi.328', 'QDi.336'] as const
/** Same reference on both lists, new DATAID (not a delisting). */
export const REISSUED_DATAID = ['HTi.002', 'HTi.003', 'HTi.004', 'HTi.005'] as const

/** The 14 regimes of interface-spec §4.8, written out here (not imported from src). */
// prettier-ignore
export const SPEC_REGIMES = [
  'Al-Qaida', 'Taliban', 'DPRK', 'Iran', 'Iraq', 'DRC', 'Sudan', 'Libya', 'Somalia', 'CAR', 'Haiti', 'Yemen', 'GB', 'SouthSudan',
] as const

export interface ListLoad {
  readonly file: string
  readonly observedOn: string
  readonly force?: boolean
}

/** The 2026-02-27 list alone. */
export const ONLY_2026: readonly ListLoad[] = [{ file: LIST_2026, observedOn: '2026-02-27' }]
/** 2024-09-26, then 2026-02-27 (forced): 6 references end up delisted. */
export const FROM_2024_TO_2026: readonly ListLoad[] = [
  { file: LIST_2024, observedOn: '2024-09-26' },
  { file: LIST_2026, observedOn: '2026-02-27', force: true },
]

/** Reconciles the lists into the snapshot, in order. */
export function loadLists(snap: Snapshot, lists: readonly ListLoad[]): void {
  for (const l of lists) {
    snap.reconcileWatchlist(readFileSync(l.file), l.force ? { observedOn: l.observedOn, force: true } : { observedOn: l.observedOn })
  }
}

/**
 * One snapshot for a describe block, in a fresh temporary directory, holding the given lists
 * (loaded in `beforeAll`). Call in the block's body; the getter is valid inside its tests.
 */
export function snapshotWith(lists: readonly ListLoad[]): () => Snapshot {
  return sharedSnapshot((snap) => loadLists(snap, lists))
}

// ---------------------------------------------------------------------------------------------
// Reading the watchlist

/** Every designation of a query, across pages of 100, in result order; checks `total` on each page. */
export function allDesignations(snap: Snapshot, query: Omit<WatchlistQuery, 'limit' | 'offset'> = {}): Designation[] {
  const out: Designation[] = []
  let total: number | undefined
  for (let offset = 0; ; offset += 100) {
    const page = snap.listWatchlist({ ...query, limit: 100, offset })
    if (total === undefined) total = page.total
    else if (page.total !== total) throw new Error(`total changed across pages: ${total} then ${page.total}`)
    out.push(...page.data)
    if (page.data.length < 100) break
  }
  if (out.length !== total) throw new Error(`pages hold ${out.length} designations but total is ${total}`)
  return out
}

export const refsOf = (ds: readonly Designation[]): string[] => ds.map((d) => d.sourceRefNumber)
export const sortedRefs = (ds: readonly Designation[]): string[] => refsOf(ds).sort()

/** Plain code-unit comparison (the order of SQLite's BINARY collation for these strings). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

// ---------------------------------------------------------------------------------------------
// The spec's search normalization (DECISIONS §6), written from the text, not from src/

/** NFKD, marks removed, lower-cased, every non-letter/non-digit removed. */
export function searchKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/** The names `search` looks in: primary name, every alias, the original-script name. */
export function namesOf(d: Designation): string[] {
  return [d.primaryName, ...d.aliases.map((a) => a.name), ...(d.nameOriginalScript ? [d.nameOriginalScript] : [])]
}

/** Whether `search` matches the designation: its key is a substring of ONE name's key. */
export function matchesSearch(d: Designation, search: string): boolean {
  const k = searchKey(search)
  return namesOf(d).some((n) => searchKey(n).includes(k))
}

/**
 * The key of `sort=name`: the primary name folded (accents and case), whatever precedes its first
 * letter or digit ignored (`‘ABD AL-RAHMAN…` sorts under A).
 */
export function foldName(s: string): string {
  const folded = s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  const first = folded.search(/[\p{L}\p{N}]/u)
  return (first === -1 ? '' : folded.slice(first)).replace(/\s+/g, ' ').trim()
}

// ---------------------------------------------------------------------------------------------
// Formats

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A real calendar day written YYYY-MM-DD. */
export function isDay(s: unknown): boolean {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

/** An ISO 8601 date-time with a zone. */
export function isDateTime(s: unknown): boolean {
  return (
    typeof s === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s))
  )
}

// ---------------------------------------------------------------------------------------------
// The UN XML read raw (regexes), to compute expectations without the library's parser

export interface RawRecord {
  readonly ref: string
  readonly kind: 'individual' | 'entity'
  readonly dataId: string
  /** The record's XML text, as in the file. */
  readonly xml: string
  /** COMMENTS1 with entities decoded, untouched otherwise ('' when empty or absent). */
  readonly comments: string
  readonly listType: string
  /** Non-empty ALIAS_NAMEs, entities decoded, whitespace runs collapsed. */
  readonly aliasNames: string[]
  readonly aliasQualities: string[]
  readonly nameOriginalScript: string
  /** FIRST_NAME … FOURTH_NAME, whitespace collapsed, '' where absent. */
  readonly names: string[]
  /** The day (first 10 characters) of LISTED_ON, '' when absent. */
  readonly listedOn: string
  /** NATIONALITY values, in file order. */
  readonly nationalities: string[]
  /** The days of LAST_DAY_UPDATED values, in file order. */
  readonly lastDayUpdated: string[]
}

/** The VALUEs inside every `<tag>` of a record body. */
function values(body: string, tag: string): string[] {
  const out: string[] = []
  for (const holder of body.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
    for (const v of (holder[1] as string).matchAll(/<VALUE>([\s\S]*?)<\/VALUE>/g)) {
      const t = decodeXml(v[1] as string)
        .replace(/\s+/g, ' ')
        .trim()
      if (t !== '') out.push(t)
    }
  }
  return out
}

export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const lower = e.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] as string
  })
}

function element(xml: string, tag: string): string {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)
  return m ? decodeXml(m[1] as string) : ''
}

/** Every INDIVIDUAL and ENTITY of a UN list file, by REFERENCE_NUMBER. */
export function rawRecords(xml: string): Map<string, RawRecord> {
  const out = new Map<string, RawRecord>()
  for (const m of xml.matchAll(/<(INDIVIDUAL|ENTITY)>([\s\S]*?)<\/\1>/g)) {
    const body = m[2] as string
    const ref = element(body, 'REFERENCE_NUMBER').trim()
    const aliases = [...body.matchAll(/<(?:INDIVIDUAL|ENTITY)_ALIAS>([\s\S]*?)<\/(?:INDIVIDUAL|ENTITY)_ALIAS>/g)].map((a) => a[1] as string)
    const named = aliases
      .map((a) => ({ name: element(a, 'ALIAS_NAME').replace(/\s+/g, ' ').trim(), quality: element(a, 'QUALITY').trim() }))
      .filter((a) => a.name !== '')
    out.set(ref, {
      ref,
      kind: m[1] === 'INDIVIDUAL' ? 'individual' : 'entity',
      dataId: element(body, 'DATAID').trim(),
      xml: m[0],
      comments: element(body, 'COMMENTS1'),
      listType: element(body, 'UN_LIST_TYPE').trim(),
      aliasNames: named.map((a) => a.name),
      aliasQualities: named.map((a) => a.quality),
      nameOriginalScript: element(body, 'NAME_ORIGINAL_SCRIPT').trim(),
      names: ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((t) => element(body, t).replace(/\s+/g, ' ').trim()),
      listedOn: element(body, 'LISTED_ON').trim().slice(0, 10),
      nationalities: values(body, 'NATIONALITY'),
      lastDayUpdated: values(body, 'LAST_DAY_UPDATED').map((d) => d.slice(0, 10)),
    })
  }
  return out
}

export { parseCsv, readCsvRecords } from '../helpers/csv.js'
