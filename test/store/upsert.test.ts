import Database from 'better-sqlite3'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'

let snap: Snapshot
beforeEach(() => {
  snap = tempSnapshot()
})

const prop = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  acronymType: 'PL',
  number: 1,
  year: 2024,
  title: `PL ${id}`,
  summary: 'Dispõe sobre a proteção de dados pessoais.',
  datePresentation: '2024-02-01T10:00:00-03:00',
  ...extra,
})

describe('upsert', () => {
  it('counts inserts and updates, and replaces the indexed words of an update', () => {
    expect(snap.upsert('propositions', [prop('a'), prop('b')])).toEqual({ inserted: 2, updated: 0 })
    expect(snap.upsert('propositions', [prop('a', { summary: 'Institui o programa de merenda escolar.' })])).toEqual({
      inserted: 0,
      updated: 1,
    })
    expect(snap.searchPropositions({ q: 'merenda' }).results.map((r) => r.id)).toEqual(['a'])
    expect(snap.searchPropositions({ q: 'dados pessoais' }).results.map((r) => r.id)).toEqual(['b'])
    expect(snap.checkIntegrity().ok).toBe(true)
  })

  it('rejects a bad record by index and field, and writes nothing of the call', () => {
    snap.upsert('propositions', [prop('kept')])
    const e = errorOf(() => snap.upsert('propositions', [prop('x1'), prop('x2', { number: 'dez' }), prop('x3')]))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/^records\[1\]\.number: /)
    expect(e.path).toEqual(['records', 1, 'number'])
    expect(snap.counts().propositions).toBe(1)
    expect(snap.searchPropositions().results.map((r) => r.id)).toEqual(['kept'])
  })

  it.each([
    [{ datePresentation: '2024-13-01' }, /records\[0\]\.datePresentation: must be an ISO 8601/],
    [{ datePresentation: undefined }, /records\[0\]\.datePresentation: is required/],
    [{ id: '' }, /records\[0\]\.id: must be a non-empty string/],
    [{ id: '  ' }, /records\[0\]\.id: must not begin or end with whitespace/],
    [{ id: ' p ' }, /records\[0\]\.id: must not begin or end with whitespace/],
    [{ datePresentation: '2024-05-04T25:00' }, /records\[0\]\.datePresentation: must be an ISO 8601/],
    [{ year: 2024.5 }, /records\[0\]\.year: must be an integer/],
    [{ colour: 'red' }, /records\[0\]: unknown field 'colour'/],
    [{ authors: [{ name: 'X', stakeholderId: 7 }] }, /records\[0\]\.authors\[0\]\.stakeholderId/],
    [{ lastProceeding: { processing: 'yes' } }, /records\[0\]\.lastProceeding\.processing: must be 'true' or 'false'/],
  ])('names the field at fault: %j', (extra, message) => {
    expect(errorOf(() => snap.upsert('propositions', [prop('p', extra)])).message).toMatch(message)
    expect(snap.counts().propositions).toBe(0)
  })

  it('refuses duplicate ids in one call, an unknown collection and a non-array', () => {
    expect(errorOf(() => snap.upsert('propositions', [prop('d'), prop('d')])).message).toMatch(
      /records\[1\]\.id: 'd' repeats records\[0\]\.id/,
    )
    expect(errorOf(() => snap.upsert('laws' as 'dou', [])).message).toMatch(/collection: must be one of propositions, social/)
    expect(errorOf(() => snap.upsert('dou', {} as unknown as [])).message).toMatch(/records: must be an array/)
    expect(snap.counts().propositions).toBe(0)
  })

  it('stores processing booleans as the spec’s strings and fills defaults', () => {
    snap.upsert('propositions', [prop('b', { lastProceeding: { processing: false } })])
    const [r] = snap.searchPropositions().results
    expect(r).toMatchObject({
      lastProceeding: { processing: 'false', date: '2024-02-01T10:00:00-03:00', situation: '' },
      authors: [],
      rapporteurs: [],
      themes: [],
      relevance: 0,
      highlights: [],
      savedPropositions: [],
    })
    expect(r).not.toHaveProperty('approved')
  })

  it.each([
    ['2024-05-04', '2024-05-04T00:00:00-03:00'],
    ['2024-05-04T10:00', '2024-05-04T10:00:00-03:00'],
    ['2024-05-04 10:00:07', '2024-05-04T10:00:07-03:00'],
    ['2024-05-04T10:00+0300', '2024-05-04T10:00:00+03:00'],
    ['2024-05-04T10:00:00.250Z', '2024-05-04T10:00:00+00:00'],
    ['2024-05-04T10:00:00.999999-03:00', '2024-05-04T10:00:00-03:00'],
    ['2019-01-13T15:00:20Z', '2019-01-13T15:00:20+00:00'],
    ['2024-05-04T10:00:00-02:00', '2024-05-04T10:00:00-02:00'],
    ['2024-05-04T10:00:00+00:00', '2024-05-04T10:00:00+00:00'],
  ])('stores the date-time %s in the canonical RFC 3339 form %s', (given, stored) => {
    snap.upsert('propositions', [prop('d', { datePresentation: given })])
    expect(snap.searchPropositions().results[0]?.datePresentation).toBe(stored)
  })

  it('reads records stored by older versions (`Z`, fractions) in the canonical form, without rewriting them', () => {
    snap.upsert('propositions', [prop('old', { lastProceeding: { date: '2024-02-02T10:00:00-03:00' } })])
    snap.upsert('dou', [{ id: 'act', date: '2024-02-01', createdAt: '2024-02-01T10:00:00-03:00' }])
    // An older version stored `Z` and fractions as given: write such records straight into the file.
    const db = new Database(snap.path)
    const old = (id: string, edit: (r: Record<string, unknown>) => void) => {
      const row = db
        .prepare('SELECT r.rowid AS rowid, r.record AS record FROM records r JOIN docs d ON d.rowid = r.rowid WHERE d.id = ?')
        .get(id) as {
        rowid: number
        record: string
      }
      const record = JSON.parse(row.record) as Record<string, unknown>
      edit(record)
      db.prepare('UPDATE records SET record = ? WHERE rowid = ?').run(JSON.stringify(record), row.rowid)
    }
    old('old', (r) => {
      r['datePresentation'] = '2024-02-01T13:00:00.000Z'
      r['lastProceeding'] = { ...(r['lastProceeding'] as object), date: '2024-02-02T13:00:00.5Z' }
    })
    old('act', (r) => {
      r['date'] = '2024-02-01T03:00:00Z'
      r['updatedAt'] = '2024-02-03T10:00:00.123-03:00'
    })
    db.close()
    const [p] = snap.searchPropositions({ q: 'PL old' }).results
    expect([p?.datePresentation, p?.lastProceeding.date]).toEqual(['2024-02-01T13:00:00+00:00', '2024-02-02T13:00:00+00:00'])
    const [a] = snap.searchDou().results
    expect([a?.date, a?.createdAt, a?.updatedAt]).toEqual([
      '2024-02-01T03:00:00+00:00',
      '2024-02-01T10:00:00-03:00',
      '2024-02-03T10:00:00-03:00',
    ])
  })

  it('remove deletes records and their index entries', () => {
    snap.upsert('propositions', [prop('a'), prop('b')])
    expect(snap.remove('propositions', ['a', 'zzz'])).toEqual({ removed: 1 })
    expect(snap.searchPropositions({ q: 'dados' }).pagination.total).toBe(1)
    expect(snap.checkIntegrity().ok).toBe(true)
  })
})
