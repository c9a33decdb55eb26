import { describe, expect, it } from 'vitest'
import { LegisearchError } from 'legisearch'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'

const people = [
  {
    id: 's1',
    name: 'Tabata Amaral',
    title: 'Deputada Federal',
    openDataResource: 'camara',
    organs: [{ id: 'o1', name: 'Câmara dos Deputados', role: 'Titular', active: true }],
  },
  { id: 's2', name: 'João Gonçalves da Silva', title: 'Senador', openDataResource: 'senado' },
  { id: 's3', name: 'Joana Gonzaga', title: 'Deputada Estadual', openDataResource: 'alesp', active: false },
]
const snap = sharedSnapshot((fresh) => {
  fresh.upsert('stakeholders', people)
})

describe('stakeholders', () => {
  it('getStakeholder returns the full record with defaults', () => {
    expect(snap().getStakeholder('s1')).toEqual({
      id: 's1',
      openDataId: '',
      openDataResource: 'camara',
      name: 'Tabata Amaral',
      title: 'Deputada Federal',
      situation: '',
      active: true,
      organs: [
        { id: 'o1', name: 'Câmara dos Deputados', initials: '', openDataId: '', openDataResource: '', role: 'Titular', active: true },
      ],
      savedStakeholders: [],
    })
  })

  it('an unknown id is 404 not_found', () => {
    try {
      snap().getStakeholder('nope')
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(LegisearchError)
      expect([(e as LegisearchError).status, (e as LegisearchError).code]).toEqual([404, 'not_found'])
    }
  })

  it('findStakeholders is accent-, prefix- and typo-tolerant', () => {
    expect(
      snap()
        .findStakeholders({ q: 'goncalves' })
        .map((s) => s.id),
    ).toEqual(['s2'])
    expect(
      snap()
        .findStakeholders({ q: 'tab' })
        .map((s) => s.id),
    ).toEqual(['s1'])
    expect(snap().findStakeholders({ q: 'tabata amral' })[0]?.id).toBe('s1')
    expect(snap().findStakeholders({ q: 'jo', limit: 1 })).toHaveLength(1)
    expect(snap().findStakeholders({ q: '  ' })).toEqual([])
  })

  it('sees stakeholders added after the first lookup', () => {
    snap().upsert('stakeholders', [{ id: 's4', name: 'Érika Hilton' }])
    expect(
      snap()
        .findStakeholders({ q: 'erika' })
        .map((s) => s.id),
    ).toEqual(['s4'])
  })

  it('rejects bad lookups with the field named', () => {
    expect(() => snap().findStakeholders({ q: 'x', limit: 0 })).toThrow(/findStakeholders.limit/)
    expect(() => snap().findStakeholders({ name: 'x' } as unknown as { q: string })).toThrow(/unknown field name|findStakeholders.q/)
  })
})
