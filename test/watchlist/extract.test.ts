import { readdirSync, readFileSync } from 'node:fs'
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { extractFacts, MEASURES_BY_REGIME, passesShipImoCheck } from '../../packages/legisearch/src/watchlist/extract/facts.js'
import type { Extracted } from 'legisearch'
import { regimeOf } from '../../packages/legisearch/src/watchlist/regimes.js'
import { LABELS, type LabelledNarrative } from './extract-labels.js'
import { fixtureDir } from '../helpers/fixtures.js'

// ── the real list files, read in place ─────────────────────────────────────

const DATA_DIR = `${fixtureDir('un_sc')}/`
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
  const doc = parser.parse(readFileSync(DATA_DIR + file, 'utf8')) as {
    CONSOLIDATED_LIST?: Record<string, Record<string, Record<string, unknown>[]> | string>
  }
  const list = doc.CONSOLIDATED_LIST ?? {}
  const out: ListRecord[] = []
  for (const [group, tag, subjectType] of [
    ['INDIVIDUALS', 'INDIVIDUAL', 'individual'],
    ['ENTITIES', 'ENTITY', 'entity'],
  ] as const) {
    const g = list[group]
    const rows = typeof g === 'object' && g ? (g[tag] ?? []) : []
    for (const r of rows) {
      const primaryName = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
        .map((k) => str(r[k]).trim())
        .filter(Boolean)
        .join(' ')
      const aliasRows = (r[`${tag}_ALIAS`] ?? []) as Record<string, unknown>[]
      out.push({
        ref: str(r.REFERENCE_NUMBER).trim(),
        subjectType,
        // the regime as the reconciler maps it (spellings and the 2023 list's '26532022' → Haiti)
        regime: regimeOf(str(r.UN_LIST_TYPE).trim()).regime,
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
  return extractFacts(rec.narrative, {
    subjectType: rec.subjectType,
    regime: rec.regime,
    primaryName: rec.primaryName,
    aliases: rec.aliases,
  })
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

const FIELDS = [
  'subjectStatus',
  'lastKnownLocation.place',
  'lastKnownLocation.observedOn',
  'identifiers',
  'affiliations',
  'flagState',
  'validFrom',
  'validUntil',
  'prohibitions',
] as const
type Field = (typeof FIELDS)[number]

/**
 * Floors on the whole labelled set (dev + holdout, 135 narratives), a little below what the extractor
 * measured when written, so that a regression fails; subjectStatus precision must stay exact.
 * Measured (all): subjectStatus P 1.000 R 1.000 · place P 1.000 R 0.957 · observedOn P 1.000 R 1.000 ·
 * identifiers P 1.000 R 1.000 · affiliations P 1.000 R 0.990 · prohibitions P 1.000 R 1.000 ·
 * flagState / validFrom / validUntil: no gold value and no output.
 * The 28 holdout narratives, scored blind before any rule was adjusted to them, gave: place P 1.000
 * R 0.800 · observedOn 1.000/1.000 · identifiers 1.000/1.000 · affiliations P 0.833 R 0.833 ·
 * prohibitions 1.000/1.000 (no deceased subject in that sample) — the better estimate of accuracy on
 * unseen narratives.
 */
const FLOORS: Record<Field, { precision: number; recall: number }> = {
  subjectStatus: { precision: 1, recall: 0.95 },
  'lastKnownLocation.place': { precision: 0.95, recall: 0.9 },
  'lastKnownLocation.observedOn': { precision: 0.95, recall: 0.9 },
  identifiers: { precision: 0.95, recall: 0.95 },
  affiliations: { precision: 0.93, recall: 0.9 },
  flagState: { precision: 1, recall: 1 },
  validFrom: { precision: 1, recall: 1 },
  validUntil: { precision: 1, recall: 1 },
  prohibitions: { precision: 0.98, recall: 0.98 },
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
    scoreScalar(
      tallies['lastKnownLocation.observedOn'],
      id,
      l.location?.observedOn ?? null,
      got.lastKnownLocation?.observedAsOf ?? null,
      (s) => s,
    )
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

describe('extractFacts on the labelled UN narratives (test/fixtures/un_sc)', () => {
  it('has at least 60 labelled narratives, each found in its file', () => {
    expect(LABELS.length).toBeGreaterThanOrEqual(60)
    const ids = new Set(LABELS.map((l) => `${l.file} ${l.ref}`))
    expect(ids.size).toBe(LABELS.length)
    for (const l of LABELS) expect(() => findLabelled(l)).not.toThrow()
  })

  it('meets the precision/recall floors per field', () => {
    const all = score(LABELS)
    for (const [name, set] of [
      ['dev', score(LABELS.filter((l) => l.set === 'dev'))],
      ['holdout', score(LABELS.filter((l) => l.set === 'holdout'))],
      ['all', all],
    ] as const) {
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

  // Timings are printed for information only: speed is measured in bench/, never asserted here.
  it('runs on every narrative of every file without throwing (and prints how long each file takes)', () => {
    const files = readdirSync(DATA_DIR)
      .filter((f) => f.endsWith('.xml'))
      .sort()
    expect(files.length).toBeGreaterThan(0)
    const timings: { file: string; narratives: number; ms: string }[] = []
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
      timings.push({ file, narratives: recs.length, ms: ms.toFixed(1) })
    }
    console.table(timings)
  })

  it('reports how many narratives of the latest list get each fact', () => {
    const recs = loadList(LATEST)
    const counts = {
      records: recs.length,
      withNarrative: 0,
      deceased: 0,
      location: 0,
      observedOn: 0,
      identifiers: 0,
      imo: 0,
      imoCompany: 0,
      affiliations: 0,
      flagState: 0,
      validity: 0,
      prohibitions: 0,
      narrativeMeasures: 0,
    }
    for (const r of recs) {
      const x = run(r)
      if (r.narrative.trim()) counts.withNarrative++
      if (x.subjectStatus) counts.deceased++
      if (x.lastKnownLocation) counts.location++
      if (x.lastKnownLocation?.observedAsOf) counts.observedOn++
      if (x.identifiers.length) counts.identifiers++
      if (x.identifiers.some((i) => i.startsWith('imo:'))) counts.imo++
      if (x.identifiers.some((i) => i.startsWith('imo-company:'))) counts.imoCompany++
      if (x.affiliations.length) counts.affiliations++
      if (x.flagState) counts.flagState++
      if (x.validFrom || x.validUntil) counts.validity++
      if (x.prohibitions.length) counts.prohibitions++
      const table = MEASURES_BY_REGIME[r.regime]
      const base = table ? (r.subjectType === 'individual' ? table.individual : table.entity) : []
      if ([...x.prohibitions].sort().join('|') !== [...base].sort().join('|')) counts.narrativeMeasures++
    }
    console.log(`Facts found in ${LATEST}:`, counts)
    expect(counts.records).toBe(1003)
    expect(counts.imo).toBe(0) // the list holds companies' IMO numbers only
    expect(counts.flagState).toBe(0) // and no vessels
  })
})

// ── unit tests on synthetic strings ─────────────────────────────────────────
// Invented names, places and dates, written in the list's phrasings; no narrative is copied here.

const IND = { subjectType: 'individual', regime: 'Al-Qaida', primaryName: 'KARIM SAMPLE DOE' } as const
const ENT = { subjectType: 'entity', regime: 'DPRK', primaryName: 'EXAMPLE SHIPPING CO' } as const
type Ctx = Parameters<typeof extractFacts>[1]
const status = (n: string, ctx: Ctx = IND) => extractFacts(n, ctx).subjectStatus
/** The location with its date as stated (the labels' and these tables' `observedOn`). */
const loc = (n: string, ctx: Ctx = IND) => {
  const l = extractFacts(n, ctx).lastKnownLocation
  return l && { place: l.place, observedOn: l.observedAsOf }
}
const aff = (n: string, ctx: Ctx = IND) => extractFacts(n, ctx).affiliations
const ids = (n: string, ctx: Ctx = ENT) => extractFacts(n, ctx).identifiers

describe('subjectStatus', () => {
  it.each([
    'Confirmed to have died in Oman on 4 Mar. 2012.',
    'Reportedly deceased as at 2 June 2014.',
    'Reportedly deceased as of May 2011.',
    'Believed status/location: deceased.',
    'Listed pursuant to paragraph 15 of resolution 1970 (Travel Ban). Believed\n   status/location: deceased.',
    'Died in 2005',
    'Died on 14 August 2020.',
    'Killed in Yemen on 12 Oct. 2013.',
    'Killed on 5 April 2017 in Mosul.',
    'Deceased as of 3 March 2015.',
    'Death confirmed on 9 May 2012.',
    'Confirmed killed on 11 March in Quetta.',
    'Confirmed assassinated by unknown gunmen on 2 June 2009.',
    'Reported to have died in Goma on 1 July 2016.',
    'Confirmed deceased.',
    'Status: reportedly deceased.',
    'As of March 2021, reportedly killed in an air strike in Syria.',
    'Review pursuant to resolution 2368 (2017) was concluded on 4 Dec. 2019.Reportedly deceased in March 2020.',
    'Reportedly Deceased. Former spokesperson of the Example Front.',
    'Father of Omar Sample (TAi.900) and Ali Sample (deceased). Reportedly deceased as of May 2019.',
    'In March 2021, after joining a coalition, Karim Sample Doe was reportedly killed during fighting.',
    'While chairman of the federation, Karim Sample Doe is believed to have died in Bunia on 2 May 2009.',
    'He was killed in an air strike in 2016.',
    'Was killed in an airstrike in 2015.',
    'Was reportedly killed on 3 May 2019.',
    'Reportedly deceased (2016).',
  ])('deceased: %j', (n) => {
    expect(status(n)).toBe('deceased')
  })

  it.each([
    'Responsible for Omar Sample’s (deceased) security.',
    'Driver and bodyguard to Omar Sample (deceased) from 1998 until 2002.',
    'Brother of Ali Sample (deceased).',
    'Father’s name is Hajji Omar Sample (deceased).',
    'Associated with Omar Sample (QDi.900, reported deceased in May 2021).',
    'Formed in May 2015 upon announcement by now-deceased Omar Sample (QDi.900).',
    'He used the identity of Ali Sample, who allegedly died in Niger in 2006.',
    'Sentenced to death by a national court.',
    'Held in detention since 2018 and has been sentenced to death, Physical description: none.',
    'Faces a death sentence.',
    'Responsible for the deaths of dozens of civilians.',
    'Ordered the killing of journalists.',
    'Leader of the group following the death of its former leader Omar Sample (QDi.900).',
    'During June 2016, forces under his command killed civilians and burned villages.',
    'The group has killed, tortured and displaced civilians.',
    'On 3 June 2018, the militia killed 20 villagers.',
    'His son Ali Doe was killed in 2019.',
    'His son was killed in a drone strike in 2020.',
    'Omar Sample Doe was killed in 2012.',
    'Killed 12 civilians in 2018.',
    'Deceased brother: Ali Sample (QDi.900).',
    'Dead or alive reward offered.',
    'Killed in action? Unconfirmed reports.',
    'Reportedly deceased? Not confirmed.',
    '',
  ])('not deceased: %j', (n) => {
    expect(status(n)).toBeNull()
  })

  it('needs the subject’s own name, not a few shared words', () => {
    const son = { subjectType: 'individual', regime: 'Al-Qaida', primaryName: 'ALI OMAR HASSAN BIN SAMPLE' } as const
    expect(status('Son of Omar bin Sample (deceased). Omar bin Sample was killed in 2011.', son)).toBeNull()
    expect(status('Ali Omar Hassan bin Sample was reportedly killed in 2019.', son)).toBe('deceased')
    expect(
      status('Nour Sidi Sample was reportedly killed during fighting.', {
        subjectType: 'individual',
        regime: 'CAR',
        primaryName: 'NOUR SIDI SAMPLE',
      }),
    ).toBe('deceased')
  })

  it('never marks an entity', () => {
    expect(status('Reportedly deceased in 2015.', ENT)).toBeNull()
  })
})

describe('lastKnownLocation', () => {
  it('observedOn is a full date or null (spec 2.6: a date); observedAsOf keeps the precision stated', () => {
    expect(extractFacts('As of May 2017, resides in Bukavu.', IND).lastKnownLocation).toEqual({
      place: 'Bukavu',
      observedOn: null,
      observedAsOf: '2017-05',
    })
    expect(extractFacts('Reportedly located in Idlib, Syrian Arab Republic as of 2 March 2021.', IND).lastKnownLocation).toEqual({
      place: 'Idlib, Syrian Arab Republic',
      observedOn: '2021-03-02',
      observedAsOf: '2021-03-02',
    })
  })

  it.each([
    ['As of May 2017, resides in Bukavu.', { place: 'Bukavu', observedOn: '2017-05' }],
    ['Resides in the Syrian Arab Republic as at Feb. 2012.', { place: 'Syrian Arab Republic', observedOn: '2012-02' }],
    ['Believed to be in the Afghanistan/Pakistan border area.', { place: 'Afghanistan/Pakistan border area', observedOn: null }],
    [
      'Reportedly located in Idlib, Syrian Arab Republic as of 2 March 2021.',
      { place: 'Idlib, Syrian Arab Republic', observedOn: '2021-03-02' },
    ],
    ['Location: Somalia. Alternative location: Kenya (2008 – 2010).', { place: 'Somalia', observedOn: null }],
    ['Location Sudan.', { place: 'Sudan', observedOn: null }],
    ['As of late 2015, living in Kiziba camp, Rwanda.', { place: 'Kiziba camp, Rwanda', observedOn: '2015' }],
    ['He fled to Uganda in April 2012 and is still living there as of mid-2015.', { place: 'Uganda', observedOn: '2015' }],
    ['Lived in Kenya in 2004 and moved to Yemen in 2010.', { place: 'Yemen', observedOn: '2010' }],
    [
      'Incarcerated at the Central prison in Rabat, as of May 2014. Incarcerated in the Tazmamart penitentiary, Morocco as of June 2022.',
      { place: 'Tazmamart penitentiary, Morocco', observedOn: '2022-06' },
    ],
    ['Believed to be in Libya as of Mar. 2011 and June 2021.', { place: 'Libya', observedOn: '2021-06' }],
    ['Karim Sample Doe is in Iraq.', { place: 'Iraq', observedOn: null }],
    [
      'Left Qatar for Yemen in May 2003. He is currently incarcerated in the United States of America.',
      { place: 'United States of America', observedOn: null },
    ],
    ['Disappeared while in Burundi in late 2014. Whereabouts unknown as of May 2017.', { place: 'Burundi', observedOn: '2014' }],
    ['Transferred to The Hague on 3 March 2012.', { place: 'The Hague', observedOn: '2012-03-03' }],
  ])('%j', (n, want) => {
    expect(loc(n)).toEqual(want)
  })

  it.each([
    'Omar is believed to be in charge of foreign procurement.',
    'Reportedly deceased in Tripoli, Libya, on 3 May 2012.',
    'Confirmed killed on 11 March in Quetta, Pakistan and buried in Kandahar Province, Afghanistan.',
    'Arrested in Tunisia on 4 Jan. 2013.',
    'Active in the Sahel region and some European States.',
    'His brother lives in Kabul, Afghanistan.',
    'Whereabouts unknown as of June 2017.',
    'Held in detention by the national intelligence service since 2018.',
    'The group’s spokesman, Omar Sample, jailed at the Central prison in Rabat since 2016.',
  ])('none: %j', (n) => {
    expect(loc(n)).toBeNull()
  })

  it('reads an entity’s base, never a person’s moves in its narrative', () => {
    expect(loc('Headquarters were in Yemen.', ENT)).toEqual({ place: 'Yemen', observedOn: null })
    expect(loc('Based in Lahore and Karachi, Pakistan Associated with Example Front (QDe.900).', ENT)).toEqual({
      place: 'Lahore and Karachi, Pakistan',
      observedOn: null,
    })
    expect(loc('A trading company based in Pyongyang that is subordinate to Example Corporation (designated in May 2010).', ENT)).toEqual({
      place: 'Pyongyang',
      observedOn: null,
    })
    expect(
      loc('Its founder was arrested in Nairobi, Kenya in May 2014. He was subsequently extradited to Kampala, Uganda in June 2014.', ENT),
    ).toBeNull()
  })
})

describe('identifiers', () => {
  it('implements the IMO ship check digit', () => {
    expect(passesShipImoCheck('9321483')).toBe(true) // 9*7+3*6+2*5+1*4+4*3+8*2 = 123 → 3
    expect(passesShipImoCheck('9321484')).toBe(false)
    expect(passesShipImoCheck('5342883')).toBe(false) // a company number from the DPRK list
    expect(passesShipImoCheck('1790183')).toBe(true) // a company number that passes by chance
    expect(passesShipImoCheck('123456')).toBe(false)
  })

  it('tells ship IMO numbers from company ones', () => {
    expect(ids('IMO number: 5571322.')).toEqual(['imo-company:5571322'])
    expect(ids('Company Number IMO 5434358.')).toEqual(['imo-company:5434358'])
    expect(ids('International Maritime Organization (IMO) Number: 1790183.')).toEqual(['imo-company:1790183'])
    expect(ids('Registered owner of the vessel SEA EXAMPLE (IMO 8905490).')).toEqual(['imo:8905490'])
    expect(ids('Registered owner of the vessel SEA EXAMPLE (IMO 8905491).')).toEqual(['imo-company:8905491']) // fails the check
    expect(ids('Vessel type: oil tanker. Flag: Comoros. IMO 9321483.')).toEqual(['imo:9321483'])
    expect(ids('Registered owner IMO number 9321483.')).toEqual(['imo-company:9321483'])
  })

  it('reads passports, identity documents and registration numbers', () => {
    expect(ids('New AKA: Omar Sample with diplomatic passport number 745110021, which expires on 1 May 2021.', IND)).toEqual([
      'passport:745110021',
    ])
    expect(ids('Passport no. A1234567 issued in 2010.', IND)).toEqual(['passport:A1234567'])
    expect(ids('National identification number: 198012345.', IND)).toEqual(['national-id:198012345'])
    expect(ids('Diplomatic identity card no.:12/2014/30/004150, issued on 02-03-2014.', IND)).toEqual(['identity-card:12/2014/30/004150'])
    expect(ids('2) Military ID is 41235', IND)).toEqual(['military-id:41235'])
    expect(ids('Italian Fiscal Code: ABC DEF 70A01 Z352X.', IND)).toEqual(['tax-id:ABCDEF70A01Z352X'])
    expect(ids('Pakistan National Tax Number: 1234567; Money Service Provider License Number: 051.')).toEqual([
      'tax-id:1234567',
      'licence:051',
    ])
    expect(ids('Hong Kong company registration number 1234560.')).toEqual(['company-registration:1234560'])
    expect(ids('May use a forged passport of another country.', IND)).toEqual([])
  })
})

describe('affiliations', () => {
  it.each([
    ['Member of Al-Qaida (QDe.004).', ['Al-Qaida']],
    ['Associated with Example Islamic Front (QDe.901).', ['Example Islamic Front']],
    ['Longtime member of the XYZ (CDe.901), he later led its northern wing.', ['XYZ']],
    ['Leader of the ADF.', ['ADF']],
    [
      'Head of Example Brigade (QDe.901), Sample Battalion (QDe.902) and Al Exemplar (QDe.903).',
      ['Example Brigade', 'Sample Battalion', 'Al Exemplar'],
    ],
    [
      'Pledged allegiance to Islamic State in Iraq and the Levant (ISIL), listed as Al-Qaida in Iraq (QDe.115) in June 2016.',
      ['Islamic State in Iraq and the Levant'],
    ],
    ['Senior Example Network (EXN) (TAe.901) member.', ['Example Network']],
    ['He is an active Taliban leader.', ['Taliban']],
    ['Omar Sample is a Sample Commercial Bank (SCB) official.', ['Sample Commercial Bank']],
    [
      'Founded and still leads the Central African Republic (CAR)-based militia group Union pour le Renouveau Exemplaire (URE), which has attacked civilians.',
      ['Union pour le Renouveau Exemplaire'],
    ],
    ['Associated with the Example Group (QDe.901), Sample Front (QDe.902) and Omar Sample (deceased).', ['Example Group', 'Sample Front']],
    ['Commander of Example Movement Pakistan (EMP) (QDe.901) since 2014. Led the local EMP in the north.', ['Example Movement Pakistan']],
    ['Member of the “Military Council”, which took power in 2012.', ['Military Council']],
  ])('%j', (n, want) => {
    expect(aff(n)).toEqual(want)
  })

  it.each([
    'Belongs to Sample tribe.',
    'Belongs to the Fulani ethnic group.',
    'Son of Omar Sample (deceased).',
    'Brother of Ali Sample, an anti-Balaka commander in Bangui.',
    'Associated with Omar Sample (QDi.900, reported deceased in May 2021).',
    'Security coordinator for Omar Sample (deceased).',
    'He left the DRC and lived in Kenya for some time.',
    'The son of LRA leader Omar Sample (CFi.900).',
    'Involved in the financing of Al-Qaida and the Taliban.',
    'Not affiliated with the Example Relief Society (ERS).',
    'Commander of the 12th Brigade.',
  ])('none: %j', (n) => {
    expect(aff(n)).toEqual([])
  })

  it('does not return the subject itself', () => {
    const self = { subjectType: 'entity', regime: 'Al-Qaida', primaryName: 'EXAMPLE FRONT IN THE SAHEL (EFS)' } as const
    expect(aff('EFS is a regional affiliate of Al-Qaida (QDe.004). Leader of EFS is Omar Sample (QDi.900).', self)).toEqual(['Al-Qaida'])
  })
})

describe('flagState', () => {
  const vessel = { subjectType: 'entity', regime: 'DPRK', primaryName: 'SEA EXAMPLE' } as const
  it('reads the subject vessel’s own flag', () => {
    expect(extractFacts('Flag: Comoros. IMO 9321483.', vessel).flagState).toBe('Comoros')
    expect(extractFacts('Vessel flagged in Sierra Leone.', vessel).flagState).toBe('Sierra Leone')
    expect(extractFacts('Flag State: Togo (previously Panama).', vessel).flagState).toBe('Togo')
  })
  it('never another vessel’s flag, a former flag, or a person', () => {
    expect(extractFacts('Registered owner of Panama-flagged vessel SEA SAMPLE, a cargo ship.', vessel).flagState).toBeNull()
    expect(extractFacts('DPRK-flagged SEA SAMPLE prepared for transfers.', vessel).flagState).toBeNull()
    expect(extractFacts('Former flag: Panama.', vessel).flagState).toBeNull()
    expect(extractFacts('Flagged in Togo previously.', vessel).flagState).toBeNull()
    expect(extractFacts('Vessel flagged in Panama until 2019.', vessel).flagState).toBeNull()
    expect(extractFacts('Formerly flagged in Panama. Flag: Togo.', vessel).flagState).toBe('Togo')
    expect(extractFacts('Flag: Comoros.', IND).flagState).toBeNull()
  })
})

describe('validFrom / validUntil', () => {
  it('reads a stated validity of the measures', () => {
    expect(extractFacts('The measures apply until 1 May 2024.', IND)).toMatchObject({ validFrom: null, validUntil: '2024-05-01' })
    expect(extractFacts('Designated for a period of 12 months from 1 May 2023.', IND)).toMatchObject({
      validFrom: '2023-05-01',
      validUntil: '2024-05-01',
    })
    expect(extractFacts('The designation is valid from 1 May 2023 until 1 May 2024.', IND)).toMatchObject({
      validFrom: '2023-05-01',
      validUntil: '2024-05-01',
    })
    expect(extractFacts('The designation expires on 30 June 2025.', IND)).toMatchObject({ validUntil: '2025-06-30' })
  })
  it.each([
    'New AKA: Omar Sample with diplomatic passport number 745110021, which expires on 1 May 2021.',
    'Released on licence in March 2019 which expires in March 2022.',
    'In prison in Spain until 4 April 2027.',
    'Until 2 Sep. 2008 he was also listed under number TAi.901.',
    'Until 3 Nov. 2009, this entity appeared also as "Example Relief" (QDe.901), listed on 2 Apr. 2003.',
    'Served a two-year restricted residence order in Johor until 4 May 2022.',
    'Under administrative control measure in Spain which expires on 3 Feb. 2013.',
    'The measures apply until May 2024.',
  ])('none: %j', (n) => {
    expect(extractFacts(n, IND)).toMatchObject({ validFrom: null, validUntil: null })
  })
})

describe('prohibitions and MEASURES_BY_REGIME', () => {
  it('covers the 14 regimes and Mali, each with its resolution', () => {
    for (const r of [
      'Al-Qaida',
      'Taliban',
      'DPRK',
      'Iran',
      'Iraq',
      'DRC',
      'Sudan',
      'Libya',
      'Somalia',
      'CAR',
      'Haiti',
      'Yemen',
      'GB',
      'SouthSudan',
      'Mali',
    ]) {
      const m = MEASURES_BY_REGIME[r]
      expect(m, r).toBeDefined()
      expect(m?.source).toMatch(/S\/RES\/\d{4} \(\d{4}\)/)
      expect(m?.entity).not.toContain('travel ban') // a travel ban applies to individuals only
      for (const x of [...(m?.individual ?? []), ...(m?.entity ?? [])]) expect(x).toBe(x.toLowerCase())
    }
  })
  it('uses the table, lower-cased and deduplicated', () => {
    expect(extractFacts('', { subjectType: 'individual', regime: 'Al-Qaida' }).prohibitions).toEqual([
      'asset freeze',
      'travel ban',
      'arms embargo',
    ])
    expect(extractFacts('', { subjectType: 'entity', regime: 'Al-Qaida' }).prohibitions).toEqual(['asset freeze', 'arms embargo'])
    expect(extractFacts('', { subjectType: 'individual', regime: 'GB' }).prohibitions).toEqual(['travel ban'])
    expect(extractFacts('', { subjectType: 'entity', regime: 'GB' }).prohibitions).toEqual([])
    expect(extractFacts('', { subjectType: 'individual', regime: 'Mali' }).prohibitions).toEqual(['asset freeze', 'travel ban'])
    expect(extractFacts('', { subjectType: 'individual', regime: 'Atlantis' }).prohibitions).toEqual([])
  })
  it('takes the measures a listing names, and adds vessel measures the narrative states', () => {
    const libya = { subjectType: 'individual', regime: 'Libya' } as const
    expect(extractFacts('Listed pursuant to paragraph 15 of resolution 1970 (Travel Ban).', libya).prohibitions).toEqual(['travel ban'])
    expect(
      extractFacts('Listed pursuant to paragraphs 15 and 17 of resolution 1970 (Travel Ban,Asset Freeze).', libya).prohibitions,
    ).toEqual(['travel ban', 'asset freeze'])
    expect(
      extractFacts(
        'Listed pursuant to paragraph 5 of resolution 2624 (2022) as subject to the measures imposed by paragraph 14 of resolution 2216 (2015) (targeted arms embargo).',
        { subjectType: 'entity', regime: 'Yemen' },
      ).prohibitions,
    ).toEqual(['arms embargo'])
    const vessel = { subjectType: 'entity', regime: 'DPRK' } as const
    expect(extractFacts('Designated by the Committee for port entry ban and deflagging.', vessel).prohibitions).toEqual([
      'asset freeze',
      'port entry ban',
      'deflagging',
    ])
    expect(extractFacts('Subject to a prohibition of port entry.', { subjectType: 'entity', regime: 'Libya' }).prohibitions).toEqual([
      'asset freeze',
      'port entry ban',
    ])
    // a measure mentioned but not imposed on the subject
    expect(
      extractFacts(
        'Contributed to activities prohibited by the resolutions, namely the arms embargo imposed by resolution 1718 (2006).',
        vessel,
      ).prohibitions,
    ).toEqual(['asset freeze'])
  })
})
