import { DAY, RANGE_END, RANGE_START, atTime, iso, longDate, paddedDate, parts, randomInstant } from './dates.js'
import { personName, shortRef, stakeholderProfile, type StakeholderProfile } from './people.js'
import { Rng, Weighted, at, deriveSeed } from './prng.js'
import { articleOf, contract, fill, money, ordinal, thousands, upperFirst } from './text.js'
import type { OrganRef, Proposition, PropositionAuthor, Stakeholder } from './types.js'
import {
  lawsBefore,
  vocabulary,
  type FamousPerson,
  type FamousProposition,
  type House,
  type HouseKind,
  type Law,
  type Organ,
  type PropositionType,
  type Regime,
  type Situation,
  type ThemeVocab,
  type Vocabulary,
} from './vocabulary.js'

interface PoolEntry {
  readonly s: Stakeholder
  readonly p: StakeholderProfile
  readonly house: House
}

interface HouseOrgans {
  readonly plenary: Organ
  readonly boards: readonly Organ[]
  readonly committees: readonly Organ[]
}

/** Everything drawn once per stream: pools of stakeholders, weighted tables, number counters. */
interface Context {
  readonly v: Vocabulary
  readonly seed: number
  readonly pools: ReadonlyMap<string, readonly PoolEntry[]>
  readonly famousPeople: ReadonlyMap<string, PoolEntry>
  readonly organs: ReadonlyMap<string, HouseOrgans>
  readonly typeTables: Map<string, Weighted<PropositionType>>
  readonly situationTables: Map<string, Weighted<Situation>>
  readonly regimeTables: Map<string, Weighted<Regime>>
  readonly appreciationTables: Map<HouseKind, Weighted<string>>
  readonly counters: Map<string, number>
  readonly reservedNumbers: ReadonlySet<string>
  readonly reservedIds: ReadonlySet<string>
}

/** Families whose propositions can become law, be vetoed or be sanctioned. */
const LAW_FAMILIES = new Set(['law', 'pec', 'mpv', 'plp', 'pdl'])
const LAW_ONLY_SITUATIONS = new Set(['1140', '1285', '908', '907', '909'])
const NO_RAPPORTEUR_FAMILIES = new Set(['req', 'ric', 'inc', 'ind', 'moc'])
/** Types numbered in the thousands each year (the others in tens or hundreds). */
const FREQUENT_TYPES = new Set(['PL', 'PLS', 'REQ', 'RIC', 'INC', 'IND'])
const OPEN_DATA_BASE: Readonly<Record<HouseKind, number>> = { camara: 2_100_000, senado: 120_000, assembly: 5_000 }

/**
 * Propositions of the Câmara (~55 %), the Senado (~20 %) and the assemblies, with the famous ones
 * of `famous.json` first. Authors and rapporteurs are drawn from `stakeholders` (each keeps the
 * party and state of `stakeholderProfile`); about one author in ten has no stakeholder id.
 */
export function* generatePropositions(count: number, rng: Rng, seed: number, stakeholders: readonly Stakeholder[]): Generator<Proposition> {
  const ctx = context(seed, stakeholders)
  const famous = ctx.v.famous.propositions
  for (let i = 0; i < count; i++) {
    const f = famous[i]
    yield f ? famousProposition(ctx, f, i) : proposition(ctx, rng, i)
  }
}

function context(seed: number, stakeholders: readonly Stakeholder[]): Context {
  const v = vocabulary()
  const pools = new Map<string, PoolEntry[]>()
  const famousPeople = new Map<string, PoolEntry>()
  for (const s of stakeholders) {
    const house = v.houseBySlug.get(s.openDataResource)
    if (!house) continue
    const entry: PoolEntry = { s, p: stakeholderProfile(s), house }
    let pool = pools.get(house.slug)
    if (!pool) pools.set(house.slug, (pool = []))
    pool.push(entry)
    const f = v.famous.stakeholders.find(
      (x) => x.openDataResource === s.openDataResource && x.openDataId === s.openDataId && x.name === s.name,
    )
    if (f && !famousPeople.has(f.key)) famousPeople.set(f.key, entry)
  }
  const organs = new Map<string, HouseOrgans>()
  for (const [slug, list] of v.organsByHouse) {
    organs.set(slug, {
      plenary: list.find((o) => o.kind === 'plenary') ?? at(list, 0),
      boards: list.filter((o) => o.kind === 'board'),
      committees: list.filter((o) => o.kind === 'committee'),
    })
  }
  const appreciationTables = new Map<HouseKind, Weighted<string>>()
  for (const kind of ['camara', 'senado', 'assembly'] as const) {
    appreciationTables.set(kind, new Weighted(v.regimes.appreciations[kind].map((a) => [a.value, a.weight] as const)))
  }
  const reservedNumbers = new Set<string>()
  const reservedIds = new Set<string>()
  for (const f of v.famous.propositions) {
    reservedNumbers.add(`${f.openDataResource}|${f.acronymType}|${f.year}|${f.number}`)
    reservedIds.add(`${f.openDataResource}:${f.openDataId}`)
  }
  return {
    v,
    seed,
    pools,
    famousPeople,
    organs,
    typeTables: new Map(),
    situationTables: new Map(),
    regimeTables: new Map(),
    appreciationTables,
    counters: new Map(),
    reservedNumbers,
    reservedIds,
  }
}

function proposition(ctx: Context, rng: Rng, i: number): Proposition {
  const v = ctx.v
  const house = v.propositionHouses.pick(rng)
  const kind = house.kind
  const presented = randomInstant(rng, RANGE_START, RANGE_END - 2 * DAY, 8, 20)
  const year = parts(presented).y
  const type = typeTable(ctx, kind, year).pick(rng)
  const number = nextNumber(ctx, rng, house.slug, type.acronym, year)
  let theme = rng.pick(v.themes)
  // Tributes and commemorative dates are matters of ordinary law, not of the Constitution or an MPV.
  while (theme.cf.length === 0 && (type.family === 'pec' || type.family === 'mpv' || type.family === 'plp')) theme = rng.pick(v.themes)
  const themes = [theme, ...rng.pickDistinct(v.themes, rng.chance(0.4) ? rng.int(1, 2) : 0).filter((t) => t !== theme)]

  const pool = ctx.pools.get(house.slug) ?? []
  const authors = authorsFor(ctx, rng, house, type, pool)
  const situation = situationTable(ctx, kind, LAW_FAMILIES.has(type.family)).pick(rng)
  const rapporteurs = situation.rapporteur && !NO_RAPPORTEUR_FAMILIES.has(type.family) ? rapporteursFor(ctx, rng, house, pool, authors) : []

  const span = (RANGE_END - presented) * rng.next() ** 2
  const moved = Math.min(RANGE_END, Math.max(presented, atTime(presented + span, rng.int(9, 19), rng.int(0, 59))))
  const organ = organFor(ctx, rng, house, theme, situation)
  const regime = regimeTable(ctx, kind, type.acronym).pick(rng)
  const appreciation = v.regimes.appreciationByType[type.acronym] ?? ctx.appreciationTables.get(kind)?.pick(rng) ?? 'Indefinido'

  const movedParts = parts(moved)
  const description = fill(rng.pick(situation.descriptions), (key) => {
    switch (key) {
      case 'organ':
        return organ.name
      case 'organInitials':
        return organ.initials
      case 'rapporteur': {
        const r = rapporteurs[0]
        if (r) return shortRef(house, r.name, r.acronymParty, r.uf)
        const e = pool.length > 0 ? rng.pick(pool) : undefined
        return e ? shortRef(house, e.s.name, e.p.party, e.p.uf) : shortRef(house, personName(rng, 'm', 0), v.parties.pick(rng), house.uf)
      }
      case 'author': {
        const a = at(authors, 0)
        return a.stakeholderId === null && a.acronymParty === '' ? a.name : shortRef(house, a.name, a.acronymParty, a.uf)
      }
      case 'date':
        return paddedDate(movedParts)
      case 'year':
        return String(movedParts.y)
      case 'lawNumber':
        return `${thousands(13_080 + Math.floor(((moved - RANGE_START) / DAY) * 0.555) + rng.int(0, 3))}/${movedParts.y}`
      case 'ref':
        return refTitle(rng, year)
      case 'vetoNumber':
        return String(rng.int(12, 980))
      case 'sessions':
        return String(rng.int(2, 10))
      case 'houseNameDe':
        return house.nameDe
      case 'houseDiary':
        return house.diary
      default:
        return undefined
    }
  })

  const openDataId = uniqueId(ctx, rng, house.slug, OPEN_DATA_BASE[kind], i, 3)
  const record: Proposition = {
    id: `prop-${String(i + 1).padStart(7, '0')}`,
    openDataId,
    openDataResource: house.slug,
    openDataTypeId: type.openDataTypeId,
    title: `${type.acronym} ${number}/${year}`,
    acronymType: type.acronym,
    type: type.name,
    number,
    year,
    summary: ementa(ctx, rng, house, type, theme, presented, year),
    datePresentation: iso(presented),
    lastProceeding: {
      openDataId: String(40_000_000 + i * 3 + rng.int(0, 2)),
      openDataSituationId: situation.id,
      date: iso(moved),
      organ: organRef(organ),
      description,
      situation: situation.name,
      regime: regime.regime,
      regimeCategory: regime.category,
      processing: situation.processing ? 'true' : 'false',
      appreciation,
    },
    authors,
    rapporteurs,
    themes: themes.map((t) => ({ openDataId: t.id, name: t.name })),
  }
  // About one record in five states its approval; it always agrees with the situation.
  if (situation.approved !== null && rng.chance(0.62)) record.approved = situation.approved
  return record
}

function famousProposition(ctx: Context, f: FamousProposition, i: number): Proposition {
  const v = ctx.v
  const type = v.types.get(f.acronymType)
  const situation = v.situationById.get(f.lastProceeding.situationId)
  const organ = v.organByKey.get(`${f.openDataResource}:${f.lastProceeding.organ}`)
  if (!type || !situation || !organ)
    throw new Error(`data/vocabulary/famous.json: ${f.acronymType} ${f.number}/${f.year} names an unknown type, situation or organ`)
  const person = (x: FamousPerson): PropositionAuthor => {
    if (x.institution !== undefined) {
      const inst = v.famous.institutions[x.institution]
      if (!inst) throw new Error(`data/vocabulary/famous.json: unknown institution '${x.institution}'`)
      return { openDataId: inst.openDataId, type: inst.type, name: inst.name, acronymParty: '', uf: '', stakeholderId: null }
    }
    const known = v.famous.stakeholders.find((s) => s.key === x.stakeholder)
    if (!known) throw new Error(`data/vocabulary/famous.json: unknown stakeholder '${x.stakeholder ?? ''}'`)
    const entry = ctx.famousPeople.get(known.key)
    return {
      openDataId: known.openDataId,
      type: x.type ?? '',
      name: known.name,
      acronymParty: entry?.p.party ?? known.party,
      uf: entry?.p.uf ?? known.uf,
      stakeholderId: entry?.s.id ?? null,
    }
  }
  const record: Proposition = {
    id: `prop-${String(i + 1).padStart(7, '0')}`,
    openDataId: f.openDataId,
    openDataResource: f.openDataResource,
    openDataTypeId: type.openDataTypeId,
    title: `${f.acronymType} ${f.number}/${f.year}`,
    acronymType: f.acronymType,
    type: type.name,
    number: f.number,
    year: f.year,
    summary: f.summary,
    datePresentation: f.datePresentation,
    lastProceeding: {
      openDataId: String(40_000_000 + i * 3),
      openDataSituationId: situation.id,
      date: f.lastProceeding.date,
      organ: organRef(organ),
      description: f.lastProceeding.description,
      situation: situation.name,
      regime: f.lastProceeding.regime,
      regimeCategory: f.lastProceeding.regimeCategory,
      processing: situation.processing ? 'true' : 'false',
      appreciation: f.lastProceeding.appreciation,
    },
    authors: f.authors.map(person),
    rapporteurs: f.rapporteurs.map(person),
    themes: f.themes.map((id) => ({ openDataId: id, name: v.themeById.get(id)?.name ?? '' })),
  }
  if (f.approved !== undefined) record.approved = f.approved
  return record
}

function organRef(o: Organ): OrganRef {
  return { id: o.id, name: o.name, initials: o.initials }
}

/** An origin id unique per house: one slot of `step` ids per record index, famous ids skipped. */
function uniqueId(ctx: Context, rng: Rng, slug: string, base: number, i: number, step: number): string {
  let r = rng.int(0, step - 1)
  let id = String(base + i * step + r)
  while (ctx.reservedIds.has(`${slug}:${id}`)) {
    r = (r + 1) % step
    id = String(base + i * step + r)
  }
  return id
}

/** Numbers run upwards per house, type and year from a seed-dependent start, skipping the famous ones. */
function nextNumber(ctx: Context, rng: Rng, slug: string, acronym: string, year: number): number {
  const key = `${slug}|${acronym}|${year}`
  let n = ctx.counters.get(key)
  if (n === undefined) {
    // Provisional measures are numbered across years (MPV 1154/2023); the rest restart every year.
    n = acronym === 'MPV' ? 663 + Math.floor(((Date.UTC(year, 0, 1) - RANGE_START) / DAY) * 0.169) : 1 + (deriveSeed(ctx.seed, key) % 300)
  } else {
    n += rng.int(1, FREQUENT_TYPES.has(acronym) ? 25 : 3)
  }
  while (ctx.reservedNumbers.has(`${key}|${n}`)) n++
  ctx.counters.set(key, n)
  return n
}

function typeTable(ctx: Context, kind: HouseKind, year: number): Weighted<PropositionType> {
  const key = `${kind}:${year < 2019 ? 'before' : 'since'}2019`
  let t = ctx.typeTables.get(key)
  if (!t) {
    const entries = ctx.v.typeMix[kind]
      .filter((m) => (m.from === undefined || year >= m.from) && (m.until === undefined || year <= m.until))
      .map((m) => {
        const type = ctx.v.types.get(m.type)
        if (!type) throw new Error(`data/vocabulary/proposition-types.json: unknown type '${m.type}' in the ${kind} mix`)
        return [type, m.weight] as const
      })
    t = new Weighted(entries)
    ctx.typeTables.set(key, t)
  }
  return t
}

function situationTable(ctx: Context, kind: HouseKind, lawLike: boolean): Weighted<Situation> {
  const key = `${kind}:${lawLike}`
  let t = ctx.situationTables.get(key)
  if (!t) {
    t = new Weighted(
      ctx.v.situations
        .filter((s) => (s.houses === undefined || s.houses.includes(kind)) && (lawLike || !LAW_ONLY_SITUATIONS.has(s.id)))
        .map((s) => [s, s.weight] as const),
    )
    ctx.situationTables.set(key, t)
  }
  return t
}

function regimeTable(ctx: Context, kind: HouseKind, acronym: string): Weighted<Regime> {
  const byType = ctx.v.regimes.byType[acronym]
  const useType = byType !== undefined && (acronym !== 'PEC' || kind === 'camara')
  const key = useType ? `type:${acronym}` : `house:${kind}`
  let t = ctx.regimeTables.get(key)
  if (!t) {
    const list = useType ? byType : ctx.v.regimes.regimes[kind]
    t = new Weighted(list.map((r) => [{ regime: r.regime, category: r.category }, r.weight] as const))
    ctx.regimeTables.set(key, t)
  }
  return t
}

function organFor(ctx: Context, rng: Rng, house: House, theme: ThemeVocab, situation: Situation): Organ {
  const organs = ctx.organs.get(house.slug)
  if (!organs) throw new Error(`no organs for house '${house.slug}'`)
  if (situation.organ === 'plenary') return organs.plenary
  if (situation.organ === 'board' && organs.boards.length > 0) return rng.pick(organs.boards)
  const preferred = theme.organs[house.kind]
  if (preferred.length > 0 && rng.chance(0.8)) {
    const o = ctx.v.organByKey.get(`${house.slug}:${rng.pick(preferred)}`)
    if (o) return o
  }
  return rng.pick(organs.committees)
}

function authorOf(e: PoolEntry): PropositionAuthor {
  return {
    openDataId: e.s.openDataId,
    type: e.house.authorType,
    name: e.s.name,
    acronymParty: e.p.party,
    uf: e.p.uf,
    stakeholderId: e.s.id,
  }
}

/** A person the origin names but does not identify (no stakeholder id). */
function unidentified(ctx: Context, rng: Rng, house: House): PropositionAuthor {
  const gender = rng.chance(0.2) ? 'f' : 'm'
  return {
    openDataId: String(rng.int(100_000, 999_999)),
    type: house.authorType,
    name: personName(rng, gender),
    acronymParty: ctx.v.parties.pick(rng),
    uf: house.uf || ctx.v.ufBySeats.pick(rng).uf,
    stakeholderId: null,
  }
}

function institutional(ctx: Context, rng: Rng, house: House, type: PropositionType): PropositionAuthor {
  const keys =
    house.kind === 'assembly'
      ? ['governador', 'governador', 'tj']
      : type.family === 'pec'
        ? ['executivo']
        : ['executivo', 'executivo', 'executivo', 'stf', 'pgr']
  const inst = ctx.v.famous.institutions[house.kind === 'senado' ? 'executivo' : rng.pick(keys)]
  if (!inst) throw new Error('data/vocabulary/famous.json: missing institutions')
  return { openDataId: inst.openDataId, type: inst.type, name: inst.name, acronymParty: '', uf: '', stakeholderId: null }
}

function authorsFor(ctx: Context, rng: Rng, house: House, type: PropositionType, pool: readonly PoolEntry[]): PropositionAuthor[] {
  if (type.acronym === 'MPV') return [institutional(ctx, rng, house, type)]
  const mayBeInstitutional = type.family === 'law' || type.family === 'plp' || (type.family === 'pec' && house.kind !== 'camara')
  if (mayBeInstitutional && rng.chance(0.06)) return [institutional(ctx, rng, house, type)]
  const n =
    type.family === 'pec'
      ? house.kind === 'assembly'
        ? rng.int(1, 3)
        : rng.int(3, 9)
      : rng.chance(0.78)
        ? 1
        : rng.chance(0.64)
          ? rng.int(2, 3)
          : rng.int(4, 8)
  const authors: PropositionAuthor[] = []
  const used = new Set<string>()
  // Bills of the Senado reach the Câmara with their senator as author.
  const senators = house.kind === 'camara' ? (ctx.pools.get('senado') ?? []) : []
  for (let k = 0; k < n; k++) {
    const from = senators.length > 0 && k === 0 && n === 1 && rng.chance(0.04) ? senators : pool
    let entry: PoolEntry | undefined
    if (from.length > 0 && rng.chance(0.96)) {
      for (let tries = 0; tries < 4 && entry === undefined; tries++) {
        const e = rng.pick(from)
        if (!used.has(e.s.id)) entry = e
      }
    }
    if (entry) {
      used.add(entry.s.id)
      authors.push(authorOf(entry))
    } else {
      authors.push(unidentified(ctx, rng, house))
    }
  }
  return authors
}

function rapporteursFor(
  ctx: Context,
  rng: Rng,
  house: House,
  pool: readonly PoolEntry[],
  authors: readonly PropositionAuthor[],
): PropositionAuthor[] {
  const n = rng.chance(0.88) ? 1 : 2
  const out: PropositionAuthor[] = []
  const used = new Set(authors.map((a) => a.stakeholderId))
  for (let k = 0; k < n; k++) {
    let entry: PoolEntry | undefined
    if (pool.length > 0 && rng.chance(0.95)) {
      for (let tries = 0; tries < 4 && entry === undefined; tries++) {
        const e = rng.pick(pool)
        if (!used.has(e.s.id)) entry = e
      }
    }
    if (entry) {
      used.add(entry.s.id)
      out.push(authorOf(entry))
    } else {
      out.push(unidentified(ctx, rng, house))
    }
  }
  return out
}

/** `PL 1234/2021`: another proposition, cited in a description or an ementa. */
function refTitle(rng: Rng, year: number): string {
  return `${rng.pick(['PL', 'PL', 'PL', 'PLP'])} ${rng.int(1, 4800)}/${rng.int(2015, Math.max(2015, year))}`
}

const DAYS = [30, 60, 90, 120, 180, 365]

/** An ementa: one to three sentences in the phrasing of the family and the house. */
function ementa(ctx: Context, rng: Rng, house: House, type: PropositionType, theme: ThemeVocab, ms: number, year: number): string {
  const v = ctx.v
  const e = v.ementas
  const list = (house.kind === 'assembly' ? e.assembly[type.family] : undefined) ?? e.federal[type.family]
  if (!list) throw new Error(`data/vocabulary/ementas.json: no templates for family '${type.family}'`)
  let subject: string | undefined
  let law: Law | undefined
  const uf = house.uf ? v.ufByCode.get(house.uf) : undefined
  const ufVocab = uf ?? v.ufBySeats.pick(rng)
  const pickLaw = (): Law => {
    if (!law) {
      const own = lawsBefore(theme.laws, ms)
      law = own.length > 0 && rng.chance(0.96) ? rng.pick(own) : rng.pick(lawsBefore(v.laws, ms))
    }
    return law
  }
  const lawRef = (prep?: 'de' | 'em' | 'a'): string => {
    const l = pickLaw()
    const nick = l.nick !== undefined && rng.chance(0.45) ? ` (${l.nick})` : ''
    return `${prep ? contract(prep, l.art) : l.art} ${l.title}${nick}`
  }
  const earlier = (maxDays: number): string => longDate(parts(ms - rng.int(10, maxDays) * DAY))
  const cf = theme.cf.length > 0 ? theme.cf : ['5º', '37', '60']
  let pair: [string, string] | undefined
  // Two articles of the Constitution, in ascending order (`arts. 37 e 165`).
  const cfPair = (): [string, string] => {
    if (!pair) {
      const a = rng.pick(cf)
      let b = rng.pick(cf.length > 1 ? cf : ['37', '60', '165', '170'])
      if (b === a) b = a === '37' ? '165' : '37'
      pair = parseInt(a, 10) < parseInt(b, 10) ? [a, b] : [b, a]
    }
    return pair
  }
  const get = (key: string): string | undefined => {
    switch (key) {
      case 'subject':
        subject ??= rng.pick(theme.subjects).pt
        return subject
      case 'action':
        return rng.pick(theme.actions)
      case 'programA': {
        const p = rng.pick(theme.programs)
        return `${articleOf(p)} ${p}`
      }
      case 'lawA':
        return lawRef()
      case 'lawAo':
        return lawRef('a')
      case 'lawDe':
        return lawRef('de')
      case 'lcA': {
        const own = lawsBefore(theme.laws, ms).filter((l) => l.title.startsWith('Lei Complementar'))
        const l = own.length > 0 ? rng.pick(own) : rng.pick(lawsBefore(v.complementaryLaws, ms))
        return `a ${l.title}${l.nick !== undefined && rng.chance(0.5) ? ` (${l.nick})` : ''}`
      }
      case 'art':
        return `art. ${ordinal(rng.int(1, 80))}`
      case 'artNo': {
        const n = rng.int(1, 60)
        return ordinal(n)
      }
      case 'artNo2':
        return String(rng.int(61, 120))
      case 'cfArt':
        return `art. ${rng.pick(cf)}`
      case 'cfNo':
        return cfPair()[0]
      case 'cfNo2':
        return cfPair()[1]
      case 'adctArt':
        return `art. ${rng.int(115, 142)}`
      case 'ministry':
        return rng.pick(e.ministries)[0]
      case 'ministryDe':
        return rng.pick(e.ministries)[1]
      case 'money':
        return money(rng.pick([500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000]) * 100)
      case 'bigMoney':
        return money((rng.int(10, 9_000) * 1_000_000 + rng.int(0, 999) * 1_000) * 100)
      case 'days':
        return String(rng.pick(DAYS))
      case 'decree':
        return `Decreto nº ${thousands(8_380 + Math.floor(((ms - RANGE_START) / DAY) * 1.15) - rng.int(1, 120))}, de ${earlier(300)}`
      case 'portaria':
        return `Portaria nº ${thousands(rng.int(1, 4_500))}, de ${earlier(400)}`
      case 'country':
        return rng.pick(e.countries)
      case 'coop':
        return rng.pick(e.cooperation)
      case 'city':
        return rng.pick(ufVocab.cities)
      case 'signDate':
        return earlier(900)
      case 'honor':
        return rng.pick(e.honors)
      case 'ref':
        return refTitle(rng, year)
      case 'ufDe':
        return ufVocab.de
      case 'stateLaw':
        return `${thousands(rng.int(8_000, 18_999))}, de ${earlier(3_000)}`
      case 'stateLc':
        return `${rng.int(100, 1_200)}, de ${earlier(3_000)}`
      case 'stateArt':
        return String(rng.int(5, 290))
      case 'entity':
        return rng.pick(e.entities)
      case 'keyword':
        return rng.pick(theme.keywords)
      case 'houseNameDe':
        return house.nameDe
      case 'honoree':
        return personName(rng, rng.chance(0.5) ? 'f' : 'm', 0.5)
      case 'prevYear':
        return String(year - 1)
      default:
        return undefined
    }
  }
  let template = rng.pick(list)
  // A complementary law is amended only where the theme has one; otherwise regulate the Constitution.
  const hasLc = lawsBefore(theme.laws, ms).some((l) => l.title.startsWith('Lei Complementar'))
  for (let tries = 0; tries < 8 && template.includes('{lcA}') && !hasLc; tries++) template = rng.pick(list)
  let text = fill(template, get)
  // Naming and public-utility laws are one sentence.
  if ((type.family === 'law' || type.family === 'plp' || type.family === 'pec') && !/^(Denomina|Declara)/.test(text)) {
    const extra = rng.chance(0.35) ? (rng.chance(0.2) ? 2 : 1) : 0
    for (const s of rng.pickDistinct(e.second, extra)) text += ` ${fill(s, get)}`
  }
  return upperFirst(text)
}
