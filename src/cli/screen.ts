import { readFileSync } from 'node:fs'
import { defineCommand } from 'citty'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { SCREEN_DEFAULTS, type ScreenEntry, type ScreenResult } from '../api/screen.js'
import { openSnapshot } from '../api/snapshot.js'
import { LegisearchError } from '../common/errors.js'
import { guarded, heldRemovalsText, snapshotArg, snapshotPath, table } from './common.js'

const COLUMNS = ['name', 'birthDate', 'nationality', 'id'] as const
const FORMATS = ['table', 'csv', 'jsonl'] as const
type Format = (typeof FORMATS)[number]

const refused = (message: string) => new LegisearchError(400, 'invalid_parameters', message)

/** The entries of a CSV file (or stdin): a header with `name` and any of `birthDate`, `nationality`, `id`. */
function entriesOf(source: string): ScreenEntry[] {
  let text: string
  try {
    text = readFileSync(source === '-' ? 0 : source, 'utf8')
  } catch (e) {
    throw refused(`FILE: cannot read ${source === '-' ? 'standard input' : source} (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  let rows: Record<string, string>[]
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as Record<
      string,
      string
    >[]
  } catch (e) {
    throw refused(`FILE: ${source} is not a CSV file with a header (${(e as Error).message})`)
  }
  const header = Object.keys(rows[0] ?? {})
  if (rows.length === 0) throw refused(`FILE: ${source} has no row to screen (a header with a name column, then one row per name)`)
  const unknown = header.filter((c) => !(COLUMNS as readonly string[]).includes(c))
  if (!header.includes('name') || unknown.length > 0) {
    throw refused(
      `FILE: ${source} has columns ${header.join(', ')}; a screening file has a name column and optionally ${COLUMNS.slice(1).join(', ')}` +
        (unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''),
    )
  }
  return rows.map((r) => {
    const entry: { name: string; birthDate?: string; nationality?: string; id?: string } = { name: r['name'] ?? '' }
    for (const c of COLUMNS.slice(1)) if (r[c] !== undefined && r[c] !== '') entry[c] = r[c]
    return entry
  })
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
      const number = (flag: string, value: string | undefined): number | undefined => {
        if (value === undefined) return undefined
        const n = Number(value)
        if (value.trim() === '' || Number.isNaN(n)) throw refused(`--${flag}: must be a number (got ${JSON.stringify(value)})`)
        return n
      }
      const threshold = number('threshold', args.threshold)
      const limit = number('limit', args.limit)
      const entries = entriesOf(args.file)
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
          // `entries[3].birthDate` → the CSV's line 5 (the header is line 1).
          if (e instanceof LegisearchError && typeof e.path[1] === 'number') {
            throw refused(`${args.file === '-' ? 'standard input' : args.file}, line ${e.path[1] + 2}: ${e.message}`)
          }
          if (e instanceof LegisearchError && e.path[0] !== 'entries') throw refused(`--${String(e.path[0])}: ${e.message}`)
          throw e
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
        const held = heldRemovalsText(snap, args.snapshot)
        if (held !== '') process.stderr.write(held)
      } finally {
        snap.close()
      }
    }),
})
