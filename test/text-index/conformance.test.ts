/**
 * The text index seam (`packages/legisearch/src/text-index/types.ts`), checked against a brute-force oracle over the
 * same documents: what any implementation of the registry must answer (the block index, the
 * library's default, and FTS5).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../packages/legisearch/src/store/database.js'
import { DocumentRows } from '../../packages/legisearch/src/store/documents.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'
import { FTS5_UPGRADES } from '../../packages/legisearch/src/text-index/fts5.js'
import { TEXT_INDEXES } from '../../packages/legisearch/src/text-index/registry.js'
import type { TextItem, TextQuery } from '../../packages/legisearch/src/text-index/text-query.js'
import type { IndexLayout, IndexSearch, MatchOptions, TextIndex } from '../../packages/legisearch/src/text-index/types.js'
import { type MatchMode, termOf, tokenize } from 'legisearch'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'

const IMPLEMENTATIONS: { name: string; make: (db: Db, st: Statements) => TextIndex }[] = Object.entries(TEXT_INDEXES).map(
  ([name, make]) => ({ name, make }),
)

const LAYOUT: IndexLayout = {
  name: 'notes',
  fields: [
    { name: 'title', weight: 2 },
    { name: 'body', weight: 1 },
  ],
}
const WORDS = [
  'Reforma',
  'reforma',
  'tributária',
  'tributárias',
  'Tributaria',
  'saúde',
  'saude',
  'lei',
  'orçamento',
  'PEC',
  'pec',
  'municípios',
]
const DAY = 86_400_000
const BASE = Date.UTC(2024, 0, 1, 15)

interface Doc {
  id: string
  rowid: number
  texts: string[]
  ms: number
  tag: string
  /** Values of a second, many-valued facet (`notes.label`); none when absent. */
  labels?: string[]
}

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function setup(make: (db: Db, st: Statements) => TextIndex, path: string) {
  const db = openDatabase(path, false, 5000, FTS5_UPGRADES)
  const st = new Statements(db)
  const index = make(db, st)
  const rows = new DocumentRows(st)
  const docs = new Map<string, Doc>()
  db.transaction(() => index.create([LAYOUT]))()
  const put = (d: Omit<Doc, 'rowid'>) => {
    db.transaction(() => {
      const writer = index.writer(LAYOUT)
      const existing = rows.rowidOf(LAYOUT.name, d.id)
      if (existing !== undefined) writer.remove(existing)
      else rows.addToCount(LAYOUT.name, 1)
      const day = Number(new Date(d.ms - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, ''))
      const rowid = rows.put(
        {
          corpus: LAYOUT.name,
          id: d.id,
          mainMs: d.ms,
          mainDay: day,
          updMs: d.ms,
          updDay: day,
          record: '{}',
        },
        existing,
      )
      writer.add(rowid, d.texts, [['notes.tag', d.tag], ...(d.labels ?? []).map((l) => ['notes.label', l] as const)])
      writer.finish?.()
      rows.flushDates()
      docs.set(d.id, { ...d, rowid })
    })()
  }
  const remove = (id: string) => {
    const d = docs.get(id)
    if (!d) return
    db.transaction(() => {
      const writer = index.writer(LAYOUT)
      writer.remove(d.rowid)
      writer.finish?.()
      rows.delete(LAYOUT.name, id, d.rowid)
      rows.flushDates()
      rows.addToCount(LAYOUT.name, -1)
    })()
    docs.delete(id)
  }
  return { db, index, docs, put, remove }
}

/** Whether `doc` has the item's words consecutively in one field, compared as `mode` compares them. */
function has(doc: Doc, item: TextItem, mode: MatchMode): boolean {
  const want = item.words.map((w) => termOf(w, mode))
  return doc.texts.some((t) => {
    const terms = tokenize(t).map((x) => termOf(x.text, mode))
    for (let i = 0; i + want.length <= terms.length; i++) if (want.every((w, k) => terms[i + k] === w)) return true
    return false
  })
}

function matches(doc: Doc, q: TextQuery, mode: MatchMode): boolean {
  return q.groups.every((g) => g.some((i) => has(doc, i, mode))) && !q.exclude.some((i) => has(doc, i, mode))
}

function randomQuery(r: () => number): TextQuery {
  const item = (): TextItem => {
    const a = WORDS[Math.floor(r() * WORDS.length)] as string
    return r() < 0.25 ? { words: [a, WORDS[Math.floor(r() * WORDS.length)] as string] } : { words: [a] }
  }
  const groups = Array.from({ length: 1 + Math.floor(r() * 2) }, () => Array.from({ length: 1 + Math.floor(r() * 2) }, item))
  return { groups, exclude: r() < 0.3 ? [item()] : [] }
}

describe.each(IMPLEMENTATIONS)('text index: $name', ({ make }) => {
  const dir = sharedTempDir()
  let index: TextIndex
  let docs: Map<string, Doc>
  let queries: TextQuery[]
  let close = () => {}
  let write: Pick<ReturnType<typeof setup>, 'put' | 'remove'>
  beforeAll(() => {
    const r = prng(7)
    const built = setup(make, join(dir(), 'index.db'))
    ;({ index, docs } = built)
    write = built
    close = () => built.db.close()
    const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ')
    for (let i = 0; i < 300; i++) {
      const tag = r() < 0.5 ? 'a' : 'b'
      const labels = ['x', 'y', 'z'].filter(() => r() < 0.4)
      built.put({
        id: `d${String(i).padStart(3, '0')}`,
        texts: [sentence(3), sentence(12)],
        ms: BASE + Math.floor(r() * 400) * DAY,
        tag,
        labels,
      })
    }
    // Updates and removals, as writes go.
    for (let i = 0; i < 300; i += 7) built.put({ id: `d${String(i).padStart(3, '0')}`, texts: ['lei', sentence(5)], ms: BASE, tag: 'b' })
    for (let i = 3; i < 300; i += 11) built.remove(`d${String(i).padStart(3, '0')}`)
    queries = Array.from({ length: 120 }, () => randomQuery(r))
  })
  afterAll(() => close())
  const modes: MatchOptions[] = [
    { mode: 'default', canonical: false },
    { mode: 'keyword', canonical: false },
    { mode: 'sensitive', canonical: false },
  ]
  const expected = (q: TextQuery, mode: MatchMode) => [...docs.values()].filter((d) => matches(d, q, mode))
  const request = (q: TextQuery, m: MatchOptions, over: Partial<IndexSearch> = {}): IndexSearch => ({
    layout: LAYOUT,
    text: q,
    ...m,
    facets: [],
    days: [],
    sort: 'newest',
    limit: 1000,
    offset: 0,
    ...over,
  })

  it.each(modes)('matchCount and search totals equal the oracle’s, mode $mode', (m) => {
    for (const q of queries) {
      const want = expected(q, m.mode)
      if (q.groups.length > 0) expect(index.matchCount(LAYOUT, q, m), JSON.stringify(q)).toBe(want.length)
      expect(index.search(request(q, m)).total, JSON.stringify(q)).toBe(want.length)
    }
  })

  it('a date-ordered page is the oracle’s order (newest, ties by id), with filters and past the end', () => {
    const m = modes[0] as MatchOptions
    for (const q of queries.slice(0, 40)) {
      const want = expected(q, 'default')
        .filter((d) => d.tag === 'a')
        .sort((a, b) => b.ms - a.ms || (a.id < b.id ? -1 : 1))
      const page = index.search(request(q, m, { facets: [{ facet: 'notes.tag', values: ['a'] }], limit: 7, offset: 3 }))
      expect(page.total).toBe(want.length)
      const byRowid = new Map([...docs.values()].map((d) => [d.rowid, d.id]))
      expect(page.rows.map((x) => byRowid.get(x.rowid))).toEqual(want.slice(3, 10).map((d) => d.id))
      expect(index.search(request(q, m, { offset: 5000 })).rows).toEqual([])
    }
  })

  it('a relevance page holds the matches once each, relevance not increasing; `first` documents lead', () => {
    const m = modes[0] as MatchOptions
    for (const q of queries.slice(0, 40)) {
      const want = new Set(expected(q, 'default').map((d) => d.rowid))
      const page = index.search(request(q, m, { sort: 'relevance' }))
      expect(new Set(page.rows.map((x) => x.rowid))).toEqual(want)
      expect(page.rows.length).toBe(want.size)
      if (q.groups.length > 0)
        for (let i = 1; i < page.rows.length; i++)
          expect(page.rows[i]?.relevance).toBeLessThanOrEqual(page.rows[i - 1]?.relevance as number)
      const firstTag = index.search(request(q, m, { sort: 'relevance', first: { facet: 'notes.tag', values: ['b'] } }))
      const tags = firstTag.rows.map((x) => [...docs.values()].find((d) => d.rowid === x.rowid)?.tag)
      expect(tags.join('')).toMatch(/^b*a*$/)
    }
  })

  it('counts facet values and periods over every match (not only the page), as the oracle', () => {
    const dayOf = (ms: number) => Number(new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, ''))
    const firstOf = (facet: string, value: string) =>
      Math.min(
        ...[...docs.values()].filter((d) => (facet === 'notes.tag' ? [d.tag] : (d.labels ?? [])).includes(value)).map((d) => d.rowid),
      )
    const sorted = (list: readonly { value: string; count: number; first: number }[] | undefined) =>
      [...(list ?? [])].sort((a, b) => (a.value < b.value ? -1 : 1))
    // Counted, then written (new, changed and removed documents, new values), then counted again:
    // what an index keeps between versions must follow.
    const rounds = [{ groups: [], exclude: [] }, ...queries.slice(0, 30), { groups: [], exclude: [] }, ...queries.slice(30, 50)]
    for (const [i, q] of rounds.entries()) {
      if (i === 31) {
        for (let k = 0; k < 20; k++) {
          write.put({ id: `n${k}`, texts: ['lei nova', 'reforma'], ms: BASE + k * 40 * DAY, tag: k % 2 ? 'a' : 'c', labels: ['w', 'x'] })
        }
        for (let k = 1; k < 300; k += 13) {
          const id = `d${String(k).padStart(3, '0')}`
          if (docs.has(id)) write.put({ id, texts: ['saúde', 'lei'], ms: BASE + DAY, tag: 'a', labels: ['z'] })
        }
        for (let k = 5; k < 300; k += 17) write.remove(`d${String(k).padStart(3, '0')}`)
      }
      const m = modes[i % modes.length] as MatchOptions
      const filter = i % 2 === 0 ? [] : [{ facet: 'notes.tag', values: ['a'] }]
      const want = expected(q, m.mode).filter((d) => filter.length === 0 || d.tag === 'a')
      const by = i % 3 === 0 ? 'year' : 'month'
      const page = index.search(
        request(q, m, { facets: filter, limit: 3, counts: { facets: ['notes.tag', 'notes.label'], histogram: by } }),
      )
      expect(page.total).toBe(want.length)
      for (const facet of ['notes.tag', 'notes.label']) {
        const counts = new Map<string, number>()
        for (const d of want) for (const v of facet === 'notes.tag' ? [d.tag] : (d.labels ?? [])) counts.set(v, (counts.get(v) ?? 0) + 1)
        const oracle = [...counts].map(([value, count]) => ({ value, count, first: firstOf(facet, value) }))
        expect(sorted(page.counts?.facets.get(facet)), `${facet} ${JSON.stringify(q)}`).toEqual(sorted(oracle))
      }
      const periods = new Map<number, number>()
      for (const d of want) {
        const p = Math.floor(dayOf(d.ms) / (by === 'year' ? 10_000 : 100))
        periods.set(p, (periods.get(p) ?? 0) + 1)
      }
      expect(page.counts?.histogram).toEqual([...periods].sort((a, b) => a[0] - b[0]).map(([period, count]) => ({ period, count })))
    }
    expect(index.search(request({ groups: [], exclude: [] }, modes[0] as MatchOptions)).counts).toBeUndefined()
  })

  it('day ranges filter by the Brasília day, inclusive', () => {
    const q: TextQuery = { groups: [], exclude: [] }
    const from = 20240110
    const to = 20240120
    const dayOf = (ms: number) => Number(new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, ''))
    const want = [...docs.values()].filter((d) => dayOf(d.ms) >= from && dayOf(d.ms) <= to).length
    expect(index.search(request(q, modes[0] as MatchOptions, { days: [{ column: 'main', from, to }] })).total).toBe(want)
  })

  it('reports no problem when it holds every document, and one when it does not', () => {
    expect(index.problems(LAYOUT, docs.size, true)).toEqual([])
    expect(index.problems(LAYOUT, docs.size + 1, true).length).toBeGreaterThan(0)
    expect(index.inspect([LAYOUT])).toEqual({ missing: [], changed: [] })
    expect(
      index.inspect([
        { ...LAYOUT, fields: [{ name: 'title', weight: 1 }] },
        { name: 'other', fields: [] },
      ]),
    ).toEqual({
      missing: ['other'],
      changed: ['notes'],
    })
  })
})
