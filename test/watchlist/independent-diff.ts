/**
 * A TEST-ONLY reader and diff of two versions of the UN Security Council Consolidated List,
 * written separately from the library's reconciler: it imports no src code and does not use an
 * XML library. It tokenizes the XML with one regular expression, builds a small element tree, and
 * projects every record onto its "content" (DECISIONS §6: what `amended` compares) by its own
 * rules, so the replay tests can check the library's report against an independent opinion.
 *
 * Content of a record: every child element except the bookkeeping ones (DATAID, VERSIONNUM,
 * LIST_TYPE, SORT_KEY, SORT_KEY_LAST_MOD, SUBMITTED_BY, SUBMITTED_ON, REFERENCE_NUMBER), text
 * whitespace-collapsed, entities decoded, empties dropped; the narrative (COMMENTS1) with EVERY
 * whitespace character removed (reflowed lines, `web link: https` vs `web link:https`: no change);
 * names positional; TITLE, DESIGNATION,
 * NATIONALITY, LAST_DAY_UPDATED as sets; repeated groups (aliases, addresses, dates and places of
 * birth, documents) as sets of {child → text} maps; dates reduced to their day; alias QUALITY
 * lower-cased; a nameless alias dropped (its DATE_OF_BIRTH, if any, becomes an EXACT date of
 * birth); a year-only DATE of birth equal to YEAR; anything unknown still counted.
 */

/** One element: its tag, its child elements, and its own text (entities decoded, not trimmed). */
export interface XmlNode {
  readonly tag: string
  readonly attrs: Readonly<Record<string, string>>
  readonly children: XmlNode[]
  text: string
}

/** One record of a list, as this reader sees it. */
export interface IndependentRecord {
  readonly ref: string
  readonly kind: 'individual' | 'entity'
  readonly dataId: string
  /** Each content field (named as the library's `changes[].field`) → a canonical JSON string. */
  readonly fields: Readonly<Record<string, string>>
  /** The whole content, canonical: equal ⇔ same content. */
  readonly content: string
  /** COMMENTS1 as published: entities decoded, trimmed at the ends only ('' when absent). */
  readonly narrative: string
}

export interface IndependentList {
  readonly dateGenerated: string
  readonly records: ReadonlyMap<string, IndependentRecord>
}

const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>/g
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return NAMED[name] ?? whole
  })
}

/** Parses an XML document into its root element. Throws on a mismatched or unclosed element. */
export function parseXmlTree(xml: string): XmlNode {
  const stack: XmlNode[] = []
  let root: XmlNode | undefined
  let last = 0
  const appendText = (raw: string) => {
    const top = stack[stack.length - 1]
    if (top) top.text += raw
  }
  for (const m of xml.matchAll(TOKEN)) {
    const index = m.index
    appendText(decode(xml.slice(last, index)))
    last = index + m[0].length
    if (m[1] !== undefined) {
      appendText(m[1])
      continue
    }
    const tag = m[3]
    if (tag === undefined) continue // prolog, comment, doctype
    if (m[2] === '/') {
      const open = stack.pop()
      if (!open || open.tag !== tag) throw new Error(`independent reader: </${tag}> closes <${open?.tag ?? 'nothing'}>`)
      continue
    }
    const attrs: Record<string, string> = {}
    for (const a of (m[4] ?? '').matchAll(ATTR)) attrs[a[1] as string] = decode(a[2] ?? a[3] ?? '')
    const node: XmlNode = { tag, attrs, children: [], text: '' }
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push(node)
    else if (root) throw new Error('independent reader: more than one root element')
    else root = node
    if (m[5] !== '/') stack.push(node)
  }
  if (stack.length > 0) throw new Error(`independent reader: <${stack[stack.length - 1]?.tag}> is never closed`)
  if (!root) throw new Error('independent reader: no root element')
  return root
}

/** Whitespace runs → one space, ends trimmed. */
const squash = (s: string): string =>
  s
    .split(/\s+/)
    .filter((w) => w !== '')
    .join(' ')

/** The day of a date, whatever follows it (`2015-07-01-04:00`, `2015-07-01T00:00:00`). */
const day = (s: string): string => (/^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : s)

/** All the text of an element and its descendants, collapsed. */
function textOf(n: XmlNode): string {
  return squash([n.text, ...n.children.map(textOf)].join(' '))
}

/** A JSON text with object keys sorted at every level, so member order never matters. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`
  }
  return JSON.stringify(v)
}

/** A set of values as a canonical, sorted, duplicate-free JSON array. */
export function setOf(values: readonly unknown[]): string {
  return `[${[...new Set(values.map(canonical))].sort().join(',')}]`
}

const BOOKKEEPING = new Set([
  'DATAID',
  'VERSIONNUM',
  'LIST_TYPE',
  'SORT_KEY',
  'SORT_KEY_LAST_MOD',
  'SUBMITTED_BY',
  'SUBMITTED_ON',
  'REFERENCE_NUMBER',
])
const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
const VALUE_FIELDS: Readonly<Record<string, string>> = {
  TITLE: 'titles',
  DESIGNATION: 'designations',
  NATIONALITY: 'nationalities',
  LAST_DAY_UPDATED: 'lastDayUpdated',
}
const SINGLE_FIELDS: Readonly<Record<string, string>> = {
  NAME_ORIGINAL_SCRIPT: 'nameOriginalScript',
  UN_LIST_TYPE: 'listType',
  LISTED_ON: 'listedOn',
  COMMENTS1: 'narrative',
  GENDER: 'gender',
}
const GROUP_FIELDS: Readonly<Record<string, string>> = {
  INDIVIDUAL_ALIAS: 'aliases',
  ENTITY_ALIAS: 'aliases',
  INDIVIDUAL_ADDRESS: 'addresses',
  ENTITY_ADDRESS: 'addresses',
  INDIVIDUAL_DATE_OF_BIRTH: 'datesOfBirth',
  INDIVIDUAL_PLACE_OF_BIRTH: 'placesOfBirth',
  INDIVIDUAL_DOCUMENT: 'documents',
}
const DAY_VALUED = new Set(['DATE', 'DATE_OF_ISSUE', 'DATE_OF_BIRTH'])

/** A group element as {child tag → collapsed text}, empty children left out; a repeated child becomes a sorted list. */
function groupMap(n: XmlNode): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const c of n.children) {
    let v = textOf(c)
    if (v === '') continue
    if (DAY_VALUED.has(c.tag)) v = day(v)
    const prev = out[c.tag]
    out[c.tag] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v].sort()
  }
  return out
}

/** A date of birth with a year-only DATE written as YEAR, as the later files do. */
function normalDob(d: Record<string, string | string[]>): Record<string, string | string[]> {
  const date = d['DATE']
  if (typeof date !== 'string' || !/^\d{4}$/.test(date)) return d
  const year = d['YEAR']
  if (year !== undefined && year !== date) return d
  const out: Record<string, string | string[]> = { ...d, YEAR: date }
  delete out['DATE']
  return out
}

/** The content of one INDIVIDUAL or ENTITY element, field by field. */
export function contentFields(kind: 'individual' | 'entity', rec: XmlNode): Record<string, string> {
  const byTag = new Map<string, XmlNode[]>()
  for (const c of rec.children) byTag.set(c.tag, [...(byTag.get(c.tag) ?? []), c])
  const first = (tag: string): string => {
    const all = byTag.get(tag) ?? []
    return all.map(textOf).find((t) => t !== '') ?? ''
  }
  const fields: Record<string, string> = { subjectType: JSON.stringify(kind) }
  fields['names'] = canonical(NAME_PARTS.map(first))
  for (const [tag, field] of Object.entries(SINGLE_FIELDS)) {
    const v = first(tag)
    // Whitespace means nothing in the narrative: every space and line break is dropped.
    fields[field] = JSON.stringify(tag === 'LISTED_ON' ? day(v) : tag === 'COMMENTS1' ? v.split(/\s/).join('') : v)
  }
  for (const [tag, field] of Object.entries(VALUE_FIELDS)) {
    const values: string[] = []
    for (const holder of byTag.get(tag) ?? []) {
      for (const v of holder.children) {
        const t = textOf(v)
        if (t !== '') values.push(tag === 'LAST_DAY_UPDATED' ? day(t) : t)
      }
    }
    fields[field] = setOf(values)
  }
  const groups: Record<string, Record<string, string | string[]>[]> = {
    aliases: [],
    addresses: [],
    datesOfBirth: [],
    placesOfBirth: [],
    documents: [],
  }
  const other: Record<string, unknown[]> = {}
  for (const c of rec.children) {
    const tag = c.tag
    if (BOOKKEEPING.has(tag) || NAME_PARTS.includes(tag) || tag in SINGLE_FIELDS || tag in VALUE_FIELDS) continue
    const group = GROUP_FIELDS[tag]
    if (group !== undefined) {
      const m = groupMap(c)
      if (group === 'aliases') {
        const q = m['QUALITY']
        if (typeof q === 'string') m['QUALITY'] = q.toLowerCase()
        if (m['ALIAS_NAME'] === undefined) {
          const dob = m['DATE_OF_BIRTH']
          if (typeof dob === 'string') groups['datesOfBirth']?.push({ TYPE_OF_DATE: 'EXACT', DATE: dob })
          continue
        }
      }
      if (Object.keys(m).length === 0) continue
      groups[group]?.push(group === 'datesOfBirth' ? normalDob(m) : m)
      continue
    }
    // Unknown element: its text, or its children as a map; empty ones do not count.
    const v = c.children.length > 0 ? groupMap(c) : textOf(c)
    if (typeof v === 'string' ? v === '' : Object.keys(v).length === 0) continue
    other[tag] = [...(other[tag] ?? []), v]
  }
  groups['datesOfBirth'] = (groups['datesOfBirth'] ?? []).map(normalDob)
  for (const [field, items] of Object.entries(groups)) fields[field] = setOf(items)
  fields['other'] = canonical(Object.fromEntries(Object.entries(other).map(([k, v]) => [k, setOf(v)])))
  return fields
}

/** Reads a list: its dateGenerated and every record by REFERENCE_NUMBER (trimmed). */
export function readList(xml: string | Buffer): IndependentList {
  // XML 1.0 §2.11: every CRLF or lone CR is read as LF.
  const text = (typeof xml === 'string' ? xml : xml.toString('utf8')).replace(/\r\n?/g, '\n')
  const root = parseXmlTree(text)
  if (root.tag !== 'CONSOLIDATED_LIST') throw new Error(`independent reader: root is <${root.tag}>`)
  const dateGenerated = root.attrs['dateGenerated'] ?? ''
  const records = new Map<string, IndependentRecord>()
  for (const section of root.children) {
    const kind = section.tag === 'INDIVIDUALS' ? 'individual' : section.tag === 'ENTITIES' ? 'entity' : null
    if (kind === null) continue
    for (const rec of section.children) {
      if (rec.tag !== (kind === 'individual' ? 'INDIVIDUAL' : 'ENTITY')) continue
      const refNode = rec.children.find((c) => c.tag === 'REFERENCE_NUMBER')
      const ref = refNode ? textOf(refNode) : ''
      if (ref === '') throw new Error('independent reader: a record without REFERENCE_NUMBER')
      if (records.has(ref)) throw new Error(`independent reader: ${ref} twice`)
      const dataNode = rec.children.find((c) => c.tag === 'DATAID')
      const fields = contentFields(kind, rec)
      const narrative = (rec.children.find((c) => c.tag === 'COMMENTS1')?.text ?? '').trim()
      records.set(ref, { ref, kind, dataId: dataNode ? textOf(dataNode) : '', fields, content: canonical(fields), narrative })
    }
  }
  return { dateGenerated, records }
}

/** The content fields whose canonical value differs between two records. */
export function changedFields(a: IndependentRecord, b: IndependentRecord): string[] {
  const keys = [...new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])]
  return keys.filter((k) => a.fields[k] !== b.fields[k]).sort()
}

export interface ListDiff {
  /** Refs in the newer list and not in the older. */
  added: string[]
  /** Refs in the older list and not in the newer. */
  removed: string[]
  /** Refs in both whose content differs. */
  changed: string[]
  /** The newer list's dateGenerated. */
  dateGenerated: string
}

/** Diffs two lists (raw XML, or lists already read). Arrays are sorted. */
export function diffLists(older: string | Buffer | IndependentList, newer: string | Buffer | IndependentList): ListDiff {
  const a = typeof older === 'string' || Buffer.isBuffer(older) ? readList(older) : older
  const b = typeof newer === 'string' || Buffer.isBuffer(newer) ? readList(newer) : newer
  const added: string[] = []
  const removed: string[] = []
  const changed: string[] = []
  for (const [ref, rec] of b.records) {
    const prev = a.records.get(ref)
    if (!prev) added.push(ref)
    else if (prev.content !== rec.content) changed.push(ref)
  }
  for (const ref of a.records.keys()) if (!b.records.has(ref)) removed.push(ref)
  return { added: added.sort(), removed: removed.sort(), changed: changed.sort(), dateGenerated: b.dateGenerated }
}

const SET_FIELDS = new Set([
  'titles',
  'designations',
  'nationalities',
  'lastDayUpdated',
  'aliases',
  'addresses',
  'datesOfBirth',
  'placesOfBirth',
  'documents',
])

/**
 * Whether a value the library reports for a content field (`changes[].before/after`) means the
 * same as this reader's canonical value of that field. `other` (unknown elements) is not compared.
 */
export function fieldValueMatches(field: string, libValue: unknown, mine: string | undefined): boolean {
  if (mine === undefined) return false
  if (field === 'other') return true
  if (SET_FIELDS.has(field)) {
    if (!Array.isArray(libValue)) return false
    const normal = libValue.map((v: unknown) => {
      if (v === null || typeof v !== 'object') return v
      // A repeated child the library joined with '; ' is a sorted list here.
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [
          k,
          typeof x === 'string' && x.includes('; ') ? x.split('; ').sort() : x,
        ]),
      )
    })
    return setOf(libValue) === mine || setOf(normal) === mine
  }
  return canonical(libValue) === mine
}
