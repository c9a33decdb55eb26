import { readFileSync } from 'node:fs'
import { defineCommand } from 'citty'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { SCREEN_DEFAULTS, type ScreenResult, openSnapshot, LegisearchError } from 'legisearch'
import { guarded, heldRemovalsText, snapshotArg, snapshotPath, table } from './common.js'
import { shown } from 'legisearch/internal'

const COLUMNS = ['name', 'birthDate', 'nationality', 'id'] as const
const FORMATS = ['table', 'csv', 'jsonl'] as const
type Format = (typeof FORMATS)[number]

const refused = (message: string) => new LegisearchError('invalid_parameters', message)

/** The entries of a CSV file (or stdin): a header with `name` and any of `birthDate`, `nationality`, `id`. */
function entriesOf(source: string): Line[] {
  let text: string
  try {
    text = readFileSync(source === '-' ? 0 : source, 'utf8')
  } catch (e) {
    throw refused(`FILE: cannot read ${source === '-' ? 'standard input' : source} (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  let rows: { record: string[]; info: { lines: number } }[]
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
      record: string[]
      info: { lines: number }
    }[]
  } catch (e) {
    throw refused(`FILE: ${where(source)} is not a CSV file (${(e as Error).message})`)
  }
  const header = rows[0]?.record ?? []
  const unknown = header.filter((c) => !(COLUMNS as readonly string[]).includes(c))
  const twice = header.filter((c, i) => header.indexOf(c) !== i)
  if (!header.includes('name') || unknown.length > 0 || twice.length > 0) {
    throw refused(
      `FILE: ${where(source)} has columns ${header.join(', ') || '(none)'}; a screening file has a header with a name column and optionally ${COLUMNS.slice(1).join(', ')}, each once` +
        (unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : '') +
        (twice.length > 0 ? ` (twice: ${twice.join(', ')})` : ''),
    )
  }
  if (rows.length === 1) throw refused(`FILE: ${where(source)} has no row to screen (a header with a name column, then one row per name)`)
  return rows.slice(1).map(({ record, info }) => {
    const entry: Line = { line: info.lines, name: '' }
    header.forEach((column, i) => {
      const value = record[i] ?? ''
      if (column === 'name') entry.name = value
      else if (value !== '') entry[column as Exclude<(typeof COLUMNS)[number], 'name'>] = value
    })
    return entry
  })
}

/** An entry and the line of the file it ends on. */
type Line = { line: number; name: string; birthDate?: string; nationality?: string; id?: string }

const where = (source: string) => (source === '-' ? 'standard input' : source)

/** A strict decimal number of an option (`0x1`, `1e0` and blanks are not). */
function numberOf(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+(\.\d+)?$/.test(value.trim())) throw refused(`--${flag}: must be a number such as 0.8 (got ${shown(value)})`)
  return Number(value)
}

/** One output row per match, and one row for an entry with none, so nothing disappears. */
function rowsOf(results: readonly ScreenResult[]): string[][] {
  return results.flatMap((r, i) => {
    const entry = [String(i + 1), r.id ?? '', r.name]
    if (r.matches.length === 0) return [[...entry, '0', '', '', '', '', '', '']]
    return r.matches.map((m, k) => [
      ...entry,
      String(k + 1),
      m.ref,
      m.score.toFixed(3),
      m.matchedName,
      m.status,
      m.lastEventType ?? '',
      m.reasons.join('; '),
    ])
  })
}

const HEADER = ['entry', 'id', 'name', 'rank', 'ref', 'score', 'matchedName', 'status', 'lastEventType', 'reasons']

export default defineCommand({
  meta: {
    name: 'screen',
    description:
      'Screens names (a CSV file with a name column, optional birthDate, nationality, id; - for stdin) against the sanctions watchlist: one row per match, and a row for each name with none',
  },
  args: {
    file: { type: 'positional', required: true, description: 'The CSV file, or - for standard input' },
    threshold: { type: 'string', description: `Lowest score reported, 0..1 (default ${SCREEN_DEFAULTS.threshold})` },
    limit: { type: 'string', description: `Matches per name, 1..50 (default ${SCREEN_DEFAULTS.limit})` },
    'include-delisted': { type: 'boolean', description: 'Also match designations no longer listed' },
    format: { type: 'string', description: 'table (default), csv or jsonl (one JSON result per name)' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = (args.format ?? 'table') as Format
      if (!FORMATS.includes(format)) throw refused(`--format: must be one of ${FORMATS.join(', ')} (got ${JSON.stringify(args.format)})`)
      const threshold = numberOf('threshold', args.threshold)
      const limit = numberOf('limit', args.limit)
      const lines = entriesOf(args.file)
      const entries = lines.map(({ line: _line, ...entry }) => entry)
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        let results: ScreenResult[]
        try {
          results = snap.screen(entries, {
            ...(threshold === undefined ? {} : { threshold }),
            ...(limit === undefined ? {} : { limit }),
            ...(args['include-delisted'] ? { includeDelisted: true } : {}),
          })
        } catch (e) {
          if (!(e instanceof LegisearchError)) throw e
          // `entries[3].birthDate` → the line of the file the 4th row ends on.
          const row = e.path[1]
          if (e.path[0] === 'entries' && typeof row === 'number') {
            throw refused(`${where(args.file)}, line ${lines[row]?.line ?? '?'}: ${e.message.replace(/^entries\[\d+\]\./, '')}`)
          }
          if (e.path[0] === 'entries') throw refused(`${where(args.file)}: ${e.message.replace(/^entries: /, '')} (rows)`)
          // An option: `options.limit: …` → `--limit: …`.
          const flag = String(e.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
          throw refused(`--${flag}: ${e.message.replace(/^options\.\w+: /, '')}`)
        }
        const rows = rowsOf(results)
        if (format === 'jsonl') process.stdout.write(results.map((r) => `${JSON.stringify(r)}\n`).join(''))
        else if (format === 'csv') process.stdout.write(stringify([HEADER, ...rows]))
        else {
          const shown = rows.map((r) => [r[0], r[2], r[4], r[5], r[7], r[6]].map((v) => v ?? ''))
          process.stdout.write(`${table(['#', 'name', 'ref', 'score', 'status', 'matched name'], shown, [5, 32, 10, 6, 9, 40])}\n`)
          const hit = results.filter((r) => r.matches.length > 0).length
          process.stdout.write(
            `${results.length} names screened, ${hit} with a match at score ≥ ${threshold ?? SCREEN_DEFAULTS.threshold}; no match is not proof of absence (--format csv shows the reasons)\n`,
          )
        }
        const held = heldRemovalsText(snap.heldWatchlistRemovals(), args.snapshot)
        if (held !== '') process.stderr.write(held)
      } finally {
        snap.close()
      }
    }),
})
