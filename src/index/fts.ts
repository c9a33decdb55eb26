import type { AnyCorpus } from '../corpora/define.js'
import type { TextItem, TextQuery } from '../query/text-query.js'
import type { Db } from '../store/database.js'
import { MATCH_MODES, type MatchMode, termOf } from '../text/modes.js'
import { tokenize } from '../text/tokenize.js'

/**
 * The inverted index of one corpus: one contentless FTS5 table per match mode, whose rowid is the
 * record's rowid in `docs`. The token streams are made by `text/`, so FTS5's own tokenizer
 * (`ascii`) only splits on the spaces between them.
 */
export function ftsTable(corpus: string, mode: MatchMode): string {
  return `fts_${corpus}_${mode}`
}

/** The field layout an index was built for; a snapshot with another layout must be rebuilt. */
export function layoutOf(corpus: AnyCorpus): string {
  return JSON.stringify({ v: 2, fields: corpus.text.map((f) => (f.role ? `${f.name}:${f.role}` : f.name)) })
}

/** Marks the terms of the identifier column (U+E100, Private Use: no typed word contains it). */
const IDENTIFIER_MARK = '\ue100'

function identifierTerm(word: string): string {
  return IDENTIFIER_MARK + termOf(word, 'keyword')
}

export function createIndex(db: Db, corpus: AnyCorpus): void {
  const columns = corpus.text.map((f) => f.name).join(', ')
  for (const mode of MATCH_MODES) {
    db.exec(
      `CREATE VIRTUAL TABLE ${ftsTable(corpus.name, mode)} USING fts5(${columns}, ` +
        `content='', contentless_delete=1, tokenize='ascii', detail=full)`,
    )
  }
  db.prepare('INSERT INTO corpora (name, layout) VALUES (?, ?)').run(corpus.name, layoutOf(corpus))
}

/** The token streams of one record, one array of column values per mode (each text tokenized once). */
export function streamsOf(corpus: AnyCorpus, record: unknown): Record<MatchMode, string[]> {
  const words = corpus.text.map((f) => tokenize(f.get(record) as string).map((t) => t.text))
  const out = {} as Record<MatchMode, string[]>
  for (const mode of MATCH_MODES) {
    out[mode] = corpus.text.map((f, i) =>
      (words[i] as string[]).map((w) => (f.role === 'identifier' ? identifierTerm(w) : termOf(w, mode))).join(' '),
    )
  }
  return out
}

/** BM25 weights in column order, for `bm25(table, …)`. */
export function weightsOf(corpus: AnyCorpus): string {
  return corpus.text.map((f) => String(f.weight)).join(', ')
}

/** An FTS5 phrase string; terms hold only letters, digits and marks, so no quoting is needed inside. */
function phrase(item: TextItem, mode: MatchMode): string {
  return `"${item.words.map((w) => termOf(w, mode)).join(' ')}"`
}

function itemExpression(item: TextItem, mode: MatchMode, identColumn: string | undefined): string {
  const p = phrase(item, mode)
  // An identifier also matches the identifier column, whatever the case typed (`pl 2630` finds
  // `PL 2630/2020` even in `sensitive` mode).
  if (item.identifier !== undefined && identColumn !== undefined) {
    return `(${p} OR {${identColumn}} : "${item.words.map(identifierTerm).join(' ')}")`
  }
  return p
}

function anyOf(items: readonly TextItem[], mode: MatchMode, identColumn: string | undefined): string {
  const parts = items.map((i) => itemExpression(i, mode, identColumn))
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`
}

/**
 * The FTS5 MATCH expressions of a text query: `positive` (null when nothing must be present) and
 * `negative` (null when nothing is excluded). With both, `positive` already excludes; with only
 * `negative`, the caller keeps the rows that do NOT match it.
 */
export function matchExpressions(
  text: TextQuery,
  mode: MatchMode,
  identColumn?: string,
): { positive: string | null; negative: string | null } {
  const negative = text.exclude.length > 0 ? anyOf(text.exclude, mode, identColumn) : null
  if (text.groups.length === 0) return { positive: null, negative }
  const all = text.groups.map((g) => anyOf(g, mode, identColumn)).join(' AND ')
  return { positive: negative === null ? all : `(${all}) NOT ${negative}`, negative }
}
