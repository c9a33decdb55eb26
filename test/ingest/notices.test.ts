/**
 * The Câmara's real news once ingested, checked against the files read here: an item found by its
 * title (from the feed and from the search answers), content without markup, the image of the
 * feed's item, and the `resources` filter.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, searchAnswerOf } from './cases.js'

const c = CASES.find((x) => x.source === 'notices')

describe('the houses’ news', () => {
  it('finds items by their titles; content without markup; the feed item’s image; the resources filter', async () => {
    const snap = tempSnapshot()
    const files = c?.files ?? []
    await snap.ingest('notices', files)
    const feed = readFileSync(files[0] as string, 'utf8')
    const [, title, link] = /<title><!\[CDATA\[([^\]]+)\]\]><\/title>\s*<link>([^<]+)<\/link>/.exec(feed) ?? []
    const hit = snap.searchNotices({ q: `"${title}"`, limit: 5 }).results.find((r) => r.url === link)
    expect(hit?.title).toBe(title)
    expect(hit?.image).toMatch(/^https:\/\/www\.camara\.leg\.br\/midias\/image\//)
    expect(hit?.content).not.toMatch(/<\/?[a-z]+[^>]*>/)
    expect(hit?.content.length).toBeGreaterThan(200)

    const answer = searchAnswerOf(files[1] as string)
    const source = answer.hits.hits[0]?._source as { titulo: string; id: string }
    const found = snap.searchNotices({ q: `"${source.titulo}"`, limit: 5 }).results.find((r) => r.openDataId === String(source.id))
    expect(found?.title).toBe(source.titulo)
    expect(found?.url).toMatch(/^https:\/\/www\.camara\.leg\.br\//)
    expect(snap.searchNotices({ limit: 1 }, { resources: ['camara'] }).pagination.total).toBe(snap.counts().notices)
    expect(snap.searchNotices({ limit: 1 }, { resources: ['senado'] }).pagination.total).toBe(0)
  })
})
