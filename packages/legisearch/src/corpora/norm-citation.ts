import { CITATION_GRAMMAR_VERSION, type Citation, citationOfTitle, citationText, normKeys } from '../query/citations.js'
import type { TextField } from './define.js'

/**
 * What a corpus of norms (BCB, Receita, DOU acts) needs to be found by a citation of the norm
 * itself: a text field holding every spelling of its citation (`IN SRF 208/2002 · Instrução
 * Normativa SRF 208/2002`), so `IN SRF 208`, `Instrução Normativa 208/2002` and the bare number find
 * it, and the keys it answers to, so the norm ranks above texts that merely cite it.
 *
 * @example const cite = normCitation((d: BacenDocument) => [d.title], (d) => d.date)
 */
export function normCitation<R>(
  stated: (record: R) => readonly string[],
  date: (record: R) => string,
): { field: TextField<R>; identifiers: (record: R) => string[] } {
  // The text field and the keys of one record are asked for one after the other: read it once.
  let last: { record: R; found: { c: Citation; year: number } | null } | null = null
  const of = (record: R): { c: Citation; year: number } | null => {
    if (last?.record !== record) last = { record, found: read(record) }
    return last.found
  }
  const read = (record: R): { c: Citation; year: number } | null => {
    for (const text of stated(record)) {
      const c = text === '' ? null : citationOfTitle(text)
      // The year the title states (an act of 2022 published in 2023), else its date's.
      if (c && c.types.every((t) => t.kind === 'norm')) return { c, year: c.year ?? Number(date(record).slice(0, 4)) }
    }
    return null
  }
  return {
    field: {
      name: 'citation',
      weight: 2,
      highlight: false,
      version: CITATION_GRAMMAR_VERSION,
      get: (record) => {
        const found = of(record)
        return found === null ? '' : citationText(found.c, found.year)
      },
    },
    identifiers: (record) => {
      const found = of(record)
      return found === null ? [] : normKeys(found.c, found.year)
    },
  }
}
