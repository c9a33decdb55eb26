/** One word of a text: its value and where it stands in the original string. */
export interface Token {
  /** The word as written; a dotted number has its dots removed (`8.666` → `8666`). */
  readonly text: string
  /** Offset of the first UTF-16 unit in the source string. */
  readonly start: number
  /** Offset just past the last UTF-16 unit in the source string. */
  readonly end: number
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u
const DIGIT = /\p{Nd}/u

/**
 * Splits text into words: maximal runs of letters and digits (combining marks stay with their
 * letter). Digit groups joined by `.` are one number, so `Lei 8.666/1993` gives `Lei`, `8666`,
 * `1993`, and `8.666` finds what `8666` finds.
 *
 * @example tokenize('PL 2.630/2020').map(t => t.text) // ['PL', '2630', '2020']
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = []
  const n = text.length
  let i = 0
  while (i < n) {
    // A word starts at a letter or digit; a stray combining mark is not a word of its own.
    if (!isWordChar(text, i) || isMark(text, i)) {
      i += charLength(text, i)
      continue
    }
    const start = i
    let value = ''
    let runStart = i
    for (;;) {
      while (i < n && isWordChar(text, i)) i += charLength(text, i)
      // `1.234` continues the word when a digit stands on both sides of the dot.
      if (i + 1 < n && text[i] === '.' && isDigit(text, i - 1) && isDigit(text, i + 1)) {
        value += text.slice(runStart, i)
        i++
        runStart = i
        continue
      }
      break
    }
    value += text.slice(runStart, i)
    out.push({ text: value, start, end: i })
  }
  return out
}

function charLength(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) return 1
  const next = text.charCodeAt(i + 1)
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1
}

function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i) ?? c))
}

const MARK = /\p{M}/u

function isMark(text: string, i: number): boolean {
  return text.charCodeAt(i) >= 0x80 && MARK.test(text[i] ?? '')
}

function isDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i)
  if (c < 0x80) return c >= 48 && c <= 57
  return DIGIT.test(text[i] ?? '')
}
