import { describe, expect, it } from 'vitest'
import { COLLECTIONS, type CorpusName } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const CORPORA = COLLECTIONS.filter((c): c is CorpusName => c !== 'stakeholders')

/** A query or body that is not a plain object would be read as empty: it must be refused, never widen the search. */
describe.each(CORPORA)('%s: the shape of the query and the body', (corpus) => {
  it('refuses a Map or a class instance as the query or the body', () => {
    const snap = tempSnapshot()
    for (const [query, body, message] of [
      [new Map([['q', 'x']]), {}, /^query: must be a plain object/],
      [new Date(0), {}, /^query: must be a plain object/],
      [{}, new Map([['keywords', { and: ['x'] }]]), /^body: must be a JSON object/],
      [{}, [], /^body: must be a JSON object/],
    ] as const) {
      const e = errorOf(() => snap.search(corpus, query as never, untyped(body)))
      expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
      expect(e.message).toMatch(message)
    }
  })

  it('reads URLSearchParams as the query string, each parameter once', () => {
    const snap = tempSnapshot()
    expect(snap.search(corpus, new URLSearchParams('limit=5&sort=newest') as never).pagination).toEqual({
      page: 1,
      limit: 5,
      pages: 0,
      total: 0,
    })
    expect(errorOf(() => snap.search(corpus, new URLSearchParams('limit=5&limit=6') as never)).message).toMatch(
      /parameter 'limit' is given more than once/,
    )
  })
})
