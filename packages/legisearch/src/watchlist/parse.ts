import { createHash } from 'node:crypto'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { LegisearchError, invalid } from '../common/errors.js'
import { ListRefusal } from './refusal.js'
import { processShared } from '../common/process-shared.js'
import { parseInstant } from '../common/dates.js'
import { shown } from '../common/shown.js'

/**
 * One record of the UN list, read from its XML: the business key, the DATAID, and the CONTENT —
 * a canonical projection of the origin fields, the thing `amended` compares. The projection is
 * about meaning, not bytes: whitespace collapsed, empty placeholders dropped, repeated elements in
 * a stable order, dates reduced to their day, and the 2024-era layout (a date of birth parked in an
 * alias with no name) folded into the dates of birth where later files put it.
 */
export interface ListRecord {
  /** REFERENCE_NUMBER, trimmed: the business key. */
  readonly ref: string
  readonly dataId: string
  readonly content: ListContent
}

export interface ListContent {
  readonly subjectType: 'individual' | 'entity'
  /** FIRST_NAME … FOURTH_NAME, each collapsed; '' where absent. */
  readonly names: readonly [string, string, string, string]
  readonly nameOriginalScript: string
  readonly listType: string
  readonly listedOn: string
  /** COMMENTS1 with every whitespace character removed: reflowing text is not a change (the stored narrative keeps it as published). */
  readonly narrative: string
  readonly gender: string
  readonly titles: readonly string[]
  readonly designations: readonly string[]
  readonly nationalities: readonly string[]
  readonly lastDayUpdated: readonly string[]
  readonly aliases: readonly Readonly<Record<string, string>>[]
  readonly addresses: readonly Readonly<Record<string, string>>[]
  readonly datesOfBirth: readonly Readonly<Record<string, string>>[]
  readonly placesOfBirth: readonly Readonly<Record<string, string>>[]
  readonly documents: readonly Readonly<Record<string, string>>[]
  /** Any other element the origin adds one day, so a change there is still seen. */
  readonly other: Readonly<Record<string, unknown>>
}

export interface ParsedList {
  /** The root's `dateGenerated`, as published. */
  readonly dateGenerated: string
  /** `dateGenerated` as epoch ms (a value without zone is read as Brasília time, as every date here). */
  readonly generatedMs: number
  readonly records: readonly ListRecord[]
  /** The narrative of each record as published (trimmed at the ends only), by ref. */
  readonly narratives: ReadonlyMap<string, string>
  /** SHA-256 of the file's bytes. */
  readonly sha256: string
}

/** Elements that carry no content of the designation (ids, sort keys, the constant LIST_TYPE). */
const IGNORED = new Set([
  'DATAID',
  'VERSIONNUM',
  'LIST_TYPE',
  'SORT_KEY',
  'SORT_KEY_LAST_MOD',
  'SUBMITTED_BY',
  'SUBMITTED_ON',
  'REFERENCE_NUMBER',
])
const NAME_TAGS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'] as const
const SCALARS = new Set([...NAME_TAGS, 'NAME_ORIGINAL_SCRIPT', 'UN_LIST_TYPE', 'LISTED_ON', 'COMMENTS1', 'GENDER'])
const VALUE_LISTS: Record<string, 'titles' | 'designations' | 'nationalities' | 'lastDayUpdated'> = {
  TITLE: 'titles',
  DESIGNATION: 'designations',
  NATIONALITY: 'nationalities',
  LAST_DAY_UPDATED: 'lastDayUpdated',
}
const GROUPS: Record<string, 'aliases' | 'addresses' | 'datesOfBirth' | 'placesOfBirth' | 'documents'> = {
  INDIVIDUAL_ALIAS: 'aliases',
  ENTITY_ALIAS: 'aliases',
  INDIVIDUAL_ADDRESS: 'addresses',
  ENTITY_ADDRESS: 'addresses',
  INDIVIDUAL_DATE_OF_BIRTH: 'datesOfBirth',
  INDIVIDUAL_PLACE_OF_BIRTH: 'placesOfBirth',
  INDIVIDUAL_DOCUMENT: 'documents',
}
const ALWAYS_ARRAY = new Set(['INDIVIDUAL', 'ENTITY', 'VALUE', ...Object.keys(GROUPS)])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Decodes numeric character references (`&#39;`) too, so `'` and `&#39;` are the same content.
  htmlEntities: true,
  isArray: (name) => ALWAYS_ARRAY.has(name),
})

/**
 * Parses the UN Security Council Consolidated List XML (`CONSOLIDATED_LIST`, every format era
 * since 2017). A file that is not well-formed (truncated, say) or lacks the list's structure is
 * refused with a `LegisearchError` saying where, before anything is done with it.
 *
 * @example
 * const list = parseUnConsolidatedList(readFileSync('consolidated.xml'))
 * list.dateGenerated // '2026-02-27T00:00:09.554Z'; list.records.length // 1003
 */
export function parseUnConsolidatedList(xml: string | Buffer): ParsedList {
  if (typeof xml !== 'string' && !Buffer.isBuffer(xml)) throw invalid('xml: must be a string or a Buffer of the UN list XML')
  const size = typeof xml === 'string' ? xml.length : xml.byteLength
  if (size > MAX_LIST_BYTES) {
    throw new LegisearchError(
      'payload_too_large',
      `UN list: ${size} bytes, over the ${MAX_LIST_BYTES}-byte limit (the real list is ~2 MB); nothing was changed`,
    )
  }
  const text = decode(xml)
  const sha256 = createHash('sha256').update(xml).digest('hex')
  if (text.trim() === '') throw new ListRefusal('the file is empty')
  // The UN list declares no DTD; one here could only define entities (expansion, external files).
  // Searched in the whole text: escaped text never holds a literal `<!DOCTYPE`.
  if (/<!DOCTYPE/i.test(text)) throw new ListRefusal('a DOCTYPE declaration is not allowed (the UN list has none)', { unchanged: true })
  forbiddenReference(text)
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new ListRefusal(
      `not well-formed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg} (a truncated or damaged file?)`,
      { unchanged: true },
    )
  }
  let doc: Record<string, unknown>
  try {
    doc = parser.parse(text) as Record<string, unknown>
  } catch (e) {
    throw new ListRefusal(`cannot be read (${(e as Error).message})`, { unchanged: true })
  }
  const root = doc['CONSOLIDATED_LIST'] as Record<string, unknown> | undefined
  if (!root || typeof root !== 'object' || Array.isArray(root)) {
    throw new ListRefusal('the root element is not one CONSOLIDATED_LIST; is this the UN consolidated list?')
  }
  let dateGenerated: string
  try {
    dateGenerated = str(root['@dateGenerated'], 'dateGenerated')
  } catch (e) {
    throw new ListRefusal(`the root's ${(e as Error).message}`, { unchanged: true })
  }
  const generatedMs = parseInstant(dateGenerated)
  if (generatedMs === null) {
    throw new ListRefusal(`the root has no valid ISO 8601 dateGenerated attribute (got ${shown(root['@dateGenerated'] ?? null)})`)
  }
  if (generatedMs > Date.now() + FUTURE_SLACK_MS) throw new ListRefusal(`dateGenerated ${dateGenerated} is in the future; refused`)
  const individuals = section(root, 'INDIVIDUALS', 'INDIVIDUAL')
  const entities = section(root, 'ENTITIES', 'ENTITY')
  const records: ListRecord[] = []
  const narratives = new Map<string, string>()
  const seen = new Set<string>()
  for (const [kind, items] of [
    ['individual', individuals],
    ['entity', entities],
  ] as const) {
    items.forEach((item, i) => {
      const tag = kind === 'individual' ? 'INDIVIDUAL' : 'ENTITY'
      if (!item || typeof item !== 'object') throw new ListRefusal(`${tag} #${i + 1} is empty`, { unchanged: true })
      // A field holding markup or a repeat (the key itself too) names the record: its ref once known.
      let ref = ''
      try {
        ref = collapse(str(item['REFERENCE_NUMBER'], 'REFERENCE_NUMBER'))
        if (ref === '')
          throw new ListRefusal(`${tag} #${i + 1} (DATAID ${collapse(str(item['DATAID'], 'DATAID')) || '?'}) has no REFERENCE_NUMBER`, {
            unchanged: true,
          })
        if (seen.has(ref)) throw new ListRefusal(`REFERENCE_NUMBER ${ref} appears twice`, { unchanged: true })
        seen.add(ref)
        records.push({ ref, dataId: collapse(str(item['DATAID'], 'DATAID')), content: contentOf(kind, item) })
        narratives.set(ref, str(item['COMMENTS1'], 'COMMENTS1').trim())
      } catch (e) {
        if (e instanceof LegisearchError) throw e
        throw new ListRefusal(`${ref === '' ? `${tag} #${i + 1}` : ref}: ${(e as Error).message}`, { unchanged: true })
      }
    })
  }
  if (records.length === 0) throw new ListRefusal('no INDIVIDUAL or ENTITY record at all; an empty list is refused')
  return brand({ dateGenerated, generatedMs, records, narratives, sha256 })
}

/**
 * Refuses a character reference to a character XML 1.0 does not allow (`&#0;`, `&#x1;`, a lone
 * surrogate `&#xD800;`, `&#xFFFE;`, past U+10FFFF): read as text it would silently make another
 * name ("ER&#0;IC" → "ERIC"), so the list is refused naming the line; nothing was changed.
 */
function forbiddenReference(text: string): void {
  for (const m of text.matchAll(/&#(x[0-9a-f]+|[0-9]+);/gi)) {
    const digits = m[1] as string
    const cp = digits[0] === 'x' || digits[0] === 'X' ? Number.parseInt(digits.slice(1), 16) : Number(digits)
    const allowed =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff)
    if (!allowed) {
      const line = text.slice(0, m.index).split('\n').length
      throw new ListRefusal(`line ${line} holds ${m[0]}, a character XML does not allow (a name would silently change)`, {
        unchanged: true,
      })
    }
  }
}

/** Largest list accepted: the real one is ~2 MB. */
export const MAX_LIST_BYTES = 100 * 1024 * 1024
/** How far in the future a dateGenerated may be (clock skew), before it is refused. */
const FUTURE_SLACK_MS = 2 * 86_400_000

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Strict UTF-8 (the list's declared encoding): damaged bytes are refused, never replaced by U+FFFD. */
function decode(xml: string | Buffer): string {
  let text: string
  if (typeof xml === 'string') {
    text = xml
  } else {
    if ((xml[0] === 0xff && xml[1] === 0xfe) || (xml[0] === 0xfe && xml[1] === 0xff)) {
      throw new ListRefusal('UTF-16 text; the list is published in UTF-8 — convert the file or fetch it again')
    }
    try {
      text = utf8.decode(xml)
    } catch {
      throw new ListRefusal('not valid UTF-8 (damaged bytes); refused rather than ingested with replacement characters')
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1]
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) {
    throw new ListRefusal(`declares encoding ${declared}; only UTF-8 (the UN's encoding) is read`)
  }
  return text
}

/** The lists `parseUnConsolidatedList` made, in any copy of the library in the process. */
const parsedLists = processShared('parsedLists', () => new WeakSet<object>())

function brand(list: ParsedList): ParsedList {
  parsedLists.add(list)
  return list
}

/** Whether a value is a list made by `parseUnConsolidatedList` (nothing else is trusted as one). */
export function isParsedList(value: unknown): value is ParsedList {
  return typeof value === 'object' && value !== null && parsedLists.has(value)
}

function section(root: Record<string, unknown>, outer: string, inner: string): Record<string, unknown>[] {
  if (!(outer in root)) throw new ListRefusal(`no ${outer} element; the file is not a complete consolidated list`)
  const holder = root[outer]
  if (Array.isArray(holder)) throw new ListRefusal(`${outer} appears more than once`, { unchanged: true })
  // An empty section may be written `<ENTITIES/>` or `<ENTITIES>` + whitespace + `</ENTITIES>`.
  if (holder === undefined || holder === null || (typeof holder === 'string' && holder.trim() === '')) return []
  if (typeof holder !== 'object') throw new ListRefusal(`${outer} holds text, not ${inner} elements`)
  const other = Object.keys(holder).filter((k) => {
    if (k === inner || k.startsWith('@')) return false
    // Indentation between the records is text too; only real text is out of place.
    return !(k === '#text' && str((holder as Record<string, unknown>)[k], outer).trim() === '')
  })
  if (other.length > 0) {
    const what = other[0] === '#text' ? 'text' : `<${other[0]}>`
    throw new ListRefusal(`${outer} holds ${what}, expected only ${inner} elements`, { unchanged: true })
  }
  const items = (holder as Record<string, unknown>)[inner]
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : []
}

/** The text of a field; markup inside a field is refused (the list has none), so no text is lost unseen. */
function str(v: unknown, field: string): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v).filter((k) => !k.startsWith('@'))
    if (keys.length === 0) return ''
    if (keys.length === 1 && keys[0] === '#text') return str((v as Record<string, unknown>)['#text'], field)
  }
  throw new Error(`${field} holds markup or repeats, where the list has plain text`)
}

/** Whitespace runs become one space; ends trimmed. */
export function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** `2015-07-01-04:00` or `2015-07-01T00:00:00` → `2015-07-01`: a date's day, whatever zone suffix it carries. */
export function dayPart(s: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s.trim())
  return m ? (m[1] as string) : collapse(s)
}

const DATE_KEYS = new Set(['DATE', 'DATE_OF_ISSUE', 'DATE_OF_BIRTH', 'LISTED_ON'])

/** A group element (alias, address…) as its non-empty children, collapsed. */
function flat(item: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!item || typeof item !== 'object') return out
  for (const [k, v] of Object.entries(item as Record<string, unknown>)) {
    if (k.startsWith('@')) continue
    const value = Array.isArray(v)
      ? v
          .map((x) => collapse(str(x, k)))
          .filter(Boolean)
          .join('; ')
      : collapse(str(v, k))
    if (value !== '') out[k] = DATE_KEYS.has(k) ? dayPart(value) : value
  }
  return out
}

/** A set of records, each with its keys in order: duplicates once, in a stable order. */
function sortedByJson(items: Record<string, string>[]): Record<string, string>[] {
  const byKey = new Map<string, Record<string, string>>()
  for (const item of items) {
    const ordered = Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    byKey.set(JSON.stringify(ordered), ordered)
  }
  return [...byKey.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, x]) => x)
}

/** A set of values: duplicates once, sorted. */
function sortedSet(values: readonly string[]): string[] {
  return [...new Set(values)].sort()
}

function contentOf(subjectType: 'individual' | 'entity', item: Record<string, unknown>): ListContent {
  const lists = { titles: [] as string[], designations: [] as string[], nationalities: [] as string[], lastDayUpdated: [] as string[] }
  const groups = { aliases: [], addresses: [], datesOfBirth: [], placesOfBirth: [], documents: [] } as Record<
    'aliases' | 'addresses' | 'datesOfBirth' | 'placesOfBirth' | 'documents',
    Record<string, string>[]
  >
  const other: Record<string, unknown> = {}
  for (const [tag, value] of Object.entries(item)) {
    if (IGNORED.has(tag) || SCALARS.has(tag) || tag.startsWith('@')) continue
    const list = VALUE_LISTS[tag]
    if (list) {
      const values = ((value as Record<string, unknown> | undefined)?.['VALUE'] ?? []) as unknown[]
      for (const v of values) {
        const s = collapse(str(v, tag))
        if (s !== '') lists[list].push(list === 'lastDayUpdated' ? dayPart(s) : s)
      }
      continue
    }
    const group = GROUPS[tag]
    if (group) {
      for (const entry of value as unknown[]) {
        const f = flat(entry)
        if (group === 'aliases') {
          if (f['QUALITY'] !== undefined) f['QUALITY'] = f['QUALITY'].toLowerCase()
          if (!f['ALIAS_NAME']) {
            // An alias with no name is a placeholder; the 2024-era files park a date of birth in it.
            if (f['DATE_OF_BIRTH']) groups.datesOfBirth.push(dateOfBirth({ TYPE_OF_DATE: 'EXACT', DATE: f['DATE_OF_BIRTH'] }))
            continue
          }
        }
        if (Object.keys(f).length > 0) groups[group].push(group === 'datesOfBirth' ? dateOfBirth(f) : f)
      }
      continue
    }
    const f = typeof value === 'object' ? flat(value) : collapse(str(value, tag))
    if (typeof f === 'string' ? f !== '' : Object.keys(f).length > 0) other[tag] = f
  }
  const scalar = (tag: string) => collapse(str(item[tag], tag))
  return {
    subjectType,
    names: NAME_TAGS.map(scalar) as unknown as [string, string, string, string],
    nameOriginalScript: scalar('NAME_ORIGINAL_SCRIPT'),
    listType: scalar('UN_LIST_TYPE'),
    listedOn: dayPart(scalar('LISTED_ON')),
    // Whitespace carries no meaning in the comparison (`web link: https` = `web link:https`).
    narrative: str(item['COMMENTS1'], 'COMMENTS1').replace(/\s+/g, ''),
    gender: scalar('GENDER'),
    titles: sortedSet(lists.titles),
    designations: sortedSet(lists.designations),
    nationalities: sortedSet(lists.nationalities),
    lastDayUpdated: sortedSet(lists.lastDayUpdated),
    aliases: sortedByJson(groups.aliases),
    addresses: sortedByJson(groups.addresses),
    datesOfBirth: sortedByJson(groups.datesOfBirth),
    placesOfBirth: sortedByJson(groups.placesOfBirth),
    documents: sortedByJson(groups.documents),
    other: Object.fromEntries(Object.entries(other).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  }
}

/** Some files write a year-only date of birth as DATE, others as YEAR: the same fact. */
function dateOfBirth(f: Record<string, string>): Record<string, string> {
  const date = f['DATE']
  if (date === undefined || !/^\d{4}$/.test(date) || f['YEAR'] !== undefined) return f
  const { DATE: _date, ...rest } = f
  return { ...rest, YEAR: date }
}

/** A stable fingerprint of a record's content: equal content ⇔ equal fingerprint. */
export function fingerprintOf(content: ListContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex')
}
