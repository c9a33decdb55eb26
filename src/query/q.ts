import { PROPOSITION_TYPES, identifierKey } from './identifiers.js'
import { invalid } from '../common/errors.js'
import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem, TextQuery } from '../text-index/text-query.js'

interface Lexeme {
  readonly kind: 'word' | 'phrase' | 'or'
  readonly text: string
  readonly negated: boolean
}

/**
 * Parses `q`, the search-box syntax (DECISIONS §4): words are ANDed; `"…"` is a phrase; a leading
 * `-` excludes a word or phrase; `OR` (upper case) between two items makes them alternatives. A
 * proposition identifier (`PL 2630/2020`, `pl 2630`, `MPV 1.154/2023`, `PL nº 2630/20`,
 * `PL2630/2020`) becomes one item that also carries its lookup key. A word with punctuation inside
 * (`8.666/1993`) is the phrase of its parts.
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
    const found = identifierAt(lexemes, i)
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

const NUMBER_YEAR = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:\/(\d{4}|\d{2}))?[.,;:]?$/
/** `nº`, `n°`, `n.º`, `no.`, `n.`, `nr.`, `núm.` between the type and the number (`PL nº 2630/2020`). */
const NUMBER_SIGN = /^(?:n[º°]|n\.[º°]?|no\.|nr\.?|n[uú]m\.?|n)$/i
/** A type glued to its number and year: `PL2630/2020`, `PL-2630/20`, `PEC.45/2019`. */
const GLUED = /^(\p{L}{2,10})[-.]?(\d[\d.]*\/\d+[.,;:]?)$/u

/**
 * The identifier starting at lexeme `i`, if any, and how many lexemes it takes: `PL 2630/2020`
 * (two), `PL nº 2630/2020` (three), or `PL2630/2020` (one; glued forms need the `/year`, so `mp3`
 * stays a word). Where the words as typed differ from the identifier's (`nº`, a two-digit year, a
 * glued type), they are kept as an alternative, so text that writes `PL nº 2630/20` still matches.
 */
function identifierAt(lexemes: readonly Lexeme[], i: number): { items: TextItem[]; consumed: number } | null {
  const lx = lexemes[i] as Lexeme
  if (lx.kind !== 'word') return null
  const next = lexemes[i + 1]
  const after = lexemes[i + 2]
  const plain = (l: Lexeme | undefined): l is Lexeme => l !== undefined && l.kind === 'word' && !l.negated
  const withTyped = (idf: TextItem, texts: readonly string[], consumed: number) => {
    const typed = itemOf(texts.join(' '))
    const same = typed !== null && typed.words.length === idf.words.length && typed.words.every((w, k) => w === idf.words[k])
    return { items: typed === null || same ? [idf] : [idf, typed], consumed }
  }
  if (plain(next) && NUMBER_SIGN.test(next.text) && plain(after)) {
    const idf = identifierOf(lx.text, after.text)
    if (idf) return withTyped(idf, [lx.text, next.text, after.text], 3)
  }
  if (plain(next)) {
    const idf = identifierOf(lx.text, next.text)
    if (idf) return withTyped(idf, [lx.text, next.text], 2)
  }
  const glued = GLUED.exec(lx.text)
  if (glued) {
    const idf = identifierOf(glued[1] as string, glued[2] as string)
    if (idf) return withTyped(idf, [lx.text], 1)
  }
  return null
}

/**
 * `PL` + `2630/2020` → the identifier item, when the first word is a known type acronym. A two-digit
 * year is this century's when that year has begun, else the last century's (`/20` → 2020, `/93` →
 * 1993), as Brazilian legal citations write them (`Lei 8.666/93`).
 */
function identifierOf(typeWord: string, numberWord: string): TextItem | null {
  const type = fold(typeWord)
  if (!PROPOSITION_TYPES.has(type)) return null
  const m = NUMBER_YEAR.exec(numberWord)
  if (!m) return null
  const number = Number((m[1] as string).replace(/\./g, ''))
  if (!Number.isSafeInteger(number)) return null
  let year = m[2] === undefined ? undefined : Number(m[2])
  if (year !== undefined && (m[2] as string).length === 2) {
    year += 2000 + year <= new Date().getUTCFullYear() ? 2000 : 1900
  }
  const words = [typeWord, String(number), ...(year === undefined ? [] : [String(year)])]
  return { words, identifier: identifierKey(year === undefined ? { type, number } : { type, number, year }) }
}
