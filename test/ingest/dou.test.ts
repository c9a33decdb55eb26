/**
 * Searches over the DOU's real acts once ingested, checked against the XML read here (not by
 * src/): a phrase of an act's text finds it with highlights free of markup, the `sections` filter
 * as a digit and as a label, the `organizations` filter with a real top-level organization, and a
 * split act joined into one.
 */
import { describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES, douActs } from './cases.js'
import { untyped } from '../helpers/untyped.js'

const c = CASES.find((x) => x.source === 'dou')

/** The acts read here: attributes and the Texto's words, tags removed naively. */
const acts = () =>
  [...douActs.entries()].map(([name, bytes]) => {
    const xml = bytes.toString('utf8')
    const attr = (k: string) => new RegExp(`\\b${k}="([^"]*)"`).exec(xml)?.[1] ?? ''
    const texto = /<Texto><!\[CDATA\[([\s\S]*?)\]\]><\/Texto>/.exec(xml)?.[1] ?? ''
    return {
      name,
      idMateria: attr('idMateria'),
      pubName: attr('pubName'),
      category: attr('artCategory'),
      tokens: texto
        .replace(/<[^>]+>/g, ' ')
        .replace(/&[a-z]+;|&#\d+;/g, ' ')
        .split(/\s+/)
        .filter((w) => w !== ''),
    }
  })

/** `n` consecutive words of letters, from the `from`th such run on (a phrase as people type one). */
function phraseOf(tokens: readonly string[], n: number, from: 'start' | 'end'): string | undefined {
  const starts = tokens
    .map((_, i) => i)
    .filter((i) => tokens.slice(i, i + n).length === n && tokens.slice(i, i + n).every((w) => /^[A-Za-zÀ-ú]{3,}$/.test(w)))
  const i = from === 'start' ? starts[0] : starts[starts.length - 1]
  return i === undefined ? undefined : tokens.slice(i, i + n).join(' ')
}

function total(snap: Snapshot, body: unknown, q?: string): number {
  return snap.searchDou({ limit: 1, ...(q === undefined ? {} : { q }) }, untyped(body)).pagination.total
}

describe('searches on the ingested DOU acts', () => {
  const snap = sharedSnapshot()

  it('ingests', async () => {
    await snap().ingest('dou', c?.files ?? [])
  })

  it('finds an act by a phrase of its text; highlights show no markup', () => {
    const act = acts().find((a) => a.pubName === 'DO3' && phraseOf(a.tokens, 4, 'end') !== undefined) as ReturnType<typeof acts>[number]
    const phrase = phraseOf(act.tokens, 4, 'end') as string
    const r = snap().searchDou({ q: `"${phrase}"`, limit: 20 })
    expect(r.results.map((x) => x.id)).toContain(`dou-${act.idMateria}`)
    for (const hit of r.results) {
      expect(hit.content).not.toMatch(/<\/?(p|td|tr|table|span|br)\b/i)
      for (const h of hit.highlights ?? []) for (const t of h.texts) expect(t.value).not.toMatch(/<\/?[a-z]+[^>]*>|&[a-z]+;/i)
    }
  })

  it('filters by section as a digit and as a label, extras included under their section', () => {
    const all = acts()
    const distinct = (p: (a: ReturnType<typeof acts>[number]) => boolean) => new Set(all.filter(p).map((a) => a.idMateria)).size
    expect(total(snap(), { sections: ['3'] })).toBe(distinct((a) => a.pubName.startsWith('DO3')))
    expect(total(snap(), { sections: ['Seção 3'] })).toBe(distinct((a) => a.pubName.startsWith('DO3')))
    expect(total(snap(), { sections: ['Seção 2 - Extra'] })).toBe(distinct((a) => a.pubName === 'DO2E'))
    expect(total(snap(), { sections: ['2'] })).toBe(distinct((a) => a.pubName.startsWith('DO2')))
  })

  it('filters by a real top-level organization', () => {
    const all = acts()
    const top = 'Banco Central do Brasil'
    const want = new Set(all.filter((a) => a.category.split('/')[0] === top).map((a) => a.idMateria)).size
    expect(want).toBeGreaterThan(0)
    expect(total(snap(), { organizations: [top] })).toBe(want)
  })

  it('joins an act split over several files into one, in order', () => {
    const all = acts()
    const counts = new Map<string, number>()
    for (const a of all) counts.set(a.idMateria, (counts.get(a.idMateria) ?? 0) + 1)
    const [split] = [...counts.entries()].filter(([, n]) => n > 2)
    const parts = all.filter((a) => a.idMateria === split?.[0]).sort((a, b) => a.name.localeCompare(b.name))
    // A word of the first part and a word of the last part, in one act.
    const first = phraseOf(parts[0]?.tokens ?? [], 3, 'start') as string
    const last = phraseOf(parts[parts.length - 1]?.tokens ?? [], 3, 'end') as string
    const r = snap().searchDou({ q: `"${first}" "${last}"`, limit: 20 })
    expect(r.results.map((x) => x.id)).toContain(`dou-${split?.[0]}`)
    const act = r.results.find((x) => x.id === `dou-${split?.[0]}`)
    expect(act?.content.indexOf(first.split(' ')[0] as string)).toBeLessThan(act?.content.lastIndexOf(last.split(' ')[0] as string) ?? 0)
  })
})
