import { citationAt, citationPhrases } from './citations.js'
import { invalid } from '../common/errors.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem, TextQuery } from '../text-index/text-query.js'
import { WORK_BUDGET } from '../text-index/work-budget.js'

interface Lexeme {
  readonly kind: 'word' | 'phrase' | 'or'
  readonly text: string
  readonly negated: boolean
}

/**
 * Parses `q`, the search-box syntax (DECISIONS §4): words are ANDed; `"…"` is a phrase; a leading
 * `-` excludes a word or phrase; `OR` (upper case) between two items makes them alternatives. A
 * citation of a bill or norm (`PL 2630/2020`, `Medida Provisória 1.154`, `PL nº 2630/20`, `PL2630`,
 * `IN RFB 1700`, `Resolução CMN nº 5.207/2025`; the grammar is `citations.ts`) becomes one OR group
 * of every way a text writes it, the bill's or norm's own key carried by its plain form. A word with
 * punctuation inside (`8.666/1993`) is the phrase of its parts.
 *
 * Forgiving where a search box should be: an unclosed quote runs to the end, a dangling `OR` and
 * words with no letter or digit are ignored. The one thing refused is an exclusion used as an `OR`
 * alternative (`a OR -b`), which has no sensible meaning.
 *
 * @example parseQ('reforma "imposto de renda" -PEC OR PLP')
 */
export function parseQ(q: string): TextQuery {
  const lexemes = lex(q)
  const groups: TextItem[][] = []
  const exclude: TextItem[] = []
  let current: TextItem[] | null = null
  let pendingOr = false
  let lastNegated = false

  for (let i = 0; i < lexemes.length; i++) {
    const lx = lexemes[i] as Lexeme
    if (lx.kind === 'or') {
      if (current !== null) pendingOr = true
      if (lastNegated && i + 1 < lexemes.length) throw orWithExclusion(q)
      continue
    }
    const found = citationItemsAt(lexemes, i)
    let items: TextItem[]
    if (found) {
      items = found.items
      i += found.consumed - 1
    } else {
      const item = itemOf(lx.text)
      items = item === null ? [] : [item]
    }
    if (items.length === 0) continue
    if (lx.negated) {
      if (pendingOr) throw orWithExclusion(q)
      exclude.push(...items)
      lastNegated = true
      current = null
      continue
    }
    lastNegated = false
    if (pendingOr && current !== null) {
      current.push(...items)
    } else {
      current = [...items]
      groups.push(current)
    }
    pendingOr = false
  }
  const phrases = groups.reduce((n, g) => n + g.length, exclude.length)
  if (phrases > MAX_PHRASES) {
    throw invalid(
      `q: ${phrases} words, phrases and citation spellings to search for (at most ${MAX_PHRASES}); each citation counts every way it is written (up to ~70): search for fewer at once`,
      ['q'],
    )
  }
  return { groups, exclude }
}

/** The most items one `q` may make (`WORK_BUDGET`): ~30 citations of norms, each in all its spellings. */
const MAX_PHRASES = WORK_BUDGET.phrasesPerQ

function orWithExclusion(q: string): Error {
  return invalid(`q: an excluded item (-word) cannot be an OR alternative in "${q}"; write the exclusion on its own`, ['q'])
}

function lex(q: string): Lexeme[] {
  const out: Lexeme[] = []
  let i = 0
  while (i < q.length) {
    const c = q[i] as string
    if (/\s/.test(c)) {
      i++
      continue
    }
    let negated = false
    if (c === '-' && i + 1 < q.length && !/\s/.test(q[i + 1] as string)) {
      negated = true
      i++
    }
    if (q[i] === '"') {
      const close = q.indexOf('"', i + 1)
      const end = close === -1 ? q.length : close
      out.push({ kind: 'phrase', text: q.slice(i + 1, end), negated })
      i = close === -1 ? q.length : close + 1
      continue
    }
    let j = i
    while (j < q.length && !/\s/.test(q[j] as string)) j++
    const text = q.slice(i, j)
    out.push({ kind: !negated && text === 'OR' ? 'or' : 'word', text, negated })
    i = j
  }
  return out
}

function itemOf(text: string): TextItem | null {
  const words = tokenize(text).map((t) => t.text)
  return words.length === 0 ? null : { words }
}

/**
 * The citation starting at lexeme `i`, if any (the grammar is `citations.ts`), as its phrases, and
 * how many lexemes it takes. The words as typed stay an alternative where they differ from every
 * phrase, so text that writes them so still matches.
 */
function citationItemsAt(lexemes: readonly Lexeme[], i: number): { items: TextItem[]; consumed: number } | null {
  const words: string[] = []
  for (let k = i; k < lexemes.length && k < i + 9; k++) {
    const lx = lexemes[k] as Lexeme
    if (lx.kind !== 'word' || (k > i && lx.negated)) break
    words.push(lx.text)
  }
  const found = citationAt(words)
  if (!found) return null
  const items = citationPhrases(found.citation)
  const typed = itemOf(words.slice(0, found.consumed).join(' '))
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, k) => w === b[k])
  if (typed !== null && !items.some((it) => same(it.words, typed.words))) items.push(typed)
  return { items, consumed: found.consumed }
}
