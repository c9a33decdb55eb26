import { LegisearchError, schemas, type CorpusName } from 'legisearch'
import { invalid, clipped, shown } from 'legisearch/internal'

/** The `keywords` lists a `--filter keywords.or=…` adds to. */
const KEYWORD_LISTS = ['or', 'and', 'not'] as const

/** What a body field of a corpus takes: a list of values, a DateRange or the `keywords` object. */
type FieldKind = 'list' | 'date' | 'keywords'

interface Field {
  readonly kind: FieldKind
  /** Validates the field's value (the body schema's own). */
  readonly schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }
}

/** The body fields of a corpus's search, from its body schema (the one `search` validates with). */
function fieldsOf(corpus: CorpusName): Map<string, Field> {
  const shape = (schemas.searchBodySchemas[corpus] as unknown as { shape: Record<string, Field['schema'] & { unwrap(): unknown }> }).shape
  return new Map(
    Object.entries(shape).map(([name, schema]) => {
      const inner = schema.unwrap()
      const kind: FieldKind = inner === schemas.dateRangeSchema ? 'date' : inner === schemas.keywordsSchema ? 'keywords' : 'list'
      return [name, { kind, schema }]
    }),
  )
}

/** Whether `YYYY-MM-DD` is a day of the calendar (not `2023-13-01` nor `2023-02-30`). */
function isDay(d: string): boolean {
  const t = new Date(`${d}T00:00:00Z`)
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d
}

/** `FROM..TO`, `FROM..` (up to today) or one day `DAY` (that day only). */
function dateRangeOf(v: string): { from?: string; to?: string } | null {
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (day.test(v)) return isDay(v) ? { from: v, to: v } : null
  const m = /^(\d{4}-\d{2}-\d{2})?\.\.(\d{4}-\d{2}-\d{2})?$/.exec(v)
  if (!m || [m[1], m[2]].some((d) => d !== undefined && !isDay(d))) return null
  return { ...(m[1] ? { from: m[1] } : {}), ...(m[2] ? { to: m[2] } : {}) }
}

/** The `--filter` flags of the command line, in order (`--filter k=v` and `--filter=k=v`). */
export function filterFlags(rawArgs: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i] as string
    if (a === '--') break
    if (a === '--filter') {
      const next = rawArgs[++i]
      if (next === undefined) throw invalid('--filter: give k=v after it (e.g. --filter states=SP)', ['filter'])
      out.push(next)
    } else if (a.startsWith('--filter=')) out.push(a.slice('--filter='.length))
  }
  return out
}

/**
 * The body of a search from `--body` (JSON, the base) and `--filter` flags, in order:
 * - `k=v` adds the ONE value `v` to the list filter `k` (a comma is part of the value: repeat the
 *   flag for several values); on a DateRange filter `v` is `FROM..TO`, `FROM..` or one day;
 *   `keywords.or=v` (`and`, `not`) adds one word or phrase to that keywords list.
 * - `k:=JSON` gives the field as JSON: a list filter's array (its items are added), a DateRange
 *   object, the `keywords` object.
 * A key the corpus does not take, or a value its filter refuses, is refused naming the flag.
 *
 * @example bodyOf('dou', ['--filter', 'organizations=Ministério da Ciência, Tecnologia e Inovação'], undefined)
 * // { organizations: ['Ministério da Ciência, Tecnologia e Inovação'] }
 */
export function bodyOf(corpus: CorpusName, rawArgs: readonly string[], base: string | undefined): Record<string, unknown> {
  let body: Record<string, unknown> = {}
  if (base !== undefined) {
    let parsed: unknown
    try {
      parsed = JSON.parse(base)
    } catch (e) {
      throw new LegisearchError('invalid_json', `--body: not JSON (${(e as Error).message})`)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('--body: must be a JSON object', ['body'])
    body = parsed as Record<string, unknown>
  }
  const flags = filterFlags(rawArgs)
  if (flags.length === 0) return body
  const fields = fieldsOf(corpus)
  const allowed = [...fields].flatMap(([name, f]) => (f.kind === 'keywords' ? KEYWORD_LISTS.map((k) => `${name}.${k}`) : [name]))
  for (const flag of flags) {
    const m = /^([A-Za-z_][\w.]*)(:?=)(.*)$/s.exec(flag)
    if (!m) {
      throw invalid(
        `--filter: ${shown(flag)} is not k=v (e.g. states=SP, created_at=2023-01-01..2023-02-28, or k:=JSON); ${corpus} takes ${allowed.join(', ')}`,
        ['filter'],
      )
    }
    const [, key, op, raw] = m as unknown as [string, string, string, string]
    const [name, sub] = key.split('.', 2) as [string, string | undefined]
    const field = fields.get(name)
    const keywordList = field?.kind === 'keywords' && sub !== undefined && (KEYWORD_LISTS as readonly string[]).includes(sub)
    if (!field || (sub !== undefined && !keywordList) || (field.kind === 'keywords' && op === '=' && !keywordList)) {
      throw invalid(
        `--filter ${clipped(flag)}: ${corpus} has no filter ${shown(key)}${field?.kind === 'keywords' ? ' with =' : ''}; it takes ${allowed.join(', ')} (or keywords:=JSON)`,
        ['filter'],
      )
    }
    let value: unknown
    if (op === ':=') {
      try {
        value = JSON.parse(raw)
      } catch (e) {
        throw new LegisearchError('invalid_json', `--filter ${clipped(flag)}: the value after := is not JSON (${(e as Error).message})`, [
          'filter',
        ])
      }
    } else if (field.kind === 'date') {
      value = dateRangeOf(raw)
      if (value === null) {
        throw invalid(
          `--filter ${clipped(flag)}: ${name} takes a date range FROM..TO of days YYYY-MM-DD, FROM.. (up to today) or one day YYYY-MM-DD (or ${name}:={"from":…,"to":…})`,
          ['filter'],
        )
      }
    } else {
      value = raw
    }
    const next = keywordList ? addKeyword(body[name], sub as string, value) : field.kind === 'list' ? addValues(body[name], value) : value
    const checked = field.schema.safeParse(next)
    if (!checked.success) {
      const issue = checked.error?.issues[0]
      const where = name + (issue?.path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
      throw invalid(`--filter ${clipped(flag)}: ${clipped(where)}: ${clipped(issue?.message ?? 'is not allowed', 1000)}`, ['filter'])
    }
    body[name] = next
  }
  return body
}

/** A list filter's values with `value` added (one value, or each item of a JSON array). */
function addValues(current: unknown, value: unknown): unknown {
  const before = Array.isArray(current) ? current : current === undefined ? [] : [current]
  return [...before, ...(Array.isArray(value) ? value : [value])]
}

function addKeyword(current: unknown, list: string, value: unknown): unknown {
  const k = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {}
  return { ...k, [list]: addValues(k[list], value) }
}
