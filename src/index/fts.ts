import type { AnyCorpus } from '../corpora/define.js'
import type { TextItem, TextQuery } from '../query/text-query.js'
import type { Db } from '../store/database.js'
import { invalid } from '../errors.js'
import { MATCH_MODES, type MatchMode, canonicalTerm, decodeSensitive, isDenormalized, termOf } from '../text/modes.js'
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

/**
 * Fills `sensitive_variants` from the `sensitive` indexes' vocabularies (each distinct term read
 * once): the upgrade of a file whose records were indexed before the table existed.
 */
export function backfillSensitiveVariants(db: Db): void {
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

/**
 * The token streams of one record, one array of column values per mode (each text tokenized once).
 * `onVariant` receives each word of the `sensitive` stream that is not in NFC, as (the term of its
 * NFC spelling, its own term): what `sensitive_variants` keeps so that `sensitive` finds it by its
 * canonical spelling.
 */
export function streamsOf(
  corpus: AnyCorpus,
  record: unknown,
  onVariant?: (canonical: string, raw: string) => void,
): Record<MatchMode, string[]> {
  const words = corpus.text.map((f) => tokenize(f.get(record) as string).map((t) => t.text))
  const out = {} as Record<MatchMode, string[]>
  for (const mode of MATCH_MODES) {
    out[mode] = corpus.text.map((f, i) =>
      (words[i] as string[]).map((w) => (f.role === 'identifier' ? identifierTerm(w) : termOf(w, mode))).join(' '),
    )
  }
  if (onVariant) {
    corpus.text.forEach((f, i) => {
      if (f.role === 'identifier') return
      for (const w of words[i] as string[]) if (isDenormalized(w)) onVariant(canonicalTerm(w), termOf(w, 'sensitive'))
    })
  }
  return out
}

/**
 * How query words become index terms. `variantsOf` (the `sensitive` mode without `keyword`) gives
 * the other spellings of a canonical term present in the index; each word then matches any of them.
 */
export interface TermOptions {
  readonly mode: MatchMode
  readonly variantsOf?: ((canonical: string) => readonly string[]) | undefined
}

/**
 * At most this many spelling combinations per phrase. Each word of a phrase that the index holds in
 * two encodings doubles them, so this allows 12 such words in one quoted phrase.
 */
const MAX_PHRASE_VARIANTS = 4096

/** BM25 weights in column order, for `bm25(table, …)`. */
export function weightsOf(corpus: AnyCorpus): string {
  return corpus.text.map((f) => String(f.weight)).join(', ')
}

/**
 * An FTS5 phrase string; terms hold only letters, digits and marks, so no quoting is needed inside.
 * With spelling variants, the OR of the phrase in each combination of spellings.
 */
function phrase(item: TextItem, opts: TermOptions): string {
  const { variantsOf } = opts
  if (variantsOf === undefined) return `"${item.words.map((w) => termOf(w, opts.mode)).join(' ')}"`
  let combos: string[][] = [[]]
  for (const w of item.words) {
    const canonical = canonicalTerm(w)
    const spellings = [canonical, ...variantsOf(canonical).filter((v) => v !== canonical)]
    if (combos.length * spellings.length > MAX_PHRASE_VARIANTS) {
      throw invalid(
        `modes: in sensitive mode the phrase "${item.words.join(' ')}" has more than ${MAX_PHRASE_VARIANTS} combinations of Unicode spellings in the index (its words are stored both composed and decomposed); quote a shorter phrase`,
        ['modes'],
      )
    }
    combos = combos.flatMap((c) => spellings.map((t) => [...c, t]))
  }
  const phrases = combos.map((c) => `"${c.join(' ')}"`)
  return phrases.length === 1 ? (phrases[0] as string) : `(${phrases.join(' OR ')})`
}

function itemExpression(item: TextItem, opts: TermOptions, identColumn: string | undefined): string {
  const p = phrase(item, opts)
  // An identifier also matches the identifier column, whatever the case typed (`pl 2630` finds
  // `PL 2630/2020` even in `sensitive` mode).
  if (item.identifier !== undefined && identColumn !== undefined) {
    return `(${p} OR {${identColumn}} : "${item.words.map(identifierTerm).join(' ')}")`
  }
  return p
}

function anyOf(items: readonly TextItem[], opts: TermOptions, identColumn: string | undefined): string {
  const parts = items.map((i) => itemExpression(i, opts, identColumn))
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`
}

/**
 * The FTS5 MATCH expressions of a text query: `positive` (null when nothing must be present) and
 * `negative` (null when nothing is excluded). With both, `positive` already excludes; with only
 * `negative`, the caller keeps the rows that do NOT match it.
 */
export function matchExpressions(
  text: TextQuery,
  opts: TermOptions,
  identColumn?: string,
): { positive: string | null; negative: string | null } {
  const negative = text.exclude.length > 0 ? anyOf(text.exclude, opts, identColumn) : null
  if (text.groups.length === 0) return { positive: null, negative }
  const all = text.groups.map((g) => anyOf(g, opts, identColumn)).join(' AND ')
  return { positive: negative === null ? all : `(${all}) NOT ${negative}`, negative }
}
