import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Snapshot, openSnapshot } from 'legisearch'
import { WORK_BUDGET, postingsLimit } from '../../packages/legisearch/src/text-index/work-budget.js'
import { errorOf } from '../helpers/errors.js'
import { withTextIndex } from '../helpers/text-index.js'
import { sharedSnapshot, sharedTempDir } from '../helpers/tmp-snapshot.js'
import { allNoticeIds, notice, sorted } from '../query/support.js'
import { call, servedSnapshot } from '../server/support.js'

/**
 * The per-search work budget (issue 22, item 1): the term look-ups of a search (each phrase's words
 * × its spellings in the index), summed over `q` and every `keywords` list, are bounded, and in the
 * block index the postings it would read; a search over either bound is refused with a 400 naming
 * the parameter that asks the most, before any work.
 *
 * The corpus holds thirteen accented words both composed (c1) and decomposed (c2): in `sensitive`
 * mode each of them has two spellings in the index, so a quoted phrase of k of them has 2^k.
 */
const WORDS = 'ação pública não só é já lá até três mês após saúde órgão'.split(' ')
const CORPUS = [
  notice('c1', WORDS.join(' ')),
  notice('c2', WORDS.join(' ').normalize('NFD')),
  notice('c3', 'ação pública sem o resto'),
  notice('c4', 'nada disso aqui'),
]
/** The phrase of `length` consecutive words of WORDS from `start` (wrapping). */
const phrase = (start: number, length: number) => Array.from({ length }, (_, j) => WORDS[(start + j) % WORDS.length]).join(' ')
const LIMIT = WORK_BUDGET.termsPerSearch.toLocaleString('en-US')

describe.each(['blocks', 'fts5'])('the work budget of one search (%s index)', (index) => {
  let snap: Snapshot | undefined
  const dir = sharedTempDir()
  beforeAll(() => {
    snap = withTextIndex(index, () => openSnapshot(path.join(dir(), 'snapshot.db')))
    snap.upsert('notices', CORPUS)
  })
  afterAll(() => {
    snap?.close()
  })
  const s = (): Snapshot => snap as Snapshot

  it('keywords.or of 10 twelve-word phrases (10 × 4,096 spellings × 12 words) is refused naming keywords.or', () => {
    const or = Array.from({ length: 10 }, (_, k) => phrase(k, 12))
    const e = errorOf(() => s().searchNotices({ modes: 'sensitive' }, { keywords: { or } }))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['keywords', 'or']])
    expect(e.message).toMatch(new RegExp(`^keywords\\.or: this search asks the text index for [\\d,]+ term look-ups`))
    expect(e.message).toContain('keywords.or asks 491,520')
    expect(e.message).toContain(`at most ${LIMIT} per search, q and keywords together`)
    expect(e.message).toContain('add keyword to modes')
  })

  it('a q of 6 quoted twelve-word phrases is refused naming q; keywords.and and keywords.not count too', () => {
    const q = Array.from({ length: 6 }, (_, k) => `"${phrase(k, 12)}"`).join(' ')
    const e = errorOf(() => s().searchNotices({ modes: 'sensitive', q }))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['q']])
    expect(e.message).toMatch(/^q: this search asks the text index for [\d,]+ term look-ups/)
    for (const op of ['and', 'not'] as const) {
      const list = Array.from({ length: 5 }, (_, k) => phrase(k, 12))
      const f = errorOf(() => s().searchNotices({ modes: 'sensitive' }, { keywords: { [op]: list } }))
      expect([f.status, f.code, f.path]).toEqual([400, 'invalid_parameters', ['keywords', op]])
    }
  })

  it('the budget is per search: phrases each under the per-phrase cap add up across q and keywords', () => {
    // A nine-word phrase has 512 spellings: 4,608 look-ups. Four of them fit (18,432); five do not.
    const cost = 2 ** 9 * 9
    expect(4 * cost).toBeLessThanOrEqual(WORK_BUDGET.termsPerSearch)
    expect(5 * cost).toBeGreaterThan(WORK_BUDGET.termsPerSearch)
    const nine = Array.from({ length: 5 }, (_, k) => phrase(k, 9))
    const e = errorOf(() => s().searchNotices({ modes: 'sensitive', q: `"${nine[4] as string}"` }, { keywords: { or: nine.slice(0, 4) } }))
    // keywords.or asks the most (4 × 4,608), so the message names it.
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['keywords', 'or']])
    expect(e.message).toContain('keywords.or asks 18,432')
  })

  it('just under the budget a search answers as the same phrases searched one at a time', () => {
    const or = Array.from({ length: 4 }, (_, k) => phrase(k, 9))
    const together = sorted(allNoticeIds(s(), { modes: 'sensitive' }, { keywords: { or } }))
    const oneByOne = sorted([...new Set(or.flatMap((p) => allNoticeIds(s(), { modes: 'sensitive' }, { keywords: { or: [p] } })))])
    expect(together).toEqual(['c1', 'c2'])
    expect(together).toEqual(oneByOne)
    // Byte-equal words have one spelling each: the request is cheap there, and finds c1 only.
    const twelve = Array.from({ length: 10 }, (_, k) => phrase(k, 12))
    expect(allNoticeIds(s(), { modes: 'sensitive,keyword' }, { keywords: { or: twelve } })).toEqual(['c1'])
  })

  it('without spellings too: 100 phrases of 250 words (25,000 look-ups) are refused, ordinary lists are not', () => {
    // 250 one-letter words: 499 characters, within keywords' 500.
    const long = Array.from({ length: 250 }, (_, j) => 'abcdefghijklmnopqrstuvwxyz'[j % 26]).join(' ')
    const words = long.split(' ').length
    const or = Array.from({ length: 100 }, () => long)
    expect(100 * words).toBeGreaterThan(WORK_BUDGET.termsPerSearch)
    const e = errorOf(() => s().searchNotices({}, { keywords: { or } }))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['keywords', 'or']])
    expect(e.message).not.toContain('add keyword to modes')
    // 100 two-word phrases in each list, and a q of citations near its own cap, pass.
    const pairs = Array.from({ length: 100 }, (_, k) => phrase(k, 2))
    expect(() => s().searchNotices({}, { keywords: { or: pairs, and: pairs.slice(0, 1), not: ['nada disso'] } })).not.toThrow()
    const citations = Array.from({ length: 20 }, (_, i) => `Instrução Normativa ${i + 1}/20`).join(' OR ')
    expect(s().searchNotices({ q: citations, modes: 'sensitive' }).pagination.total).toBe(0)
  })
})

describe('the postings a search may read (block index, the default)', () => {
  // 300 documents holding the same three words: a phrase of them is compared in every document.
  const s = sharedSnapshot((snap) =>
    snap.upsert(
      'notices',
      Array.from({ length: 300 }, (_, i) => notice(`r${i}`, `reforma tributária lei ${i}`)),
    ),
  )
  /** A phrase of `words` of the three words every document holds, in their order. */
  const common = (words: number) => Array.from({ length: words }, (_, j) => ['reforma', 'tributária', 'lei'][j % 3]).join(' ')

  it('phrases of words found everywhere: refused naming the parameter when they add up past the estimate', () => {
    // 100 phrases × 40 words × 300 documents each ≈ 1.2 M postings compared (term look-ups: 4,100).
    const limit = postingsLimit(300)
    const or = Array.from({ length: 100 }, () => common(40))
    expect(100 * 40 * 300).toBeGreaterThan(limit)
    const e = errorOf(() => s().searchNotices({}, { keywords: { or } }))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['keywords', 'or']])
    expect(e.message).toMatch(/^keywords\.or: this search would read about 1,200,000 postings of the text index/)
    expect(e.message).toContain(`at most ${limit.toLocaleString('en-US')} in this corpus`)
  })

  it('under the estimate the same kind of search answers as its phrases one at a time; single words count a quarter', () => {
    const or = Array.from({ length: 20 }, (_, k) => common(3 + k))
    const together = sorted(allNoticeIds(s(), {}, { keywords: { or } }))
    expect(together).toEqual(sorted(allNoticeIds(s(), {}, { keywords: { or: [or[0] as string] } })))
    expect(together).toHaveLength(300)
    // 100 single words found in every document: 100 × 300 / 4 postings, far under the estimate.
    const words = Array.from({ length: 100 }, (_, k) => ['reforma', 'tributária', 'lei'][k % 3] as string)
    expect(s().searchNotices({}, { keywords: { or: words } }).pagination.total).toBe(300)
  })
})

describe('over HTTP', () => {
  const served = servedSnapshot({ workers: 0 })
  beforeAll(() => {
    const snap = openSnapshot(served().path)
    try {
      snap.upsert('notices', CORPUS)
    } finally {
      snap.close()
    }
  })

  it('the pathological search is a 400 invalid_parameters naming keywords.or; the server answers the next search', async () => {
    const { base, keys } = served()
    const or = Array.from({ length: 25 }, (_, k) => phrase(k, 12))
    const r = await call(base, 'POST', '/search/notices?modes=sensitive', { key: keys.acme.key, body: { keywords: { or } } })
    expect(r.status).toBe(400)
    expect(r.json).toMatchObject({ code: 'invalid_parameters', error: expect.stringMatching(/^keywords\.or: this search asks/) })
    const ok = await call(base, 'POST', '/search/notices?modes=sensitive', {
      key: keys.acme.key,
      body: { keywords: { or: [phrase(0, 9)] } },
    })
    expect(ok.status).toBe(200)
    expect(sorted((ok.json as { results: { id: string }[] }).results.map((x) => x.id))).toEqual(['c1', 'c2'])
  })
})
