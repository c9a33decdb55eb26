import { type HtmlToTextOptions, compile } from 'html-to-text'
import { plainParagraphs } from './html-paragraphs.js'

/**
 * HTML fragments of the official sources (the DOU's `Texto`, the BCB's and the Receita's norms,
 * news bodies) as readable plain text: paragraphs and line breaks kept as line breaks, tables as
 * text (a row per line, cells separated by ` | `), no tags, entities decoded, images and link
 * addresses dropped. Search and highlights never see markup.
 */
const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  decodeEntities: true,
  selectors: [
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'div', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h2', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h3', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h4', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h5', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h6', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'hr', format: 'skip' },
    { selector: 'title', format: 'skip' },
    { selector: 'blockquote', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    {
      selector: 'table',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, maxColumnWidth: 100_000, colSpacing: 3, rowSpacing: 0 },
    },
  ],
}

const convert = compile(OPTIONS)

/** Revoked wording, as the BCB and the Receita mark it: struck through (`<s>`, `<strike>`, `<del>`). */
const withoutRevoked = compile({
  ...OPTIONS,
  selectors: [...(OPTIONS.selectors ?? []), ...['s', 'strike', 'del'].map((selector) => ({ selector, format: 'skip' }))],
})

/** Zero-width characters Word-made HTML leaves between letters (they would split words). */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g

/**
 * The readable text of an HTML fragment (see above); with `dropRevoked`, struck-through wording
 * (a norm's revoked text, kept in the page for history) is left out, so only the wording in force
 * is searchable. A fragment of plain paragraphs (nearly every DOU act) is read without a DOM
 * (`plainParagraphs`), to the same text.
 */
export function textOfHtml(html: unknown, options: { dropRevoked?: boolean } = {}): string {
  if (typeof html !== 'string' || html.trim() === '') return ''
  return tidy(plainParagraphs(html) ?? htmlToText(html, options))
}

/**
 * What html-to-text makes of a fragment, before tidying (what `plainParagraphs` must match).
 *
 * @example tidy(htmlToText('<table><tr><td>a</td><td>b</td></tr></table>')) // 'a | b'
 */
export function htmlToText(html: string, options: { dropRevoked?: boolean } = {}): string {
  return (options.dropRevoked ? withoutRevoked : convert)(html)
}

/**
 * The converted text tidied: zero-width characters dropped, runs of 3+ spaces (table cells) as
 * ` | `, no trailing spaces, no blank lines.
 *
 * @example tidy('a   b  \n\n\nc') // 'a | b\nc'
 */
export function tidy(text: string): string {
  return text
    .replace(ZERO_WIDTH, '')
    .split('\n')
    .map((line) => line.replace(/ {3,}/g, ' | ').trimEnd())
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
