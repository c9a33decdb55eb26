/**
 * A call that names one record twice (an act in two days' zips, a Receita act in both views, a
 * news item in a feed and a search answer) writes it once, and the same call again changes
 * nothing; Senado-style news addresses keep distinct ids; odd JSON shapes are refused or read,
 * never a crash.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { zipEntries, zipOf } from '../helpers/zip.js'
import { CASES } from './cases.js'

const dou = CASES.find((c) => c.source === 'dou')
const irs = CASES.find((c) => c.source === 'irs')

describe('a record named twice in one call', () => {
  it('dou: an act in two days’ zips is written once, as the later day has it; again, nothing changes', async () => {
    const dir = tempDir()
    const entries = await zipEntries(dou?.files[3] as string) // the DO2E day: 6 acts
    const [name, bytes] = [...entries][0] as [string, Buffer]
    const later = join(dir, 'later.zip')
    writeFileSync(
      later,
      await zipOf({
        [name]: Buffer.from(bytes.toString('utf8').replace('<Texto><![CDATA[', '<Texto><![CDATA[<p>Republicada.</p>')),
      }),
    )
    const snap = tempSnapshot()
    const first = await snap.ingest('dou', [dou?.files[3] as string, later])
    expect(first.collections.dou).toEqual({ inserted: entries.size, updated: 0, unchanged: 0 })
    expect(snap.searchDou({ q: 'Republicada', limit: 5 }).pagination.total).toBe(1)
    const again = await snap.ingest('dou', [dou?.files[3] as string, later])
    expect(again.collections.dou).toEqual({ inserted: 0, updated: 0, unchanged: entries.size })
  })

  it('irs: both views of one act are written once, in the view in force; again, nothing changes', async () => {
    const dir = tempDir()
    const inForce = JSON.parse(readFileSync(irs?.files[0] as string, 'utf8')) as Record<string, unknown>
    const path = join(dir, 'ato-14681-vigente.json')
    writeFileSync(
      path,
      JSON.stringify({ ...inForce, visao: 'conjunta', outrosSegmentos: [null, 7, ...(inForce['outrosSegmentos'] as unknown[])] }),
    )
    const snap = tempSnapshot()
    const first = await snap.ingest('irs', [irs?.files[0] as string, path])
    expect(first.collections.irs).toEqual({ inserted: 1, updated: 0, unchanged: 0 })
    expect((await snap.ingest('irs', [irs?.files[0] as string, path])).collections.irs).toEqual({ inserted: 0, updated: 0, unchanged: 1 })
    const noId = join(dir, 'no-id.json')
    writeFileSync(noId, JSON.stringify({ ...inForce, idAto: null }))
    expect((await rejectionOf(snap.ingest('irs', [noId]))).message).toContain(noId)
  })

  it('notices: Senado news addresses keep their own ids; an item without link or guid is refused naming it', async () => {
    const dir = tempDir()
    const item = (slug: string) =>
      `<item><title>${slug}</title><link>https://www12.senado.leg.br/noticias/materias/2023/05/23/${slug}</link><pubDate>Tue, 23 May 2023 12:00:00 GMT</pubDate><description>d</description></item>`
    const feed = join(dir, 'senado.xml')
    writeFileSync(
      feed,
      `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Agência Senado</title><link>https://www12.senado.leg.br/noticias</link>${item('uma-noticia')}${item('outra-noticia')}</channel></rss>`,
    )
    const snap = tempSnapshot()
    const r = await snap.ingest('notices', [feed])
    expect(r.collections.notices.inserted).toBe(2)
    expect(snap.searchNotices({ limit: 5 }, { resources: ['senado'] }).results.map((n) => n.site)).toEqual([
      'Agência Senado',
      'Agência Senado',
    ])
    const bare = join(dir, 'bare.xml')
    writeFileSync(bare, '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><title>t</title></item></channel></rss>')
    expect((await rejectionOf(snap.ingest('notices', [bare]))).message).toMatch(/entry 1: is an <item> with neither <link> nor <guid>/)
    expect(existsSync(bare)).toBe(true)
  })
})
