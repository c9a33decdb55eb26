/**
 * The BCB's real norms once ingested, checked against the JSON read here: a resolution found by
 * its number as written (`4.968`), by words of its subject, and its revoked (struck-through)
 * wording left out of the searchable text while the wording in force stays.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'

const c = CASES.find((x) => x.source === 'bacen')

describe('the BCB norms', () => {
  it('finds a resolution by its number as written and by its subject; revoked wording is not searchable text', async () => {
    const snap = tempSnapshot()
    await snap.ingest('bacen', c?.files ?? [])
    const norm = (JSON.parse(readFileSync(c?.files[0] as string, 'utf8')) as { conteudo: Record<string, unknown>[] }).conteudo[0] as {
      Id: number
      Assunto: string
      Texto: string
    }
    const id = `bacen-${norm.Id}`
    expect(snap.searchBacen({ q: '4.968', sort: 'relevance' }).results[0]?.id).toBe(id)
    const subject = norm.Assunto.split(/\s+/).slice(0, 8).join(' ')
    expect(snap.searchBacen({ q: `"${subject}"` }).results.map((r) => r.id)).toContain(id)

    const hit = snap.searchBacen({ q: '4.968', sort: 'relevance' }).results[0]
    // The struck-through passages (read here with a regex), without their tags: none is in the text.
    const plain = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#160;|&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    const revoked = [...norm.Texto.matchAll(/<s\b[^>]*>([\s\S]*?)<\/s>/g)].map((m) => plain(m[1] as string)).filter((t) => t.length > 40)
    expect(revoked.length).toBeGreaterThan(0)
    const text = (hit?.summary ?? '').replace(/\s+/g, ' ')
    for (const r of revoked) expect(text).not.toContain(r)
    expect(text).not.toMatch(/<[a-z]+[^>]*>|&#\d+;/)
    // And the wording in force is there: the act's heading.
    expect(text).toMatch(/RESOLUÇÃO\s+CMN\s+Nº\s+4\.968/)
  })
})
