import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { extractFacts, MEASURES_BY_REGIME, passesShipImoCheck } from '../../src/watchlist/extract/index.js'
import type { Extracted } from '../../src/watchlist/types.js'
import { LABELS, type LabelledNarrative } from './extract-labels.js'

// ── the real list files, read in place ─────────────────────────────────────

const DATA_DIR = fileURLToPath(new URL('../../../shared/data/un_sc/', import.meta.url))
const HAVE_DATA = existsSync(DATA_DIR)
const LATEST = 'UN_consolidated_2026-02-27.xml'

interface ListRecord {
  ref: string
  subjectType: 'individual' | 'entity'
  regime: string
  primaryName: string
  aliases: string[]
  narrative: string
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['INDIVIDUAL', 'ENTITY', 'INDIVIDUAL_ALIAS', 'ENTITY_ALIAS'].includes(name),
})

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''
}

const cache = new Map<string, ListRecord[]>()
function loadList(file: string): ListRecord[] {
  const hit = cache.get(file)
  if (hit) return hit
  const doc = parser.parse(readFileSync(DATA_DIR + file, 'utf8')) as { CONSOLIDATED_LIST?: Record<string, Record<string, Record<string, unknown>[]> | string> }
  const list = doc.CONSOLIDATED_LIST ?? {}
  const out: ListRecord[] = []
  for (const [group, tag, subjectType] of [['INDIVIDUALS', 'INDIVIDUAL', 'individual'], ['ENTITIES', 'ENTITY', 'entity']] as const) {
    const g = list[group]
    const rows = typeof g === 'object' && g ? (g[tag] ?? []) : []
    for (const r of rows) {
      const primaryName = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((k) => str(r[k]).trim()).filter(Boolean).join(' ')
      const aliasRows = (r[`${tag}_ALIAS`] ?? []) as Record<string, unknown>[]
      out.push({
        ref: str(r.REFERENCE_NUMBER).trim(),
        subjectType,
        regime: str(r.UN_LIST_TYPE).trim(),
        primaryName,
        aliases: aliasRows.map((a) => str(a.ALIAS_NAME).trim()).filter(Boolean),
        narrative: str(r.COMMENTS1),
      })
    }
  }
  cache.set(file, out)
  return out
}

function run(rec: ListRecord): Extracted {
  return extractFacts(rec.narrative, { subjectType: rec.subjectType, regime: rec.regime, primaryName: rec.primaryName, aliases: rec.aliases })
}

// ── scoring ─────────────────────────────────────────────────────────────────

/** Case-, accent-, quote- and leading-"the"-insensitive key. */
function key(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^\s*the\s+/, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')
}

interface Tally {
  tp: number
  fp: number
  fn: number
  errors: string[]
}
const newTally = (): Tally => ({ tp: 0, fp: 0, fn: 0, errors: [] })

function scoreScalar(t: Tally, id: string, gold: string | null, pred: string | null, norm: (s: string) => string = key): void {
  const g = gold === null ? null : norm(gold)
  const p = pred === null ? null : norm(pred)
  if (g !== null && p !== null && g === p) t.tp++
  else {
    if (p !== null) t.fp++
    if (g !== null) t.fn++
    if (g !== p) t.errors.push(`${id}: expected ${JSON.stringify(gold)} got ${JSON.stringify(pred)}`)
  }
}

function scoreSet(t: Tally, id: string, gold: readonly string[], pred: readonly string[], norm: (s: string) => string = key): void {
  const g = new Set(gold.map(norm))
  const p = new Set(pred.map(norm))
  const missing = [...g].filter((x) => !p.has(x))
  const extra = [...p].filter((x) => !g.has(x))
  t.tp += [...p].filter((x) => g.has(x)).length
  t.fp += extra.length
  t.fn += missing.length
  if (missing.length || extra.length) t.errors.push(`${id}: missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}`)
}

const precision = (t: Tally): number => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp))
const recall = (t: Tally): number => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn))

const FIELDS = ['subjectStatus', 'lastKnownLocation.place', 'lastKnownLocation.observedOn', 'identifiers', 'affiliations', 'flagState', 'validFrom', 'validUntil', 'prohibitions'] as const
type Field = (typeof FIELDS)[number]

/**
 * Floors the current extractor meets on the labelled set (measured values in the comment of each);
 * set a little below so that a regression fails. subjectStatus precision must stay exact.
 */
const FLOORS: Record<Field, { precision: number; recall: number }> = {
  subjectStatus: { precision: 1, recall: 0.97 },
  'lastKnownLocation.place': { precision: 0.9, recall: 0.9 },
  'lastKnownLocation.observedOn': { precision: 0.9, recall: 0.9 },
  identifiers: { precision: 0.95, recall: 0.95 },
  affiliations: { precision: 0.85, recall: 0.8 },
  flagState: { precision: 1, recall: 1 },
  validFrom: { precision: 1, recall: 1 },
  validUntil: { precision: 1, recall: 1 },
  prohibitions: { precision: 1, recall: 1 },
}

function findLabelled(l: LabelledNarrative): ListRecord {
  const rec = loadList(l.file).find((r) => r.ref === l.ref)
  if (!rec) throw new Error(`labelled record ${l.file} ${l.ref} not found`)
  return rec
}

function score(labels: readonly LabelledNarrative[]): Record<Field, Tally> {
  const tallies = Object.fromEntries(FIELDS.map((f) => [f, newTally()])) as Record<Field, Tally>
  for (const l of labels) {
    const id = `${l.ref}@${l.file.replace(/^\D*/, '').replace(/\.xml$/, '')}`
    const got = run(findLabelled(l))
    scoreScalar(tallies.subjectStatus, id, l.subjectStatus, got.subjectStatus)
    scoreScalar(tallies['lastKnownLocation.place'], id, l.location?.place ?? null, got.lastKnownLocation?.place ?? null)
    scoreScalar(tallies['lastKnownLocation.observedOn'], id, l.location?.observedOn ?? null, got.lastKnownLocation?.observedOn ?? null, (s) => s)
    scoreSet(tallies.identifiers, id, l.identifiers, got.identifiers, (s) => s)
    scoreSet(tallies.affiliations, id, l.affiliations, got.affiliations)
    scoreScalar(tallies.flagState, id, l.flagState, got.flagState)
    scoreScalar(tallies.validFrom, id, l.validFrom, got.validFrom, (s) => s)
    scoreScalar(tallies.validUntil, id, l.validUntil, got.validUntil, (s) => s)
    scoreSet(tallies.prohibitions, id, l.prohibitions, got.prohibitions, (s) => s)
  }
  return tallies
}

function row(field: Field, t: Tally): Record<string, string | number> {
  return {
    field,
    tp: t.tp,
    fp: t.fp,
    fn: t.fn,
    precision: t.tp + t.fp === 0 ? 'n/a (no output)' : precision(t).toFixed(3),
    recall: t.tp + t.fn === 0 ? 'n/a (no gold)' : recall(t).toFixed(3),
  }
}

// ── tests on the real files ─────────────────────────────────────────────────

describe.skipIf(!HAVE_DATA)('extractFacts on the labelled UN narratives (../shared/data/un_sc; skipped when ../shared is absent)', () => {
  it('has at least 60 labelled narratives, each found in its file', () => {
    expect(LABELS.length).toBeGreaterThanOrEqual(60)
    const ids = new Set(LABELS.map((l) => `${l.file} ${l.ref}`))
    expect(ids.size).toBe(LABELS.length)
    for (const l of LABELS) expect(() => findLabelled(l)).not.toThrow()
  })

  it('meets the precision/recall floors per field', () => {
    const all = score(LABELS)
    for (const [name, set] of [['dev', score(LABELS.filter((l) => l.set === 'dev'))], ['holdout', score(LABELS.filter((l) => l.set === 'holdout'))], ['all', all]] as const) {
      const n = name === 'all' ? LABELS.length : LABELS.filter((l) => l.set === name).length
      console.log(`\nNarrative extraction, ${name} set (${n} labelled narratives):`)
      console.table(FIELDS.map((f) => row(f, set[f])))
    }
    for (const f of FIELDS) if (all[f].errors.length) console.log(`${f} errors:\n  ${all[f].errors.join('\n  ')}`)
    for (const f of FIELDS) {
      expect.soft(precision(all[f]), `${f} precision`).toBeGreaterThanOrEqual(FLOORS[f].precision)
      expect.soft(recall(all[f]), `${f} recall`).toBeGreaterThanOrEqual(FLOORS[f].recall)
    }
  })

  it('runs on every narrative of every file without throwing, fast', () => {
    const files = readdirSync(DATA_DIR).filter((f) => f.endsWith('.xml')).sort()
    expect(files.length).toBeGreaterThan(0)
    const timings: { file: string; narratives: number; ms: string }[] = []
    let latestMs = Infinity
    for (const file of files) {
      const recs = loadList(file)
      for (const r of recs) {
        const x = run(r) // warm-up and the no-throw check
        expect(Array.isArray(x.prohibitions) && Array.isArray(x.identifiers) && Array.isArray(x.affiliations)).toBe(true)
      }
      // best of five timed passes: the machine may be busy with other work
      let ms = Infinity
      for (let pass = 0; pass < 5; pass++) {
        const t0 = performance.now()
        for (const r of recs) run(r)
        ms = Math.min(ms, performance.now() - t0)
      }
      if (file === LATEST) latestMs = ms
      timings.push({ file, narratives: recs.length, ms: ms.toFixed(1) })
    }
    console.table(timings)
    if (files.includes(LATEST)) expect(latestMs).toBeLessThan(100)
  })

  it('reports how many narratives of the latest list get each fact', () => {
    const recs = loadList(LATEST)
    const counts = { records: recs.length, withNarrative: 0, deceased: 0, location: 0, observedOn: 0, identifiers: 0, imo: 0, imoCompany: 0, affiliations: 0, flagState: 0, validity: 0, prohibitions: 0, narrativeMeasures: 0 }
    for (const r of recs) {
      const x = run(r)
      if (r.narrative.trim()) counts.withNarrative++
      if (x.subjectStatus) counts.deceased++
      if (x.lastKnownLocation) counts.location++
      if (x.lastKnownLocation?.observedOn) counts.observedOn++
      if (x.identifiers.length) counts.identifiers++
      if (x.identifiers.some((i) => i.startsWith('imo:'))) counts.imo++
      if (x.identifiers.some((i) => i.startsWith('imo-company:'))) counts.imoCompany++
      if (x.affiliations.length) counts.affiliations++
      if (x.flagState) counts.flagState++
      if (x.validFrom || x.validUntil) counts.validity++
      if (x.prohibitions.length) counts.prohibitions++
      const table = MEASURES_BY_REGIME[r.regime]
      const base = table ? (r.subjectType === 'individual' ? table.individual : table.entity) : []
      if (x.prohibitions.join('|') !== base.join('|')) counts.narrativeMeasures++
    }
    console.log(`Facts found in ${LATEST}:`, counts)
    expect(counts.records).toBe(1003)
    expect(counts.imo).toBe(0) // the list holds companies' IMO numbers only
    expect(counts.flagState).toBe(0) // and no vessels
  })
})

// ── unit tests on synthetic strings ─────────────────────────────────────────

const IND = { subjectType: 'individual', regime: 'Al-Qaida', primaryName: 'JOHN EXAMPLE DOE' } as const
const ENT = { subjectType: 'entity', regime: 'DPRK', primaryName: 'EXAMPLE SHIPPING CO' } as const
const status = (n: string, ctx: Parameters<typeof extractFacts>[1] = IND) => extractFacts(n, ctx).subjectStatus
const loc = (n: string, ctx: Parameters<typeof extractFacts>[1] = IND) => extractFacts(n, ctx).lastKnownLocation
const aff = (n: string, ctx: Parameters<typeof extractFacts>[1] = IND) => extractFacts(n, ctx).affiliations
const ids = (n: string, ctx: Parameters<typeof extractFacts>[1] = ENT) => extractFacts(n, ctx).identifiers

describe('subjectStatus', () => {
  it.each([
    'Confirmed to have died in Yemen on 30 Sep. 2011.',
    'Reportedly deceased as at 11 October 2015.',
    'Reportedly deceased as of April 2013.',
    'Believed status/location: deceased.',
    'Believed\n   status/location: deceased.',
    'Listed pursuant to paragraph 15 of resolution 1970 (Travel Ban). Believed\nstatus/location: deceased.',
    'Died in 2003',
    'Died on 27 July 2022.',
    'Killed in Pakistan on 28 Jul. 2015.',
    'Killed on 3 December 2016 in Makhachkala.',
    'Deceased as of 9 February 2016.',
    'Death confirmed on 2 May 2011.',
    'Confirmed killed on 17 February in Peshawar.',
    'Confirmed assassinated by Taliban on 9 November 2008.',
    'Reported to have died in Kigali on 9 May 2014.',
    'Status: reportedly deceased.',
    'As of February 2020, reportedly killed in a counterterrorism operation in Yemen.',
    'Review pursuant to resolution 2253 (2015) was concluded on 21 Feb. 2019.Reportedly deceased in February 2019.',
    'Reportedly Deceased. Former spokesperson of the Group.',
    'Father of X (TAi.144) and Y (deceased). Reportedly deceased as of September 2018.',
    'In December 2020, after joining a coalition, John Example Doe was reportedly killed during fighting.',
    'While president of the federation, John Example Doe is believed to have died in Ariwara on 23 September 2008.',
    'He was killed in an air strike in 2015.',
  ])('deceased: %j', (n) => {
    expect(status(n)).toBe('deceased')
  })

  it.each([
    'Responsible for Usama bin Laden’s (deceased) security.',
    'Driver and private bodyguard to Usama bin Laden (deceased) from 1996 until 2001.',
    'Brother of Abdul X (deceased).',
    'Father’s name is Hajji Meyawar Khan (deceased).',
    'Associated with Abdelmalek Droukdel (QDi.232, reported deceased in June 2020).',
    'Formed in June 2016 upon announcement by now-deceased Isnilon Hapilon (QDi.204).',
    'He usurped the identity of Abid Hammadou, who allegedly died in Chad in 2004.',
    'Sentenced to death by the Indonesian Supreme Court.',
    'Held in detention since 2019 and has been sentenced to death, Physical description: none.',
    'Faces a death sentence in Iraq.',
    'Responsible for the deaths of hundreds of civilians.',
    'Ordered the killing of journalists.',
    'Leader of the group following the death of former leader Maulana Fazlullah (QDi.352).',
    'During May 2015, forces under his command killed children, women and old men.',
    'The group has killed, tortured, raped, and displaced civilians.',
    'On 21 May 2019, 3R killed 34 unarmed civilians.',
    'His son Hamza Doe was killed in 2019.',
    'His son was killed in a drone strike in 2019.',
    'Usama bin Laden was killed in 2011.',
    'Killed 34 civilians in 2019.',
    '',
  ])('not deceased: %j', (n) => {
    expect(status(n)).toBeNull()
  })

  it('needs the subject’s own name, not a few shared words', () => {
    const hamza = { subjectType: 'individual', regime: 'Al-Qaida', primaryName: 'HAMZA USAMA MUHAMMAD BIN LADEN' } as const
    expect(status('Son of Usama bin Laden (deceased). Usama bin Laden was killed in 2011.', hamza)).toBeNull()
    expect(status('Hamza Usama Muhammad bin Laden was reportedly killed in 2019.', hamza)).toBe('deceased')
    expect(status('Bi Sidi Souleman was reportedly killed during fighting.', { subjectType: 'individual', regime: 'CAR', primaryName: 'BI SIDI SOULEMAN' })).toBe('deceased')
  })

  it('never marks an entity', () => {
    expect(status('Reportedly deceased in 2015.', ENT)).toBeNull()
  })
})

describe('lastKnownLocation', () => {
  it.each([
    ['As of June 2016, resides in Kinshasa.', { place: 'Kinshasa', observedOn: '2016-06' }],
    ['Resides in the Russian Federation as at Nov. 2010.', { place: 'Russian Federation', observedOn: '2010-11' }],
    ['Believed to be in the Afghanistan/Pakistan border area.', { place: 'Afghanistan/Pakistan border area', observedOn: null }],
    ['Reportedly located in Idlib, Syrian Arab Republic as of 2 March 2021.', { place: 'Idlib, Syrian Arab Republic', observedOn: '2021-03-02' }],
    ['Location: Yemen. Alternative location: Saudi Arabia (2004 – 2006).', { place: 'Yemen', observedOn: null }],
    ['Location Libya.', { place: 'Libya', observedOn: null }],
    ['As of late 2014, living in Ngoma camp, Rwanda.', { place: 'Ngoma camp, Rwanda', observedOn: '2014' }],
    ['He fled to Rwanda in March 2013 and is still living there as of early 2016.', { place: 'Rwanda', observedOn: '2016' }],
    ['Lived in Egypt in 2005 and moved to Somalia in 2009.', { place: 'Somalia', observedOn: '2009' }],
    ['Incarcerated at the El-Harrach prison in Algiers, as of August 2015. Incarcerated in the Blida penitentiary, Algeria as of November 2023.', { place: 'Blida penitentiary, Algeria', observedOn: '2023-11' }],
    ['Believed to be in Algeria as of Apr. 2010 and May 2022.', { place: 'Algeria', observedOn: '2022-05' }],
    ['John Example Doe is in Iraq.', { place: 'Iraq', observedOn: null }],
    ['Left Kuwait for Pakistan in June 2001. He is currently incarcerated in the United States of America.', { place: 'United States of America', observedOn: null }],
    ['Disappeared while in Tanzania in early 2013. Whereabouts unknown as of June 2016.', { place: 'Tanzania', observedOn: '2013' }],
  ])('%j', (n, want) => {
    expect(loc(n)).toEqual(want)
  })

  it.each([
    'Cho is believed to be in charge of overseas espionage operations.',
    'Reportedly deceased in Sirte, Libya, on 20 October 2011.',
    'Confirmed killed on 17 February in Peshawar, Pakistan and buried in Takhar Province, Afghanistan.',
    'Arrested in Algeria on 16 Dec. 2012.',
    'Active in the Afghanistan/Pakistan border area, Central Asia and some European States.',
    'His brother lives in Kabul, Afghanistan.',
    'Whereabouts unknown as of June 2016.',
    'Held in detention by the Iraqi intelligence service since 2019.',
  ])('none: %j', (n) => {
    expect(loc(n)).toBeNull()
  })

  it('reads an entity’s base, never a person’s moves in its narrative', () => {
    expect(loc('Headquarters were in Pakistan.', ENT)).toEqual({ place: 'Pakistan', observedOn: null })
    expect(loc('Based in Peshawar and Muzaffarabad, Pakistan Associated with Lashkar-e-Tayyiba (QDe.118).', ENT)).toEqual({ place: 'Peshawar and Muzaffarabad, Pakistan', observedOn: null })
    expect(loc('Its founder was arrested in Dar es Salaam, Tanzania in April 2015. He was subsequently extradited to Kampala, Uganda in July 2015.', ENT)).toBeNull()
  })
})

describe('identifiers', () => {
  it('implements the IMO ship check digit', () => {
    expect(passesShipImoCheck('9321483')).toBe(true) // 9*7+3*6+2*5+1*4+4*3+8*2 = 123 → 3
    expect(passesShipImoCheck('9321484')).toBe(false)
    expect(passesShipImoCheck('5342883')).toBe(false) // a company number from the DPRK list
    expect(passesShipImoCheck('1790183')).toBe(true) // OMM's company number passes by chance
    expect(passesShipImoCheck('123456')).toBe(false)
  })

  it('tells ship IMO numbers from company ones', () => {
    expect(ids('IMO number: 5571322.')).toEqual(['imo-company:5571322'])
    expect(ids('Company Number IMO 5434358.')).toEqual(['imo-company:5434358'])
    expect(ids('International Maritime Organization (IMO) Number: 1790183.')).toEqual(['imo-company:1790183'])
    expect(ids('Registered owner of the vessel WISE HONEST (IMO 8905490).')).toEqual(['imo:8905490'])
    expect(ids('Registered owner of the vessel WISE HONEST (IMO 8905491).')).toEqual(['imo-company:8905491']) // fails the check
    expect(ids('Vessel type: oil tanker. Flag: Comoros. IMO 9321483.')).toEqual(['imo:9321483'])
    expect(ids('Registered owner IMO number 9321483.')).toEqual(['imo-company:9321483'])
  })

  it('reads passports, identity documents and registration numbers', () => {
    expect(ids('New AKA: X with diplomatic passport number 836110034, which expires on 1 January 2020.', IND)).toEqual(['passport:836110034'])
    expect(ids('Passport no. A1234567 issued in 2010.', IND)).toEqual(['passport:A1234567'])
    expect(ids('National identification number: 198012345.', IND)).toEqual(['national-id:198012345'])
    expect(ids('Diplomatic identity card no.:31/2013/20/003140, issued on 07-07-2013.', IND)).toEqual(['identity-card:31/2013/20/003140'])
    expect(ids('2) Military ID is 36479', IND)).toEqual(['military-id:36479'])
    expect(ids('Italian Fiscal Code: JMM MDI 68A25 Z352D.', IND)).toEqual(['tax-id:JMMMDI68A25Z352D'])
    expect(ids('Pakistan National Tax Number: 1774308; Afghan Money Service Provider License Number: 044.')).toEqual(['tax-id:1774308', 'licence:044'])
    expect(ids('Hong Kong company registration number 1177053.')).toEqual(['company-registration:1177053'])
    expect(ids('May use a fake passport of a Syrian or Iraqi citizen.', IND)).toEqual([])
  })
})

describe('affiliations', () => {
  it.each([
    ['Member of Al-Qaida (QDe.004).', ['Al-Qaida']],
    ['Associated with Jemaah Islamiyah (QDe.092).', ['Jemaah Islamiyah']],
    ['Longtime member of the ADF (CDe.001), Baluku used to be second in command.', ['ADF']],
    ['Leader of the ADF.', ['ADF']],
    ['Head of Al Mouakaoune Biddam (QDe.139), Al Moulathamoun (QDe.140) and Al Mourabitoun (QDe.141).', ['Al Mouakaoune Biddam', 'Al Moulathamoun', 'Al Mourabitoun']],
    ['Pledged allegiance to Islamic State in Iraq and the Levant (ISIL), listed as Al-Qaida in Iraq (QDe.115) in May 2015.', ['Islamic State in Iraq and the Levant']],
    ['Senior Haqqani Network (HQN) (TAe.012) member.', ['Haqqani Network']],
    ['He is an active Taliban leader.', ['Taliban']],
    ['Kim is a Tanchon Commercial Bank (TCB) official.', ['Tanchon Commercial Bank']],
    ['Founded and still leads the Central African Republic (CAR)-based militia group Unité pour la Paix en Centrafrique (UPC), which has killed civilians.', ['Unité pour la Paix en Centrafrique']],
    ['Associated with the Abu Sayyaf Group (QDe.001), Jemaah Islamiyah (QDe.092) and Khadafi Abubakar Janjalani (deceased).', ['Abu Sayyaf Group', 'Jemaah Islamiyah']],
    ['Commander of Tehrik-e Taliban Pakistan (TTP) (QDe.132) since 2013. Led the local TTP in Swat.', ['Tehrik-e Taliban Pakistan']],
  ])('%j', (n, want) => {
    expect(aff(n)).toEqual(want)
  })

  it.each([
    'Belongs to Hotak tribe.',
    'Belongs to the Fulani ethnic group.',
    'Son of Usama bin Laden (deceased).',
    'Brother of Yves Saragba, an anti-Balaka commander in Batalimo.',
    'Associated with Abdelmalek Droukdel (QDi.232, reported deceased in June 2020).',
    'Security coordinator for Usama bin Laden (deceased).',
    'He left the DRC and lived in Kenya for some time.',
    'The son of LRA leader Joseph Kony (CFi.009).',
    'Involved in the financing of Al-Qaida and the Taliban.',
  ])('none: %j', (n) => {
    expect(aff(n)).toEqual([])
  })

  it('does not return the subject itself', () => {
    const aqap = { subjectType: 'entity', regime: 'Al-Qaida', primaryName: 'AL-QAIDA IN THE ARABIAN PENINSULA (AQAP)' } as const
    expect(aff('AQAP is a regional affiliate of Al-Qaida (QDe.004). Leader of AQAP is Qasim (QDi.282).', aqap)).toEqual(['Al-Qaida'])
  })
})

describe('flagState', () => {
  const vessel = { subjectType: 'entity', regime: 'DPRK', primaryName: 'WISE HONEST' } as const
  it('reads the subject vessel’s own flag', () => {
    expect(extractFacts('Flag: Comoros. IMO 9321483.', vessel).flagState).toBe('Comoros')
    expect(extractFacts('Vessel flagged in Sierra Leone.', vessel).flagState).toBe('Sierra Leone')
    expect(extractFacts('Flag State: Togo (previously Panama).', vessel).flagState).toBe('Togo')
  })
  it('never another vessel’s flag, a former flag, or a person', () => {
    expect(extractFacts('Registered owner of Panama-flagged vessel HUA FU, a cargo ship.', vessel).flagState).toBeNull()
    expect(extractFacts('DPRK-flagged CHON MA SAN prepared for transfers.', vessel).flagState).toBeNull()
    expect(extractFacts('Former flag: Panama.', vessel).flagState).toBeNull()
    expect(extractFacts('Flag: Comoros.', IND).flagState).toBeNull()
  })
})

describe('validFrom / validUntil', () => {
  it('reads a stated validity of the measures', () => {
    expect(extractFacts('The measures apply until 1 May 2024.', IND)).toMatchObject({ validFrom: null, validUntil: '2024-05-01' })
    expect(extractFacts('Designated for a period of 12 months from 1 May 2023.', IND)).toMatchObject({ validFrom: '2023-05-01', validUntil: '2024-05-01' })
    expect(extractFacts('The designation is valid from 1 May 2023 until 1 May 2024.', IND)).toMatchObject({ validFrom: '2023-05-01', validUntil: '2024-05-01' })
    expect(extractFacts('The designation expires on 30 June 2025.', IND)).toMatchObject({ validUntil: '2025-06-30' })
  })
  it.each([
    'New AKA: X with diplomatic passport number 836110034, which expires on 1 January 2020.',
    'Released on licence in October 2018 which expires in July 2021.',
    'In prison in Italy until 6 February 2026.',
    'Until 7 Sep. 2007 he was also listed under number TAi.048.',
    'Until 21 Oct. 2008, this entity appeared also as "Aid Organization" (QDe.073), listed on 24 Apr. 2002.',
    'Served a two-year restricted residence order in Selangor until 21 November 2021.',
    'The measures apply until May 2024.',
  ])('none: %j', (n) => {
    expect(extractFacts(n, IND)).toMatchObject({ validFrom: null, validUntil: null })
  })
})

describe('prohibitions and MEASURES_BY_REGIME', () => {
  it('covers the 14 regimes and Mali, each with its resolution', () => {
    for (const r of ['Al-Qaida', 'Taliban', 'DPRK', 'Iran', 'Iraq', 'DRC', 'Sudan', 'Libya', 'Somalia', 'CAR', 'Haiti', 'Yemen', 'GB', 'SouthSudan', 'Mali']) {
      const m = MEASURES_BY_REGIME[r]
      expect(m, r).toBeDefined()
      expect(m?.source).toMatch(/S\/RES\/\d{4} \(\d{4}\)/)
      expect(m?.entity).not.toContain('travel ban') // a travel ban applies to individuals only
      for (const x of [...(m?.individual ?? []), ...(m?.entity ?? [])]) expect(x).toBe(x.toLowerCase())
    }
  })
  it('uses the table, lower-cased and deduplicated', () => {
    expect(extractFacts('', { subjectType: 'individual', regime: 'Al-Qaida' }).prohibitions).toEqual(['asset freeze', 'travel ban', 'arms embargo'])
    expect(extractFacts('', { subjectType: 'entity', regime: 'Al-Qaida' }).prohibitions).toEqual(['asset freeze', 'arms embargo'])
    expect(extractFacts('', { subjectType: 'individual', regime: 'GB' }).prohibitions).toEqual(['travel ban'])
    expect(extractFacts('', { subjectType: 'entity', regime: 'GB' }).prohibitions).toEqual([])
    expect(extractFacts('', { subjectType: 'individual', regime: 'Mali' }).prohibitions).toEqual(['asset freeze', 'travel ban'])
    expect(extractFacts('', { subjectType: 'individual', regime: 'Atlantis' }).prohibitions).toEqual([])
    expect(extractFacts('', { subjectType: 'individual', regime: '26532022' }).prohibitions).toEqual([])
  })
  it('takes the measures a listing names, and adds vessel measures the narrative states', () => {
    const libya = { subjectType: 'individual', regime: 'Libya' } as const
    expect(extractFacts('Listed pursuant to paragraph 15 of resolution 1970 (Travel Ban).', libya).prohibitions).toEqual(['travel ban'])
    expect(extractFacts('Listed pursuant to paragraphs 15 and 17 of resolution 1970 (Travel Ban,Asset Freeze).', libya).prohibitions).toEqual(['travel ban', 'asset freeze'])
    expect(extractFacts('Listed pursuant to paragraph 5 of resolution 2624 (2022) as subject to the measures imposed by paragraph 14 of resolution 2216 (2015) (targeted arms embargo).', { subjectType: 'entity', regime: 'Yemen' }).prohibitions).toEqual(['arms embargo'])
    const vessel = { subjectType: 'entity', regime: 'DPRK' } as const
    expect(extractFacts('Designated by the Committee for port entry ban and deflagging.', vessel).prohibitions).toEqual(['asset freeze', 'port entry ban', 'deflagging'])
    expect(extractFacts('Subject to a prohibition of port entry.', { subjectType: 'entity', regime: 'Libya' }).prohibitions).toEqual(['asset freeze', 'port entry ban'])
    // a measure mentioned but not imposed on the subject
    expect(extractFacts('Contributed to activities prohibited by the resolutions, namely the arms embargo imposed by resolution 1718 (2006).', vessel).prohibitions).toEqual(['asset freeze'])
  })
})
