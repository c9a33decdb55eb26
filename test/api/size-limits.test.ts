/**
 * Issue 22, item 2: a record's text has a documented size (`RECORD_LIMITS`), refused naming the
 * field past it; highlights read a bounded amount of each page (`HIGHLIGHT_LIMITS`), so a page of
 * large records costs a bounded time, whatever they hold.
 */
import { describe, expect, it } from 'vitest'
import { RECORD_LIMITS } from '../../packages/legisearch/src/common/json-value.js'
import { HIGHLIGHT_LIMITS, highlightsOf } from '../../packages/legisearch/src/text/highlight.js'
import { errorOf } from '../helpers/errors.js'
import { proposition } from '../helpers/records.js'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const prop = proposition

/** Filler text of `n` characters (words that never match the searches below). */
const filler = (n: number) => 'lorem '.repeat(Math.ceil(n / 6)).slice(0, n)

describe('size limits of a record', () => {
  const snap = sharedSnapshot()

  it('a field one character over the limit is refused naming it, with the sizes; nothing written', () => {
    const s = snap()
    const before = s.counts().propositions
    const e = errorOf(() =>
      s.upsert('propositions', untyped([prop('ok'), prop('big', { summary: 'a'.repeat(RECORD_LIMITS.fieldChars + 1) })])),
    )
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['records', 1, 'summary']])
    expect(e.message).toBe(
      'records[1].summary: is 5,000,001 characters long; a field holds at most 5,000,000 (propositions record 1; nothing of this call was written)',
    )
    expect(s.counts().propositions).toBe(before)
  })

  it('a field over a million characters is stored and found whole', () => {
    const s = snap()
    s.upsert('propositions', untyped([prop('long', { summary: `${filler(1_200_000)} palavrafinal` })]))
    const r = s.searchPropositions({ q: 'palavrafinal' }, {})
    expect(r.results.map((x) => x.id)).toEqual(['long'])
    // Past what highlights read, the hit is found but not highlighted.
    expect(r.results[0]?.highlights).toEqual([])
  })

  it('a record whose fields add up past the limit is refused naming the record', () => {
    const s = snap()
    const most = filler(RECORD_LIMITS.fieldChars)
    const e = errorOf(() => s.upsert('propositions', untyped([prop('many', { title: most, summary: most, other: { a: most } })])))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['records', 0]])
    expect(e.message).toBe(
      'records[0]: holds more than 10,000,000 characters of text in its strings and keys, the most a record may hold (propositions record 0; nothing of this call was written)',
    )
  })

  it('a stakeholder’s name longer than 1,000 characters is refused naming it', () => {
    const s = snap()
    const e = errorOf(() => s.upsert('stakeholders', [{ id: 'long', name: 'N'.repeat(50_000_000) }]))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['records', 0, 'name']])
    expect(e.message.length).toBeLessThan(200)
    const ok = errorOf(() => s.upsert('stakeholders', [{ id: 'long', name: 'N'.repeat(1001) }]))
    expect(ok.message).toBe('records[0].name: must be at most 1000 characters (stakeholders record 0; nothing of this call was written)')
    expect(() => s.upsert('stakeholders', [{ id: 'long', name: 'N'.repeat(1000) }])).not.toThrow()
  })

  it('an over-long key in a free-form object is refused without echoing it', () => {
    const s = snap()
    const key = 'k'.repeat(10_000_000)
    const e = errorOf(() => s.upsert('propositions', untyped([prop('key', { lastProceeding: { organ: { [key]: 1 } } })])))
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['records', 0, 'lastProceeding', 'organ']])
    expect(e.message).toBe(
      'records[0].lastProceeding.organ: has a key 10,000,000 characters long; a key holds at most 1,000 (propositions record 0; nothing of this call was written)',
    )
  })
})

describe('highlights read a bounded amount of text', () => {
  it('a hit within a field’s limit is highlighted; past it, not', () => {
    const near = `${filler(HIGHLIGHT_LIMITS.field - 100)} alvo ${filler(1000)}`
    const far = `${filler(HIGHLIGHT_LIMITS.field + 100)} alvo`
    expect(highlightsOf([{ name: 'summary', text: near }], [{ words: ['alvo'] }], 'default')).toHaveLength(1)
    expect(highlightsOf([{ name: 'summary', text: far }], [{ words: ['alvo'] }], 'default')).toEqual([])
  })

  it('a cut never splits a word into a false hit', () => {
    // 'alvos' straddles the limit: read up to the limit it would be 'alvo'.
    const text = `${filler(HIGHLIGHT_LIMITS.field - 4)} alvos`
    expect(text.indexOf('alvos')).toBe(HIGHLIGHT_LIMITS.field - 3)
    expect(highlightsOf([{ name: 'summary', text }], [{ words: ['alvo'] }], 'default')).toEqual([])
  })

  it('a cut inside a long run without whitespace marks nothing there', () => {
    // The first 100,000 characters hold no whitespace: the cut falls inside 'internetwork'.
    const text = `${'x/'.repeat(HIGHLIGHT_LIMITS.field / 2 - 4)}internetwork/rest`
    expect(text.slice(0, HIGHLIGHT_LIMITS.field).endsWith('internet')).toBe(true)
    expect(highlightsOf([{ name: 'summary', text }], [{ words: ['internet'] }], 'keyword')).toEqual([])
    expect(highlightsOf([{ name: 'summary', text: ` ${text}` }], [{ words: ['internet'] }], 'keyword')).toEqual([])
  })

  it('once a page has read its budget, further fields are read only to their beginning', () => {
    const budget = { read: 0 }
    const text = `${filler(50_000)} alvo ${filler(HIGHLIGHT_LIMITS.field)}`
    const marked = Array.from(
      { length: 20 },
      () => highlightsOf([{ name: 'summary', text }], [{ words: ['alvo'] }], 'default', { budget }).length,
    )
    // Fields are read whole to their limit (cut before a word) until the page has read its budget.
    const full = Math.ceil(HIGHLIGHT_LIMITS.page / HIGHLIGHT_LIMITS.field)
    const read = marked.filter((n) => n === 1).length
    expect(read === full || read === full + 1).toBe(true)
    expect(marked).toEqual([...Array<number>(read).fill(1), ...Array<number>(20 - read).fill(0)])
    expect(budget.read).toBeLessThanOrEqual(HIGHLIGHT_LIMITS.page + HIGHLIGHT_LIMITS.field + (20 - full) * HIGHLIGHT_LIMITS.afterPage)
  })
})

describe('a search page over large records', () => {
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'propositions',
      untyped(Array.from({ length: 20 }, (_, i) => prop(`p${i}`, { summary: `${filler(50_000)} alvo ${filler(100_000)}` }))),
    ),
  )

  it('finds every record and highlights those read before the page’s budget is spent', () => {
    const r = snap().searchPropositions({ q: 'alvo', limit: '20' }, {})
    expect(r.pagination.total).toBe(20)
    const marked = r.results.map((x) => x.highlights.length)
    const read = marked.filter((n) => n === 1).length
    expect(read).toBeGreaterThanOrEqual(HIGHLIGHT_LIMITS.page / HIGHLIGHT_LIMITS.field)
    expect(read).toBeLessThanOrEqual(HIGHLIGHT_LIMITS.page / HIGHLIGHT_LIMITS.field + 1)
    expect(marked).toEqual([...Array<number>(read).fill(1), ...Array<number>(20 - read).fill(0)])
  })
})
