import * as z from 'zod'
import { type MatchMode, canonicalTerm, termOf } from './modes.js'
import { tokenize } from './tokenize.js'

/** A searched item, as highlights need it: its words and whether it is an identifier typed in `q`. */
export interface HighlightItem {
  readonly words: readonly string[]
  readonly identifier?: string
}

/** One highlight of the Atlas Search shape: a passage of one field with its hits marked. */
export const highlightSchema = z
  .strictObject({
    path: z.string().meta({ description: 'The field the passage is from.' }),
    score: z.int().min(1).meta({ description: 'How many hits the field has (more hits, better passage).' }),
    texts: z.array(z.strictObject({ value: z.string(), type: z.enum(['hit', 'text']) })).meta({
      description: 'The passage in pieces; their values concatenated give it exactly. Never HTML.',
    }),
  })
  .meta({ id: 'Highlight' })

export type Highlight = z.output<typeof highlightSchema>

/** Longest passage returned per field, in characters. */
export const PASSAGE_LENGTH = 300

/**
 * How much text highlights read, in characters, so a page costs a bounded time whatever its
 * records hold (as Lucene's highlighter reads a field's first 10,000 characters, Elasticsearch's
 * first 1,000,000): each field is read up to `field` (cut before a word), until a page has read
 * `page` in all; from then on each further field only up to `afterPage`. A hit past what is read is found by the
 * search but not highlighted. The largest real record (a DOU act, ~60,000 characters) is read whole.
 */
export const HIGHLIGHT_LIMITS = { field: 100_000, page: 1_000_000, afterPage: 10_000 } as const

/** What one page's highlights have read so far: pass the same object for every record of a page. */
export interface HighlightBudget {
  read: number
}

/**
 * Highlights of one record: for each field with a hit, a contiguous passage of the original text
 * (at most ~300 characters) around the densest run of hits. Concatenating `texts[].value` gives
 * the passage exactly. Never HTML.
 *
 * @example highlightsOf([{ name: 'title', text: 'Reforma Tributária' }], [{ words: ['tributarias'] }], 'default')
 */
export function highlightsOf(
  fields: readonly { readonly name: string; readonly text: string }[],
  items: readonly HighlightItem[],
  mode: MatchMode,
  options: HighlightOptions = {},
): Highlight[] {
  if (items.length === 0) return []
  // In `sensitive` without `keyword`, words compare by their NFC spelling, as the search did. An
  // identifier (`pl 2630`) matches its proposition whatever the case typed, in every mode, where
  // the corpus has identifiers, so there its words are marked case- and accent-insensitively too.
  const base: TermMode = options.canonical === true && mode === 'sensitive' ? 'canonical' : mode
  const wanted = items.map((i) => {
    const m: TermMode = i.identifier !== undefined && options.foldIdentifiers === true ? 'keyword' : base
    return { mode: m, terms: i.words.map((w) => termIn(w, m)) }
  })
  const out: Highlight[] = []
  const budget = options.budget ?? { read: 0 }
  for (const field of fields) {
    const read = readLength(field.text, budget)
    budget.read += read
    const spans = hitSpans(field.text, read, wanted)
    if (spans.length === 0) continue
    out.push({ path: field.name, score: spans.length, texts: passage(field.text, spans) })
  }
  return out
}

export interface HighlightOptions {
  /** `sensitive` without `keyword`: compare words by their NFC spelling. */
  readonly canonical?: boolean
  /** The corpus matches identifiers case-insensitively (propositions): mark them so too. */
  readonly foldIdentifiers?: boolean
  /** What the page has read so far (`HIGHLIGHT_LIMITS`); each call alone when absent. */
  readonly budget?: HighlightBudget
}

/**
 * How many characters of `text` highlights read: up to the field's limit, or the smaller limit
 * once the page's is spent; a cut falls before the word it would split (a cut word could match
 * what the whole word does not), and never inside a surrogate pair.
 */
function readLength(text: string, budget: HighlightBudget): number {
  const limit: number = budget.read < HIGHLIGHT_LIMITS.page ? HIGHLIGHT_LIMITS.field : HIGHLIGHT_LIMITS.afterPage
  if (text.length <= limit) return text.length
  let n = limit
  while (n > 0 && /\S/.test(text[n] as string)) n--
  // One word longer than the whole limit: cut it, not inside a pair.
  if (n === 0) n = /[\uDC00-\uDFFF]/.test(text[limit] as string) ? limit - 1 : limit
  return n
}

type Span = readonly [start: number, end: number]
/** How words are compared when marking hits: a match mode, or `sensitive` by NFC spelling. */
type TermMode = MatchMode | 'canonical'

function termIn(word: string, mode: TermMode): string {
  return mode === 'canonical' ? canonicalTerm(word) : termOf(word, mode)
}

/** The hits in the first `read` characters of `text`. */
function hitSpans(text: string, read: number, wanted: readonly { mode: TermMode; terms: readonly string[] }[]): Span[] {
  const tokens = tokenize(read < text.length ? text.slice(0, read) : text)
  // A token the cut ends may be part of a longer word (no whitespace to cut at): not a hit.
  if (read < text.length && tokens.length > 0 && (tokens[tokens.length - 1] as { end: number }).end === read) tokens.pop()
  // A phrase match is one hit from its first word to its last (`PL 2630/2020`). Phrases are
  // looked up by their first term, so a token costs one look-up however many phrases there are.
  const found: Span[] = []
  const byMode = new Map<TermMode, Map<string, (readonly string[])[]>>()
  for (const { mode, terms } of wanted) {
    if (terms.length === 0) continue
    let byFirst = byMode.get(mode)
    if (byFirst === undefined) byMode.set(mode, (byFirst = new Map()))
    const first = terms[0] as string
    const list = byFirst.get(first)
    if (list === undefined) byFirst.set(first, [terms])
    else list.push(terms)
  }
  for (const [mode, byFirst] of byMode) {
    const terms = tokens.map((t) => termIn(t.text, mode))
    for (let i = 0; i < terms.length; i++) {
      const phrases = byFirst.get(terms[i] as string)
      if (phrases === undefined) continue
      for (const phrase of phrases) {
        const k = phrase.length
        if (i + k > terms.length) continue
        let ok = true
        for (let j = 1; j < k && ok; j++) ok = terms[i + j] === phrase[j]
        if (ok) found.push([(tokens[i] as { start: number }).start, (tokens[i + k - 1] as { end: number }).end])
      }
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  // Overlapping hits, and hits separated only by spaces (`reforma tributária`), form one hit, as
  // long as it fits in a passage; a single word longer than a passage is cut to one.
  const spans: Span[] = []
  for (const [start, end] of found) {
    const span: Span = [start, Math.min(end, start + PASSAGE_LENGTH)]
    const last = spans[spans.length - 1]
    const joinable = last && (span[0] <= last[1] || /^\s*$/.test(text.slice(last[1], span[0])))
    if (last && joinable && Math.max(last[1], span[1]) - last[0] <= PASSAGE_LENGTH) {
      spans[spans.length - 1] = [last[0], Math.max(last[1], span[1])]
    } else if (!last || span[0] >= last[1]) {
      spans.push(span)
    }
  }
  return spans
}

function passage(text: string, spans: readonly Span[]): { value: string; type: 'hit' | 'text' }[] {
  // The window of PASSAGE_LENGTH characters that starts at a hit and holds the most hits.
  let best = 0
  let bestCount = 0
  for (let i = 0; i < spans.length; i++) {
    const limit = (spans[i] as Span)[0] + PASSAGE_LENGTH
    let n = 0
    for (let j = i; j < spans.length && (spans[j] as Span)[1] <= limit; j++) n++
    if (n > bestCount) [best, bestCount] = [i, n]
  }
  const inside = spans.slice(best, best + Math.max(bestCount, 1))
  const hitStart = (inside[0] as Span)[0]
  const hitEnd = (inside[inside.length - 1] as Span)[1]
  // hitEnd − hitStart ≤ PASSAGE_LENGTH by construction, so the passage holds every hit in it.
  const slack = PASSAGE_LENGTH - (hitEnd - hitStart)
  let start = Math.max(0, hitStart - Math.floor(slack / 2))
  let end = Math.min(text.length, start + PASSAGE_LENGTH)
  // Do not cut words at the edges.
  while (start > 0 && start < hitStart && /\S/.test(text[start - 1] as string)) start++
  while (end < text.length && end > hitEnd && /\S/.test(text[end] as string)) end--
  const out: { value: string; type: 'hit' | 'text' }[] = []
  let at = start
  for (const [s, e] of inside) {
    if (s > at) out.push({ value: text.slice(at, s), type: 'text' })
    out.push({ value: text.slice(s, e), type: 'hit' })
    at = e
  }
  if (end > at) out.push({ value: text.slice(at, end), type: 'text' })
  return out
}
