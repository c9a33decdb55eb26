/**
 * MiniSearch 7 holding the same propositions, read from the same snapshot: fields title, summary
 * and the type/number/year string legisearch also indexes, weighted 3 : 1 : 2 as the library
 * weighs them; words split by the library's `tokenize` and turned into terms by the library's
 * default-mode analysis (`termOf(word, 'default')`: fold + light stemming), so a word finds the same
 * documents in both. Only the default mode (one index per mode would be needed for the others).
 *
 * Where it cannot answer the same question:
 * - phrases are approximated as the AND of their words (MiniSearch keeps no positions), so its
 *   totals for phrases and identifiers are supersets;
 * - an identifier gets no "ranks first" treatment;
 * - `relevance` is MiniSearch's own BM25+ score, not FTS5's, so relevance pages differ;
 * - results are its stored fields (id, dates, types, states): no record is fetched, nothing is
 *   highlighted.
 * Filters use the `filter` option; `newest` collects every result and sorts it; the total is the
 * number of results.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch'
import { ASSEMBLY_STATES } from '../../packages/legisearch/src/corpora/propositions/assemblies.js'
import { fold, termOf, tokenize } from '../../packages/legisearch/src/index.js'
import type { BenchQuery, Item, TextSpec } from '../queries.js'
import { LIMIT } from '../queries.js'

export interface MiniDoc {
  readonly id: string
  readonly title: string
  readonly summary: string
  readonly ident: string
  readonly ms: number
  readonly day: number
  readonly types: string
  readonly states: readonly string[]
}

export function newIndex(): MiniSearch<MiniDoc> {
  return new MiniSearch<MiniDoc>({
    fields: ['title', 'summary', 'ident'],
    storeFields: ['ms', 'day', 'types', 'states'],
    tokenize: (s) => tokenize(s).map((t) => t.text),
    processTerm: (t) => termOf(t, 'default'),
    searchOptions: { boost: { title: 3, summary: 1, ident: 2 } },
  })
}

/** A proposition record (as stored in the snapshot) as a MiniSearch document. */
export function miniDoc(
  r: {
    id: string
    title: string
    summary: string
    acronymType: string
    number: number
    year: number
    authors: { uf: string }[]
    openDataResource: string
  },
  ms: number,
  day: number,
): MiniDoc {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    ident: `${r.acronymType} ${r.number}/${r.year}`,
    ms,
    day,
    types: fold(r.acronymType).trim(),
    // As the library's `states` filter: any author's state, or the state of the assembly.
    states: [
      ...new Set(
        [...r.authors.map((a) => a.uf), ASSEMBLY_STATES[fold(r.openDataResource)] ?? ''].map((u) => fold(u).trim()).filter((u) => u !== ''),
      ),
    ],
  }
}

function item(i: Item): Query {
  return i.words.length === 1 ? (i.words[0] as string) : { combineWith: 'AND', queries: [...i.words] }
}

export function queryOf(text: TextSpec): Query {
  const groups: Query[] = text.groups.map((g) => (g.length === 1 ? item(g[0] as Item) : { combineWith: 'OR', queries: g.map(item) }))
  const positive: Query = groups.length === 1 ? (groups[0] as Query) : { combineWith: 'AND', queries: groups }
  if (text.exclude.length === 0) return positive
  const negative: Query = text.exclude.length === 1 ? item(text.exclude[0] as Item) : { combineWith: 'OR', queries: text.exclude.map(item) }
  return { combineWith: 'AND_NOT', queries: [positive, negative] }
}

function dayKey(d: string): number {
  return Number(d.replaceAll('-', ''))
}

export function search(index: MiniSearch<MiniDoc>, q: BenchQuery): { total: number; ids: string[] } {
  let filter: ((r: SearchResult) => boolean) | undefined
  if (q.filters) {
    const from = dayKey(q.filters.created.from)
    const to = dayKey(q.filters.created.to)
    const types = new Set(q.filters.lists.find((l) => l.field === 'types')?.values.map((v) => fold(v).trim()) ?? [])
    const states = new Set(q.filters.lists.find((l) => l.field === 'states')?.values.map((v) => fold(v).trim()) ?? [])
    filter = (r) => {
      const day = r['day'] as number
      if (day < from || day > to) return false
      if (types.size > 0 && !types.has(r['types'] as string)) return false
      if (states.size > 0 && !(r['states'] as string[]).some((s) => states.has(s))) return false
      return true
    }
  }
  const results = index.search(queryOf(q.text), { combineWith: 'AND', ...(filter ? { filter } : {}) })
  if (q.sort === 'newest') results.sort((a, b) => (b['ms'] as number) - (a['ms'] as number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const offset = (q.page - 1) * LIMIT
  return { total: results.length, ids: results.slice(offset, offset + LIMIT).map((r) => r.id as string) }
}
