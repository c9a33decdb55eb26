/**
 * XML files that declare entities (an external one reading another file, a "billion laughs" that
 * nests them): no INLABS act or RSS feed has any, so each is refused naming the file and the line,
 * as a LegisearchError (exit 2 from the CLI), nothing written — never a parser's stack, never an
 * entity's text stored (issue 22, item 10).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LegisearchError, openSnapshot } from 'legisearch'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir } from '../helpers/tmp-snapshot.js'

const ACT = (doctype: string, title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<xml><article id="1" idMateria="99" pubName="DO1" pubDate="11/09/2026" artType="Portaria" artCategory="Ministério X"><body><Identifica><![CDATA[${title}]]></Identifica><Ementa /><Titulo /><SubTitulo /><Texto><![CDATA[<p>texto</p>]]></Texto></body></article></xml>\n`
const RSS = (doctype: string, title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<rss version="2.0"><channel><title>Câmara</title><link>https://www.camara.leg.br</link><item><title>${title}</title><link>https://www.camara.leg.br/noticias/1</link><guid>1</guid><pubDate>Tue, 23 May 2023 10:00:00 -0300</pubDate><description>d</description></item></channel></rss>\n`
const EXTERNAL = '<!DOCTYPE xml [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>'
const LAUGHS =
  '<!DOCTYPE xml [ <!ENTITY lol "lol"> <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"> ' +
  Array.from({ length: 7 }, (_, i) => `<!ENTITY lol${i + 3} "${`&lol${i + 2};`.repeat(10)}">`).join(' ') +
  ' ]>'

describe('XML entities in DOU acts and RSS feeds', () => {
  it.each([
    ['dou', 'an external entity', ACT(EXTERNAL, 'PORTARIA &xxe;')],
    ['dou', 'a billion laughs', ACT(LAUGHS, 'PORTARIA &lol9;')],
    ['notices', 'an external entity', RSS(EXTERNAL.replace('xml', 'rss'), 'Nota &xxe;')],
    ['notices', 'a billion laughs', RSS(LAUGHS.replace('xml', 'rss'), 'Nota &lol9;')],
  ] as const)('%s with %s: refused naming the file and line 2, nothing written', async (source, _label, text) => {
    const dir = tempDir()
    const file = join(dir, source === 'dou' ? '515_20260911_1.xml' : 'feed.xml')
    writeFileSync(file, text)
    const snap = openSnapshot(join(dir, 's.db'))
    try {
      const e = await rejectionOf(snap.ingest(source, [file]))
      expect(e).toBeInstanceOf(LegisearchError)
      expect(e.status).toBe(400)
      expect(e.message).toContain(file)
      expect(e.message).toMatch(/line 2.*declares XML entities/)
      expect(snap.counts()).toMatchObject({ dou: 0, notices: 0 })
    } finally {
      snap.close()
    }
  })
})
