import type { Db, Upgrades } from '../store/database.js'
import type { Statements } from '../store/statements.js'
import { MATCH_MODES, type MatchMode, canonicalTerm, decodeSensitive, isDenormalized } from '../text/modes.js'
import { searchFts5 } from './fts5-search.js'
import { IDENTIFIER_MARK, type TermOptions, identifierTerm, termStreams, textSpellings } from './terms.js'
import type { TextItem, TextQuery } from './text-query.js'
import {
  type IndexLayout,
  type IndexPage,
  type IndexSearch,
  type IndexWriter,
  type MatchOptions,
  type TextIndex,
  fieldKey,
} from './types.js'

/**
 * The text index in SQLite FTS5, in the snapshot file itself: per corpus, one contentless FTS5
 * table per match mode, whose rowid is the document's rowid in `docs`, and the filter values as
 * rows of `facets` (one per value and document). The token streams are made
 * by `text/`, so FTS5's own tokenizer (`ascii`) only splits on the spaces between them.
 */
export class Fts5Index implements TextIndex {
  constructor(
    private readonly db: Db,
    private readonly st: Statements,
  ) {}

  inspect(layouts: readonly IndexLayout[]): { missing: string[]; changed: string[] } {
    const known = new Map(
      (this.st.prepared('SELECT name, layout FROM corpora').all() as { name: string; layout: string }[]).map((r) => [r.name, r.layout]),
    )
    return {
      missing: layouts.filter((l) => !known.has(l.name)).map((l) => l.name),
      changed: layouts.filter((l) => known.has(l.name) && known.get(l.name) !== layoutKey(l)).map((l) => l.name),
    }
  }

  create(layouts: readonly IndexLayout[]): void {
    for (const layout of layouts) {
      const columns = layout.fields.map((f) => f.name).join(', ')
      for (const mode of MATCH_MODES) {
        this.db.exec(
          `CREATE VIRTUAL TABLE ${ftsTable(layout.name, mode)} USING fts5(${columns}, ` +
            `content='', contentless_delete=1, tokenize='ascii', detail=full)`,
        )
      }
      this.st.prepared('INSERT INTO corpora (name, layout) VALUES (?, ?)').run(layout.name, layoutKey(layout))
    }
  }

  writer(layout: IndexLayout): IndexWriter {
    const st = this.st
    const columns = layout.fields.map((f) => f.name)
    const inserts = MATCH_MODES.map((mode) =>
      st.prepared(
        `INSERT INTO ${ftsTable(layout.name, mode)} (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
      ),
    )
    const deletes = MATCH_MODES.map((mode) => st.prepared(`DELETE FROM ${ftsTable(layout.name, mode)} WHERE rowid = ?`))
    const addVariant = st.prepared('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
    // Each spelling once per call: a decomposed text repeats its words.
    const variants = new Set<string>()
    const onVariant = (canonical: string, raw: string) => {
      const key = `${canonical}\u0000${raw}`
      if (variants.has(key)) return
      variants.add(key)
      addVariant.run(layout.name, canonical, raw)
    }
    // Filter values are rows of `facets`, which the search's SQL joins.
    const addFacet = st.prepared('INSERT OR IGNORE INTO facets (facet, value, doc) VALUES (?, ?, ?)')
    const deleteFacets = st.prepared('DELETE FROM facets WHERE doc = ?')
    return {
      add(rowid, texts, facets) {
        const streams = termStreams(layout, texts, onVariant)
        MATCH_MODES.forEach((mode, i) => inserts[i]?.run(rowid, ...streams[mode].map((terms) => terms.join(' '))))
        for (const [facet, value] of facets) addFacet.run(facet, value, rowid)
      },
      remove(rowid) {
        for (const d of deletes) d.run(rowid)
        deleteFacets.run(rowid)
      },
    }
  }

  matchCount(layout: IndexLayout, text: TextQuery, match: MatchOptions): number {
    const { positive } = matchExpressions(text, this.termOptions(layout, match), identifierColumn(layout))
    if (positive === null) return 0
    const table = ftsTable(layout.name, match.mode)
    return (this.st.prepared(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).get(positive) as { n: number }).n
  }

  search(request: IndexSearch): IndexPage {
    const expressions = matchExpressions(request.text, this.termOptions(request.layout, request), identifierColumn(request.layout))
    return searchFts5(this.st, request, {
      table: ftsTable(request.layout.name, request.mode),
      weights: request.layout.fields.map((f) => String(f.weight)).join(', '),
      ...expressions,
    })
  }

  problems(layout: IndexLayout, documents: number, writable: boolean): string[] {
    const problems: string[] = []
    const orphans = (
      this.st
        .prepared('SELECT count(*) AS n FROM facets WHERE facet >= ? AND facet < ? AND doc NOT IN (SELECT rowid FROM docs)')
        .get(`${layout.name}.`, `${layout.name}/`) as { n: number }
    ).n
    if (orphans > 0) problems.push(`facets: ${orphans} ${layout.name} values of records that do not exist`)
    for (const mode of MATCH_MODES) {
      const table = ftsTable(layout.name, mode)
      const rows = (this.st.prepared(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
      if (rows !== documents) problems.push(`${table}: ${rows} index rows for ${documents} ${layout.name} records`)
      try {
        if (writable) this.db.prepare(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run()
      } catch (e) {
        problems.push(`${table}: ${(e as Error).message}`)
      }
    }
    return problems
  }

  drop(names?: readonly string[]): void {
    const all = this.st.prepared('SELECT name FROM corpora').pluck().all() as string[]
    for (const name of names ?? all) {
      for (const mode of MATCH_MODES) this.db.exec(`DROP TABLE IF EXISTS ${ftsTable(name, mode)}`)
      this.st.prepared('DELETE FROM corpora WHERE name = ?').run(name)
      this.st.prepared('DELETE FROM facets WHERE facet >= ? AND facet < ?').run(`${name}.`, `${name}/`)
      // Indexed again next: its spellings go with it. (Replaced by another index, they are that index's now.)
      if (names !== undefined) this.st.prepared('DELETE FROM sensitive_variants WHERE corpus = ?').run(name)
    }
  }

  /** How query words become terms: in `sensitive` alone, each word also matches its other spellings. */
  private termOptions(layout: IndexLayout, match: MatchOptions): TermOptions {
    if (!(match.canonical && match.mode === 'sensitive')) return { mode: match.mode }
    const variants = this.st.prepared('SELECT raw FROM sensitive_variants WHERE corpus = ? AND canonical = ?')
    return {
      mode: match.mode,
      variantsOf: (canonical) => (variants.all(layout.name, canonical) as { raw: string }[]).map((r) => r.raw),
    }
  }
}

/**
 * The index's data upgrades, by the store's schema step they follow (see `Upgrades`): step 4 made
 * `sensitive_variants`, which a file written before it must get filled from its vocabularies.
 */
export const FTS5_UPGRADES = { 4: backfillSensitiveVariants } as const satisfies Upgrades

/** The FTS5 table of a corpus and mode. */
export function ftsTable(corpus: string, mode: MatchMode): string {
  return `fts_${corpus}_${mode}`
}

/** The field layout an index was built for; a snapshot with another layout must be rebuilt. */
function layoutKey(layout: IndexLayout): string {
  return JSON.stringify({ v: 2, fields: layout.fields.map((f) => fieldKey(f, false)) })
}

function identifierColumn(layout: IndexLayout): string | undefined {
  return layout.fields.find((f) => f.role === 'identifier')?.name
}

/**
 * Fills `sensitive_variants` from the `sensitive` indexes' vocabularies (each distinct term read
 * once): the upgrade of a file whose records were indexed before the table existed.
 */
function backfillSensitiveVariants(db: Db): void {
  const corpora = (db.prepare('SELECT name FROM corpora').all() as { name: string }[]).map((r) => r.name)
  const add = db.prepare('INSERT OR IGNORE INTO sensitive_variants (corpus, canonical, raw) VALUES (?, ?, ?)')
  for (const corpus of corpora) {
    const table = ftsTable(corpus, 'sensitive')
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
    if (!exists) continue
    db.exec(`CREATE VIRTUAL TABLE temp.backfill_vocab USING fts5vocab(main, ${table}, 'row')`)
    try {
      // Collect first (only the few non-NFC terms), write after: better-sqlite3 allows no write
      // while a statement is being iterated.
      const found: [string, string][] = []
      for (const term of db.prepare('SELECT term FROM temp.backfill_vocab').pluck().iterate() as Iterable<string>) {
        if (term.startsWith(IDENTIFIER_MARK)) continue
        const word = decodeSensitive(term)
        if (isDenormalized(word)) found.push([canonicalTerm(word), term])
      }
      for (const [canonical, raw] of found) add.run(corpus, canonical, raw)
    } finally {
      db.exec('DROP TABLE temp.backfill_vocab')
    }
  }
}

/** Each phrase's spellings in the search (`textSpellings`: checked against the work budget). */
type Spellings = ReadonlyMap<TextItem, readonly (readonly string[])[]>

/**
 * An FTS5 phrase string; terms hold only letters, digits and marks, so no quoting is needed inside.
 * With spelling variants, the OR of the phrase in each combination of spellings.
 */
function phrase(item: TextItem, spellings: Spellings): string {
  const phrases = (spellings.get(item) ?? []).map((c) => `"${c.join(' ')}"`)
  return phrases.length === 1 ? (phrases[0] as string) : `(${phrases.join(' OR ')})`
}

function itemExpression(item: TextItem, spellings: Spellings, identColumn: string | undefined): string {
  const p = phrase(item, spellings)
  // An identifier also matches the identifier column, whatever the case typed (`pl 2630` finds
  // `PL 2630/2020` even in `sensitive` mode).
  if (item.identifier !== undefined && identColumn !== undefined) {
    return `(${p} OR {${identColumn}} : "${item.words.map(identifierTerm).join(' ')}")`
  }
  return p
}

function anyOf(items: readonly TextItem[], spellings: Spellings, identColumn: string | undefined): string {
  const parts = items.map((i) => itemExpression(i, spellings, identColumn))
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`
}

/**
 * The FTS5 MATCH expressions of a text query: `positive` (null when nothing must be present) and
 * `negative` (null when nothing is excluded). With both, `positive` already excludes; with only
 * `negative`, the caller keeps the rows that do NOT match it.
 */
function matchExpressions(
  text: TextQuery,
  opts: TermOptions,
  identColumn: string | undefined,
): { positive: string | null; negative: string | null } {
  const spellings = textSpellings(text, opts)
  const negative = text.exclude.length > 0 ? anyOf(text.exclude, spellings, identColumn) : null
  if (text.groups.length === 0) return { positive: null, negative }
  const all = text.groups.map((g) => anyOf(g, spellings, identColumn)).join(' AND ')
  return { positive: negative === null ? all : `(${all}) NOT ${negative}`, negative }
}
