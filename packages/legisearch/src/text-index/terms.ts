/**
 * What both text indexes make of words: the per-mode term streams of a document's fields (the
 * identifier field's terms marked), and the spellings a query phrase is looked up under.
 */
import { MATCH_MODES, type MatchMode, canonicalTerm, termOf, wordTerms } from '../text/modes.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem, TextQuery } from './text-query.js'
import { type IndexLayout, IndexQueryError } from './types.js'
import { WORK_BUDGET, WorkBudgetExceeded } from './work-budget.js'

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
  const out: Record<MatchMode, string[][]> = { default: [], keyword: [], sensitive: [] }
  layout.fields.forEach((f, i) => {
    const words = tokenize(texts[i] ?? '')
    if (f.role === 'identifier') {
      const terms = words.map((w) => identifierTerm(w.text))
      for (const mode of MATCH_MODES) out[mode].push(terms)
      return
    }
    const byMode = {
      default: new Array<string>(words.length),
      keyword: new Array<string>(words.length),
      sensitive: new Array<string>(words.length),
    }
    for (let k = 0; k < words.length; k++) {
      const w = (words[k] as { text: string }).text
      const t = wordTerms(w)
      byMode.default[k] = t.default
      byMode.keyword[k] = t.keyword
      byMode.sensitive[k] = t.sensitive
      if (t.canonical !== undefined) onVariant(t.canonical, t.sensitive)
    }
    for (const mode of MATCH_MODES) out[mode].push(byMode[mode])
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
 * Every phrase's spellings for one search (the phrases of `text`, each once), checked against the
 * work budget (`work-budget.ts`) before any is spelled out: a phrase with more than
 * `spellingsPerPhrase` combinations is refused naming `modes`; a search whose phrases together ask
 * for more than `termsPerSearch` term look-ups raises `WorkBudgetExceeded` with each phrase's share.
 *
 * @example textSpellings({ groups: [[{ words: ['ação', 'pública'] }]], exclude: [] }, { mode: 'sensitive', variantsOf })
 */
export function textSpellings(text: TextQuery, opts: TermOptions): Map<TextItem, string[][]> {
  const items = [...new Set([...text.groups.flat(), ...text.exclude])]
  const known = new Map<string, string[]>()
  const spellingsOf = (w: string): string[] => {
    const { variantsOf } = opts
    if (variantsOf === undefined) return [termOf(w, opts.mode)]
    const canonical = canonicalTerm(w)
    let found = known.get(canonical)
    if (found === undefined) {
      found = [canonical, ...variantsOf(canonical).filter((v) => v !== canonical)]
      known.set(canonical, found)
    }
    return found
  }
  const words = new Map<TextItem, string[][]>()
  const costs = new Map<TextItem, number>()
  let total = 0
  let spelled = false
  for (const item of items) {
    const perWord = item.words.map(spellingsOf)
    let combos = 1
    for (const s of perWord) {
      combos *= s.length
      if (combos > WORK_BUDGET.spellingsPerPhrase) {
        throw new IndexQueryError(
          `modes: in sensitive mode the phrase "${item.words.join(' ')}" has more than ${WORK_BUDGET.spellingsPerPhrase} combinations of Unicode spellings in the index (its words are stored both composed and decomposed); quote a shorter phrase`,
          'modes',
        )
      }
    }
    if (combos > 1) spelled = true
    // An identifier is looked up once more, in the identifier field.
    const cost = combos * item.words.length + (item.identifier === undefined ? 0 : item.words.length)
    costs.set(item, cost)
    words.set(item, perWord)
    total += cost
  }
  if (total > WORK_BUDGET.termsPerSearch) throw new WorkBudgetExceeded('terms', WORK_BUDGET.termsPerSearch, total, costs, spelled)
  const out = new Map<TextItem, string[][]>()
  for (const [item, perWord] of words) {
    let combos: string[][] = [[]]
    for (const s of perWord)
      combos = s.length === 1 ? combos.map((c) => [...c, s[0] as string]) : combos.flatMap((c) => s.map((t) => [...c, t]))
    out.set(item, combos)
  }
  return out
}
