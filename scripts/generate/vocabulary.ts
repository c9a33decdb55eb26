import { readFileSync } from 'node:fs'
import { dayOf, latestDateIn } from './dates.js'
import { Weighted, at } from './prng.js'

/**
 * The hand-written vocabularies of `data/vocabulary/*.json`, read once and shaped for fast drawing
 * (weighted tables, lookups by id, norms sorted by date). Nothing here is random.
 */

export type HouseKind = 'camara' | 'senado' | 'assembly'
export type Gender = 'm' | 'f'

export interface House {
  readonly slug: string
  readonly kind: HouseKind
  readonly name: string
  /** `da Câmara dos Deputados`, `do Senado Federal`. */
  readonly nameDe: string
  readonly short: string
  /** `na Câmara`, `no Senado`, `na ALESP`. */
  readonly in: string
  readonly en: string
  readonly domain: string
  /** The news site name. */
  readonly site: string
  /** The assembly's state; `''` for the federal houses. */
  readonly uf: string
  readonly memberTitle: Readonly<Record<Gender, string>>
  readonly memberNews: Readonly<Record<Gender, string>>
  readonly memberEn: string
  readonly authorType: string
  readonly profileHandle: string
  readonly diary: string
}

export interface Uf {
  readonly uf: string
  readonly name: string
  readonly de: string
  readonly seats: number
  readonly cities: readonly string[]
}

export interface Law {
  readonly key: string
  readonly art: 'a' | 'o'
  readonly title: string
  readonly nick?: string
  /** Midnight of the norm's date. */
  readonly ms: number
}

export interface Subject {
  readonly pt: string
  readonly en: string
}

export interface ThemeVocab {
  readonly id: string
  readonly name: string
  readonly en: string
  readonly subjects: readonly Subject[]
  readonly actions: readonly string[]
  readonly programs: readonly string[]
  /** Sorted by date, oldest first. */
  readonly laws: readonly Law[]
  readonly hashtags: readonly string[]
  readonly keywords: readonly string[]
  readonly cf: readonly string[]
  readonly organs: Readonly<Record<HouseKind, readonly string[]>>
}

export interface Organ {
  readonly id: string
  readonly name: string
  readonly initials: string
  readonly openDataId: string
  readonly openDataResource: string
  readonly kind: 'plenary' | 'board' | 'committee'
}

export interface Situation {
  readonly id: string
  readonly name: string
  readonly weight: number
  readonly processing: boolean
  readonly approved: 'true' | 'false' | null
  readonly organ: 'plenary' | 'board' | 'committee'
  readonly rapporteur: boolean
  readonly houses?: readonly HouseKind[]
  readonly descriptions: readonly string[]
}

export interface PropositionType {
  readonly acronym: string
  readonly name: string
  readonly openDataTypeId: string
  readonly family: string
}

export interface Regime {
  readonly regime: string
  readonly category: string
}

/** A template that cites dated norms: usable only from `ms` on. */
export interface Dated {
  readonly text: string
  readonly ms: number
}

interface Raw {
  ufs: { ufs: Uf[] }
  houses: {
    federal: (Omit<House, 'kind' | 'uf' | 'nameDe' | 'diary'> & { slug: string })[]
    assemblies: {
      slug: string
      uf: string
      acronym: string
      domain: string
      name?: string
      memberTitle?: Record<Gender, string>
      memberNews?: Record<Gender, string>
      memberEn?: string
      authorType?: string
    }[]
    assemblyDefaults: { memberTitle: Record<Gender, string>; memberNews: Record<Gender, string>; memberEn: string; authorType: string }
    propositionShare: Record<'camara' | 'senado' | 'assemblies', number>
    stakeholderShare: Record<'camara' | 'senado' | 'assemblies', number>
  }
  parties: { parties: { acronym: string; name: string; weight: number }[] }
  names: {
    male: string[]
    female: string[]
    surnames: string[]
    particleSurnames: string[]
    prefixes: Record<Gender, string[]>
    suffixes: string[]
  }
  laws: { laws: Record<string, { art: 'a' | 'o'; title: string; nick?: string }> }
  themes: {
    themes: {
      id: string
      name: string
      en: string
      subjects: [string, string][]
      actions: string[]
      programs: string[]
      laws: string[]
      hashtags: string[]
      keywords: string[]
      cf: string[]
      organs: Record<HouseKind, string[]>
    }[]
  }
  organs: {
    camara: { initials: string; name: string; kind: Organ['kind']; openDataId: string }[]
    senado: { initials: string; name: string; kind: Organ['kind']; openDataId: string }[]
    assembly: { initials: string; name: string; kind: Organ['kind'] }[]
    roles: { committee: string[] }
  }
  situations: { situations: Situation[] }
  types: {
    types: Record<string, { name: string; openDataTypeId: string; family: string }>
    mix: Record<HouseKind, { type: string; weight: number; from?: number; until?: number }[]>
  }
  regimes: {
    regimes: Record<HouseKind, { regime: string; category: string; weight: number }[]>
    byType: Record<string, { regime: string; category: string; weight: number }[]>
    appreciations: Record<HouseKind, { value: string; weight: number }[]>
    appreciationByType: Record<string, string>
  }
  ementas: {
    federal: Record<string, string[]>
    assembly: Record<string, string[]>
    second: string[]
    ministries: [string, string][]
    countries: string[]
    cooperation: string[]
    signCities: string[]
    honors: string[]
    entities: string[]
  }
  famous: FamousVocab
  dou: DouVocab
  bacen: BacenVocab
  rfb: RfbVocab
  news: NewsVocab
  social: SocialVocab
}

export interface FamousStakeholder {
  key: string
  name: string
  gender: Gender
  openDataResource: string
  openDataId: string
  party: string
  uf: string
}

export interface FamousPerson {
  stakeholder?: string
  institution?: string
  type?: string
}

export interface FamousProposition {
  openDataId: string
  openDataResource: string
  acronymType: string
  number: number
  year: number
  summary: string
  datePresentation: string
  lastProceeding: {
    date: string
    situationId: string
    organ: string
    description: string
    regime: string
    regimeCategory: string
    appreciation: string
  }
  authors: FamousPerson[]
  rapporteurs: FamousPerson[]
  themes: string[]
  approved?: 'true' | 'false'
}

export interface Institution {
  openDataId: string
  type: string
  name: string
}

interface FamousVocab {
  stakeholders: FamousStakeholder[]
  propositions: FamousProposition[]
  institutions: Record<string, Institution>
}

export interface DouHierarchy {
  path: string
  kind: string
  weight: number
  themes: string[]
  preamble: string
  verb?: string
}

export interface DouVocab {
  sections: { name: string; weight: number; kind: 'normative' | 'personnel' | 'contracts' | 'extra' }[]
  normative: DouHierarchy[]
  extra: DouHierarchy[]
  resumes: string[]
  mpvResumes: string[]
  definitions: string[]
  clauses: string[]
  personnel: {
    hierarchies: { path: string; preamble: string }[]
    items: { text: string; resume: string }[]
    cargos: string[]
    codes: string[]
    fcodes: string[]
    careers: string[]
    units: string[]
  }
  contracts: {
    hierarchies: string[]
    kinds: { title: string; weight: number; form: 'contract' | 'bid' | 'result' }[]
    modalities: string[]
    objects: string[]
    items: string[]
    sectors: string[]
    streets: string[]
    companyForms: string[]
  }
}

export interface BacenVocab {
  types: { type: string; title: string; from: string; until?: string; base: number; ratePerDay: number; weight: number }[]
  departments: Record<string, string>
  topics: { subject: string; from?: string; departments: string[]; summaries: string[] }[]
  companies: string[]
  events: string[]
  comunicadoSummaries: string[]
}

export interface RfbVocab {
  kinds: {
    type: string
    weight: number
    numbering: 'perYear' | 'counter'
    max?: number
    base?: number
    ratePerDay?: number
    units: string[]
  }[]
  units: Record<string, string>
  topics: { subject: string; from?: string; ementas: string[]; answers: string[]; laws: string[] }[]
  normativeSubjects: string[]
  portariaSubjects: string[]
  adiSubjects: string[]
  adeSubjects: Record<string, string[]>
  taxes: string[]
  things: string[]
}

export interface NewsVocab {
  titles: string[]
  descriptions: [string, string][]
  next: Record<HouseKind, [string, string][]>
  bodies: string[]
  quotes: string[]
  critiques: string[]
  tramitacao: Record<HouseKind, string[]>
  footer: Record<HouseKind, string>
  weekdays: { pt: string[]; en: string[] }
}

export interface SocialVocab {
  networks: { slug: 'twitter' | 'instagram' | 'facebook'; weight: number }[]
  templates: string[]
  organTemplates: string[]
  mentions: string[]
}

/** Everything the generators draw from. */
export interface Vocabulary {
  readonly ufs: readonly Uf[]
  readonly ufByCode: ReadonlyMap<string, Uf>
  /** UFs weighted by the size of their Câmara delegation. */
  readonly ufBySeats: Weighted<Uf>
  readonly houses: readonly House[]
  readonly houseBySlug: ReadonlyMap<string, House>
  readonly assemblies: readonly House[]
  readonly propositionHouses: Weighted<House>
  readonly stakeholderHouses: Weighted<House>
  readonly parties: Weighted<string>
  readonly partyNames: ReadonlyMap<string, string>
  readonly names: Raw['names']
  /** All norms, oldest first. */
  readonly laws: readonly Law[]
  readonly lawByKey: ReadonlyMap<string, Law>
  readonly complementaryLaws: readonly Law[]
  readonly themes: readonly ThemeVocab[]
  readonly themeById: ReadonlyMap<string, ThemeVocab>
  readonly organsByHouse: ReadonlyMap<string, readonly Organ[]>
  readonly organByKey: ReadonlyMap<string, Organ>
  readonly committeeRoles: readonly string[]
  readonly situations: readonly Situation[]
  readonly situationById: ReadonlyMap<string, Situation>
  readonly types: ReadonlyMap<string, PropositionType>
  readonly typeMix: Readonly<Record<HouseKind, readonly { type: string; weight: number; from?: number; until?: number }[]>>
  readonly regimes: Raw['regimes']
  readonly ementas: Raw['ementas']
  readonly famous: FamousVocab
  readonly dou: DouVocab
  readonly bacen: BacenVocab
  readonly rfb: RfbVocab
  readonly news: NewsVocab
  readonly social: SocialVocab
}

function load<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../data/vocabulary/${name}.json`, import.meta.url), 'utf8')) as T
}

let cached: Vocabulary | undefined

/** The vocabularies, read from disk on first use. */
export function vocabulary(): Vocabulary {
  cached ??= build()
  return cached
}

/** Marks each template with the latest norm date it cites. */
export function dated(texts: readonly string[], from?: string): Dated[] {
  const floor = from === undefined ? -Infinity : dayOf(from)
  return texts.map((text) => ({ text, ms: Math.max(floor, latestDateIn(text)) }))
}

/** A law's key (`lawKey('l8666')`) resolved, failing loudly on a typo in a vocabulary file. */
function lawOf(byKey: ReadonlyMap<string, Law>, key: string, where: string): Law {
  const law = byKey.get(key)
  if (!law) throw new Error(`data/vocabulary: ${where} cites unknown law '${key}'`)
  return law
}

function build(): Vocabulary {
  const raw: Raw = {
    ufs: load('ufs'),
    houses: load('houses'),
    parties: load('parties'),
    names: load('names'),
    laws: load('laws'),
    themes: load('themes'),
    organs: load('organs'),
    situations: load('situations'),
    types: load('proposition-types'),
    regimes: load('regimes'),
    ementas: load('ementas'),
    famous: load('famous'),
    dou: load('dou'),
    bacen: load('bacen'),
    rfb: load('rfb'),
    news: load('news'),
    social: load('social'),
  }

  const ufs = raw.ufs.ufs
  const ufByCode = new Map(ufs.map((u) => [u.uf, u]))
  const ufOf = (code: string): Uf => {
    const u = ufByCode.get(code)
    if (!u) throw new Error(`data/vocabulary: unknown UF '${code}'`)
    return u
  }

  const federal: House[] = raw.houses.federal.map((h) => ({
    ...h,
    kind: h.slug === 'senado' ? 'senado' : 'camara',
    uf: '',
    nameDe: `${h.slug === 'senado' ? 'do' : 'da'} ${h.name}`,
    diary: h.slug === 'senado' ? 'Diário do Senado Federal' : 'Diário da Câmara dos Deputados',
  }))
  const d = raw.houses.assemblyDefaults
  const assemblies: House[] = raw.houses.assemblies.map((a) => {
    const uf = ufOf(a.uf)
    const name = a.name ?? `Assembleia Legislativa do Estado ${uf.de}`
    return {
      slug: a.slug,
      kind: 'assembly',
      name,
      nameDe: `da ${name}`,
      short: a.acronym,
      in: `na ${a.acronym}`,
      en: a.slug === 'cldf' ? 'Legislative Chamber of the Federal District' : `Legislative Assembly of ${uf.name}`,
      domain: a.domain,
      site: name,
      uf: uf.uf,
      memberTitle: a.memberTitle ?? d.memberTitle,
      memberNews: a.memberNews ?? d.memberNews,
      memberEn: a.memberEn ?? d.memberEn,
      authorType: a.authorType ?? d.authorType,
      profileHandle: a.slug,
      diary: 'Diário do Legislativo',
    }
  })
  const houses = [...federal, ...assemblies]
  const houseBySlug = new Map(houses.map((h) => [h.slug, h]))
  const share = (s: Raw['houses']['propositionShare']) => {
    const seats = assemblies.reduce((n, a) => n + ufOf(a.uf).seats, 0)
    return new Weighted<House>([
      ...federal.map((h) => [h, h.kind === 'senado' ? s.senado : s.camara] as const),
      ...assemblies.map((a) => [a, (s.assemblies * ufOf(a.uf).seats) / seats] as const),
    ])
  }

  const laws: Law[] = Object.entries(raw.laws.laws)
    .map(([key, l]) => {
      const ms = latestDateIn(l.title)
      if (!Number.isFinite(ms)) throw new Error(`data/vocabulary/laws.json: '${key}' has no date in its title`)
      return { key, art: l.art, title: l.title, ...(l.nick === undefined ? {} : { nick: l.nick }), ms }
    })
    .sort((a, b) => a.ms - b.ms || a.key.localeCompare(b.key))
  const lawByKey = new Map(laws.map((l) => [l.key, l]))

  const themes: ThemeVocab[] = raw.themes.themes.map((t) => ({
    id: t.id,
    name: t.name,
    en: t.en,
    subjects: t.subjects.map(([pt, en]) => ({ pt, en })),
    actions: t.actions,
    programs: t.programs,
    laws: t.laws.map((k) => lawOf(lawByKey, k, `theme ${t.id}`)).sort((a, b) => a.ms - b.ms),
    hashtags: t.hashtags,
    keywords: t.keywords,
    cf: t.cf,
    organs: t.organs,
  }))

  const organsByHouse = new Map<string, Organ[]>()
  for (const slug of ['camara', 'senado'] as const) {
    organsByHouse.set(
      slug,
      raw.organs[slug].map((o) => ({
        id: `org-${slug}-${o.initials.toLowerCase()}`,
        name: o.name,
        initials: o.initials,
        openDataId: o.openDataId,
        openDataResource: slug,
        kind: o.kind,
      })),
    )
  }
  assemblies.forEach((a, ai) => {
    organsByHouse.set(
      a.slug,
      raw.organs.assembly.map((o, oi) => ({
        id: `org-${a.slug}-${o.initials.toLowerCase()}`,
        name: o.name,
        initials: o.initials,
        openDataId: String((ai + 1) * 100 + oi + 1),
        openDataResource: a.slug,
        kind: o.kind,
      })),
    )
  })
  const organByKey = new Map<string, Organ>()
  for (const [slug, list] of organsByHouse) for (const o of list) organByKey.set(`${slug}:${o.initials}`, o)
  for (const t of themes) {
    for (const kind of ['camara', 'senado', 'assembly'] as const) {
      const slug = kind === 'assembly' ? at(assemblies, 0).slug : kind
      for (const initials of t.organs[kind]) {
        if (!organByKey.has(`${slug}:${initials}`))
          throw new Error(`data/vocabulary/themes.json: theme ${t.id} names unknown ${kind} organ '${initials}'`)
      }
    }
  }

  const types = new Map<string, PropositionType>(
    Object.entries(raw.types.types).map(([acronym, t]) => [
      acronym,
      { acronym, name: t.name, openDataTypeId: t.openDataTypeId, family: t.family },
    ]),
  )

  for (const f of raw.famous.propositions)
    for (const t of f.themes) if (!themes.some((x) => x.id === t)) throw new Error(`data/vocabulary/famous.json: unknown theme '${t}'`)

  return {
    ufs,
    ufByCode,
    ufBySeats: new Weighted(ufs.map((u) => [u, u.seats] as const)),
    houses,
    houseBySlug,
    assemblies,
    propositionHouses: share(raw.houses.propositionShare),
    stakeholderHouses: share(raw.houses.stakeholderShare),
    parties: new Weighted(raw.parties.parties.map((p) => [p.acronym, p.weight] as const)),
    partyNames: new Map(raw.parties.parties.map((p) => [p.acronym, p.name])),
    names: raw.names,
    laws,
    lawByKey,
    complementaryLaws: laws.filter((l) => l.title.startsWith('Lei Complementar')),
    themes,
    themeById: new Map(themes.map((t) => [t.id, t])),
    organsByHouse,
    organByKey,
    committeeRoles: raw.organs.roles.committee,
    situations: raw.situations.situations,
    situationById: new Map(raw.situations.situations.map((s) => [s.id, s])),
    types,
    typeMix: raw.types.mix,
    regimes: raw.regimes,
    ementas: raw.ementas,
    famous: raw.famous,
    dou: raw.dou,
    bacen: raw.bacen,
    rfb: raw.rfb,
    news: raw.news,
    social: raw.social,
  }
}

/** The laws of a list whose date is not after `ms` (the list is sorted oldest first). */
export function lawsBefore(laws: readonly Law[], ms: number): readonly Law[] {
  let n = 0
  while (n < laws.length && at(laws, n).ms <= ms) n++
  return n === laws.length ? laws : laws.slice(0, n)
}

/** The templates usable at `ms`; when none is, the oldest one. */
export function usableAt(list: readonly Dated[], ms: number): readonly Dated[] {
  const ok = list.filter((t) => t.ms <= ms)
  if (ok.length > 0) return ok
  let oldest = at(list, 0)
  for (const t of list) if (t.ms < oldest.ms) oldest = t
  return [oldest]
}
