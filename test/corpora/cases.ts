/**
 * The corpus cases of the conformance suite (`conformance.test.ts`): one entry per search
 * collection, in the pattern of hono's `common.case.test.ts`. Each case knows how to build a valid
 * record with controlled dates and text, how to make records offer a given value to each of its
 * body filters, and the spec's result shape (interface-spec 2.4, 2.5, 2.7; DECISIONS §3, §5).
 */
import type { CorpusName, SearchMethods } from 'legisearch'

export type Rec = Record<string, unknown>

/** A search method of the snapshot (one per registered corpus). */
export type SearchMethod = keyof SearchMethods

export interface MakeOverrides {
  /** The corpus date (ISO 8601 with a zone); default: 2023-01-01 12:00 BRT + `i` days. */
  readonly date?: string
  /** The last-change date, for corpora that have one (ignored by the others); default: `date`. */
  readonly updated?: string
  /** The value of the case's `textField`; default: a neutral sentence. */
  readonly text?: string
  /** Further fields, deep-merged over the record (objects merge, arrays and scalars replace). */
  readonly fields?: Rec
}

/** A type of the spec's result tables. */
export type FieldType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'object'
  | 'array'
  | 'date-time'
  | 'string-boolean'
  | 'string-or-null'
  | { readonly object: Shape }
  | { readonly arrayOf: FieldType }

export type Shape = Readonly<Record<string, FieldType>>

/** A body filter holding a list of values (DECISIONS §3). */
export interface ValueFilterCase {
  readonly field: string
  /** `open`: case- and accent-insensitive; `id`: exact; `flag`: `'true'`/`'false'`. */
  readonly kind: 'open' | 'id' | 'flag'
  /** Field overrides making a record offer `value` (and only it) to this filter. */
  withValue(value: string): Rec
  /** Distinct stored values, at least two; none equal to another after folding. */
  readonly values: readonly string[]
  /** Spellings a user may type that must select the record stored with `stored` (one of `values`). */
  readonly variants?: readonly { readonly query: string; readonly stored: string }[]
}

export interface DateFilterCase {
  readonly field: string
  /** `main`: the corpus date (`created_at`); `updated`: the last-change date (`updated_at`). */
  readonly column: 'main' | 'updated'
}

export interface CorpusCase {
  readonly collection: CorpusName
  readonly method: SearchMethod
  readonly savedKey: 'savedPropositions' | 'savedBuckets'
  /** Whether results carry an integer `relevance` (spec 2.4: propositions). */
  readonly relevance: boolean
  /** Whether the last-change date is its own field (else `recently_updated` = the corpus date). */
  readonly hasUpdated: boolean
  /** Field overrides removing the own last-change date (it then falls back to the corpus date). */
  readonly withoutUpdated?: Rec
  /** The searchable text field `make(i, { text })` sets (its name is the highlight `path`). */
  readonly textField: string
  /** A full, valid record: every field of the spec filled. Ids sort in another order than `i`. */
  make(i: number, o?: MakeOverrides): Rec
  /** The smallest record `upsert` accepts (defaults fill the rest). */
  minimal(i: number, date: string): Rec
  readonly valueFilters: readonly ValueFilterCase[]
  readonly dateFilters: readonly DateFilterCase[]
  /** Every field of the spec's result shape with its type (besides highlights and the saved array). */
  readonly shape: Shape
  /** Fields only a full record carries (e.g. the social `<network_handle>`). */
  readonly fullShape?: Shape
}

const DAY_MS = 86_400_000
/** 2023-01-01T12:00:00-03:00. */
const BASE_MS = Date.UTC(2023, 0, 1, 15)

/** The default corpus date of record `i`, in the canonical form results carry (`…T15:00:00+00:00`). */
export function defaultDate(i: number): string {
  return new Date(BASE_MS + i * DAY_MS).toISOString().replace('.000Z', '+00:00')
}

/** A record id whose order is not the order of `i` (so id tie-breaks are really tested). */
export function idOf(prefix: string, i: number): string {
  return `${prefix}-${String((i * 37) % 101).padStart(3, '0')}-${i}`
}

function isPlainObject(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Deep merge: plain objects merge key by key; arrays and scalars of `b` replace those of `a`; a
 * key of `b` set to `undefined` removes that key.
 */
export function merge(a: Rec, b: Rec): Rec {
  const out: Rec = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k]
    if (v === undefined) delete out[k]
    else out[k] = isPlainObject(prev) && isPlainObject(v) ? merge(prev, v) : v
  }
  return out
}

function build(base: Rec, o: MakeOverrides | undefined): Rec {
  return o?.fields ? merge(base, o.fields) : base
}

// ---------------------------------------------------------------------------------------------
// shapes (spec 2.4, 2.5, 2.7)

export const SAVED_REF_SHAPE: Shape = { _id: 'string', monitorId: 'string', originId: 'string', monitorName: 'string' }

const authorShape: Shape = {
  openDataId: 'string',
  type: 'string',
  name: 'string',
  acronymParty: 'string',
  uf: 'string',
  stakeholderId: 'string-or-null',
}

const propositionShape: Shape = {
  id: 'string',
  openDataId: 'string',
  openDataResource: 'string',
  openDataTypeId: 'string',
  title: 'string',
  acronymType: 'string',
  type: 'string',
  number: 'integer',
  year: 'integer',
  summary: 'string',
  datePresentation: 'date-time',
  relevance: 'integer',
  lastProceeding: {
    object: {
      openDataId: 'string',
      openDataSituationId: 'string',
      date: 'date-time',
      // The spec's "the service" column: `organ.id` feeds the `organs` filter.
      organ: 'object',
      description: 'string',
      situation: 'string',
      regime: 'string',
      regimeCategory: 'string',
      processing: 'string-boolean',
      appreciation: 'string',
    },
  },
  authors: { arrayOf: { object: authorShape } },
  rapporteurs: { arrayOf: { object: authorShape } },
  themes: { arrayOf: 'object' },
  highlights: 'array',
  savedPropositions: { arrayOf: { object: SAVED_REF_SHAPE } },
}

const socialShape: Shape = {
  id: 'string',
  openDataId: 'string',
  link: 'string',
  text: 'string',
  openDataResource: 'string',
  resource: 'string',
  postedAt: 'date-time',
  stakeholder: {
    object: { id: 'string', name: 'string', title: 'string', electoralUF: 'string', acronymParty: 'string', photoUrl: 'string' },
  },
  // The spec's "the service" column (free-form object).
  organ: 'object',
  social_organ_profile: 'boolean',
  media: { arrayOf: { object: { media_key: 'string', type: 'string', url: 'string' } } },
  mediaAnalysis: 'object',
  highlights: 'array',
  savedBuckets: { arrayOf: { object: SAVED_REF_SHAPE } },
}

const douShape: Shape = {
  id: 'string',
  title: 'string',
  content: 'string',
  resume: 'string',
  section: 'string',
  hierarchy: 'string',
  location: 'string',
  date: 'date-time',
  createdAt: 'date-time',
  updatedAt: 'date-time',
  highlights: 'array',
  savedBuckets: { arrayOf: { object: SAVED_REF_SHAPE } },
}

const bacenShape: Shape = {
  id: 'string',
  openDataId: 'string',
  openDataResource: 'string',
  type: 'string',
  title: 'string',
  subject: 'string',
  summary: 'string',
  responsible: 'string',
  date: 'date-time',
  highlights: 'array',
  savedBuckets: { arrayOf: { object: SAVED_REF_SHAPE } },
}

const noticeShape: Shape = {
  id: 'string',
  openDataId: 'string',
  openDataResource: 'string',
  resource: 'string',
  site: 'string',
  title: 'string',
  description: 'string',
  descriptionEn: 'string',
  content: 'string',
  url: 'string',
  image: 'string',
  date: 'date-time',
  highlights: 'array',
  savedBuckets: { arrayOf: { object: SAVED_REF_SHAPE } },
}

const irsShape: Shape = {
  id: 'string',
  type: 'string',
  subject: 'string',
  content: 'string',
  link: 'string',
  number: 'integer',
  // The spec's "the service" column: the issuing unit's acronym, a string.
  organ: 'string',
  date: 'date-time',
  highlights: 'array',
  savedBuckets: { arrayOf: { object: SAVED_REF_SHAPE } },
}

/** Lists the ways `value` departs from `type` (empty when it conforms). */
export function shapeProblems(value: unknown, type: FieldType, at = '$'): string[] {
  if (typeof type === 'object') {
    if ('object' in type) {
      if (!isPlainObject(value)) return [`${at}: expected an object, got ${JSON.stringify(value)}`]
      return Object.entries(type.object).flatMap(([k, t]) =>
        Object.hasOwn(value, k) ? shapeProblems(value[k], t, `${at}.${k}`) : [`${at}.${k}: missing`],
      )
    }
    if (!Array.isArray(value)) return [`${at}: expected an array, got ${JSON.stringify(value)}`]
    return value.flatMap((v, i) => shapeProblems(v, type.arrayOf, `${at}[${i}]`))
  }
  const ok = (() => {
    switch (type) {
      case 'string':
        return typeof value === 'string'
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value)
      case 'boolean':
        return typeof value === 'boolean'
      case 'object':
        return isPlainObject(value)
      case 'array':
        return Array.isArray(value)
      case 'date-time':
        return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))
      case 'string-boolean':
        return value === 'true' || value === 'false'
      case 'string-or-null':
        return value === null || typeof value === 'string'
    }
  })()
  return ok ? [] : [`${at}: expected ${type}, got ${JSON.stringify(value)}`]
}

// ---------------------------------------------------------------------------------------------
// propositions

function author(o: Rec = {}): Rec {
  return {
    openDataId: '204554',
    type: 'Deputado Federal',
    name: 'Fulana de Tal',
    acronymParty: 'PT',
    uf: 'DF',
    stakeholderId: 'stk-default',
    ...o,
  }
}

const propositionsCase: CorpusCase = {
  collection: 'propositions',
  method: 'searchPropositions',
  savedKey: 'savedPropositions',
  relevance: true,
  hasUpdated: true,
  withoutUpdated: { lastProceeding: { date: undefined } },
  textField: 'summary',
  make: (i, o) => {
    const date = o?.date ?? defaultDate(i)
    return build(
      {
        id: idOf('prop', i),
        openDataId: String(2_300_000 + i),
        openDataResource: 'camara',
        openDataTypeId: '139',
        title: `Projeto de Lei numero ${100 + i}`,
        acronymType: 'PL',
        type: 'Projeto de Lei',
        number: 100 + i,
        year: 2023,
        summary: o?.text ?? `Dispõe sobre o registro ${i} da coleção`,
        datePresentation: date,
        lastProceeding: {
          openDataId: `tr-${i}`,
          openDataSituationId: '1140',
          date: o?.updated ?? date,
          organ: { id: '180', name: 'Comissão de Finanças e Tributação', initials: 'CFT' },
          description: 'Apresentação do Projeto de Lei',
          situation: 'Aguardando Designação de Relator',
          regime: 'Ordinário (Art. 151, III, RICD)',
          regimeCategory: 'Ordinário',
          processing: 'true',
          appreciation: 'Sujeita à Apreciação do Plenário',
        },
        authors: [author()],
        rapporteurs: [author({ openDataId: '74646', name: 'Beltrano', acronymParty: 'PSD', uf: 'MG', stakeholderId: 'stk-rapporteur' })],
        themes: [{ openDataId: '40', name: 'Economia' }],
      },
      o,
    )
  },
  minimal: (i, date) => ({ id: idOf('prop', i), acronymType: 'PL', number: i, year: 2024, datePresentation: date }),
  valueFilters: [
    {
      field: 'resources',
      kind: 'open',
      withValue: (v) => ({ openDataResource: v }),
      values: ['camara', 'senado', 'almg'],
      variants: [
        { query: 'CAMARA', stored: 'camara' },
        { query: 'Câmara', stored: 'camara' },
        { query: 'Senado', stored: 'senado' },
      ],
    },
    {
      field: 'types',
      kind: 'open',
      withValue: (v) => ({ acronymType: v }),
      values: ['PL', 'PEC', 'MPV'],
      variants: [
        { query: 'pl', stored: 'PL' },
        { query: 'Pec', stored: 'PEC' },
      ],
    },
    {
      field: 'situations',
      kind: 'id',
      withValue: (v) => ({ lastProceeding: { openDataSituationId: v } }),
      values: ['1140', '924', 'sit-A'],
    },
    {
      field: 'processing',
      kind: 'flag',
      withValue: (v) => ({ lastProceeding: { processing: v } }),
      values: ['true', 'false'],
    },
    {
      field: 'regimes',
      kind: 'open',
      withValue: (v) => ({ lastProceeding: { regimeCategory: v } }),
      values: ['Ordinário', 'Prioridade', 'Urgencia'],
      variants: [
        { query: 'Ordinario', stored: 'Ordinário' },
        { query: 'ORDINÁRIO', stored: 'Ordinário' },
        { query: 'Urgência', stored: 'Urgencia' },
      ],
    },
    {
      field: 'appreciations',
      kind: 'open',
      withValue: (v) => ({ lastProceeding: { appreciation: v } }),
      values: ['Sujeita à Apreciação do Plenário', 'Conclusiva', 'Indefinido'],
      variants: [
        { query: 'sujeita a apreciacao do plenario', stored: 'Sujeita à Apreciação do Plenário' },
        { query: 'CONCLUSIVA', stored: 'Conclusiva' },
      ],
    },
    {
      field: 'approved',
      kind: 'flag',
      withValue: (v) => ({ approved: v }),
      values: ['true', 'false'],
    },
    {
      field: 'authors',
      kind: 'id',
      withValue: (v) => ({ authors: [author({ stakeholderId: v })] }),
      values: ['stk-1', 'stk-2', 'stk-3'],
    },
    {
      field: 'rapporteurs',
      kind: 'id',
      withValue: (v) => ({ rapporteurs: [author({ stakeholderId: v })] }),
      values: ['stk-1', 'stk-2', 'stk-3'],
    },
    {
      field: 'parties',
      kind: 'open',
      withValue: (v) => ({ authors: [author({ acronymParty: v })] }),
      values: ['PT', 'PSDB', 'Novo'],
      variants: [
        { query: 'pt', stored: 'PT' },
        { query: 'NOVO', stored: 'Novo' },
      ],
    },
    {
      field: 'states',
      kind: 'open',
      withValue: (v) => ({ authors: [author({ uf: v })] }),
      values: ['SP', 'RJ', 'MG'],
      variants: [{ query: 'sp', stored: 'SP' }],
    },
    {
      field: 'organs',
      kind: 'id',
      withValue: (v) => ({ lastProceeding: { organ: { id: v, name: 'Órgão' } } }),
      values: ['180', '2003', 'org-x'],
    },
    {
      field: 'themes',
      kind: 'id',
      withValue: (v) => ({ themes: [{ openDataId: v, name: 'Tema' }] }),
      values: ['40', '46', 'theme-x'],
    },
  ],
  dateFilters: [
    { field: 'created_at', column: 'main' },
    { field: 'updated_at', column: 'updated' },
  ],
  shape: propositionShape,
}

// ---------------------------------------------------------------------------------------------
// social

const socialCase: CorpusCase = {
  collection: 'social',
  method: 'searchSocial',
  savedKey: 'savedBuckets',
  relevance: false,
  hasUpdated: false,
  textField: 'text',
  make: (i, o) =>
    build(
      {
        id: idOf('soc', i),
        openDataId: String(1_700_000_000_000 + i),
        openDataResource: 'twitter',
        resource: 'twitter',
        link: `https://twitter.com/fulana/status/${1_700_000_000_000 + i}`,
        text: o?.text ?? `Publicação número ${i} da parlamentar`,
        postedAt: o?.date ?? defaultDate(i),
        stakeholder: {
          id: 'stk-default',
          name: 'Fulana de Tal',
          title: 'Deputada Federal',
          electoralUF: 'SP',
          acronymParty: 'PSOL',
          photoUrl: 'https://example.org/fulana.jpg',
          twitter: '@fulana',
        },
        organ: { id: '1', name: 'Câmara dos Deputados' },
        social_organ_profile: false,
        media: [{ media_key: `3_${i}`, type: 'photo', url: `https://example.org/m/${i}.jpg` }],
        mediaAnalysis: { labels: ['pessoa'] },
      },
      o,
    ),
  minimal: (i, date) => ({ id: idOf('soc', i), postedAt: date }),
  valueFilters: [
    {
      field: 'resources',
      kind: 'open',
      withValue: (v) => ({ resource: v, openDataResource: v }),
      values: ['twitter', 'instagram', 'facebook'],
      variants: [
        { query: 'Twitter', stored: 'twitter' },
        { query: 'INSTAGRAM', stored: 'instagram' },
      ],
    },
    {
      field: 'stakeholders',
      kind: 'id',
      withValue: (v) => ({ stakeholder: { id: v } }),
      values: ['stk-1', 'stk-2', 'stk-3'],
    },
    {
      field: 'parties',
      kind: 'open',
      withValue: (v) => ({ stakeholder: { acronymParty: v } }),
      values: ['PT', 'PSOL', 'União'],
      variants: [
        { query: 'psol', stored: 'PSOL' },
        { query: 'UNIAO', stored: 'União' },
      ],
    },
  ],
  dateFilters: [{ field: 'created_at', column: 'main' }],
  shape: socialShape,
  fullShape: { stakeholder: { object: { twitter: 'string' } } },
}

// ---------------------------------------------------------------------------------------------
// dou

const douCase: CorpusCase = {
  collection: 'dou',
  method: 'searchDou',
  savedKey: 'savedBuckets',
  relevance: false,
  hasUpdated: true,
  withoutUpdated: { updatedAt: undefined },
  textField: 'content',
  make: (i, o) => {
    const date = o?.date ?? defaultDate(i)
    return build(
      {
        id: idOf('dou', i),
        title: `PORTARIA Nº ${100 + i}, DE 2023`,
        content: o?.text ?? `O Secretário resolve publicar o ato ${i}`,
        resume: `Ato administrativo ${i}`,
        section: 'Seção 1',
        hierarchy: 'Ministério da Fazenda/Secretaria do Tesouro Nacional',
        location: 'Edição 1 | Seção 1 | Página 10',
        date,
        createdAt: date,
        updatedAt: o?.updated ?? date,
      },
      o,
    )
  },
  minimal: (i, date) => ({ id: idOf('dou', i), date }),
  valueFilters: [
    {
      field: 'sections',
      kind: 'open',
      withValue: (v) => ({ section: v }),
      values: ['Seção 1', 'Seção 2', 'Seção 3'],
      variants: [
        { query: 'secao 1', stored: 'Seção 1' },
        { query: '1', stored: 'Seção 1' },
        { query: '2', stored: 'Seção 2' },
        { query: 'SEÇÃO 3', stored: 'Seção 3' },
      ],
    },
    {
      field: 'organizations',
      kind: 'open',
      withValue: (v) => ({ hierarchy: `${v}/Secretaria-Executiva/Coordenação-Geral` }),
      values: ['Ministério da Fazenda', 'Presidência da República', 'Ministério da Saúde'],
      variants: [
        { query: 'ministerio da fazenda', stored: 'Ministério da Fazenda' },
        { query: 'PRESIDÊNCIA DA REPÚBLICA', stored: 'Presidência da República' },
      ],
    },
  ],
  dateFilters: [{ field: 'created_at', column: 'main' }],
  shape: douShape,
}

// ---------------------------------------------------------------------------------------------
// bacen

const bacenCase: CorpusCase = {
  collection: 'bacen',
  method: 'searchBacen',
  savedKey: 'savedBuckets',
  relevance: false,
  hasUpdated: false,
  textField: 'summary',
  make: (i, o) =>
    build(
      {
        id: idOf('bcb', i),
        openDataId: String(50_000 + i),
        openDataResource: 'bacen',
        type: 'Resolução CMN',
        title: `Resolução CMN nº ${5000 + i}`,
        subject: `Dispõe sobre operações ${i}`,
        summary: o?.text ?? `Texto normativo número ${i}`,
        responsible: 'DENOR',
        date: o?.date ?? defaultDate(i),
      },
      o,
    ),
  minimal: (i, date) => ({ id: idOf('bcb', i), date }),
  valueFilters: [
    {
      field: 'types',
      kind: 'open',
      withValue: (v) => ({ type: v }),
      values: ['Resolução CMN', 'Circular', 'Comunicado'],
      variants: [
        { query: 'resolucao cmn', stored: 'Resolução CMN' },
        { query: 'CIRCULAR', stored: 'Circular' },
      ],
    },
  ],
  dateFilters: [{ field: 'created_at', column: 'main' }],
  shape: bacenShape,
}

// ---------------------------------------------------------------------------------------------
// notices

const noticesCase: CorpusCase = {
  collection: 'notices',
  method: 'searchNotices',
  savedKey: 'savedBuckets',
  relevance: false,
  hasUpdated: false,
  textField: 'content',
  make: (i, o) =>
    build(
      {
        id: idOf('ntc', i),
        openDataId: String(900_000 + i),
        openDataResource: 'camara',
        resource: 'camara',
        site: 'Agência Câmara de Notícias',
        title: `Comissão aprova proposta ${i}`,
        description: `Resumo da notícia ${i}`,
        descriptionEn: `News summary ${i}`,
        content: o?.text ?? `Conteúdo completo da notícia ${i}`,
        url: `https://www.camara.leg.br/noticias/${900_000 + i}`,
        image: `https://www.camara.leg.br/img/${i}.jpg`,
        date: o?.date ?? defaultDate(i),
      },
      o,
    ),
  minimal: (i, date) => ({ id: idOf('ntc', i), date }),
  valueFilters: [
    {
      field: 'resources',
      kind: 'open',
      withValue: (v) => ({ openDataResource: v, resource: v }),
      values: ['camara', 'senado', 'alesp'],
      variants: [
        { query: 'Câmara', stored: 'camara' },
        { query: 'SENADO', stored: 'senado' },
      ],
    },
  ],
  dateFilters: [{ field: 'created_at', column: 'main' }],
  shape: noticeShape,
}

// ---------------------------------------------------------------------------------------------
// irs

const irsCase: CorpusCase = {
  collection: 'irs',
  method: 'searchIrs',
  savedKey: 'savedBuckets',
  relevance: false,
  hasUpdated: false,
  textField: 'content',
  make: (i, o) =>
    build(
      {
        id: idOf('irs', i),
        type: 'Instrução Normativa',
        subject: `Estabelece procedimentos ${i}`,
        content: o?.text ?? `Texto integral do ato ${i}`,
        link: `https://normas.receita.fazenda.gov.br/ato/${i}`,
        number: 2000 + i,
        organ: 'RFB',
        date: o?.date ?? defaultDate(i),
      },
      o,
    ),
  minimal: (i, date) => ({ id: idOf('irs', i), number: i, date }),
  valueFilters: [
    {
      field: 'types',
      kind: 'open',
      withValue: (v) => ({ type: v }),
      values: ['Instrução Normativa', 'Solução de Consulta', 'Ato Declaratório Executivo'],
      variants: [
        { query: 'instrucao normativa', stored: 'Instrução Normativa' },
        { query: 'SOLUÇÃO DE CONSULTA', stored: 'Solução de Consulta' },
      ],
    },
  ],
  dateFilters: [{ field: 'created_at', column: 'main' }],
  shape: irsShape,
}

export const CASES: readonly CorpusCase[] = [propositionsCase, socialCase, douCase, bacenCase, noticesCase, irsCase]

export function caseOf(collection: CorpusName): CorpusCase {
  const c = CASES.find((x) => x.collection === collection)
  if (!c) throw new Error(`no case for ${collection}`)
  return c
}
