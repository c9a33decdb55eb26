/**
 * The plain-paragraph path of `textOfHtml` (`plainParagraphs`) against html-to-text itself: on
 * every HTML fragment of the real DOU acts, the BCB's and the Receita's norms it reads, the text
 * is the same; what it does not read (a table, a `<br>`, an unknown entity) answers null.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { plainParagraphs } from '../../packages/legisearch/src/ingest/html-paragraphs.js'
import { htmlToText, textOfHtml, tidy } from '../../packages/legisearch/src/ingest/html.js'
import { fixture, fixtureDir } from '../helpers/fixtures.js'
import { zipEntries } from '../helpers/zip.js'

/** Every string of a JSON value that holds a tag. */
function htmlStrings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string' && /<[a-z]/i.test(v)) out.push(v)
  else if (Array.isArray(v)) for (const x of v) htmlStrings(x, out)
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) htmlStrings(x, out)
  return out
}

const douDir = fixtureDir('dou')
const fragments: string[] = []
for (const f of readdirSync(douDir).filter((n) => n.endsWith('.zip'))) {
  for (const [, bytes] of await zipEntries(`${douDir}/${f}`)) {
    const texto = /<Texto><!\[CDATA\[([\s\S]*?)\]\]><\/Texto>/.exec(bytes.toString('utf8'))?.[1]
    if (texto !== undefined) fragments.push(texto)
  }
}
const norms = [
  'bacen/resolucao-cmn-4968-2021-bcb-api.json',
  'bacen/resolucao-cmn-5207-2025-bcb-api.json',
  'rfb/normasinternet2-api/receita_ato_14681_original.json',
  'rfb/normasinternet2-api/receita_ato_15079_original.json',
  'rfb/normasinternet2-api/receita_ato_61197_vigente.json',
].flatMap((f) => htmlStrings(JSON.parse(readFileSync(fixture(f), 'utf8'))))

describe('plainParagraphs', () => {
  it('gives html-to-text’s text on every real fragment it reads, and reads nearly every DOU act', () => {
    let plain = 0
    for (const html of [...fragments, ...norms]) {
      const fast = plainParagraphs(html)
      if (fast === null) continue
      plain++
      expect(tidy(fast)).toBe(tidy(htmlToText(html)))
      expect(tidy(fast)).toBe(tidy(htmlToText(html, { dropRevoked: true })))
    }
    expect(fragments.length).toBeGreaterThan(4000)
    expect(plain).toBeGreaterThan(fragments.length * 0.9)
  })

  it('reads entities, inline tags, spaces and attributes as html-to-text does', () => {
    const cases = [
      '<p class="x">Art. 1º <strong>Fica</strong>  criado\n o <em>cargo</em>.</p>',
      '<p>&nbsp;Art. 2º&nbsp;</p><p>   </p>\n<p>a &amp; b &lt; c &gt; d &quot;e&quot; &#8804; &#x41;</p>',
      '<P ALIGN="center">Caixa <SUP>a</SUP>alta</P>',
      '  <p>x<sub> 2 </sub>y</p>  ',
      '<p>um\ttab</p><p></p><p>fim</p>',
      "<p style='a'>aspas simples</p>",
    ]
    for (const html of cases) {
      const fast = plainParagraphs(html)
      expect(fast).not.toBeNull()
      expect(tidy(fast as string)).toBe(tidy(htmlToText(html)))
    }
  })

  it('leaves to html-to-text what it does not read', () => {
    for (const html of [
      '<table><tr><td>a</td></tr></table>',
      '<p>a<br>b</p>',
      '<p>a &copy; b</p>',
      '<p>a &#150; b</p>',
      '<p>a & b</p>',
      '<p>open',
      'loose text<p>a</p>',
      '<p><strong>a</p>',
      '<p>a<!-- c --></p>',
      '<p>a\u200bb</p>',
      '</p>',
      '<p>a <s>revogado</s></p>',
    ]) {
      expect(plainParagraphs(html)).toBeNull()
      expect(textOfHtml(html)).toBe(tidy(htmlToText(html)))
    }
  })
})
