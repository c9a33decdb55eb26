import { PROPOSITION_TYPES, identifierKey } from '../corpora/propositions/identifier.js'
import { invalid } from '../errors.js'
import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem, TextQuery } from './text-query.js'

interface Lexeme {
  readonly kind: 'word' | 'phrase' | 'or'
  readonly text: string
  readonly negated: boolean
}

/**
 * Parses `q`, the search-box syntax (DECISIONS §4): words are ANDed; `"…"` is a phrase; a leading
 * `-` excludes a word or phrase; `OR` (upper case) between two items makes them alternatives. A
 * proposition identifier (`PL 2630/2020`, `pl 2630`, `MPV 1.154/2023`) becomes one item that also
 * carries its lookup key. A word with punctuation inside (`8.666/1993`) is the phrase of its parts.
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
    let item: TextItem | null
    const next = lexemes[i + 1]
    const idf = lx.kind === 'word' && next?.kind === 'word' && !next.negated ? identifierOf(lx.text, next.text) : null
    if (idf) {
      item = idf
      i++
    } else {
      item = itemOf(lx.text)
    }
    if (item === null) continue
    if (lx.negated) {
      if (pendingOr) throw orWithExclusion(q)
      exclude.push(item)
      lastNegated = true
      current = null
      continue
    }
    lastNegated = false
    if (pendingOr && current !== null) {
      current.push(item)
    } else {
      current = [item]
      groups.push(current)
    }
    pendingOr = false
  }
  return { groups, exclude }
}

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

const NUMBER_YEAR = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:\/(\d{4}))?[.,;:]?$/

/** `PL` + `2630/2020` → the identifier item, when the first word is a known type acronym. */
function identifierOf(typeWord: string, numberWord: string): TextItem | null {
  const type = fold(typeWord)
  if (!PROPOSITION_TYPES.has(type)) return null
  const m = NUMBER_YEAR.exec(numberWord)
  if (!m) return null
  const number = Number((m[1] as string).replace(/\./g, ''))
  if (!Number.isSafeInteger(number)) return null
  const year = m[2] === undefined ? undefined : Number(m[2])
  const words = [typeWord, String(number), ...(year === undefined ? [] : [String(year)])]
  return { words, identifier: identifierKey(year === undefined ? { type, number } : { type, number, year }) }
}
