import type { Statements } from './statements.js'

/** A stored translation of a designation's narrative, with the hash of the narrative it translates. */
export interface TranslationRow {
  readonly ref: string
  readonly lang: string
  readonly text: string
  readonly narrative_sha: string
}

/**
 * The translations of these designations, by ref then language (one query).
 *
 * @example translationRows(st, ['QDi.001']) // [{ ref: 'QDi.001', lang: 'pt', text: '…', narrative_sha: '…' }]
 */
export function translationRows(st: Statements, refs: readonly string[]): TranslationRow[] {
  if (refs.length === 0) return []
  return st
    .prepared(
      `SELECT ref, lang, text, narrative_sha FROM watchlist_translations WHERE ref IN (${refs.map(() => '?').join(', ')}) ORDER BY ref, lang`,
    )
    .all(...refs) as TranslationRow[]
}

/**
 * Stores (or replaces) the translation of a designation's narrative into `lang`.
 *
 * @example putTranslationRow(st, { ref: 'QDi.001', lang: 'pt', text: '…', narrative_sha: hash })
 */
export function putTranslationRow(st: Statements, row: TranslationRow): void {
  st.prepared(
    'INSERT INTO watchlist_translations (ref, lang, text, narrative_sha) VALUES (?, ?, ?, ?) ON CONFLICT (ref, lang) DO UPDATE SET text = excluded.text, narrative_sha = excluded.narrative_sha',
  ).run(row.ref, row.lang, row.text, row.narrative_sha)
}
