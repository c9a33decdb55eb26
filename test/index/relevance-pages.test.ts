/**
 * Relevance pages over a large match set (1,600 matches, many of them tied): every page must hold
 * exactly the rows the full order puts there.
 * The order is checked against its definition (relevance descending, then the corpus date newest
 * first, then id), not against the library's own SQL, across every page at two page sizes, with
 * many exact ties (identical texts) and many distinct scores (texts of different lengths).
 */
import { describe, expect, it } from 'vitest'
import type { PropositionResult } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const N = 1600

function record(i: number): Record<string, unknown> {
  // Three shapes: a short text tied with many others, a text whose length varies with i (distinct
  // scores), and a text repeating the word (higher scores). Dates repeat so ties reach the date.
  const shape = i % 3
  const filler = 'das normas gerais do sistema nacional '.repeat(1 + (i % 17))
  const summary = shape === 0 ? 'Altera a reforma.' : shape === 1 ? `Reforma ${filler}` : `Reforma reforma ${filler} reforma`
  return {
    id: `p-${String(i).padStart(5, '0')}`,
    acronymType: 'PL',
    number: i + 1,
    year: 2000 + (i % 25),
    title: `PL ${i + 1}/${2000 + (i % 25)}`,
    summary,
    datePresentation: `20${String(10 + (i % 12)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}T10:00:00-03:00`,
  }
}

/** Whether b may follow a in the relevance order. */
function inOrder(a: PropositionResult, b: PropositionResult): boolean {
  if (a.relevance !== b.relevance) return a.relevance > b.relevance
  const da = Date.parse(a.datePresentation)
  const db = Date.parse(b.datePresentation)
  if (da !== db) return da > db
  return a.id < b.id
}

describe('relevance pages over more than 1,000 matches', () => {
  const snap = sharedSnapshot((fresh) => {
    fresh.upsert('propositions', untyped(Array.from({ length: N }, (_, i) => record(i))))
  })

  it.each([20, 7])('concatenating every page (limit %i) gives each match once, in the defined order', (limit) => {
    const first = snap().searchPropositions({ q: 'reforma', sort: 'relevance', limit, page: 1 })
    expect(first.pagination.total).toBe(N)
    const all: PropositionResult[] = []
    for (let page = 1; page <= first.pagination.pages; page++) {
      all.push(...snap().searchPropositions({ q: 'reforma', sort: 'relevance', limit, page }).results)
    }
    expect(all).toHaveLength(N)
    expect(new Set(all.map((r) => r.id)).size).toBe(N)
    for (let i = 1; i < all.length; i++) {
      expect(
        inOrder(all[i - 1] as PropositionResult, all[i] as PropositionResult),
        `position ${i}: ${all[i - 1]?.id} before ${all[i]?.id}`,
      ).toBe(true)
    }
    // The relevances really differ and really tie, so both the cut and the tie-break are exercised.
    const distinct = new Set(all.map((r) => r.relevance))
    expect(distinct.size).toBeGreaterThan(20)
    expect(distinct.size).toBeLessThan(N / 2)
  })

  it('a page equals the same slice of a larger page', () => {
    const big = snap()
      .searchPropositions({ q: 'reforma', sort: 'relevance', limit: 20, page: 3 })
      .results.map((r) => r.id)
    const small = [5, 6, 7, 8].flatMap((p) =>
      snap()
        .searchPropositions({ q: 'reforma', sort: 'relevance', limit: 10, page: p })
        .results.map((r) => r.id),
    )
    expect(small).toEqual([
      ...big,
      ...snap()
        .searchPropositions({ q: 'reforma', sort: 'relevance', limit: 20, page: 4 })
        .results.map((r) => r.id),
    ])
  })
})
