import type { AnyCorpus } from '../corpora/define.js'
import type { SearchBody } from '../query/body.js'
import type { Sort } from '../query/params.js'
import { isEmptyTextQuery, positiveItems, type TextQuery } from '../query/text-query.js'
import type { MatchMode } from '../text/modes.js'
import { ftsTable, matchExpressions, weightsOf } from './fts.js'

export interface SearchRequest {
  readonly corpus: AnyCorpus
  readonly text: TextQuery
  readonly mode: MatchMode
  readonly body: SearchBody
  readonly sort: Sort
  readonly limit: number
  readonly offset: number
}

export interface SearchRow {
  readonly id: string
  readonly record: string
  readonly relevance: number
}

export interface CompiledSearch {
  /** `SELECT count(*) AS n …` — the exact total, ignoring paging. */
  readonly countSql: string
  /** `SELECT id, record, relevance … ORDER BY … LIMIT ? OFFSET ?`. */
  readonly pageSql: string
  readonly countArgs: readonly (string | number)[]
  /** Parameters of the page statement, before limit and offset. */
  readonly pageArgs: readonly (string | number)[]
}

/**
 * `relevance` = round(10⁶ · log10(1 + 10⁶ · score)), score = −bm25 (higher is better). The
 * transform is monotone, so it orders exactly as BM25 does, and it keeps integer resolution at
 * both ends: FTS5 clamps the IDF of a word present in half the documents or more to 10⁻⁶, where a
 * linear scale would round every score to 0 and turn the relevance sort into a date sort.
 */
const RELEVANCE_EXPR = 'CAST(round(1000000 * log10(1 + 1000000 * -m.score)) AS INTEGER)'

/**
 * Compiles a search into SQL over `docs`, `facets` and the corpus's FTS5 table of the request's
 * mode. Text is matched by the index only; filters by the `facets` primary key; dates by columns.
 */
export function compileSearch(req: SearchRequest): CompiledSearch {
  const { corpus, body, sort, mode } = req
  const text = req.text
  const args: (string | number)[] = []
  const table = ftsTable(corpus.name, mode)
  const identColumn = corpus.text.find((f) => f.role === 'identifier')?.name
  const { positive, negative } = isEmptyTextQuery(text)
    ? { positive: null, negative: null }
    : matchExpressions(text, mode, identColumn)
  const scored = sort === 'relevance' && positive !== null

  let from = 'docs d'
  if (positive !== null) {
    const score = scored ? `, bm25(${table}, ${weightsOf(corpus)}) AS score` : ''
    from = `(SELECT rowid${score} FROM ${table} WHERE ${table} MATCH ?) m JOIN docs d ON d.rowid = m.rowid`
    args.push(positive)
  }
  const where: string[] = ['d.corpus = ?']
  args.push(corpus.name)
  if (positive === null && negative !== null) {
    where.push(`d.rowid NOT IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`)
    args.push(negative)
  }
  for (const f of body.facets) {
    where.push(`d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${f.values.map(() => '?').join(', ')}))`)
    args.push(f.facet, ...f.values)
  }
  for (const d of body.dates) {
    where.push(`${d.column === 'main' ? 'd.main_day' : 'd.upd_day'} BETWEEN ? AND ?`)
    args.push(d.range.from, d.range.to)
  }
  const whereSql = where.join(' AND ')

  // A proposition identifier typed in `q` ranks that proposition first, whatever the sort.
  const identKeys = positiveItems(text).flatMap((i) => (i.identifier === undefined ? [] : [i.identifier]))
  let identExpr = '0'
  const selectArgs: (string | number)[] = []
  if (corpus.identifiers && identKeys.length > 0) {
    identExpr = `(d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${identKeys.map(() => '?').join(', ')})))`
    selectArgs.push(`${corpus.name}.ident`, ...identKeys)
  }
  const relevanceExpr = scored ? RELEVANCE_EXPR : '0'
  const order = {
    newest: 'd.main_ms DESC, d.id ASC',
    older: 'd.main_ms ASC, d.id ASC',
    recently_updated: 'd.upd_ms DESC, d.id ASC',
    relevance: 'relevance DESC, d.main_ms DESC, d.id ASC',
  }[sort]
  const orderSql = identExpr === '0' ? order : `ident DESC, ${order}`

  return {
    countSql: `SELECT count(*) AS n FROM ${from} WHERE ${whereSql}`,
    pageSql:
      `SELECT d.id AS id, d.record AS record, ${relevanceExpr} AS relevance, ${identExpr} AS ident ` +
      `FROM ${from} WHERE ${whereSql} ORDER BY ${orderSql} LIMIT ? OFFSET ?`,
    countArgs: args,
    pageArgs: [...selectArgs, ...args],
  }
}
