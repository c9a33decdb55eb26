/**
 * `legisearch search everything`: one search across every corpus (`snap.searchEverything`, `POST
 * /search`), printed as one table (each row its corpus, id, date, title or text, official page)
 * or as the endpoint's exact JSON.
 */
import { invalid } from 'legisearch/internal'
import { CORPUS_NAMES, type CorpusName, openSnapshot, type EverythingResult } from 'legisearch'
import { snapshotPath, table } from './common.js'
import { bodyOf } from './search-filters.js'
import { COLUMNS } from './search-table.js'

/** The corpus name the `search` command takes for every corpus at once. */
export const EVERYTHING = 'everything'

/** What `search everything` reads of the `search` command's arguments. */
export interface EverythingArgs {
  readonly q?: string | undefined
  readonly sort?: string | undefined
  readonly modes?: string | undefined
  readonly page?: string | undefined
  readonly limit?: string | undefined
  readonly body?: string | undefined
  readonly client?: string | undefined
  readonly json?: boolean | undefined
  readonly all?: boolean | undefined
  readonly format?: string | undefined
  readonly out?: string | undefined
  readonly facets?: string | undefined
  readonly histogram?: string | undefined
  readonly snapshot?: string | undefined
}

/** The column of a corpus's results that says what the record is: its title, or a post's text. */
function titleColumn(corpus: CorpusName) {
  const columns = COLUMNS[corpus]
  return columns.find((c) => c.name === 'title' || c.name === 'text') ?? (columns[2] as (typeof columns)[number])
}

/**
 * Results of every corpus as one table: corpus, id and link whole, the date's day, the title (or a
 * post's text) cut to 60 characters.
 *
 * @example everythingTable([{ corpus: 'dou', id: 'dou-1', title: 'PORTARIA Nº 1', date: '2024-01-02', … }])
 */
export function everythingTable(results: readonly EverythingResult[]): string {
  const rows = results.map((r) => {
    const columns = COLUMNS[r.corpus]
    const fields = r as unknown as Record<string, unknown>
    const cell = (name: string) => columns.find((c) => c.name === name)
    const date = cell('date')
    const link = cell('link')
    return [
      r.corpus,
      r.id,
      date ? (date.short ?? ((v: string) => v))(date.get(fields)) : '',
      titleColumn(r.corpus).get(fields),
      link ? link.get(fields) : '',
    ]
  })
  const whole = (i: number, name: string) => Math.max(name.length, ...rows.map((row) => (row[i] as string).length))
  return table(['corpus', 'id', 'date', 'title', 'link'], rows, [whole(0, 'corpus'), whole(1, 'id'), 10, 60, whole(4, 'link')])
}

/**
 * Runs `legisearch search everything`: the query string from the options, the body from `--body`
 * and `--filter` (only `created_at` is taken), a table (with each corpus's total) or `--json`.
 */
export function runSearchEverything(args: EverythingArgs, rawArgs: readonly string[]): void {
  for (const [given, name] of [
    [args.all, 'all'],
    [args.format, 'format'],
    [args.out, 'out'],
  ] as const) {
    if (given !== undefined && given !== false)
      throw invalid(`--${name}: not with ${EVERYTHING} (it answers a page: --page, --limit; search one corpus to export)`, [name])
  }
  // Counts are per corpus (POST /search takes no facets or histogram): refused, not silently dropped.
  for (const [given, name] of [
    [args.facets, 'facets'],
    [args.histogram, 'histogram'],
  ] as const) {
    if (given !== undefined)
      throw invalid(
        `--${name}: not with ${EVERYTHING} (counts are per corpus: search one corpus with --${name}; the answer's totals count each corpus)`,
        [name],
      )
  }
  const query = Object.fromEntries(
    (['q', 'sort', 'modes', 'page', 'limit'] as const).flatMap((k) => (args[k] === undefined ? [] : [[k, args[k]]])),
  )
  // `--filter created_at=FROM..TO` reads as on every corpus (each one's date filter is `created_at`).
  const body = bodyOf(CORPUS_NAMES[0] as CorpusName, rawArgs, args.body)
  const ctx = args.client === undefined ? undefined : { clientId: args.client }
  const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
  try {
    const response = snap.searchEverything(query, body, ctx)
    if (args.json) {
      process.stdout.write(`${JSON.stringify(response, null, 2)}\n`)
      return
    }
    process.stdout.write(`${everythingTable(response.results)}\n`)
    const p = response.pagination
    const per = CORPUS_NAMES.map((c) => `${c} ${response.totals[c].toLocaleString('en-US')}`).join(', ')
    process.stdout.write(
      `page ${p.page} of ${p.pages}, ${p.total.toLocaleString('en-US')} ${p.total === 1 ? 'result' : 'results'} (${per})\n`,
    )
  } finally {
    snap.close()
  }
}
