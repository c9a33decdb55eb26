/**
 * The floor: the same snapshot's FTS5 tables queried by hand-written SQL, on its own connection.
 * The MATCH string is built here from the query's words with the library's exported `termOf`, so
 * the terms agree with what the index holds; filters, dates and sorts read `docs` and `facets`
 * directly. It answers the same question as legisearch (same total, same page, same order) with
 * none of the library's work around the SQL: no parameter validation, no q parser, no highlights,
 * no saved-folder lookup, no result mapping (the page's records are only `JSON.parse`d).
 *
 * Where the SQL differs from the library's (on purpose, as a hand-writer who knows the data would):
 * - the text's own match count comes first, from the FTS table alone (no join to `docs`: the table
 *   already is one corpus); it is the total when there are no filters, and it picks the plan;
 * - filters: when the text matches at most a quarter of the corpus, each matching row is checked by
 *   primary-key lookups in `facets` (`EXISTS … AND doc = d.rowid`); otherwise as IN lists, one
 *   `facets` range each (the library's form);
 * - `newest` without filters over a text matching at least 5 % of the corpus walks the
 *   (corpus, date) index from the newest and stops at the end of the page, instead of sorting;
 * - the page is otherwise sorted on narrow rows (rowid, sort keys) and only its ≤ 20 records are
 *   read afterwards, so the sorter never carries record JSON;
 * - a proposition identifier is the union of the phrase match and the `propositions.ident` facet
 *   (the library matches a marked identifier column inside the one MATCH expression).
 */
import Database from 'better-sqlite3'
import { type MatchMode, fold, termOf } from '../../packages/legisearch/src/index.js'
import { type TracedStatement, tracedStatement } from '../explain.js'
import type { BenchCorpus, BenchQuery, Item, TextSpec } from '../queries.js'
import { LIMIT } from '../queries.js'
import { decodeRecord } from '../../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'

/** BM25 column weights of each corpus's FTS table, in column order (title-like fields weigh more). */
const WEIGHTS: Readonly<Record<BenchCorpus, string>> = {
  propositions: '3, 1, 2, 1', // title, summary, ident, identkey
  dou: '3, 2, 1', // title, resume, content
  social: '1', // text
}

/** How the list filters' values are stored in `facets` (folded, as the library normalizes open values). */
const normalize = (v: string) => fold(v).trim()

export interface BaselineAnswer {
  readonly total: number
  readonly ids: readonly string[]
}

function phrase(item: Item, mode: MatchMode): string {
  return `"${item.words.map((w) => termOf(w, mode)).join(' ')}"`
}

function anyOf(items: readonly Item[], mode: MatchMode): string {
  const parts = items.map((i) => phrase(i, mode))
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`
}

/** The FTS5 MATCH expression of a text: `g1 AND (a OR b) … NOT (x OR y)`. */
export function matchOf(text: TextSpec, mode: MatchMode): string {
  const all = text.groups.map((g) => anyOf(g, mode)).join(' AND ')
  return text.exclude.length === 0 ? all : `(${all}) NOT ${anyOf(text.exclude, mode)}`
}

/** The identifier column's term prefix (as `src/index/fts.ts` writes it). */
const IDENTIFIER_MARK = '\ue100'

function dayKey(d: string): number {
  return Number(d.replaceAll('-', ''))
}

/** Text matches at most this share of the corpus: filters are checked row by row (EXISTS), else as IN lists. */
const EXISTS_SHARE = 0.25
/** Text matches at least this share of the corpus: `newest` walks the date index instead of sorting. */
const WALK_SHARE = 0.05
/** Text matches from which a filtered total rides on the page's pass; below, a separate count (cheap, and 0 skips the page). */
const ONE_PASS_MIN_MATCHES = 2000

interface CompiledSql {
  readonly countSql: string
  readonly countArgs: readonly (string | number)[]
  readonly pageSql: string
  readonly pageArgs: readonly (string | number)[]
  /** The page's rows carry the total (`total` column); the count statement is only for a page past the end. */
  readonly onePass?: boolean
}

export class Fts5Baseline {
  private readonly db: Database.Database
  private readonly st: Statements
  private readonly cache = new Map<string, Database.Statement>()
  private readonly sizes: ReadonlyMap<string, number>

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true })
    this.st = new Statements(this.db)
    const rows = this.db.prepare('SELECT corpus, count(*) AS n FROM docs GROUP BY corpus').all() as { corpus: string; n: number }[]
    this.sizes = new Map(rows.map((r) => [r.corpus, r.n]))
  }

  private sink: TracedStatement[] | null = null

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql)
    if (!s) {
      s = this.db.prepare(sql)
      this.cache.set(sql, s)
    }
    return this.sink ? tracedStatement(s, sql, () => this.sink) : s
  }

  /** Runs `f` recording every statement it executes, with its time (for the report's plans). */
  trace(f: () => unknown): TracedStatement[] {
    this.sink = []
    try {
      f()
      return this.sink
    } finally {
      this.sink = null
    }
  }

  private parts(q: BenchQuery) {
    const fts = `fts_${q.corpus}_${q.mode}`
    const match = matchOf(q.text, q.mode)
    const g = q.text.groups
    // A citation is one group of its spellings; the one carrying the key is the proposition's own.
    const item = q.corpus === 'propositions' && g.length === 1 ? g[0]?.find((i) => i.identifier !== undefined) : undefined
    const identKey = item?.identifier
    // What BM25 scores: the phrase, or the identifier's own column (so `pl 2630` typed in lower case
    // in sensitive mode still scores its proposition, as the library does).
    const scoreMatch =
      item !== undefined && identKey !== undefined
        ? `(${match}) OR {identkey} : "${item.words.map((w) => IDENTIFIER_MARK + termOf(w, 'keyword')).join(' ')}"`
        : match
    return { fts, match, identKey, scoreMatch }
  }

  /** The SQL and arguments of the text match alone, without filters: its count is the plan's first input. */
  textCountSql(q: BenchQuery): { sql: string; args: (string | number)[] } {
    const { fts, match, identKey } = this.parts(q)
    if (identKey === undefined) return { sql: `SELECT count(*) AS n FROM ${fts} WHERE ${fts} MATCH ?`, args: [match] }
    return {
      sql: `SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? UNION SELECT doc FROM facets WHERE facet = 'propositions.ident' AND value = ?)`,
      args: [match, identKey],
    }
  }

  textCount(q: BenchQuery): number {
    const c = this.textCountSql(q)
    return (this.stmt(c.sql).get(...c.args) as { n: number }).n
  }

  /**
   * The SQL of one query, planned from how many documents its text matches (`textTotal`): few
   * matches → filters checked per matching row by primary-key lookups; many → filters as IN lists
   * (one range read each); `newest` over many matches and no filters → walk the (corpus, date)
   * index from the newest and stop after the page.
   */
  compile(q: BenchQuery, textTotal: number): CompiledSql {
    const { fts, match, identKey, scoreMatch } = this.parts(q)
    const scored = q.sort === 'relevance'
    const corpusSize = this.sizes.get(q.corpus) ?? 0
    const offset = (q.page - 1) * LIMIT

    // The matching rows (with their BM25 score when sorting by relevance).
    let matchSql: string
    const matchArgs: (string | number)[] = [match]
    if (identKey !== undefined) {
      // The phrase, or the identifier's facet (`pl 2630` typed in lower case in sensitive mode still finds PL 2630).
      matchSql = scored
        ? `SELECT u.rowid AS rowid, s.score AS score FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? UNION SELECT doc FROM facets WHERE facet = 'propositions.ident' AND value = ?) u ` +
          `LEFT JOIN (SELECT rowid, bm25(${fts}, ${WEIGHTS[q.corpus]}) AS score FROM ${fts} WHERE ${fts} MATCH ?) s ON s.rowid = u.rowid`
        : `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? UNION SELECT doc FROM facets WHERE facet = 'propositions.ident' AND value = ?`
      matchArgs.push(identKey)
      if (scored) matchArgs.push(scoreMatch)
    } else {
      matchSql = `SELECT rowid${scored ? `, bm25(${fts}, ${WEIGHTS[q.corpus]}) AS score` : ''} FROM ${fts} WHERE ${fts} MATCH ?`
    }

    const where: string[] = []
    const whereArgs: (string | number)[] = []
    if (q.filters) {
      const perRow = textTotal <= EXISTS_SHARE * corpusSize
      // The date first: a column of the row already read.
      where.push('d.main_day BETWEEN ? AND ?')
      whereArgs.push(dayKey(q.filters.created.from), dayKey(q.filters.created.to))
      for (const f of q.filters.lists) {
        const values = [...new Set(f.values.map(normalize))]
        const list = values.map(() => '?').join(', ')
        where.push(
          perRow
            ? `EXISTS (SELECT 1 FROM facets WHERE facet = ? AND value IN (${list}) AND doc = d.rowid)`
            : `d.rowid IN (SELECT doc FROM facets WHERE facet = ? AND value IN (${list}))`,
        )
        whereArgs.push(`${q.corpus}.${f.field}`, ...values)
      }
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''

    const text = this.textCountSql(q)
    const countSql =
      where.length === 0 ? text.sql : `SELECT count(*) AS n FROM (${matchSql}) m JOIN docs d ON d.rowid = m.rowid ${whereSql}`
    const countArgs = where.length === 0 ? text.args : [...matchArgs, ...whereArgs]

    if (!scored && where.length === 0 && identKey === undefined && textTotal >= WALK_SHARE * corpusSize) {
      // Newest first over a large match set: read the date index backwards, keep the rows in the
      // match set, stop at the end of the page.
      const inner =
        `SELECT d.rowid AS r, d.main_ms AS ms, d.id AS id FROM docs d INDEXED BY docs_main ` +
        `WHERE d.corpus = ? AND d.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) ORDER BY d.main_ms DESC, d.id ASC LIMIT ? OFFSET ?`
      return {
        countSql,
        countArgs,
        pageSql: `SELECT x.id AS id, y.record AS record FROM (${inner}) p JOIN docs x ON x.rowid = p.r JOIN records y ON y.rowid = p.r ORDER BY p.ms DESC, p.id ASC`,
        pageArgs: [q.corpus, match, LIMIT, offset],
      }
    }

    const rel = scored ? 'CAST(round(1000000 * log10(1 + 1000000 * -coalesce(m.score, 0))) AS INTEGER)' : '0'
    const identExpr =
      identKey === undefined ? '0' : `(d.rowid IN (SELECT doc FROM facets WHERE facet = 'propositions.ident' AND value = ?))`
    const keyArgs = identKey === undefined ? [] : [identKey]
    const order = scored ? 'rel DESC, ms DESC, id ASC' : 'ms DESC, id ASC'
    const outerOrder = scored ? 'p.rel DESC, p.ms DESC, p.id ASC' : 'p.ms DESC, p.id ASC'
    // The page is sorted on narrow rows; only its ≤ 20 records are read afterwards. With filters
    // the sort visits every matching row anyway, so the total rides along (`count(*) OVER ()`)
    // instead of a second walk of the same join.
    const onePass = where.length > 0 && textTotal >= ONE_PASS_MIN_MATCHES
    const inner =
      `SELECT d.rowid AS r, ${identExpr} AS ident, ${rel} AS rel, d.main_ms AS ms, d.id AS id${onePass ? ', count(*) OVER () AS total' : ''} ` +
      `FROM (${matchSql}) m JOIN docs d ON d.rowid = m.rowid ${whereSql} ` +
      `ORDER BY ident DESC, ${order} LIMIT ? OFFSET ?`
    return {
      countSql,
      countArgs,
      pageSql: `SELECT x.id AS id, y.record AS record${onePass ? ', p.total AS total' : ''} FROM (${inner}) p JOIN docs x ON x.rowid = p.r JOIN records y ON y.rowid = p.r ORDER BY p.ident DESC, ${outerOrder}`,
      onePass,
      pageArgs: [...keyArgs, ...matchArgs, ...whereArgs, LIMIT, offset],
    }
  }

  search(q: BenchQuery): BaselineAnswer {
    const textTotal = this.textCount(q)
    const c = this.compile(q, textTotal)
    const count = () => (this.stmt(c.countSql).get(...c.countArgs) as { n: number }).n
    if (c.onePass) {
      const rows = this.stmt(c.pageSql).all(...c.pageArgs) as { id: string; record: string | Buffer; total: number }[]
      const first = rows[0]
      if (first === undefined) return { total: count(), ids: [] }
      return { total: first.total, ids: rows.map((r) => (JSON.parse(decodeRecord(this.st, r.record)) as { id: string }).id) }
    }
    const total = q.filters ? count() : textTotal
    if ((q.page - 1) * LIMIT >= total) return { total, ids: [] }
    const rows = this.stmt(c.pageSql).all(...c.pageArgs) as { id: string; record: string | Buffer }[]
    const ids = rows.map((r) => (JSON.parse(decodeRecord(this.st, r.record)) as { id: string }).id)
    return { total, ids }
  }

  /** `GET /watchlist?search=` by hand: the same normalized substring test over `names_key`. */
  watchlist(search: string): BaselineAnswer {
    const key = search
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '')
    const total = (this.stmt('SELECT count(*) AS n FROM watchlist_designations WHERE instr(names_key, ?) > 0').get(key) as { n: number }).n
    const rows = this.stmt(
      'SELECT record FROM watchlist_designations WHERE instr(names_key, ?) > 0 ORDER BY last_updated_on IS NULL, last_updated_on DESC, ref ASC LIMIT 20',
    ).all(key) as { record: string }[]
    return { total, ids: rows.map((r) => (JSON.parse(r.record) as { sourceRefNumber: string }).sourceRefNumber) }
  }

  /** The baseline's connection (EXPLAIN QUERY PLAN of both engines' statements is read on it). */
  get connection(): Database.Database {
    return this.db
  }

  close(): void {
    this.db.close()
  }
}
