import type { AnyCorpus } from '../corpora/define.js'
import type { SearchBody } from '../query/body.js'
import type { Sort } from '../query/params.js'
import { isEmptyTextQuery, positiveItems, type TextQuery } from '../query/text-query.js'
import type { Statements } from '../store/statements.js'
import type { MatchMode } from '../text/modes.js'
import { ftsTable, matchExpressions, weightsOf } from './fts.js'

export interface SearchRequest {
  readonly corpus: AnyCorpus
  readonly text: TextQuery
  readonly mode: MatchMode
  /** `sensitive` without `keyword`: canonically equivalent spellings match (see `canonicalOf`). */
  readonly canonical?: boolean
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

export interface SearchOutcome {
  /** The exact number of matches, ignoring paging. */
  readonly total: number
  /** The page, in order. */
  readonly rows: SearchRow[]
}

/**
 * `relevance` = round(10⁶ · log10(1 + 10⁶ · score)), score = −bm25 (higher is better). The
 * transform is monotone, so it orders exactly as BM25 does, and it keeps integer resolution at
 * both ends: FTS5 clamps the IDF of a word present in half the documents or more to 10⁻⁶, where a
 * linear scale would round every score to 0 and turn the relevance sort into a date sort.
 */
const RELEVANCE_EXPR = 'CAST(round(1000000 * log10(1 + 1000000 * -m.score)) AS INTEGER)'

/** A text matching at most this share of the corpus drives the plan: filters are checked row by row. */
const PER_ROW_FILTER_SHARE = 0.25
/** A text matching at least this share of the corpus is read in date order from the date index. */
const DATE_WALK_SHARE = 0.05
/** Without text, a facet holding less than this share of the corpus drives the query. */
const SMALL_FACET_SHARE = 0.02
/** Text matches from which a filtered search counts in the page's own pass (see `runSearch`). */
const ONE_PASS_MIN_MATCHES = 2000

const ORDER: Record<Sort, string> = {
  newest: 'd.main_ms DESC, d.id ASC',
  older: 'd.main_ms ASC, d.id ASC',
  recently_updated: 'd.upd_ms DESC, d.id ASC',
  relevance: 'relevance DESC, d.main_ms DESC, d.id ASC',
}

/** The spellings of a canonical `sensitive` term that the corpus's records use besides it. */
function sensitiveVariants(st: Statements, corpus: string, canonical: string): string[] {
  return (st.get('SELECT raw FROM sensitive_variants WHERE corpus = ? AND canonical = ?').all(corpus, canonical) as { raw: string }[]).map(
    (r) => r.raw,
  )
}

/**
 * Runs a search over `docs`, `facets` and the corpus's FTS5 table of the request's mode. Text is
 * matched by the index only; filters by the `facets` primary key; dates by columns. The plan
 * follows the text's own match count (one cheap FTS5 count), as a hand-written query would:
 * - with no filters that count IS the total (the FTS table holds exactly this corpus's records);
 * - a selective text drives the query and filters are checked per row (`EXISTS` on the facets key);
 *   an unselective one lets each filter's value list drive instead (`IN`);
 * - a date sort over a common text walks the date index and stops at the end of the page;
 * - the sort carries narrow rows, and only the page's ≤ 20 records are read.
 */
export function runSearch(st: Statements, req: SearchRequest, corpusSize: () => number): SearchOutcome {
  const { corpus, body, sort, mode, text } = req
  const table = ftsTable(corpus.name, mode)
  const identColumn = corpus.text.find((f) => f.role === 'identifier')?.name
  const variantsOf =
    req.canonical === true && mode === 'sensitive' ? (canonical: string) => sensitiveVariants(st, corpus.name, canonical) : undefined
  const { positive, negative } = isEmptyTextQuery(text)
    ? { positive: null, negative: null }
    : matchExpressions(text, { mode, variantsOf }, identColumn)
  const hasFilters = body.facets.length > 0 || body.dates.length > 0

  let textTotal: number | null = null
  if (positive !== null) {
    textTotal = (st.get(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(positive) as { n: number }).n
    if (textTotal === 0) return { total: 0, rows: [] }
  }
  const size = hasFilters || (positive !== null && sort !== 'relevance') ? corpusSize() : 0

  // How each list filter is checked. A selective text drives and filters are checked per row. With
  // no text, the smallest facet drives when it is small; when every facet is broad, the page walks
  // the date index checking each row and the count reads the narrowest facet once.
  type FacetFilter = SearchBody['facets'][number]
  let perRow = textTotal !== null && textTotal <= PER_ROW_FILTER_SHARE * size
  let driver: FacetFilter | null = null
  // Broad filters without text: the page walks the date index checking each row (it stops at the
  // end of the page), while the count lets every filter's set be read once (SQLite's IN plan).
  let countWithSets = false
  if (positive === null && body.facets.length > 0) {
    const cap = Math.max(1000, Math.floor(SMALL_FACET_SHARE * size))
    const sized = body.facets.map((f) => ({ f, n: facetSize(st, f, cap) })).sort((a, b) => a.n - b.n)
    const smallest = sized[0] as { f: FacetFilter; n: number }
    perRow = true
    if (smallest.n < cap) driver = smallest.f
    else countWithSets = true
  }

  const clauses: Clause[] = [{ sql: 'd.corpus = ?', args: [corpus.name] }]
  if (positive === null && negative !== null) {
    clauses.push({ sql: `d.rowid NOT IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`, args: [negative] })
  }
  const facetClause = (f: FacetFilter, rowByRow: boolean): Clause => {
    const list = f.values.map(() => '?').join(', ')
    return {
      facet: f,
      sql: rowByRow
        ? `EXISTS (SELECT 1 FROM facets WHERE facet = ? AND value IN (${list}) AND doc = d.rowid)`
        : `d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${list}))`,
      args: [f.facet, ...f.values],
    }
  }
  for (const f of body.facets) clauses.push(facetClause(f, perRow))
  for (const d of body.dates) {
    clauses.push({ sql: `${d.column === 'main' ? 'd.main_day' : 'd.upd_day'} BETWEEN ? AND ?`, args: [d.range.from, d.range.to] })
  }

  // FROM: what drives the query.
  const scored = sort === 'relevance' && positive !== null
  const dateWalk = !scored && positive !== null && !hasFilters && (textTotal as number) >= DATE_WALK_SHARE * size
  let from: Clause = { sql: 'docs d', args: [] }
  if (driver !== null) {
    from = drivenBy(driver)
  } else if (positive !== null && dateWalk) {
    clauses.push({ sql: `d.rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`, args: [positive] })
  } else if (positive !== null) {
    const score = scored ? `, bm25(${table}, ${weightsOf(corpus)}) AS score` : ''
    from = { sql: `(SELECT rowid${score} FROM ${table} WHERE ${table} MATCH ?) m JOIN docs d ON d.rowid = m.rowid`, args: [positive] }
  }
  const where = (skip: FacetFilter | null, rowByRow = perRow) => {
    const kept = clauses
      .filter((c) => c.facet === undefined || c.facet !== skip)
      .map((c) => (c.facet !== undefined && rowByRow !== perRow ? facetClause(c.facet, rowByRow) : c))
    return { sql: kept.map((c) => c.sql).join(' AND '), args: kept.flatMap((c) => c.args) }
  }
  const pageWhere = where(driver)

  const countAll = (): number => {
    const countWhere = where(driver, countWithSets ? false : perRow)
    return (st.get(`SELECT count(*) AS n FROM ${from.sql} WHERE ${countWhere.sql}`).get(...from.args, ...countWhere.args) as { n: number })
      .n
  }
  // Text with filters: the page's plan already visits every matching row (to sort them), so the
  // total comes from the same pass (`count(*) OVER ()`) instead of a second walk of the same join,
  // which halves the cost of a common word with filters. Other plans stop early or read the total
  // elsewhere: without filters it is the text's own count; without text, a separate count. A
  // selective text keeps the separate count: it is cheap, and a total of 0 then skips the page.
  const onePass = positive !== null && hasFilters && (textTotal as number) >= ONE_PASS_MIN_MATCHES
  let total: number | null = positive !== null && !hasFilters ? (textTotal as number) : onePass ? null : countAll()
  if (total !== null && (total === 0 || req.offset >= total)) return { total, rows: [] }

  // A proposition identifier typed in `q` ranks that proposition first, whatever the sort.
  const identKeys = corpus.identifiers ? positiveItems(text).flatMap((i) => (i.identifier === undefined ? [] : [i.identifier])) : []
  const identExpr =
    identKeys.length > 0
      ? `(d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${identKeys.map(() => '?').join(', ')})))`
      : '0'
  const identArgs = identKeys.length > 0 ? [`${corpus.name}.ident`, ...identKeys] : []
  const order = identKeys.length > 0 ? `ident DESC, ${ORDER[sort]}` : ORDER[sort]

  const page = st
    .get(
      `SELECT d.rowid AS r, ${scored ? RELEVANCE_EXPR : '0'} AS relevance, ${identExpr} AS ident${onePass ? ', count(*) OVER () AS total' : ''} ` +
        `FROM ${from.sql} WHERE ${pageWhere.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...identArgs, ...from.args, ...pageWhere.args, req.limit, req.offset) as { r: number; relevance: number; total?: number }[]
  // A one-pass page past the end has no row to carry the total: count apart (rare: a late page).
  if (page.length === 0) return { total: total ?? countAll(), rows: [] }
  total ??= (page[0] as { total: number }).total
  const records = new Map(
    (
      st
        .get(
          `SELECT d.rowid AS r, d.id AS id, x.record AS record FROM docs d JOIN records x ON x.rowid = d.rowid WHERE d.rowid IN (${page.map(() => '?').join(', ')})`,
        )
        .all(...page.map((p) => p.r)) as {
        r: number
        id: string
        record: string
      }[]
    ).map((x) => [x.r, x]),
  )
  return {
    total,
    rows: page.map((p) => {
      const x = records.get(p.r) as { id: string; record: string }
      return { id: x.id, record: x.record, relevance: p.relevance }
    }),
  }
}

/** A piece of SQL with its arguments; a filter's clause remembers its facet. */
interface Clause {
  readonly sql: string
  readonly args: readonly (string | number)[]
  readonly facet?: SearchBody['facets'][number]
}

/** A facet's documents as the outer loop (CROSS JOIN keeps SQLite from reordering it). */
function drivenBy(f: SearchBody['facets'][number]): Clause {
  return {
    sql: `(SELECT DISTINCT doc FROM facets WHERE facet = ? AND value IN (${f.values.map(() => '?').join(', ')})) f CROSS JOIN docs d ON d.rowid = f.doc`,
    args: [f.facet, ...f.values],
  }
}

/** How many documents offer one of a filter's values, counted up to `cap` (a bounded estimate). */
function facetSize(st: Statements, f: SearchBody['facets'][number], cap: number): number {
  const list = f.values.map(() => '?').join(', ')
  return (
    st
      .get(`SELECT count(*) AS n FROM (SELECT 1 FROM facets WHERE facet = ? AND value IN (${list}) LIMIT ?)`)
      .get(f.facet, ...f.values, cap) as { n: number }
  ).n
}
