import { beforeAll, describe, expect, it } from 'vitest'
import {
  COLLECTION_NAMES,
  DEFAULT_SEED,
  RANGE_END,
  RANGE_START,
  generate,
  generateDataset,
  sizesFor,
  stakeholderProfile,
  type CollectionName,
  type DemoDataset,
  type Proposition,
} from '../../scripts/generate/index.js'

let demo: DemoDataset

beforeAll(() => {
  demo = generateDataset()
})

type Kind = 'string' | 'int' | 'boolean' | 'date' | 'array' | 'object' | ((v: unknown, path: string) => void)
type Shape = Record<string, Kind>

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/

/** Every field of `shape` present with its type, and no other field (`optional` may be absent). */
function expectShape(record: unknown, shape: Shape, path: string, optional: Shape = {}): void {
  expect(typeof record, path).toBe('object')
  const r = record as Record<string, unknown>
  for (const key of Object.keys(r)) expect(key in shape || key in optional, `${path}: unexpected field '${key}'`).toBe(true)
  for (const [key, kind] of Object.entries({ ...shape, ...optional })) {
    if (!(key in r)) {
      expect(key in optional, `${path}.${key} is missing`).toBe(true)
      continue
    }
    const v = r[key]
    const where = `${path}.${key}`
    if (typeof kind === 'function') kind(v, where)
    else if (kind === 'string') expect(typeof v, where).toBe('string')
    else if (kind === 'int') expect(Number.isSafeInteger(v), `${where} = ${String(v)}`).toBe(true)
    else if (kind === 'boolean') expect(typeof v, where).toBe('boolean')
    else if (kind === 'array') expect(Array.isArray(v), where).toBe(true)
    else if (kind === 'object') expect(v !== null && typeof v === 'object' && !Array.isArray(v), where).toBe(true)
    else {
      expect(typeof v === 'string' && ISO.test(v), `${where} = ${String(v)} is not an ISO date-time with offset`).toBe(true)
      const ms = Date.parse(v as string)
      expect(ms >= RANGE_START && ms <= RANGE_END, `${where} = ${String(v)} outside 2015-01-01..2026-11-20`).toBe(true)
    }
  }
}

const nonEmpty = (v: unknown, path: string) =>
  expect(typeof v === 'string' && v.trim().length > 0, `${path} must be a non-empty string`).toBe(true)
const oneOf =
  (...values: string[]) =>
  (v: unknown, path: string) =>
    expect(values, path).toContain(v)
const arrayOf = (shape: Shape) => (v: unknown, path: string) => {
  expect(Array.isArray(v), path).toBe(true)
  ;(v as unknown[]).forEach((x, i) => expectShape(x, shape, `${path}[${i}]`))
}
const nullableString = (v: unknown, path: string) => expect(v === null || (typeof v === 'string' && v.length > 0), path).toBe(true)

const ASSEMBLIES = [
  'alesp',
  'almg',
  'alerj',
  'alba',
  'alrs',
  'alep',
  'alepe',
  'alece',
  'alepa',
  'alego',
  'alema',
  'alesc',
  'alpb',
  'alern',
  'alepi',
  'alal',
  'alese',
  'ales',
  'almt',
  'alms',
  'alro',
  'aleac',
  'aleam',
  'alap',
  'alerr',
  'aleto',
  'cldf',
]
const HOUSES = ['camara', 'senado', ...ASSEMBLIES]

const person: Shape = {
  openDataId: nonEmpty,
  type: nonEmpty,
  name: nonEmpty,
  acronymParty: 'string',
  uf: 'string',
  stakeholderId: nullableString,
}

const SHAPES: Record<CollectionName, Shape> = {
  stakeholders: {
    id: nonEmpty,
    openDataId: nonEmpty,
    openDataResource: oneOf(...HOUSES),
    name: nonEmpty,
    title: nonEmpty,
    situation: oneOf('Exercício', 'Licença', 'Fim de Mandato'),
    active: 'boolean',
    organs: arrayOf({
      id: nonEmpty,
      name: nonEmpty,
      initials: nonEmpty,
      openDataId: nonEmpty,
      openDataResource: nonEmpty,
      role: nonEmpty,
      active: 'boolean',
    }),
    savedStakeholders: (v, path) => expect(v, path).toEqual([]),
  },
  propositions: {
    id: nonEmpty,
    openDataId: nonEmpty,
    openDataResource: oneOf(...HOUSES),
    openDataTypeId: nonEmpty,
    title: nonEmpty,
    acronymType: nonEmpty,
    type: nonEmpty,
    number: 'int',
    year: 'int',
    summary: nonEmpty,
    datePresentation: 'date',
    lastProceeding: (v, path) =>
      expectShape(
        v,
        {
          openDataId: nonEmpty,
          openDataSituationId: nonEmpty,
          date: 'date',
          organ: (o, p) => expectShape(o, { id: nonEmpty, name: nonEmpty, initials: nonEmpty }, p),
          description: nonEmpty,
          situation: nonEmpty,
          regime: nonEmpty,
          regimeCategory: oneOf('Especial', 'Prioridade', 'Ordinário', 'Outros', 'Urgência'),
          processing: oneOf('true', 'false'),
          appreciation: oneOf('Conclusiva', 'Sujeita à Apreciação do Plenário', 'Indefinido', 'Terminativo'),
        },
        path,
      ),
    authors: arrayOf(person),
    rapporteurs: arrayOf(person),
    themes: arrayOf({ openDataId: nonEmpty, name: nonEmpty }),
  },
  social: {
    id: nonEmpty,
    openDataId: nonEmpty,
    openDataResource: oneOf('twitter', 'instagram', 'facebook'),
    resource: oneOf('twitter', 'instagram', 'facebook'),
    link: nonEmpty,
    text: nonEmpty,
    postedAt: 'date',
    stakeholder: 'object',
    organ: 'object',
    social_organ_profile: 'boolean',
    media: arrayOf({ media_key: nonEmpty, type: oneOf('photo', 'video'), url: nonEmpty }),
    mediaAnalysis: (v, path) => expect(v, path).toEqual({}),
  },
  dou: {
    id: nonEmpty,
    title: nonEmpty,
    content: nonEmpty,
    resume: nonEmpty,
    section: oneOf('Seção 1', 'Seção 2', 'Seção 3', 'Seção 1 - Extra'),
    hierarchy: nonEmpty,
    location: (v, path) => expect(String(v), path).toMatch(/^DOU nº \d+(-A)?, de \d{1,2}\.\d{1,2}\.\d{4}$/),
    date: 'date',
    createdAt: 'date',
    updatedAt: 'date',
  },
  bacen: {
    id: nonEmpty,
    openDataId: nonEmpty,
    openDataResource: oneOf('bcb'),
    type: oneOf('Resolução CMN', 'Resolução BCB', 'Circular', 'Carta Circular', 'Comunicado', 'Instrução Normativa BCB'),
    title: nonEmpty,
    subject: nonEmpty,
    summary: nonEmpty,
    responsible: nonEmpty,
    date: 'date',
  },
  notices: {
    id: nonEmpty,
    openDataId: nonEmpty,
    openDataResource: oneOf(...HOUSES),
    resource: oneOf('noticias'),
    site: nonEmpty,
    title: nonEmpty,
    description: nonEmpty,
    descriptionEn: nonEmpty,
    content: nonEmpty,
    url: (v, path) => expect(String(v), path).toMatch(/^https:\/\//),
    image: (v, path) => expect(String(v), path).toMatch(/^https:\/\//),
    date: 'date',
  },
  irs: {
    id: nonEmpty,
    type: nonEmpty,
    subject: nonEmpty,
    content: nonEmpty,
    link: (v, path) => expect(String(v), path).toMatch(/^http:\/\/normas\.receita\.fazenda\.gov\.br\//),
    number: 'int',
    organ: (v, path) => expect(String(v), path).toMatch(/^(RFB|COSIT|CODAC|COANA|COFIS|COTEC|SRRF\d\d)$/),
    date: 'date',
  },
}

const PREFIX: Record<CollectionName, string> = {
  stakeholders: 'stk-',
  propositions: 'prop-',
  social: 'soc-',
  dou: 'dou-',
  bacen: 'bacen-',
  notices: 'notice-',
  irs: 'irs-',
}

/** Every piece of free text of the dataset, for vocabulary checks. */
function texts(d: DemoDataset): string[] {
  return [
    ...d.propositions.flatMap((p) => [p.summary, p.lastProceeding.description]),
    ...d.social.map((s) => s.text),
    ...d.dou.flatMap((a) => [a.title, a.resume, a.content]),
    ...d.bacen.flatMap((b) => [b.title, b.subject, b.summary]),
    ...d.notices.flatMap((n) => [n.title, n.description, n.content]),
    ...d.irs.flatMap((r) => [r.subject, r.content]),
  ]
}

describe('determinism', () => {
  it('gives byte-identical output for the same seed', () => {
    const again = generateDataset()
    expect(again).toEqual(demo)
    expect(JSON.stringify(again)).toBe(JSON.stringify(demo))
    expect(JSON.stringify(generateDataset({ seed: DEFAULT_SEED }))).toBe(JSON.stringify(demo))
  })

  it('gives different output for a different seed, in every collection', () => {
    const other = generateDataset({ seed: 7 })
    for (const c of COLLECTION_NAMES) expect(JSON.stringify(other[c]), c).not.toBe(JSON.stringify(demo[c]))
    // …but the same shape of dataset.
    for (const c of COLLECTION_NAMES) expect(other[c].length, c).toBe(demo[c].length)
  })

  it('streams the same records as the in-memory dataset, and a shorter stream is a prefix of a longer one', () => {
    const { stakeholders } = demo
    expect([...generate('stakeholders', stakeholders.length)]).toEqual(stakeholders)
    // Without `stakeholders`, the default is the demo stakeholders of the same seed.
    expect([...generate('propositions', 500)]).toEqual(demo.propositions.slice(0, 500))
    expect([...generate('social', 300, { stakeholders })]).toEqual(demo.social.slice(0, 300))
    expect([...generate('notices', 300, { stakeholders })]).toEqual(demo.notices.slice(0, 300))
    for (const c of ['dou', 'bacen', 'irs'] as const) expect([...generate(c, 200)], c).toEqual(demo[c].slice(0, 200))
    expect([...generate('propositions', 50, { seed: 3, stakeholders })]).toEqual(
      [...generate('propositions', 400, { seed: 3, stakeholders })].slice(0, 50),
    )
  })

  it('does not shift one collection when another is generated first', () => {
    const a = [...generate('bacen', 100, { seed: 11 })]
    for (const _ of generate('propositions', 1000, { seed: 11 })) void _
    expect([...generate('bacen', 100, { seed: 11 })]).toEqual(a)
  })
})

describe('sizes', () => {
  it('demo: ~3,000 propositions, 2,000 of each other collection, 400 stakeholders', () => {
    expect(sizesFor('demo')).toEqual({
      stakeholders: 400,
      propositions: 3000,
      social: 2000,
      dou: 2000,
      bacen: 2000,
      notices: 2000,
      irs: 2000,
    })
    for (const c of COLLECTION_NAMES) expect(demo[c].length, c).toBe(sizesFor('demo')[c])
  })

  it('bench: 1,000,000 propositions, 200,000 gazette acts, 50,000 posts, 10,000 stakeholders', () => {
    expect(sizesFor('bench')).toEqual({
      stakeholders: 10_000,
      propositions: 1_000_000,
      social: 50_000,
      dou: 200_000,
      bacen: 50_000,
      notices: 50_000,
      irs: 50_000,
    })
  })

  it('a number scales propositions to it and the rest proportionally', () => {
    expect(sizesFor(30_000)).toEqual({
      stakeholders: 4_000,
      propositions: 30_000,
      social: 20_000,
      dou: 20_000,
      bacen: 20_000,
      notices: 20_000,
      irs: 20_000,
    })
    expect(sizesFor(1)).toEqual({ stakeholders: 1, propositions: 1, social: 1, dou: 1, bacen: 1, notices: 1, irs: 1 })
    expect(Object.values(sizesFor(0))).toEqual([0, 0, 0, 0, 0, 0, 0])
    const small = generateDataset({ size: 30, seed: 5 })
    for (const c of COLLECTION_NAMES) expect(small[c].length, c).toBe(sizesFor(30)[c])
  })

  it('refuses bad arguments with messages that name them', () => {
    expect(() => sizesFor(-1)).toThrow(/^size: /)
    expect(() => sizesFor(1.5)).toThrow(/^size: /)
    expect(() => [...generate('nope' as CollectionName, 1)]).toThrow(/^collection: must be one of stakeholders, propositions/)
    expect(() => [...generate('dou', -3)]).toThrow(/^count: /)
    expect(() => [...generate('dou', 3, { seed: 0.5 })]).toThrow(/^seed: must be an integer/)
    expect([...generate('irs', 0)]).toEqual([])
  })

  it('makes full-length gazette texts on request', () => {
    const full = [...generate('dou', 60, { fullText: true })]
    const mean = full.reduce((n, a) => n + a.content.length, 0) / full.length
    expect(mean).toBeGreaterThan(2_700)
    expect(mean).toBeLessThan(3_600)
    const short = demo.dou.reduce((n, a) => n + a.content.length, 0) / demo.dou.length
    expect(short).toBeGreaterThan(800)
    expect(short).toBeLessThan(1_500)
  })
})

describe('record shapes', () => {
  it.each(COLLECTION_NAMES)('%s: every record has every field with its type', (c) => {
    demo[c].forEach((r, i) => expectShape(r, SHAPES[c], `${c}[${i}]`, c === 'propositions' ? { approved: oneOf('true', 'false') } : {}))
  })

  it.each(COLLECTION_NAMES)('%s: ids are unique and collection-prefixed', (c) => {
    const ids = demo[c].map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id.startsWith(PREFIX[c]), id).toBe(true)
  })

  it('origin ids are unique per house', () => {
    for (const c of ['stakeholders', 'propositions', 'notices'] as const) {
      const keys = demo[c].map((r) => `${r.openDataResource}:${r.openDataId}`)
      expect(new Set(keys).size, c).toBe(keys.length)
    }
    for (const c of ['social', 'bacen'] as const) expect(new Set(demo[c].map((r) => r.openDataId)).size, c).toBe(demo[c].length)
  })

  it('social posters carry a handle named after the network', () => {
    for (const s of demo.social) {
      const { id, name, title, electoralUF, acronymParty, photoUrl, ...rest } = s.stakeholder
      for (const v of [id, name, title, electoralUF, acronymParty, photoUrl]) expect(typeof v).toBe('string')
      expect(Object.keys(rest)).toEqual([s.resource])
      expect(rest[s.resource]).toMatch(/^@[\w.]+$/)
      if (s.social_organ_profile) expect(Object.keys(s.organ).sort()).toEqual(['id', 'name'])
      else expect(s.organ).toEqual({})
    }
    expect(demo.social.some((s) => s.social_organ_profile)).toBe(true)
    expect(demo.social.some((s) => s.media.length > 0)).toBe(true)
  })
})

describe('references and consistency', () => {
  it('authors and rapporteurs point at generated stakeholders, with their party and state', () => {
    const byId = new Map(demo.stakeholders.map((s) => [s.id, s]))
    let people = 0
    let unidentified = 0
    for (const p of demo.propositions) {
      for (const a of [...p.authors, ...p.rapporteurs]) {
        people++
        if (a.stakeholderId === null) {
          unidentified++
          continue
        }
        const s = byId.get(a.stakeholderId)
        expect(s, `${p.id}: ${a.stakeholderId}`).toBeDefined()
        if (!s) continue
        expect(a.name).toBe(s.name)
        expect(a.openDataId).toBe(s.openDataId)
        const profile = stakeholderProfile(s)
        expect([a.acronymParty, a.uf]).toEqual([profile.party, profile.uf])
      }
      expect(p.authors.length, p.id).toBeGreaterThan(0)
    }
    // About one person in ten is not identified as a stakeholder (the Poder Executivo, unknown names).
    expect(unidentified / people).toBeGreaterThan(0.04)
    expect(unidentified / people).toBeLessThan(0.2)
  })

  it('posts and news name generated stakeholders', () => {
    const ids = new Set(demo.stakeholders.map((s) => s.id))
    for (const s of demo.social) if (!s.social_organ_profile) expect(ids.has(s.stakeholder.id), s.id).toBe(true)
    const names = new Set(demo.stakeholders.map((s) => s.name))
    expect(demo.notices.filter((n) => [...names].some((name) => n.content.includes(name))).length).toBeGreaterThan(
      demo.notices.length * 0.7,
    )
  })

  it('assembly members belong to the assembly state; stakeholder profiles are stable', () => {
    const states: Record<string, string> = { alesp: 'SP', almg: 'MG', alerj: 'RJ', cldf: 'DF', alrs: 'RS' }
    for (const s of demo.stakeholders) {
      const uf = states[s.openDataResource]
      if (uf) expect(stakeholderProfile(s).uf).toBe(uf)
      expect(stakeholderProfile(structuredClone(s))).toEqual(stakeholderProfile(s))
    }
  })

  it('proceedings follow presentation; processing and approval agree with the situation', () => {
    let approved = 0
    for (const p of demo.propositions) {
      expect(Date.parse(p.lastProceeding.date), p.id).toBeGreaterThanOrEqual(Date.parse(p.datePresentation))
      expect(p.year, p.id).toBe(Number(p.datePresentation.slice(0, 4)))
      expect(p.title).toBe(`${p.acronymType} ${p.number}/${p.year}`)
      const s = p.lastProceeding.situation
      if (/^(Arquivada|Transformado em Norma Jurídica|Rejeitada|Vetado totalmente)$/.test(s))
        expect(p.lastProceeding.processing, p.id).toBe('false')
      if (p.approved !== undefined) {
        approved++
        if (s === 'Transformado em Norma Jurídica') expect(p.approved).toBe('true')
        if (/^(Rejeitada|Vetado totalmente|Arquivada)$/.test(s)) expect(p.approved).toBe('false')
      }
    }
    expect(approved / demo.propositions.length).toBeGreaterThan(0.1)
    expect(approved / demo.propositions.length).toBeLessThan(0.3)
  })

  it('mixes houses: ~55 % Câmara, ~20 % Senado, the rest assemblies (all 27 present)', () => {
    const n = demo.propositions.length
    const camara = demo.propositions.filter((p) => p.openDataResource === 'camara').length / n
    const senado = demo.propositions.filter((p) => p.openDataResource === 'senado').length / n
    expect(camara).toBeGreaterThan(0.5)
    expect(camara).toBeLessThan(0.6)
    expect(senado).toBeGreaterThan(0.16)
    expect(senado).toBeLessThan(0.24)
    expect(new Set(demo.propositions.map((p) => p.openDataResource))).toEqual(new Set(HOUSES))
  })

  it('titles are unique per house, and the famous propositions lead the stream', () => {
    const keys = demo.propositions.map((p) => `${p.openDataResource} ${p.title}`)
    expect(new Set(keys).size).toBe(keys.length)
    const byTitle = (t: string): Proposition | undefined => demo.propositions.find((p) => p.openDataResource === 'camara' && p.title === t)
    expect(byTitle('PL 2630/2020')?.summary).toMatch(/Liberdade, Responsabilidade e Transparência na Internet/)
    expect(byTitle('PEC 45/2019')?.summary).toMatch(/Sistema Tributário Nacional/)
    expect(byTitle('MPV 1154/2023')?.authors[0]).toMatchObject({ name: 'Poder Executivo', stakeholderId: null })
    expect(byTitle('PL 1087/2025')?.summary).toMatch(/imposto sobre a renda/)
    expect(demo.propositions.slice(0, 4).map((p) => p.title)).toEqual(['PL 2630/2020', 'PEC 45/2019', 'MPV 1154/2023', 'PL 1087/2025'])
    const pl2630 = byTitle('PL 2630/2020')
    expect(pl2630?.authors[0]?.stakeholderId).toBe(demo.stakeholders.find((s) => s.name === 'Alessandro Vieira')?.id)
  })
})

describe('text', () => {
  it('cites norms with dotted numbers (`Lei nº 8.666`) in summaries', () => {
    const summaries = demo.propositions.map((p) => p.summary)
    expect(summaries.some((s) => s.includes('8.666'))).toBe(true)
    expect(summaries.some((s) => s.includes('Lei nº 14.133, de 1º de abril de 2021'))).toBe(true)
    expect(summaries.filter((s) => /\b\d{1,3}(\.\d{3})+\b/.test(s)).length).toBeGreaterThan(summaries.length * 0.1)
  })

  it('is Portuguese with accents, in every collection', () => {
    for (const c of ['propositions', 'social', 'dou', 'bacen', 'notices', 'irs'] as const) {
      const all = texts({ ...emptyDataset(), [c]: demo[c] }).join(' ')
      for (const ch of ['ç', 'ã', 'é']) expect(all.includes(ch), `${c} has '${ch}'`).toBe(true)
    }
    const accented = demo.propositions.filter((p) => /[áàâãéêíóôõúç]/i.test(p.summary)).length
    expect(accented / demo.propositions.length).toBeGreaterThan(0.8)
  })

  it('has plural, feminine, Title Case and UPPER CASE variants for the search modes to tell apart', () => {
    const all = texts(demo).join('\n')
    for (const w of [
      'tributária',
      'tributárias',
      'tributário',
      'tributários',
      'Reforma Tributária',
      'REFORMA TRIBUTÁRIA',
      'pública',
      'públicas',
      'público',
      'públicos',
      'URGENTE',
      'PORTARIA',
      'Saúde Pública',
    ]) {
      expect(all.includes(w), w).toBe(true)
    }
  })

  it('spreads word hits instead of repeating a few texts', () => {
    const summaries = new Set(demo.propositions.map((p) => p.summary))
    expect(summaries.size).toBeGreaterThan(demo.propositions.length * 0.9)
    expect(new Set(demo.social.map((s) => s.text)).size).toBeGreaterThan(demo.social.length * 0.9)
    const hits = (w: string) => demo.propositions.filter((p) => p.summary.toLowerCase().includes(w)).length
    for (const w of [
      'saúde',
      'educação',
      'segurança pública',
      'meio ambiente',
      'licitações',
      'dados pessoais',
      'desinformação',
      'previdência',
    ]) {
      expect(hits(w), w).toBeGreaterThan(5)
      expect(hits(w), w).toBeLessThan(demo.propositions.length * 0.3)
    }
  })

  it('writes news descriptions in English too', () => {
    for (const n of demo.notices) {
      expect(n.descriptionEn).not.toBe(n.description)
      // Names keep their accents; the sentence around them is English.
      expect(n.descriptionEn).not.toMatch(/(^|\s)(nesta|neste|sobre|proposta|projeto|trata|aprovou)\s/)
      expect(n.descriptionEn).toMatch(/\b(the|on|in|to|by)\b/)
    }
  })
})

describe('the engine accepts the records', () => {
  it('every record passes the store schemas of src/', async () => {
    const { CORPORA } = await import('../../packages/legisearch/src/corpora/registry.js')
    const { stakeholderSchema } = await import('../../packages/legisearch/src/api/stakeholders.js')
    for (const s of demo.stakeholders) expect(stakeholderSchema.safeParse(s).success, s.id).toBe(true)
    for (const c of ['propositions', 'social', 'dou', 'bacen', 'notices', 'irs'] as const) {
      for (const r of demo[c]) {
        const res = CORPORA[c].schema.safeParse(r)
        expect(res.success, `${r.id}: ${res.success ? '' : JSON.stringify(res.error.issues[0])}`).toBe(true)
      }
    }
  })
})

function emptyDataset(): DemoDataset {
  return { stakeholders: [], propositions: [], social: [], dou: [], bacen: [], notices: [], irs: [] }
}
