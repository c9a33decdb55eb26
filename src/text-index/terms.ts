/**
 * What both text indexes make of words: the per-mode term streams of a document's fields (the
 * identifier field's terms marked), and the spellings a query phrase is looked up under.
 */
import { MATCH_MODES, type MatchMode, canonicalTerm, isDenormalized, termOf } from '../text/modes.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem } from './text-query.js'
import { type IndexLayout, IndexQueryError } from './types.js'

/** Marks the terms of the identifier field (U+E100, Private Use: no typed word contains it). */
export const IDENTIFIER_MARK = '\ue100'

export function identifierTerm(word: string): string {
  return IDENTIFIER_MARK + termOf(word, 'keyword')
}

/**
 * The term streams of one document, per mode and field (each text tokenized once). `onVariant`
 * receives each word of the `sensitive` stream that is not in NFC, as (the term of its NFC spelling,
 * its own term): what `sensitive_variants` keeps so that `sensitive` finds it by its canonical spelling.
 */
export function termStreams(
  layout: IndexLayout,
  texts: readonly string[],
  onVariant: (canonical: string, raw: string) => void,
): Record<MatchMode, string[][]> {
  const words = layout.fields.map((_, i) => tokenize(texts[i] ?? '').map((t) => t.text))
  const out = {} as Record<MatchMode, string[][]>
  for (const mode of MATCH_MODES) {
    out[mode] = layout.fields.map((f, i) =>
      (words[i] as string[]).map((w) => (f.role === 'identifier' ? identifierTerm(w) : termOf(w, mode))),
    )
  }
  layout.fields.forEach((f, i) => {
    if (f.role === 'identifier') return
    for (const w of words[i] as string[]) if (isDenormalized(w)) onVariant(canonicalTerm(w), termOf(w, 'sensitive'))
  })
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

/** The term sequences a phrase is looked up under: one, or one per combination of its words' spellings. */
export function phraseSpellings(item: TextItem, opts: TermOptions): string[][] {
  const { variantsOf } = opts
  if (variantsOf === undefined) return [item.words.map((w) => termOf(w, opts.mode))]
  let combos: string[][] = [[]]
  for (const w of item.words) {
    const canonical = canonicalTerm(w)
    const spellings = [canonical, ...variantsOf(canonical).filter((v) => v !== canonical)]
    if (combos.length * spellings.length > MAX_PHRASE_VARIANTS) {
      throw new IndexQueryError(
        `modes: in sensitive mode the phrase "${item.words.join(' ')}" has more than ${MAX_PHRASE_VARIANTS} combinations of Unicode spellings in the index (its words are stored both composed and decomposed); quote a shorter phrase`,
        'modes',
      )
    }
    combos = combos.flatMap((c) => spellings.map((t) => [...c, t]))
  }
  return combos
}
