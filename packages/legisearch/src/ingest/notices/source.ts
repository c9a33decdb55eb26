import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { batchOf } from '../batch.js'
import { about } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { fileError } from '../file-error.js'
import { firstBytes, readText } from '../files.js'
import { parseJsonText } from '../json-files.js'
import { textOfHtml } from '../html.js'
import { parsedXml, rootOfText } from '../xml.js'

/**
 * The legislative houses' news: an RSS 2.0 feed (the Câmara's `camaranoticias` feed; the Senado's
 * news feed follows the same standard — written to RSS 2.0, no sample of it here), and answers of
 * the Câmara's news search API (an Elasticsearch `_search` answer: `{"hits": {"hits": [{_index,
 * _id, _source}]}}`, also accepted as the JS module a front end keeps it in, `export const x = {…}`).
 */
type Json = Record<string, unknown>
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim()

/** Largest feed or answer read (they are a page of news). */
const MAX_BYTES = 50_000_000

/** The house a link is of, and the name of its news site. */
const HOUSES: readonly { host: RegExp; slug: string; site: string }[] = [
  { host: /(^|\.)camara\.leg\.br$|(^|\.)camara\.gov\.br$/, slug: 'camara', site: 'Agência Câmara de Notícias' },
  { host: /(^|\.)senado\.leg\.br$|(^|\.)senado\.gov\.br$/, slug: 'senado', site: 'Agência Senado' },
]
function houseOf(url: string): { slug: string; site: string } | null {
  let host: string
  try {
    host = new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).hostname
  } catch {
    return null
  }
  return HOUSES.find((h) => h.host.test(host)) ?? null
}

/** An absolute address (the search API writes `www.camara.leg.br/noticias/…` without a scheme). */
const absolute = (url: string) => (url === '' || /^https?:\/\//.test(url) ? url : `https://${url}`)

/** `Fri, 04 Sep 2026 12:49:00 GMT`, or `2020-07-30T05:49:15-0300`, as an ISO instant. */
function instantOf(text: string): string {
  const iso = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)([+-]\d{2})(\d{2})$/.exec(text)
  if (iso) return `${iso[1]}${iso[2]}:${iso[3]}`
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? text : new Date(ms).toISOString()
}

const rssParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'item',
})

/** The items of an RSS 2.0 feed. */
function rssRecords(file: InputFile, text: string): { record: Record<string, unknown>; line: number }[] {
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw fileError(file, valid.err.line, `is not well-formed XML (${valid.err.msg}; a truncated file?)`)
  const channel = (parsedXml(rssParser, file, text, 'an RSS feed')['rss'] as Json | undefined)?.['channel'] as Json | undefined
  if (!channel || typeof channel !== 'object') throw fileError(file, null, 'is not an RSS 2.0 feed: <rss> holds no <channel>')
  const channelHouse = houseOf(str(channel['link']))
  return ((channel['item'] ?? []) as unknown[]).map((entry, i) => {
    const item = (entry !== null && typeof entry === 'object' ? entry : {}) as Json
    const link = str(item['link'])
    const house = houseOf(link) ?? channelHouse
    const html = str(item['content:encoded'])
    // The id the houses give a news item: the number its address starts with (the Câmara's
    // `/noticias/1302574-…`), else its guid, else its address (the Senado's dated paths).
    const guid = item['guid'] !== null && typeof item['guid'] === 'object' ? str((item['guid'] as Json)['#text']) : str(item['guid'])
    const openDataId = /\/noticias\/(\d+)-/.exec(link)?.[1] ?? (guid || link)
    if (openDataId === '') throw fileError(file, `entry ${i + 1}`, 'is an <item> with neither <link> nor <guid>: it has no id')
    return {
      record: {
        id: `notices-${house?.slug ?? 'rss'}-${openDataId}`,
        openDataId,
        openDataResource: house?.slug ?? '',
        resource: 'noticias',
        site: house?.site ?? str(channel['title']),
        title: textOfHtml(str(item['title'])),
        description: textOfHtml(str(item['description'])),
        descriptionEn: '',
        content: textOfHtml(html),
        url: link,
        image: /<img\b[^>]*\bsrc="([^"]+)"/i.exec(html)?.[1] ?? '',
        date: instantOf(str(item['pubDate'])),
      },
      line: i + 1,
    }
  })
}

/** The sites of the Câmara's news search API's `veiculo` values. */
const VEHICLES: Readonly<Record<string, string>> = {
  agencia: 'Agência Câmara de Notícias',
  'radio-camara': 'Rádio Câmara',
  'tv-camara': 'TV Câmara',
}

/** The hits of a Câmara news search answer. */
function searchRecords(file: InputFile, text: string): { record: Record<string, unknown>; line: number }[] {
  const json = text.replace(/^\s*export\s+const\s+[A-Za-z_$][\w$]*\s*=\s*/, '').replace(/;\s*$/, '')
  const answer = parseJsonText(file, json) as Json
  const hits = ((answer?.['hits'] as Json | undefined)?.['hits'] ?? null) as Json[] | null
  if (!Array.isArray(hits)) throw fileError(file, null, 'is not a news search answer ({"hits": {"hits": [...]}})')
  return hits.map((entry, i) => {
    const hit = (entry !== null && typeof entry === 'object' ? entry : {}) as Json
    const s = (hit['_source'] !== null && typeof hit['_source'] === 'object' ? hit['_source'] : {}) as Json
    const url = absolute(str(s['url']))
    const house = houseOf(url) ?? { slug: 'camara', site: '' }
    const openDataId = str(s['id']) || str(hit['_id'])
    if (openDataId === '') throw fileError(file, `entry ${i + 1}`, 'is a hit with neither _source.id nor _id: it has no id')
    const index = str(hit['_index'])
    return {
      record: {
        // The same news item from the feed and from the search has one id; other indexes (the radio's) their own.
        id: index === '' || index === 'noticias' ? `notices-${house.slug}-${openDataId}` : `notices-${house.slug}-${index}-${openDataId}`,
        openDataId,
        openDataResource: house.slug,
        resource: index,
        site: VEHICLES[str(s['veiculo'])] ?? house.site,
        title: str(s['titulo']),
        description: str(s['resumo']),
        descriptionEn: '',
        content: textOfHtml(str(s['materia'])),
        url,
        image: '',
        date: instantOf(str(s['data'])),
      },
      line: i + 1,
    }
  })
}

function kindOf(file: InputFile): 'rss' | 'search' {
  const head = firstBytes(file, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
  const kind = head.startsWith('<') ? 'rss' : /^(export\s+const\s+[A-Za-z_$][\w$]*\s*=\s*)?\{/.test(head) ? 'search' : null
  if (kind === null) throw fileError(file, 1, 'is not a news file this source reads (an RSS 2.0 feed; a Câmara news search answer)')
  if (kind === 'rss' && rootOfText(head) !== 'rss')
    throw fileError(file, 1, `is not an RSS 2.0 feed (its root is <${rootOfText(head) ?? '?'}>, not <rss>)`)
  return kind
}

/**
 * Feeds first, then search answers; an item a call names twice (in a feed and in an answer) is
 * written once, as first read (the feed's, with its image and HTML body), so the same files again
 * change nothing.
 */
async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const kinded = files
    .map((file) => ({ file, kind: kindOf(file) }))
    .sort((a, b) => Number(a.kind === 'search') - Number(b.kind === 'search'))
  const seen = new Set<string>()
  for (const { file, kind } of kinded) {
    const text = readText(file, MAX_BYTES, 'more than a feed or an answer')
    ctx.progress(file, text.length, text.length)
    const items = (kind === 'rss' ? rssRecords(file, text) : searchRecords(file, text)).filter(({ record }) => {
      const id = String(record['id'])
      if (seen.has(id)) return false
      seen.add(id)
      return true
    })
    yield batchOf('notices', file, items, undefined, 'entry')
  }
}

/** The houses' news (RSS 2.0 feeds, the Câmara's news search answers). */
export const notices = defineSource(about, {
  unmappable: 'refuse',
  // The Câmara's latest-news feed (its address as published on camara.leg.br/noticias/rss).
  remote: {
    base: 'https://www.camara.leg.br/',
    files: () => [{ path: 'noticias/rss/ultimas-noticias', kind: 'rss', save: 'camara-ultimas-noticias.xml' }],
    recognizes: (file) => rootOfText(firstBytes(file, 4096)) === 'rss',
  },
  read,
})
