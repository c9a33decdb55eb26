import { corpusSize } from '../store/documents.js'
import type { Statements } from '../store/statements.js'
import { relevanceSql } from './bm25.js'
import type { CountRequest, FacetFilter, IndexCounts, IndexPage, IndexSearch, Sort, ValueCount } from './types.js'

/** `relevance` on the relevance scale (see `bm25.ts`); FTS5's `bm25()` is negative, lower is better. */
const RELEVANCE_EXPR = relevanceSql('-m.score')

/** A text matching at most this share of the corpus drives the plan: filters are checked row by row. */
const PER_ROW_FILTER_SHARE = 0.25
/** A text matching at least this share of the corpus is read in date order from the date index. */
const DATE_WALK_SHARE = 0.05
/** Without text, a facet holding less than this share of the corpus drives the query. */
const SMALL_FACET_SHARE = 0.02
/** Text matches from which a filtered search counts in the page's own pass (see `planOf`). */
const ONE_PASS_MIN_MATCHES = 2000

const ORDER: Record<Sort, string> = {
  newest: 'd.main_ms DESC, d.id ASC',
  older: 'd.main_ms ASC, d.id ASC',
  recently_updated: 'd.upd_ms DESC, d.id ASC',
  relevance: 'relevance DESC, d.main_ms DESC, d.id ASC',
}

/** The FTS5 side of a search: its table, BM25 weights and MATCH expressions (see `matchExpressions`). */
export interface Fts5Match {
  readonly table: string
  readonly weights: string
  readonly positive: string | null
  readonly negative: string | null
}

/** A piece of SQL with its arguments; a filter's clause remembers its facet. */
interface Clause {
  readonly sql: string
  readonly args: readonly (string | number)[]
  readonly facet?: FacetFilter
}

/**
 * How one search runs, decided from the text's own match count (one cheap FTS5 count), as a
 * hand-written query would (the benchmark's FTS5 floor showed the way).
 */
interface Plan {
  /** Filters are checked per row (`EXISTS` on the facets key) rather than read as sets (`IN`). */
  readonly perRow: boolean
  /** Without text: the small facet whose documents are the outer loop. */
  readonly driver: FacetFilter | null
  /** Without text and with broad facets only: the count reads every facet's set once. */
  readonly countWithSets: boolean
  /** Ordered by BM25. */
  readonly scored: boolean
  /** A date sort over a common text: walk the date index from the newest, stop at the page's end. */
  readonly dateWalk: boolean
  /** The total rides on the page's own pass (`count(*) OVER ()`). */
  readonly onePass: boolean
}

/**
 * Runs a search over `docs`, `facets` and the corpus's FTS5 table of the request's mode. Text is
 * matched by the index only; filters by the `facets` primary key; dates by columns; the sort
 * carries narrow rows and only the page's rowids come back.
 */
export function searchFts5(st: Statements, req: IndexSearch, match: Fts5Match): IndexPage {
  const page = pageFts5(st, req, match)
  return req.counts ? { ...page, counts: countsFts5(st, req, match, page.total, req.counts) } : page
}

/**
 * The counts of a search over all its matches, in SQL: the facet rows of the matches grouped by
 * value (each value's lowest rowid from the `facets` key), and the matches grouped by period.
 */
function countsFts5(st: Statements, req: IndexSearch, match: Fts5Match, total: number, counts: CountRequest): IndexCounts {
  if (total === 0) return { facets: new Map(counts.facets.map((f) => [f, []])), histogram: [] }
  const plan: Plan = { perRow: false, driver: null, countWithSets: false, scored: false, dateWalk: false, onePass: false }
  const { from, clauses } = sqlOf(req, match, plan)
  const matches = `SELECT d.rowid FROM ${from.sql} WHERE ${clauses.map((c) => c.sql).join(' AND ')}`
  const args = [...from.args, ...clauses.flatMap((c) => c.args)]
  const facets = new Map<string, ValueCount[]>()
  for (const facet of counts.facets) {
    const rows = st
      .prepared(
        `SELECT f.value AS value, count(*) AS count, (SELECT min(g.doc) FROM facets g WHERE g.facet = f.facet AND g.value = f.value) AS first ` +
          `FROM facets f WHERE f.facet = ? AND f.doc IN (${matches}) GROUP BY f.value`,
      )
      .all(facet, ...args) as ValueCount[]
    facets.set(facet, rows)
  }
  const divisor = counts.histogram === 'year' ? 10_000 : 100
  const histogram = counts.histogram
    ? (st
        .prepared(
          `SELECT d.main_day / ${divisor} AS period, count(*) AS count FROM docs d WHERE d.rowid IN (${matches}) GROUP BY period ORDER BY period`,
        )
        .all(...args) as { period: number; count: number }[])
    : []
  return { facets, histogram }
}

function pageFts5(st: Statements, req: IndexSearch, match: Fts5Match): IndexPage {
  const { table, positive } = match
  let textTotal: number | null = null
  if (positive !== null) {
    textTotal = (st.prepared(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(positive) as { n: number }).n
    if (textTotal === 0) return { total: 0, rows: [] }
  }
  const hasFilters = req.facets.length > 0 || req.days.length > 0
  const size = hasFilters || (positive !== null && req.sort !== 'relevance') ? corpusSize(st, req.layout.name) : 0
  const plan = planOf(st, req, textTotal, size)
  const { from, clauses } = sqlOf(req, match, plan)

  const where = (skip: FacetFilter | null, rowByRow = plan.perRow) => {
    const kept = clauses
      .filter((c) => c.facet === undefined || c.facet !== skip)
      .map((c) => (c.facet !== undefined && rowByRow !== plan.perRow ? facetClause(c.facet, rowByRow) : c))
    return { sql: kept.map((c) => c.sql).join(' AND '), args: kept.flatMap((c) => c.args) }
  }
  const countAll = (): number => {
    const countWhere = where(plan.driver, plan.countWithSets ? false : plan.perRow)
    return (
      st.prepared(`SELECT count(*) AS n FROM ${from.sql} WHERE ${countWhere.sql}`).get(...from.args, ...countWhere.args) as { n: number }
    ).n
  }
  // Without filters the text's own count is the total (the FTS table holds exactly this corpus's
  // documents); a one-pass plan reads it from the page; otherwise a count of its own.
  let total: number | null = positive !== null && !hasFilters ? (textTotal as number) : plan.onePass ? null : countAll()
  if (total !== null && (total === 0 || req.offset >= total)) return { total, rows: [] }

  // Documents offering `first` (an identifier typed in `q`) come first, whatever the sort.
  const first = req.first !== undefined && req.first.values.length > 0 ? req.first : null
  const firstExpr = first ? `(d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${placeholders(first.values)})))` : '0'
  const firstArgs = first ? [first.facet, ...first.values] : []
  const order = first ? `ident DESC, ${ORDER[req.sort]}` : ORDER[req.sort]
  const pageWhere = where(plan.driver)
  const page = st
    .prepared(
      `SELECT d.rowid AS r, ${plan.scored ? RELEVANCE_EXPR : '0'} AS relevance, ${firstExpr} AS ident${plan.onePass ? ', count(*) OVER () AS total' : ''} ` +
        `FROM ${from.sql} WHERE ${pageWhere.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...firstArgs, ...from.args, ...pageWhere.args, req.limit, req.offset) as { r: number; relevance: number; total?: number }[]
  // A one-pass page past the end has no row to carry the total: count apart (rare: a late page).
  if (page.length === 0) return { total: total ?? countAll(), rows: [] }
  total ??= (page[0] as { total: number }).total
  return { total, rows: page.map((p) => ({ rowid: p.r, relevance: p.relevance })) }
}

/**
 * The plan: a selective text drives and filters are checked per row; an unselective one lets each
 * filter's value list drive instead. With no text, the smallest facet drives when it is small;
 * when every facet is broad, the page walks the date index checking each row and the count reads
 * the sets once. A date sort over a common text walks the date index and stops at the page's end.
 * Text with filters matching many documents counts in the page's own pass: the sort already visits
 * every match (halved the cost of a common word with filters: 27 → 17 ms p50 at 100k propositions).
 */
function planOf(st: Statements, req: IndexSearch, textTotal: number | null, size: number): Plan {
  const hasText = textTotal !== null
  const hasFilters = req.facets.length > 0 || req.days.length > 0
  let perRow = hasText && textTotal <= PER_ROW_FILTER_SHARE * size
  let driver: FacetFilter | null = null
  let countWithSets = false
  if (!hasText && req.facets.length > 0) {
    const cap = Math.max(1000, Math.floor(SMALL_FACET_SHARE * size))
    const sized = req.facets.map((f) => ({ f, n: facetSize(st, f, cap) })).sort((a, b) => a.n - b.n)
    const smallest = sized[0] as { f: FacetFilter; n: number }
    perRow = true
    if (smallest.n < cap) driver = smallest.f
    else countWithSets = true
  }
  const scored = req.sort === 'relevance' && hasText
  return {
    perRow,
    driver,
    countWithSets,
    scored,
    dateWalk: !scored && hasText && !hasFilters && textTotal >= DATE_WALK_SHARE * size,
    onePass: hasText && hasFilters && textTotal >= ONE_PASS_MIN_MATCHES,
  }
}

/** FROM (what drives the query) and the WHERE clauses of a plan. */
function sqlOf(req: IndexSearch, match: Fts5Match, plan: Plan): { from: Clause; clauses: Clause[] } {
  const { table, positive, negative } = match
  const clauses: Clause[] = [{ sql: 'd.corpus = ?', args: [req.layout.name] }]
  if (positive === null && negative !== null) {
    clauses.push({ sql: `d.rowid NOT IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`, args: [negative] })
  }
  for (const f of req.facets) clauses.push(facetClause(f, plan.perRow))
  for (const d of req.days) {
    clauses.push({ sql: `${d.column === 'main' ? 'd.main_day' : 'd.upd_day'} BETWEEN ? AND ?`, args: [d.from, d.to] })
  }
  let from: Clause = { sql: 'docs d', args: [] }
  if (plan.driver !== null) {
    // A facet's documents as the outer loop (CROSS JOIN keeps SQLite from reordering it).
    from = {
      sql: `(SELECT DISTINCT doc FROM facets WHERE facet = ? AND value IN (${placeholders(plan.driver.values)})) f CROSS JOIN docs d ON d.rowid = f.doc`,
      args: [plan.driver.facet, ...plan.driver.values],
    }
  } else if (positive !== null && plan.dateWalk) {
    clauses.push({ sql: `d.rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`, args: [positive] })
  } else if (positive !== null) {
    const score = plan.scored ? `, bm25(${table}, ${match.weights}) AS score` : ''
    from = { sql: `(SELECT rowid${score} FROM ${table} WHERE ${table} MATCH ?) m JOIN docs d ON d.rowid = m.rowid`, args: [positive] }
  }
  return { from, clauses }
}

function facetClause(f: FacetFilter, rowByRow: boolean): Clause {
  const list = placeholders(f.values)
  return {
    facet: f,
    sql: rowByRow
      ? `EXISTS (SELECT 1 FROM facets WHERE facet = ? AND value IN (${list}) AND doc = d.rowid)`
      : `d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${list}))`,
    args: [f.facet, ...f.values],
  }
}

function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ')
}

/** How many documents offer one of a filter's values, counted up to `cap` (a bounded estimate). */
function facetSize(st: Statements, f: FacetFilter, cap: number): number {
  return (
    st
      .prepared(`SELECT count(*) AS n FROM (SELECT 1 FROM facets WHERE facet = ? AND value IN (${placeholders(f.values)}) LIMIT ?)`)
      .get(f.facet, ...f.values, cap) as { n: number }
  ).n
}
