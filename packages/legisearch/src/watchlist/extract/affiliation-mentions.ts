/**
 * The name mentions of a sentence, for the affiliation extractor: runs of capitalised words joined
 * by "of", "the", "in", "de", "pour"…, a quoted name, or the words an acronym in brackets spells
 * ("Fédération des entreprises congolaises (FEC)"), each with its trailing brackets (acronym, list
 * reference number, "(deceased)", "(not listed)").
 */

import {
  ACRONYM_PAREN,
  CAP_ROLES,
  CONNECTORS,
  COUNTRY_POSSESSOR,
  ENTITY_REF,
  GENERIC_ORG_NOUNS,
  KNOWN_ORGS,
  LEADING_ADJECTIVES,
  MONTHS,
  PERSON_REF,
  TRAILING_ADJECTIVES,
  TRIBAL_NOUNS,
  isAcronymWord,
  isNameWord,
} from './affiliation-words.js'
import { compareKey } from './text.js'

/** One token of a sentence: a word, a bracketed group, a quote mark or punctuation, with its offsets. */
export interface Token {
  text: string
  start: number
  end: number
  kind: 'word' | 'paren' | 'punct' | 'quote'
}

const TOKEN_RE = /\([^()]*\)|[\p{L}\p{M}\p{N}’'-]+|[“”"‘]|[,;:./!?]|\S/gu

/** The tokens of a sentence, in order. */
export function tokenize(s: string): Token[] {
  const out: Token[] = []
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(s); m; m = TOKEN_RE.exec(s)) {
    const t = m[0]
    const kind: Token['kind'] = t.startsWith('(')
      ? 'paren'
      : /^[“”"‘]$/.test(t)
        ? 'quote'
        : /^[\p{L}\p{M}\p{N}’'-]+$/u.test(t)
          ? 'word'
          : 'punct'
    out.push({ text: t, start: m.index, end: m.index + t.length, kind })
  }
  return out
}

// prettier-ignore

/** A name mentioned in a sentence, with what its brackets and surroundings say of it. */
export interface Mention {
  name: string
  start: number
  end: number
  /** token index range of the name, and of the end of its trailing parentheses */
  tokFirst: number
  tokLast: number
  tokAfter: number
  entityRef: boolean
  personRef: boolean
  deceased: boolean
  acronym: string | null
  quoted: boolean
  based: boolean
  tribal: boolean
  alias: boolean
  /** a capitalised role word followed the name inside its run */
  capRole: boolean
}

/** Initials of the words before token `k` spelling `acr` (connectors skipped); returns the first token index, or -1. */
function acronymSpan(tokens: Token[], k: number, acr: string): number {
  let letters = acr.toUpperCase().replace(/[^\p{Lu}\p{N}]/gu, '')
  const counted = /^(\d)(\p{Lu})$/u.exec(letters)
  if (counted) letters = (counted[2] ?? '').repeat(Number(counted[1]))
  if (!/^\p{Lu}{2,8}$/u.test(letters)) return -1
  let pos = letters.length
  let first = -1
  for (let i = k - 1, seen = 0; i >= 0 && seen < 14; i--, seen++) {
    const t = tokens[i]
    if (!t) break
    if (t.kind === 'punct' && t.text === ',') continue
    if (t.kind !== 'word') break
    const w = t.text
    if (CONNECTORS.has(w) || /^(?:l|d)[’']?$/i.test(w)) continue
    const initial = w
      .replace(/^(?:[ld][’']|(?:al|el|ul)-)/i, '')
      .charAt(0)
      .toUpperCase()
    if (initial !== letters.charAt(pos - 1)) return -1
    pos--
    first = i
    if (pos === 0) return /^\p{Lu}/u.test(tokens[first]?.text.replace(/^(?:[ld][’']|(?:al|el|ul)-)/i, '') ?? '') ? first : -1
  }
  return -1
}

/**
 * The name mentions of a sentence, in order. The steps: at each token that may open a name, a
 * quoted name ({@link quotedMention}) or else a run of name words ({@link runMention}); then the
 * names bracketed acronyms spell ({@link addAcronymSpans}); then mentions nested in a longer one go
 * ({@link withoutNested}).
 *
 * @example findMentions(s, tokenize(s)).map((m) => m.name) // ['Al-Qaida'] for s = 'Member of Al-Qaida (QDe.004).'
 */
export function findMentions(s: string, tokens: Token[]): Mention[] {
  const mentions: Mention[] = []
  let i = 0
  while (i < tokens.length) {
    if (!opensName(tokens, i)) {
      i++
      continue
    }
    const quoted = quotedMention(s, tokens, i)
    if (quoted !== null) {
      mentions.push(quoted)
      i = quoted.tokAfter
      continue
    }
    const run = runMention(s, tokens, i)
    if (run.mention !== null) mentions.push(run.mention)
    i = run.next
  }
  addAcronymSpans(s, tokens, mentions)
  return withoutNested(mentions)
}

/** Whether token `i` may open a name: a name word, or "General" before one. */
function opensName(tokens: Token[], i: number): boolean {
  const t = tokens[i]
  const opensWithGeneral = t?.text === 'General' && tokens[i + 1]?.kind === 'word' && isNameWord(tokens[i + 1]?.text ?? '')
  return !(!t || t.kind !== 'word' || (!isNameWord(t.text) && !opensWithGeneral))
}

/** Whether an opening quote mark comes right before token `i`. */
function afterOpeningQuote(tokens: Token[], i: number): boolean {
  return tokens[i - 1]?.kind === 'quote' && /[“"‘]/.test(tokens[i - 1]?.text ?? '')
}

/** A quoted name, taken whole (“Military Command”, "G9 Family and Allies."), with its brackets; null when none opens at `i`. */
function quotedMention(s: string, tokens: Token[], i: number): Mention | null {
  const t = tokens[i]
  if (!t || !afterOpeningQuote(tokens, i)) return null
  let q = i
  while (q < tokens.length && q - i < 10 && (tokens[q]?.kind === 'word' || tokens[q]?.text === '.' || tokens[q]?.text === ',')) q++
  const close = tokens[q]
  if (!(close?.kind === 'quote' && /[”"’]/.test(close.text) && q > i)) return null
  let lastWord = q - 1
  while (lastWord > i && tokens[lastWord]?.kind !== 'word') lastWord--
  const endTok = tokens[lastWord]
  if (!endTok) return null
  let after = q + 1
  let entityRef = false
  let personRef = false
  while (tokens[after]?.kind === 'paren') {
    if (ENTITY_REF.test(tokens[after]?.text ?? '')) entityRef = true
    if (PERSON_REF.test(tokens[after]?.text ?? '')) personRef = true
    after++
  }
  return {
    name: s.slice(t.start, endTok.end),
    start: t.start,
    end: tokens[after - 1]?.end ?? close.end,
    tokFirst: i,
    tokLast: lastWord,
    tokAfter: after,
    entityRef,
    personRef,
    deceased: false,
    acronym: null,
    quoted: true,
    based: false,
    tribal: false,
    alias: false,
    capRole: false,
  }
}

/**
 * A run of name words from token `i`, without its leading adjectives, with its trailing brackets
 * and a generic noun that belongs to it ("Séléka coalition"); `next` is the token to go on from.
 */
function runMention(s: string, tokens: Token[], i: number): { mention: Mention | null; next: number } {
  const quoted = afterOpeningQuote(tokens, i)
  const run = nameRun(tokens, i)
  let last = run.last
  const first = firstNameToken(tokens, i, last)
  const startTok = tokens[first]
  const endTok = tokens[last]
  if (!startTok || !endTok || LEADING_ADJECTIVES.has(startTok.text)) return { mention: null, next: last + 1 }
  const brackets = trailingBrackets(tokens, last + 1)
  let after = brackets.after
  if (run.capRole) while (last > first && TRAILING_ADJECTIVES.has(tokens[last]?.text ?? '')) last--
  const lastTok = tokens[last] ?? endTok
  let name = s
    .slice(startTok.start, lastTok.end)
    .replace(/-(?:related|linked|affiliated|inspired|led|backed)$/i, '')
    .replace(COUNTRY_POSSESSOR, '')
  let nameEndTok = last
  // "anti-Balaka movement", "Séléka coalition": a generic noun right after the name belongs to it
  const next = tokens[last + 1]
  const baseKey = compareKey(s.slice(tokens[first]?.start ?? 0, tokens[last]?.end ?? 0))
  if (
    after === last + 1 &&
    next &&
    next.kind === 'word' &&
    GENERIC_ORG_NOUNS.test(next.text) &&
    !brackets.closingQuote &&
    (KNOWN_ORGS.has(baseKey) || isAcronymWord(tokens[last]?.text ?? ''))
  ) {
    name = s.slice(startTok.start, next.end)
    nameEndTok = last + 1
    after = last + 2
  }
  const follow = tokens[after]
  const based =
    /^-based$/i.test(follow?.text ?? '') || /^-based$/i.test(s.slice(tokens[after - 1]?.end ?? 0, (tokens[after - 1]?.end ?? 0) + 6))
  const tribal = follow?.kind === 'word' && TRIBAL_NOUNS.test(follow.text)
  const before = s.slice(Math.max(0, startTok.start - 14), startTok.start)
  const alias = /\blisted\s+as\s+$/i.test(before)
  const mention: Mention = {
    name,
    start: startTok.start,
    end: tokens[after - 1]?.end ?? endTok.end,
    tokFirst: first,
    tokLast: nameEndTok,
    tokAfter: after,
    entityRef: brackets.entityRef,
    personRef: brackets.personRef,
    deceased: brackets.deceased,
    acronym: brackets.acronym,
    quoted: quoted && brackets.closingQuote,
    based,
    tribal,
    alias,
    capRole: run.capRole,
  }
  return { mention, next: Math.max(after, last + 1) }
}

/**
 * How far a run of name words from token `i` goes, joined by connectors, numbers and "General"
 * inside a name; `capRole` when it stops at a capitalised role word ("FARDC Deputy …").
 */
function nameRun(tokens: Token[], i: number): { last: number; capRole: boolean } {
  let last = i
  let j = i + 1
  let capRole = false
  while (j < tokens.length) {
    const u = tokens[j]
    if (!u || u.kind !== 'word') break
    if (/-(?:related|linked|affiliated|inspired|led|backed)$/i.test(u.text)) break // "Al-Qaida-related groups"
    if (isNameWord(u.text)) {
      last = j
      j++
      continue
    }
    const v0 = tokens[j + 1]
    // "Korea Ryonbong General Corporation", "Reconnaissance General Bureau": a role word inside a name
    if (u.text === 'General' && v0?.kind === 'word' && isNameWord(v0.text)) {
      last = j
      j++
      continue
    }
    // "Mouvement du 23 Mars": a number inside a name
    if (
      /^\p{N}+$/u.test(u.text) &&
      v0?.kind === 'word' &&
      isNameWord(v0.text) &&
      !MONTHS.test(v0.text) &&
      !/^(?:on|in)$/.test(tokens[j - 1]?.text ?? '') &&
      CONNECTORS.has(tokens[j - 1]?.text ?? '')
    ) {
      last = j
      j++
      continue
    }
    if (CAP_ROLES.has(u.text)) {
      capRole = true
      break
    }
    if (CONNECTORS.has(u.text)) {
      // connectors must lead to another name word; "and" followed by a capitalised word starts a new name
      let k = j
      while (k < tokens.length && CONNECTORS.has(tokens[k]?.text ?? '')) k++
      const v = tokens[k]
      if (!v || v.kind !== 'word' || !(isNameWord(v.text) || (/^\p{N}+$/u.test(v.text) && isNameWord(tokens[k + 1]?.text ?? '')))) break
      if (u.text === 'and' && k === j + 1) break
      if (u.text === 'and' && isAcronymWord(tokens[j - 1]?.text ?? '')) break // "AQAP and the Organization of …": two names
      if (/^(?:in|on)$/.test(u.text) && (MONTHS.test(v.text) || /^\p{N}+$/u.test(v.text))) break
      last = k
      j = k + 1
      continue
    }
    break
  }
  return { last, capRole }
}

/** The first token of the name in a run, past leading adjectives ("Senior", "The", "Syria-based") and connectors. */
function firstNameToken(tokens: Token[], i: number, last: number): number {
  let first = i
  while (first < last && /-based$/i.test(tokens[first]?.text ?? '')) first++
  while (first < last && LEADING_ADJECTIVES.has(tokens[first]?.text ?? '')) first++
  while (first < last && CONNECTORS.has(tokens[first]?.text ?? '')) first++
  return first
}

/** What a name's trailing brackets and " / ACR" say (reference numbers, "(deceased)", an acronym), from token `at`; `after` is the token past them. */
function trailingBrackets(
  tokens: Token[],
  at: number,
): { entityRef: boolean; personRef: boolean; deceased: boolean; acronym: string | null; closingQuote: boolean; after: number } {
  let entityRef = false
  let personRef = false
  let deceased = false
  let acronym: string | null = null
  let after = at
  let closingQuote = false
  if (tokens[after]?.kind === 'quote') {
    closingQuote = true
    after++
  }
  for (;;) {
    const p = tokens[after]
    if (p?.kind === 'paren') {
      const inner = p.text
      if (ENTITY_REF.test(inner)) entityRef = true
      else if (PERSON_REF.test(inner)) personRef = true
      if (/\bdeceased\b/i.test(inner)) deceased = true
      const a = ACRONYM_PAREN.exec(inner)
      if (a && !ENTITY_REF.test(inner) && !PERSON_REF.test(inner) && !/^\(\s*\p{N}+\s*\)$/u.test(inner)) acronym ??= (a[1] ?? '').trim()
      after++
      continue
    }
    if (p?.text === '/' && tokens[after + 1] && isAcronymWord(tokens[after + 1]?.text ?? '')) {
      acronym ??= tokens[after + 1]?.text ?? null
      after += 2
      continue
    }
    break
  }
  return { entityRef, personRef, deceased, acronym, closingQuote, after }
}

/**
 * Adds the names bracketed acronyms spell ("Fédération des entreprises congolaises (FEC)", "Return,
 * Reclamation, Rehabilitation (3R)"), or widens the mention that ends there to the whole span.
 */
function addAcronymSpans(s: string, tokens: Token[], mentions: Mention[]): void {
  tokens.forEach((t, k) => {
    if (t.kind !== 'paren') return
    const a = ACRONYM_PAREN.exec(t.text)
    if (!a || ENTITY_REF.test(t.text) || PERSON_REF.test(t.text)) return
    const firstTok = acronymSpan(tokens, k, a[1] ?? '')
    if (firstTok < 0) return
    const startTok = tokens[firstTok]
    const endTok = tokens[k - 1]
    if (!startTok || !endTok) return
    const existing = mentions.find((m) => m.tokLast === k - 1)
    if (existing) {
      if (existing.start > startTok.start) {
        existing.name = s.slice(startTok.start, endTok.end)
        existing.start = startTok.start
        existing.tokFirst = firstTok
      }
      return
    }
    let after = k
    let entityRef = false
    while (tokens[after]?.kind === 'paren') {
      if (ENTITY_REF.test(tokens[after]?.text ?? '')) entityRef = true
      after++
    }
    const follow = tokens[after]
    mentions.push({
      name: s.slice(startTok.start, endTok.end),
      start: startTok.start,
      end: tokens[after - 1]?.end ?? t.end,
      tokFirst: firstTok,
      tokLast: k - 1,
      tokAfter: after,
      entityRef,
      personRef: false,
      deceased: false,
      acronym: (a[1] ?? '').trim(),
      quoted: false,
      based: /^-based$/i.test(follow?.text ?? ''),
      tribal: follow?.kind === 'word' && TRIBAL_NOUNS.test(follow.text),
      alias: false,
      capRole: false,
    })
  })
}

/** The mentions not nested inside a longer one (an acronym-backed span), in order. */
function withoutNested(mentions: Mention[]): Mention[] {
  const kept = mentions.filter(
    (m) => !mentions.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
  )
  return kept.sort((a, b) => a.start - b.start)
}
