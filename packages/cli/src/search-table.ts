import { officialLink, type CorpusName } from 'legisearch'
import { table } from './common.js'

type Fields = Readonly<Record<string, unknown>>

/**
 * One column of a corpus's results, in the table and in a CSV export: its full value (`get`), and
 * how the table shows it: `whole` (never cut: ids and links must be copyable), or cut to `width`.
 */
export interface Column {
  readonly name: string
  readonly get: (r: Fields) => string
  readonly width: number | 'whole'
  /** The table's form of the value (the day of a date-time); the CSV keeps `get`'s. */
  readonly short?: (v: string) => string
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const oneLine = (v: string): string => v.replace(/\s+/g, ' ').trim()
const field = (r: Fields, ...path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined), r)
/** A norm's number as written (`1.548`). */
const numbered = (n: unknown): string => (typeof n === 'number' && n > 0 ? n.toLocaleString('pt-BR') : str(n))

const id: Column = { name: 'id', width: 'whole', get: (r) => str(r['id']) }
const date = (name: string): Column => ({ name: 'date', width: 10, get: (r) => str(r[name]), short: (v) => v.slice(0, 10) })
const text = (name: string, width: number, get: (r: Fields) => string): Column => ({ name, width, get: (r) => oneLine(get(r)) })
const link = (corpus: CorpusName): Column => ({ name: 'link', width: 'whole', get: (r) => officialLink(corpus, r) ?? '' })

/**
 * The columns of each corpus's results: the whole id, the date, the type and number where the
 * corpus has them (in the title), the title or the first words of the text, the authors or the
 * poster, and the official page (`officialLink`). One entry per corpus; the table and the CSV
 * export both read it.
 */
export const COLUMNS: Readonly<Record<CorpusName, readonly Column[]>> = {
  propositions: [
    id,
    date('datePresentation'),
    text('title', 16, (r) => str(r['title']) || `${str(r['acronymType'])} ${str(r['number'])}/${str(r['year'])}`),
    text('summary', 60, (r) => str(r['summary'])),
    text('authors', 30, (r) => (Array.isArray(r['authors']) ? r['authors'] : []).map((a) => str(field(a as Fields, 'name'))).join('; ')),
    link('propositions'),
  ],
  social: [
    id,
    date('postedAt'),
    text('poster', 24, (r) => {
      const network = str(r['resource']) || str(r['openDataResource'])
      return str(field(r, 'stakeholder', 'name')) || str(field(r, 'stakeholder', network))
    }),
    text('text', 70, (r) => str(r['text'])),
    link('social'),
  ],
  dou: [
    id,
    date('date'),
    text('title', 40, (r) => str(r['title'])),
    text('organization', 30, (r) => str(r['hierarchy']).split('/')[0] ?? ''),
    text('summary', 50, (r) => str(r['resume']) || str(r['content'])),
    link('dou'),
  ],
  bacen: [
    id,
    date('date'),
    text('title', 30, (r) => str(r['title']) || str(r['type'])),
    text('subject', 70, (r) => str(r['subject']) || str(r['summary'])),
    link('bacen'),
  ],
  notices: [id, date('date'), text('site', 20, (r) => str(r['site'])), text('title', 70, (r) => str(r['title'])), link('notices')],
  irs: [
    id,
    date('date'),
    // The Receita's acts carry no title: type, issuer and number (`Instrução Normativa RFB nº 1.548`).
    text('title', 36, (r) => {
      const head = [str(r['type']), str(r['organ'])].filter((s) => s !== '').join(' ')
      const n = numbered(r['number'])
      return head === '' ? str(r['subject']) : n === '' || n === '0' ? head : `${head} nº ${n}`
    }),
    text('subject', 60, (r) => str(r['subject']) || str(r['content'])),
    link('irs'),
  ],
}

/** A result's row of full values, in its corpus's columns. */
export function rowOf(corpus: CorpusName, r: Fields): string[] {
  return COLUMNS[corpus].map((c) => c.get(r))
}

/** Results as a text table in their corpus's columns: ids and links whole, other text cut to its width. */
export function resultsTable(corpus: CorpusName, results: readonly Fields[]): string {
  const columns = COLUMNS[corpus]
  const rows = results.map((r) => columns.map((c) => (c.short ? c.short(c.get(r)) : c.get(r))))
  const widths = columns.map((c, i) =>
    c.width === 'whole' ? Math.max(c.name.length, ...rows.map((row) => (row[i] as string).length)) : c.width,
  )
  return table(
    columns.map((c) => c.name),
    rows,
    widths,
  )
}
