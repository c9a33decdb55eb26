/**
 * The one-scan reading of an INLABS act (`plainAct`) against fast-xml-parser's (`parsedAct`): on
 * every real act file the same attributes and texts; a file of another shape (an XML
 * declaration, an entity, a child twice, a damaged file) answers null and is left to the parser.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsedAct, plainAct } from '../../packages/legisearch/src/ingest/dou/act-xml.js'
import { fixture, fixtureDir } from '../helpers/fixtures.js'
import { zipEntries } from '../helpers/zip.js'

const file = { path: 'act.xml', name: 'act.xml' }
const douDir = fixtureDir('dou')
const acts: string[] = [readFileSync(fixture('dou/do1-sample/515_20260911_24349152.xml'), 'utf8')]
for (const f of readdirSync(douDir).filter((n) => n.endsWith('.zip'))) {
  for (const [name, bytes] of await zipEntries(`${douDir}/${f}`)) {
    if (name.endsWith('.xml')) acts.push(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  }
}

const act = (attrs: string, body: string) => `<xml><article${attrs}>\n  <body>${body}</body>\n</article>\n</xml>\n`

describe('plainAct', () => {
  it('reads every real act file as fast-xml-parser does', () => {
    expect(acts.length).toBeGreaterThan(4000)
    for (const text of acts) {
      const plain = plainAct(text)
      expect(plain).not.toBeNull()
      expect(plain).toEqual(parsedAct(file, text))
    }
  })

  it('decodes the attributes’ entities and reads empty, CDATA and text children as the parser does', () => {
    for (const text of [
      act(
        ' idMateria="1" pdfPage="a?b=1&amp;c=&lt;2&gt; &quot;x&quot; &apos;y&apos;"',
        '<Identifica>plain text</Identifica><Ementa/><Titulo />',
      ),
      act(' idMateria="2"', '\n<Texto><![CDATA[<p>a &amp; b</p>]]></Texto>\n<Data><![CDATA[]]></Data><Ementa></Ementa>\n'),
      act(' idMateria="3" artNotes="a&#xA;b &#233; &#10;"', '<Texto><![CDATA[x]]></Texto>').replace(
        '</article>',
        '<Midias />\r\n</article>',
      ),
    ]) {
      expect(plainAct(text)).toEqual(parsedAct(file, text))
    }
  })

  it('leaves other shapes to the parser', () => {
    for (const text of [
      `<?xml version="1.0"?>${act(' idMateria="1"', '')}`,
      act(' idMateria="1" a="&nbsp;"', ''),
      act(" idMateria='1'", ''),
      act(' idMateria="1" idMateria="2"', ''),
      act(' idMateria="1"', '<Texto>a</Texto><Texto>b</Texto>'),
      act(' idMateria="1"', '<Texto><![CDATA[a]]><![CDATA[b]]></Texto>'),
      act(' idMateria="1"', '<Texto>a &amp; b</Texto>'),
      act(' idMateria="1"', '<Texto kind="html">a</Texto>'),
      act(' idMateria="1"', '<Texto><![CDATA[<!ENTITY x "y">]]></Texto>'),
      act(' idMateria="1"', '<Texto><![CDATA[a]]></Texto>').slice(0, 60),
      `${act(' idMateria="1"', '')}<xml/>`,
      act(' idMateria="1" a="&#0;"', ''),
      act(' idMateria="1"', '').replace('</article>', '<body></body></article>'),
    ]) {
      expect(plainAct(text)).toBeNull()
    }
  })
})
