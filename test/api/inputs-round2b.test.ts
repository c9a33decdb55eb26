/** Issue 22, items 11 and 13: names read back as given, and query keys that are Object.prototype's names. */
import { describe, expect, it } from 'vitest'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'

describe('a name a client gives is well-formed text without control characters', () => {
  const refused = ['a\uD800b', 'a\uDC00b', 'ab\uD83D', 'a\u0000b', 'a\u0001b', 'a\tb', 'a\nb', 'a\u007Fb', 'a\u0085b', 'a\u009Fb']

  it.each(refused.map((n) => [JSON.stringify(n), n]))('createMonitor refuses %s with 400 naming name and what is allowed', (_, n) => {
    const snap = tempSnapshot()
    const e = errorOf(() => snap.createMonitor('acme', n))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/^name: must be well-formed Unicode text without control characters/)
    expect(snap.listMonitors('acme')).toEqual([])
  })

  it('keeps names with any other character, astral ones included, exactly as given', () => {
    const snap = tempSnapshot()
    for (const n of ['Leituras', 'Ação é já', 'emoji 😀 ok', '\u00A0nbsp\u00A0', 'zero\u200Bwidth']) {
      const m = snap.createMonitor('acme', n)
      expect(m.name).toBe(n.trim())
      expect(snap.getMonitor('acme', m.id).name).toBe(n.trim())
    }
  })

  it('createApiKey refuses such a client with 400 naming client', () => {
    const snap = tempSnapshot()
    for (const client of ['a\uD800b', 'a\u0000b', 'a\u009Bb']) {
      const e = errorOf(() => snap.createApiKey({ client, plan: 'standard' }))
      expect(e.status).toBe(400)
      expect(e.message).toMatch(/client: must be well-formed Unicode text without control characters/)
    }
    expect(snap.createApiKey({ client: 'ACME 😀', plan: 'standard' }).key).toMatch(/^lsk_/)
  })
})

describe('a query string whose keys are names of Object.prototype', () => {
  const keys = ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']

  it.each(keys)('URLSearchParams %s=1 is an unknown parameter, not one given twice', (k) => {
    const snap = tempSnapshot()
    const bogus = errorOf(() => snap.searchDou(new URLSearchParams('bogus=1')))
    const e = errorOf(() => snap.searchDou(new URLSearchParams(`${k}=1`)))
    expect(e.status).toBe(400)
    expect(e.message).not.toMatch(/more than once/)
    expect(e.message).toBe(bogus.message.replace(`'bogus'`, `'${k}'`))
    expect(errorOf(() => snap.findStakeholders(new URLSearchParams(`q=x&${k}=1`))).message).toMatch(
      new RegExp(`unknown parameter '${k.replace(/_/g, '_')}'`),
    )
  })

  it('a parameter truly given twice is still refused as such', () => {
    const snap = tempSnapshot()
    expect(errorOf(() => snap.searchDou(new URLSearchParams('q=a&q=b'))).message).toBe("query: parameter 'q' is given more than once")
    expect(errorOf(() => snap.searchDou(new URLSearchParams('toString=a&toString=b'))).message).toBe(
      "query: parameter 'toString' is given more than once",
    )
  })

  it('the other parameters are read as before', () => {
    const snap = tempSnapshot()
    snap.upsert('dou', [{ id: 'd1', date: '2023-01-13', title: 'Portaria 1' }])
    expect(snap.searchDou(new URLSearchParams('q=portaria&limit=5')).results.map((r) => r.id)).toEqual(['d1'])
  })
})
