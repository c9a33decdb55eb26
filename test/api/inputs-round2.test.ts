/**
 * Issue 22, items 5 and 6: values no JSON can hold (BigInt, symbols, cycles, null-prototype
 * objects) and values a filter cannot index are refused with a `LegisearchError` naming the input
 * and what is allowed, never a bare `TypeError`; echoed values are capped.
 */
import { describe, expect, it } from 'vitest'
import { shown } from '../../packages/legisearch/src/common/shown.js'
import { errorOf } from '../helpers/errors.js'
import { proposition } from '../helpers/records.js'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

describe('a BigInt where a date or a collection is expected', () => {
  const snap = sharedSnapshot()

  it.each([
    ['searchDou', 'created_at'],
    ['searchPropositions', 'created_at'],
    ['searchPropositions', 'updated_at'],
  ] as const)('%s: %s.from = 10n → 400 invalid_date_range naming the field', (method, field) => {
    const e = errorOf(() => snap()[method]({}, { [field]: { from: 10n } }))
    expect([e.status, e.code, e.message]).toEqual([400, 'invalid_date_range', `${field}.from: must be a date string YYYY-MM-DD (got 10n)`])
    expect(e.path).toEqual([field, 'from'])
  })

  it('a BigInt as the collection of upsert, remove, search and the monitor calls → 400 naming the allowed ones', () => {
    const s = snap()
    const m = s.createMonitor('acme', 'Leituras')
    const writable = 'collection: must be one of propositions, social, dou, bacen, notices, irs, stakeholders (got 10n)'
    const searchable = 'collection: must be one of propositions, social, dou, bacen, notices, irs (got 10n)'
    const calls: [() => unknown, string][] = [
      [() => s.upsert(10n as never, []), writable],
      [() => s.remove(10n as never, ['x']), writable],
      [() => s.search(10n as never, {}), searchable],
      [() => s.saveToMonitor('acme', m.id, 10n as never, 'x'), searchable],
      [() => s.removeFromMonitor('acme', m.id, 10n as never, 'x'), searchable],
    ]
    for (const [call, message] of calls) {
      const e = errorOf(call)
      expect([e.status, e.code, e.message]).toEqual([400, 'invalid_parameters', message])
    }
  })

  it('a symbol, a cycle and a 10 MB string as a collection are echoed safely and capped', () => {
    const cycle: Record<string, unknown> = { a: 1 }
    cycle['self'] = cycle
    expect(errorOf(() => snap().search(Symbol('x') as never, {})).message).toMatch(/\(got Symbol\(x\)\)$/)
    expect(errorOf(() => snap().search(cycle as never, {})).message).toMatch(/\(got an object\)$/)
    const long = errorOf(() => snap().search('x'.repeat(10_000_000) as never, {}))
    expect(long.message.length).toBeLessThan(250)
    expect(long.message).toMatch(/\(got "x{99}…\)$/)
  })
})

describe('shown: a value as a message echoes it', () => {
  it('never throws, and caps the text at 100 characters', () => {
    const cycle: unknown[] = []
    cycle.push(cycle)
    const throwing = {
      get a(): never {
        throw new Error('no')
      },
    }
    expect(shown(10n)).toBe('10n')
    expect(shown({ n: 10n })).toBe('{"n":"10n"}')
    expect(shown(Symbol('s'))).toBe('Symbol(s)')
    expect(shown(cycle)).toBe('an array')
    expect(shown(throwing)).toBe('an object')
    expect(shown(Object.assign(Object.create(null), { a: 1 }))).toBe('{"a":1}')
    expect(shown(undefined)).toBe('undefined')
    expect(shown(NaN)).toBe('NaN')
    expect(shown(() => 1)).toBe('a function')
    expect(shown('abc')).toBe('"abc"')
    expect(shown('y'.repeat(500))).toBe(`"${'y'.repeat(99)}…`)
    expect(shown(Array.from({ length: 1000 }, (_, i) => i)).length).toBe(101)
    // never half of a surrogate pair before the ellipsis
    expect(shown(`${'a'.repeat(98)}😀😀`)).toBe(`"${'a'.repeat(98)}…`)
  })
})

describe('the values behind the themes and organs filters', () => {
  const prop = proposition
  const snap = sharedSnapshot((s) => {
    s.upsert(
      'propositions',
      untyped([
        prop('kept', {
          themes: [{ openDataId: 40 }, { openDataId: 'x' }, { openDataId: null }, {}],
          lastProceeding: { organ: { id: 180 } },
        }),
      ]),
    )
  })

  it.each([
    [
      'a null-prototype object',
      { themes: [{ openDataId: '1' }, { openDataId: Object.create(null) }] },
      'themes[1].openDataId',
      'an object',
    ],
    ['a plain object', { themes: [{ openDataId: { a: 1 } }] }, 'themes[0].openDataId', 'an object'],
    ['an array', { themes: [{ openDataId: [1, 2] }] }, 'themes[0].openDataId', 'an array'],
    ['a boolean', { themes: [{ openDataId: true }] }, 'themes[0].openDataId', 'a boolean'],
    ['NaN', { themes: [{ openDataId: NaN }] }, 'themes[0].openDataId', 'NaN', 'a finite number (JSON has no NaN or Infinity)'],
    [
      'a BigInt',
      { themes: [{ openDataId: 10n }] },
      'themes[0].openDataId',
      'a bigint',
      'a JSON value (string, number, boolean, null, array or object), not bigint',
    ],
    ['a null-prototype object', { lastProceeding: { organ: { id: Object.create(null) } } }, 'lastProceeding.organ.id', 'an object'],
    ['an array', { lastProceeding: { organ: { id: [1, 2] } } }, 'lastProceeding.organ.id', 'an array'],
    [
      'Infinity',
      { lastProceeding: { organ: { id: Infinity } } },
      'lastProceeding.organ.id',
      'Infinity',
      'a finite number (JSON has no NaN or Infinity)',
    ],
  ])('%s at %s is refused at upsert naming the path, nothing written', (_what, extra, at, got, said?: string) => {
    const s = snap()
    const e = errorOf(() => s.upsert('propositions', untyped([prop('ok'), prop('bad', extra)])))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toBe(
      `records[1].${at}: must be ${said ?? `a string or a number (got ${got})`} (propositions record 1; nothing of this call was written)`,
    )
    expect(s.counts().propositions).toBe(1)
  })

  it('strings and finite numbers are indexed as their text; null and absent index nothing', () => {
    const s = snap()
    const ids = (filters: object) => (s.searchPropositions({}, filters) as { results: { id: string }[] }).results.map((r) => r.id)
    expect(ids({ themes: ['40'] })).toEqual(['kept'])
    expect(ids({ themes: ['x'] })).toEqual(['kept'])
    expect(ids({ organs: ['180'] })).toEqual(['kept'])
    expect(ids({ themes: ['null'] })).toEqual([])
    expect(ids({ themes: ['[object Object]'] })).toEqual([])
  })
})
