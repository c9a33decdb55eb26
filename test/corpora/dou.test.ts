/**
 * DOU-specific rules (DECISIONS §3): `sections` takes `Seção 1`-style labels or the digits, and a
 * section matches its extra editions; `organizations` is the first element of `hierarchy`.
 */
import { describe, expect, it } from 'vitest'
import type { SearchResult } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { type Rec, caseOf } from './cases.js'
import { untyped } from '../helpers/untyped.js'

const c = caseOf('dou')

const act = (i: number, id: string, fields: Rec): Rec => ({ ...c.make(i, { fields }), id })
const sortedIds = (rs: readonly SearchResult[]): string[] => rs.map((r) => r.id as string).sort()

describe('dou: sections', () => {
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'dou',
      untyped([
        act(0, 's1', { section: 'Seção 1' }),
        act(1, 's2', { section: 'Seção 2' }),
        act(2, 's3', { section: 'Seção 3' }),
        act(3, 's1-extra', { section: 'Seção 1 - Extra' }),
        act(4, 's1-extra-a', { section: 'Seção 1 Extra A' }),
        act(5, 's2-extra', { section: 'Seção 2 - Extra' }),
      ]),
    ),
  )
  const find = (sections: string[]): string[] => sortedIds(snap().searchDou({ limit: 20 }, { sections }).results)

  it("'Seção 1' and '1' find section 1 and its extra editions", () => {
    const expected = ['s1', 's1-extra', 's1-extra-a']
    expect(find(['Seção 1'])).toEqual(expected)
    expect(find(['1'])).toEqual(expected)
    expect(find(['secao 1'])).toEqual(expected)
    expect(find(['SEÇÃO 1'])).toEqual(expected)
  })

  it("'Seção 1 Extra' finds only the extra editions of section 1, never plain section 1", () => {
    expect(find(['Seção 1 Extra'])).toEqual(['s1-extra', 's1-extra-a'])
    expect(find(['Seção 1 - Extra'])).toEqual(['s1-extra', 's1-extra-a'])
    expect(find(['secao 1 extra'])).not.toContain('s1')
    expect(find(['Seção 3 Extra'])).toEqual([])
  })

  it('ORs inside the field; [] is no constraint', () => {
    expect(find(['2', '3'])).toEqual(['s2', 's2-extra', 's3'])
    expect(find(['Seção 2', 'Seção 1 Extra'])).toEqual(['s1-extra', 's1-extra-a', 's2', 's2-extra'])
    expect(find([])).toHaveLength(6)
    expect(find(['4'])).toEqual([])
  })
})

describe('dou: organizations', () => {
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'dou',
      untyped([
        act(0, 'fazenda', { hierarchy: 'Ministério da Fazenda/Secretaria do Tesouro Nacional' }),
        act(1, 'presidencia', { hierarchy: 'Presidência da República/Casa Civil' }),
        act(2, 'saude', { hierarchy: 'Ministério da Saúde/Agência Nacional de Vigilância Sanitária/Diretoria Colegiada' }),
        act(3, 'fazenda-second', { hierarchy: 'Atos do Poder Executivo/Ministério da Fazenda' }),
        act(4, 'fazenda-only', { hierarchy: 'Ministério da Fazenda' }),
        act(5, 'saude-spaced', { hierarchy: 'Ministério da Saúde / Fundação Oswaldo Cruz' }),
      ]),
    ),
  )
  const find = (organizations: string[]): string[] => sortedIds(snap().searchDou({ limit: 20 }, { organizations }).results)

  it('matches the first element of the hierarchy only', () => {
    expect(find(['Ministério da Fazenda'])).toEqual(['fazenda', 'fazenda-only'])
    expect(find(['Casa Civil'])).toEqual([])
    expect(find(['Secretaria do Tesouro Nacional'])).toEqual([])
    expect(find(['Atos do Poder Executivo'])).toEqual(['fazenda-second'])
  })

  it('compares case- and accent-insensitively, ignoring spaces around the slashes', () => {
    expect(find(['ministerio da fazenda'])).toEqual(['fazenda', 'fazenda-only'])
    expect(find(['PRESIDENCIA DA REPUBLICA'])).toEqual(['presidencia'])
    expect(find(['Ministério da Saúde'])).toEqual(['saude', 'saude-spaced'])
  })

  it('ORs inside the field, ANDs with sections; [] is no constraint', () => {
    expect(find(['Ministério da Fazenda', 'Presidência da República'])).toEqual(['fazenda', 'fazenda-only', 'presidencia'])
    expect(find([])).toHaveLength(6)
    const r = snap().searchDou({}, { organizations: ['Ministério da Fazenda'], sections: ['2'] })
    expect(r.pagination.total).toBe(0)
    expect(sortedIds(snap().searchDou({}, { organizations: ['Ministério da Fazenda'], sections: ['1'] }).results)).toEqual([
      'fazenda',
      'fazenda-only',
    ])
  })
})

describe('dou: dates', () => {
  const snap = sharedSnapshot((s) =>
    s.upsert(
      'dou',
      untyped([
        act(0, 'old-updated-late', {
          date: '2024-01-10T08:00:00-03:00',
          createdAt: '2024-01-10T08:00:00-03:00',
          updatedAt: '2024-03-01T08:00:00-03:00',
        }),
        act(1, 'new-never-updated', { date: '2024-02-10T08:00:00-03:00', createdAt: '2024-02-10T08:00:00-03:00', updatedAt: undefined }),
      ]),
    ),
  )

  it('created_at filters date; recently_updated sorts by updatedAt (else date); updatedAt/createdAt default to date', () => {
    expect(sortedIds(snap().searchDou({}, { created_at: { from: '2024-01-10', to: '2024-01-10' } }).results)).toEqual(['old-updated-late'])
    expect(snap().searchDou({}, { created_at: { from: '2024-03-01', to: '2024-03-01' } }).pagination.total).toBe(0)
    const r = snap().searchDou({ sort: 'recently_updated' }).results
    expect(r.map((x) => x.id)).toEqual(['old-updated-late', 'new-never-updated'])
    expect(
      snap()
        .searchDou({ sort: 'newest' })
        .results.map((x) => x.id),
    ).toEqual(['new-never-updated', 'old-updated-late'])
    expect(r[1]?.updatedAt).toBe('2024-02-10T08:00:00-03:00')
  })
})
