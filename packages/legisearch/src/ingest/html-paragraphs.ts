/**
 * The plain case of `textOfHtml`, without building a DOM: a fragment that is only paragraphs
 * (`<p …>…</p>`) of text and inline tags (`<strong>`, `<em>`, `<sub>`…) with the common entities,
 * as nearly every DOU act is. Its text is what html-to-text makes of it (each paragraph's words
 * one space apart, a paragraph per line), in a tenth of the time; anything else — a table, a
 * `<br>`, an unknown entity, a paragraph left open — answers null, and html-to-text reads it.
 */

/** The longest input html-to-text reads whole (its `limits.maxInputLength`; it truncates a longer one). */
const HTML_TO_TEXT_MAX = 1 << 24

/** Tags html-to-text formats inline (no selector of ours or its own gives them another format). */
const INLINE = new Set(['strong', 'b', 'em', 'i', 'u', 'sub', 'sup', 'span', 'small'])

/** A start or end tag with well-formed attributes (double or single quoted, or bare names). */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[A-Za-z_:][-A-Za-z0-9_:.]*(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))?)*)\s*>/y

/** Entities decoded here (any other `&` answers null). */
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
const ENTITY = /&(?:([a-z]+)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g
/** An `&` that starts no reference ENTITY reads (html-to-text may decode `&copy` without its `;`). */
const BARE_AMPERSAND = /&(?!(?:[a-z]+|#\d{1,7}|#[xX][0-9a-fA-F]{1,6});)/

/** What html-to-text treats as white space (its `whitespaceCharacters`, but the zero-width space, which answers null). */
const SPACES = /[ \t\r\n\f]+/g

/** The one space a collapsed paragraph may start or end with (no other character is trimmed: html-to-text keeps a no-break space). */
const EDGE_SPACE = /^ | $/g

/** Characters whose handling differs between the two paths (zero-width ones, form feeds are kept simple by refusing them). */
const UNUSUAL = /[\u200B-\u200D\u2060\uFEFF]/

/** A code point a numeric reference decodes to as itself (not remapped, not replaced by U+FFFD). */
function plainCodePoint(n: number): boolean {
  return (n >= 0x20 && n < 0x7f) || (n >= 0xa0 && n < 0xd800) || (n >= 0xe000 && n < 0xfdd0) || (n >= 0x10000 && n < 0x10fffe)
}

/** A text between tags, entities decoded; null when it holds one not decoded here. */
function decoded(text: string): string | null {
  if (!text.includes('&')) return text
  if (BARE_AMPERSAND.test(text)) return null
  let ok = true
  const out = text.replace(ENTITY, (_m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name !== undefined) {
      const c = NAMED[name]
      if (c === undefined) ok = false
      return c ?? ''
    }
    const n = dec !== undefined ? Number(dec) : parseInt(hex as string, 16)
    if (!plainCodePoint(n)) {
      ok = false
      return ''
    }
    return String.fromCodePoint(n)
  })
  return ok && !out.includes('\u0000') ? out : null
}

/**
 * The text of a fragment of paragraphs, one per line (before `textOfHtml`'s tidying), or null
 * when the fragment is not of that plain shape.
 *
 * @example plainParagraphs('<p class="x">Art. 1º <strong>Fica</strong>  criado</p><p></p>') // 'Art. 1º Fica criado\n'
 */
export function plainParagraphs(html: string): string | null {
  if (html.length > HTML_TO_TEXT_MAX || UNUSUAL.test(html)) return null
  const lines: string[] = []
  let inP = false
  const open: string[] = []
  let parts: string[] = []
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    const end = lt === -1 ? html.length : lt
    if (end > i) {
      const text = html.slice(i, end)
      if (inP) {
        const t = decoded(text)
        if (t === null) return null
        parts.push(t)
      } else if (/[^ \t\r\n\f]/.test(text)) return null
    }
    if (lt === -1) break
    TAG.lastIndex = lt
    const m = TAG.exec(html)
    if (m === null) return null
    const closing = m[1] === '/'
    const name = (m[2] as string).toLowerCase()
    if (name === 'p') {
      if (closing !== inP) return null
      if (closing) {
        if (open.length > 0) return null
        lines.push(parts.join('').replace(SPACES, ' ').replace(EDGE_SPACE, ''))
        parts = []
      }
      inP = !closing
    } else if (INLINE.has(name) && inP) {
      if (!closing) open.push(name)
      else if (open.pop() !== name) return null
    } else return null
    i = TAG.lastIndex
  }
  return inP ? null : lines.join('\n')
}
