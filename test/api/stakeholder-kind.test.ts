/**
 * A stakeholder's `kind` (person, committee, party, organ, unknown): right for the real
 * stakeholders every source that writes them stores (the Câmara's deputies and organs, its organ
 * authors, the Senado's senators, the ALESP's deputies and authors, the social files' posters),
 * checked against what the files themselves say (the Câmara's organ and author type codes), and
 * the `kind` filter of `findStakeholders`.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { STAKEHOLDER_KINDS, type Snapshot, type StakeholderKind, stakeholderKind } from 'legisearch'
import { readCsvRecords } from '../helpers/csv.js'
import { errorOf } from '../helpers/errors.js'
import { fixture } from '../helpers/fixtures.js'
import { sharedSnapshot, tempSnapshot } from '../helpers/tmp-snapshot.js'

const FILES = {
  camara: [
    'camara/orgaos.csv',
    'camara/proposicoesAutores-2023.csv',
    'camara/deputados.csv',
    'camara/api/deputados_dataInicio-2025-01-01_dataFim-2028-01-01.json',
  ],
  senado: [
    'senado/legado/senador-lista-atual.json',
    'senado/legado/senador-comissoes.json',
    'senado/legado/senadores-afastados.json',
    'senado/legado/senador-detalhe.json',
    'senado/v3-processo/processo-relatoria.json',
  ],
  alesp: ['alesp/alesp-documento-autor-amostra.xml', 'alesp/alesp-deputados-amostra.xml'],
  social: [
    'social/parlametria-leggo-twitter-dados/perfil_parlamentar.csv',
    'social/parlametria-leggo-twitter-dados/parlamentares.csv',
    'social/parlametria-leggo-twitter-dados/tweets_to_process.csv',
  ],
} as const

/**
 * The kind of each of the Câmara's organ types (`codTipoOrgao` of orgaos.csv), as the README's
 * rules read them: the Mesa (Comissão Diretora) and the house's offices are organs, every
 * committee, inquiry, external, mixed, provisional-measure committee and working group a committee.
 */
const ORGAN_TYPES: Readonly<Record<string, StakeholderKind>> = {
  '1': 'organ', // Comissão Diretora (Mesa Diretora, Presidência, Secretarias)
  '2': 'committee', // Comissão Permanente
  '3': 'committee', // Comissão Especial
  '4': 'committee', // Comissão Parlamentar de Inquérito
  '5': 'committee', // Comissão Externa
  '6': 'committee', // Comissão Mista Permanente
  '7': 'committee', // Comissão de Sindicância
  '8': 'committee', // Comissão Representativa do CN
  '9': 'committee', // Comissão Medida Provisória
  '10': 'committee', // Grupo de Trabalho
  '11': 'organ', // Conselho
  '12': 'organ', // Procuradoria Parlamentar
  '13': 'organ', // Corregedoria
  '14': 'organ', // Ouvidoria
  '15': 'organ', // Coordenadoria da Mulher (and the house's secretariats)
  '20': 'committee', // Comissão Parlamentar Mista de Inquérito
  '21': 'committee', // Comissão Mista Especial
  '25': 'committee', // Subcomissão
  '26': 'organ', // Plenário Virtual
  '12000': 'organ', // Órgão da Câmara dos Deputados
  '81002': 'committee', // Comissão Mista
}

/** The kind of each of the Câmara's author types (`codTipoAutor` of proposicoesAutores). */
const AUTHOR_TYPES: Readonly<Record<string, StakeholderKind>> = {
  '10000': 'person', // Deputado
  '1': 'organ', // COMISSÃO DIRETORA (the Mesa)
  '2': 'committee', // COMISSÃO PERMANENTE
  '3': 'committee', // COMISSÃO ESPECIAL
  '30000': 'organ', // Órgão do Poder Executivo
  '40000': 'organ', // Órgão do Poder Legislativo
  '80000': 'party', // Liderança
  '81000': 'party', // Bancada
}

const lastSegment = (uri: string) => uri.replace(/\/+$/, '').split('/').pop() ?? ''
/** A column of a row, whatever byte-order mark the header's first name carries. */
const col = (r: Readonly<Record<string, string>>, name: string) => r[name] ?? r[`\ufeff${name}`] ?? ''
const kindOf = (snap: Snapshot, id: string) => stakeholderKind(snap.getStakeholder(id))
/** The ids of an ALESP XML file's records (`<IdAutor>`, `<IdSPL>`), as the ALESP source mints them. */
const readAlespIds = (file: string, tag: string) =>
  [...readFileSync(file, 'utf8').matchAll(new RegExp(`<${tag}>\\s*([^<]+?)\\s*</${tag}>`, 'g'))].map((m) => `alesp-deputado-${m[1]}`)

type Json = Record<string, unknown>
/** The senators of a file of the Senado's legacy API (`list` finds the list). */
const senatorIds = (file: string, list: (d: Json) => unknown) =>
  (list(JSON.parse(readFileSync(fixture(file), 'utf8')) as Json) as { IdentificacaoParlamentar: { CodigoParlamentar: string } }[]).map(
    (p) => `senado-senador-${p.IdentificacaoParlamentar.CodigoParlamentar}`,
  )
const at = (d: unknown, ...keys: string[]) => keys.reduce((v, k) => (v as Json)[k], d)

/** The ids of the people the files name (as each source mints them), and the posters the stored posts carry. */
function peopleIds(snap: Snapshot): { ids: string[]; posters: Set<string> } {
  const posters = new Set<string>()
  for (let page = 1; ; page++) {
    const r = snap.searchSocial({ limit: 20, page })
    for (const p of r.results) if (p.stakeholder.id !== '') posters.add(p.stakeholder.id)
    if (page * 20 >= r.pagination.total) break
  }
  const ids = [
    ...readCsvRecords(fixture('camara/deputados.csv'), ';').map((r) => `camara-deputado-${lastSegment(col(r, 'uri'))}`),
    ...senatorIds(FILES.senado[0], (d) => at(d, 'ListaParlamentarEmExercicio', 'Parlamentares', 'Parlamentar')),
    ...senatorIds(FILES.senado[2], (d) => at(d, 'AfastamentoAtual', 'Parlamentares', 'Parlamentar')),
    ...readAlespIds(fixture(FILES.alesp[0]), 'IdAutor'),
    ...readAlespIds(fixture(FILES.alesp[1]), 'IdSPL'),
    ...posters,
    // The profiles of the social files: a deputy's or a senator's by its house.
    ...readCsvRecords(fixture(FILES.social[0]), ',').map(
      (r) => `${/^c[aâ]mara$/i.test(col(r, 'casa')) ? 'camara-deputado' : 'senado-senador'}-${col(r, 'id_parlamentar')}`,
    ),
  ]
  return { ids, posters }
}

/** The Câmara's organs (orgaos.csv) with their type code. */
const organRows = () =>
  readCsvRecords(fixture('camara/orgaos.csv'), ';').map((r) => ({
    id: `camara-orgao-${lastSegment(col(r, 'uri'))}`,
    code: col(r, 'codTipoOrgao'),
    type: col(r, 'tipoOrgao'),
  }))

/** The authors of the Câmara's bills by stakeholder id, with their author type code. */
const authorRows = () =>
  new Map(
    readCsvRecords(fixture('camara/proposicoesAutores-2023.csv'), ';').map((r) => {
      const deputy = col(r, 'idDeputadoAutor').trim()
      const id = deputy === '' ? `camara-orgao-${lastSegment(col(r, 'uriAutor'))}` : `camara-deputado-${deputy}`
      return [id, { code: col(r, 'codTipoAutor'), name: col(r, 'nomeAutor') }]
    }),
  )

describe('the kind of every real stakeholder the sources store', () => {
  const snap = sharedSnapshot()
  beforeAll(async () => {
    for (const [source, files] of Object.entries(FILES)) {
      await snap().ingest(source as keyof typeof FILES, files.map(fixture))
    }
  }, 180_000)

  it('a Câmara organ has the kind its type code in orgaos.csv says', () => {
    const rows = organRows()
    expect(rows.length).toBeGreaterThan(3000)
    const wrong = rows
      .filter(({ id, code }) => kindOf(snap(), id) !== ORGAN_TYPES[code])
      .map(
        ({ id, code, type }) =>
          `${id} (${code} ${type}): ${kindOf(snap(), id)}, expected ${ORGAN_TYPES[code] ?? 'a kind for this new type'}`,
      )
    expect(wrong).toEqual([])
  })

  it('an author of a Câmara bill has the kind its author type code says: a deputy a person, a committee a committee, the Executive an organ', () => {
    const authors = authorRows()
    const wrong = [...authors]
      .filter(([id, a]) => kindOf(snap(), id) !== AUTHOR_TYPES[a.code])
      .map(
        ([id, a]) => `${id} (${a.code} ${a.name}): ${kindOf(snap(), id)}, expected ${AUTHOR_TYPES[a.code] ?? 'a kind for this new type'}`,
      )
    expect(wrong).toEqual([])
    // Each author type of the file is there, so each rule above was exercised.
    expect(new Set([...authors.values()].map((a) => a.code))).toEqual(new Set(Object.keys(AUTHOR_TYPES)))
    expect(kindOf(snap(), 'camara-orgao-253')).toBe('organ') // Poder Executivo
    expect(snap().getStakeholder('camara-orgao-253').name).toBe('Poder Executivo')
  })

  it('every deputy, senator, ALESP deputy (those known only as authors, with no title, too) and poster is a person', () => {
    const { ids, posters } = peopleIds(snap())
    expect(posters).toEqual(new Set(['senado-senador-1249']))
    // The ALESP's authors of the sample no deputies' file names are known by name only: no title.
    const untitled = snap().getStakeholder('alesp-deputado-177')
    expect([untitled.name, untitled.title]).toEqual(['Chico Bezerra', ''])
    const wrong = ids.filter((id) => kindOf(snap(), id) !== 'person').map((id) => `${id}: ${kindOf(snap(), id)}`)
    expect(wrong).toEqual([])
    const found = (q: string) => snap().findStakeholders({ q, limit: 100 })
    expect(found('Chico Bezerra')[0]).toMatchObject({ id: 'alesp-deputado-177', kind: 'person', title: '' })
    expect(found('Katia Abreu').find((m) => m.id === 'senado-senador-1249')).toMatchObject({ kind: 'person' })
  })

  it('no real stakeholder is of unknown kind; the counts per kind', () => {
    const ids = new Set([...organRows().map((o) => o.id), ...authorRows().keys(), ...peopleIds(snap()).ids])
    const counts = Object.fromEntries(STAKEHOLDER_KINDS.map((k) => [k, 0])) as Record<StakeholderKind, number>
    for (const id of ids) counts[kindOf(snap(), id)] += 1
    console.log(`kinds of the ${ids.size} stakeholders the files name:`, counts)
    expect(counts.unknown).toBe(0)
    for (const kind of ['person', 'committee', 'party', 'organ'] as const) expect(counts[kind], kind).toBeGreaterThan(0)
  })

  it('a match’s kind is its stakeholder’s; `kind` keeps only the kinds given, one or a list, in the query string too', () => {
    const all = snap().findStakeholders({ q: 'saude', limit: 100 })
    for (const m of all) expect(m.kind, m.id).toBe(kindOf(snap(), m.id))
    const committees = snap().findStakeholders({ q: 'saude', limit: 100, kind: 'committee' })
    expect(committees.length).toBeGreaterThan(0)
    expect(committees.every((m) => m.kind === 'committee')).toBe(true)
    expect(committees[0]?.name).toBe('Comissão de Saúde')
    expect(snap().findStakeholders({ q: 'saude', limit: 100, kind: ['committee'] })).toEqual(committees)
    // A list: the union, best first as without the filter.
    const pdt = snap().findStakeholders({ q: 'pdt', limit: 100, kind: ['party', 'organ'] })
    expect(pdt.map((m) => m.kind)).toContain('party')
    expect(pdt.every((m) => m.kind === 'party' || m.kind === 'organ')).toBe(true)
    expect(snap().findStakeholders(new URLSearchParams('q=pdt&limit=100&kind=party,organ'))).toEqual(pdt)
    // Katia Abreu: the senator and the former deputy are people; a committee whose name has her name is not.
    const people = snap().findStakeholders({ q: 'Katia Abreu', kind: 'person' })
    expect(people.map((m) => m.id).slice(0, 2)).toEqual(['senado-senador-1249', 'camara-deputado-73592'])
    expect(people.every((m) => m.kind === 'person')).toBe(true)
    expect(snap().findStakeholders({ q: 'Katia Abreu', kind: 'unknown' })).toEqual([])
  })
})

describe('the kind rules and the filter on records upserted by hand', () => {
  it('reads the title first, then a title-less name, then the id, then a party link; unknown otherwise', () => {
    const k = (s: { id?: string; name?: string; title?: string; organs?: { role: string }[] }) =>
      stakeholderKind({ id: s.id ?? 'x', name: s.name ?? 'Fulano', title: s.title ?? '', organs: s.organs ?? [] })
    expect(k({ title: 'Deputada Distrital' })).toBe('person')
    expect(k({ title: 'VEREADOR' })).toBe('person')
    expect(k({ title: 'COMISSÃO PERMANENTE', name: 'Comissão de Finanças' })).toBe('committee')
    expect(k({ title: 'Comissão Diretora', name: 'Mesa Diretora' })).toBe('organ')
    expect(k({ title: 'Liderança', name: 'Liderança do PT' })).toBe('party')
    expect(k({ name: 'Subcomissão de Saúde' })).toBe('committee')
    expect(k({ name: 'Partido dos Trabalhadores' })).toBe('party')
    expect(k({ name: 'Governador do Estado', id: 'alesp-deputado-9' })).toBe('organ')
    // A name like a committee's does not outweigh a person's title.
    expect(k({ name: 'Comissão Silva', title: 'Senador' })).toBe('person')
    expect(k({ id: 'alesp-deputado-1', name: 'Chico Bezerra' })).toBe('person')
    expect(k({ id: 'camara-orgao-1', title: 'Algo Novo' })).toBe('organ')
    expect(k({ organs: [{ role: 'Partido' }] })).toBe('person')
    expect(k({ name: 'Érika Hilton' })).toBe('unknown')
  })

  it('the filter looks past the best name matches of other kinds', () => {
    const snap = tempSnapshot()
    const committees = Array.from({ length: 120 }, (_, i) => ({ id: `c${i}`, name: `Comissão de Saúde ${i}`, title: 'Comissão Especial' }))
    snap.upsert('stakeholders', [...committees, { id: 'p1', name: 'Saúde de Souza', title: 'Deputada Federal' }])
    expect(snap.findStakeholders({ q: 'saude', kind: 'person' }).map((m) => [m.id, m.kind])).toEqual([['p1', 'person']])
    expect(snap.findStakeholders({ q: 'saude', kind: 'committee', limit: 100 })).toHaveLength(100)
  })

  it('refuses a wrong kind naming `kind` and the allowed values', () => {
    const snap = tempSnapshot()
    const allowed = STAKEHOLDER_KINDS.join(', ')
    const bad = (input: unknown) => errorOf(() => snap.findStakeholders(input as never))
    expect(bad({ q: 'x', kind: 'comittee' }).message).toBe(
      `findStakeholders.kind: must be one of ${allowed}, or a list of them (got "comittee")`,
    )
    expect(bad({ q: 'x', kind: ['person', 'people'] }).message).toBe(
      `findStakeholders.kind: must be one of ${allowed}, or a list of them (got ["person","people"])`,
    )
    expect(bad({ q: 'x', kind: [] }).message).toBe(`findStakeholders.kind: must list at least one of ${allowed}`)
    expect(bad({ q: 'x', kind: 3 }).path).toEqual(['kind'])
    expect(bad(new URLSearchParams('q=x&kind=person,comittee')).message).toBe(
      `kind: unknown kind 'comittee'; allowed: ${allowed} (comma-separated)`,
    )
    expect(bad(new URLSearchParams('q=x&kind=')).message).toBe(`kind: an empty kind; allowed: ${allowed} (comma-separated)`)
    for (const e of [bad({ q: 'x', kind: 'x' }), bad(new URLSearchParams('q=x&kind=x'))]) {
      expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['kind']])
    }
  })
})
