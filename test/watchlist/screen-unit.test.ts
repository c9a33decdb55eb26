/**
 * The screening matcher's behaviour on small hand-made subjects (no data files): each test names
 * one thing a real query does to a listed name (word order, a comma form, a typo, a dropped
 * middle name, a transliteration variant, another script) and what must come out, reasons included.
 */
import { describe, expect, it } from 'vitest'
import { compareNames } from '../../src/watchlist/screen/compare.js'
import { countryCode } from '../../src/watchlist/screen/countries.js'
import { DEFAULT_THRESHOLD, ScreeningIndex, type ScreeningSubject, subjectOf } from '../../src/watchlist/screen/index.js'
import { prepareName } from '../../src/watchlist/screen/normalize.js'
import { jaroWinkler, osaDistance, withinOneEdit } from '../../src/watchlist/screen/similarity.js'
import { skeleton } from '../../src/watchlist/screen/variants.js'

type Kind = ScreeningSubject['names'][number]['kind']

function subject(ref: string, names: readonly (string | [string, Kind])[], more: Partial<ScreeningSubject> = {}): ScreeningSubject {
  return {
    ref,
    subjectType: 'individual',
    names: names.map((n, i) => (typeof n === 'string' ? { name: n, kind: i === 0 ? 'primary' : 'alias' } : { name: n[0], kind: n[1] })),
    birthYears: [],
    nationalities: [],
    ...more,
  }
}

const ZAWAHIRI = subject('QDi.006', ['AIMAN MUHAMMED RABI AL-ZAWAHIRI', ['أيمن محمد ربيع الظواهري', 'original_script']], {
  birthYears: [[1951, 1951]],
  nationalities: ['eg'],
})
const SHIHATA = subject('QDi.017', ['THARWAT SALAH SHIHATA'], { birthYears: [[1960, 1960]], nationalities: ['eg'] })
const SALEK = subject('TAi.108', ['ABDULHAI SALEK'], { birthYears: [[1965, 1965]], nationalities: ['af'] })
const ADEL = subject('QDi.001', ['MUHAMMAD SALAH AL-DIN ZAIDAN', ['Seif al Adel', 'weak_alias']], { birthYears: [[1960, 1963]] })
const PUTIN = subject('XXi.001', ['VLADIMIR VLADIMIROVICH PUTIN'])
const ORIGINAL_ONLY = subject('XXi.002', [['ثروت صالح شحاته', 'original_script']])
const COMPANY: ScreeningSubject = { ...subject('XXe.001', ['TACTICAL MISSILES CORPORATION JOINT STOCK COMPANY']), subjectType: 'entity' }
const UNRELATED = subject('XXi.099', ['JOHN SMITH'])
const KOREAN = subject('KPi.999', ['KIM YONG CHOL', 'RI SU YONG'])

const index = new ScreeningIndex([ZAWAHIRI, SHIHATA, SALEK, ADEL, PUTIN, ORIGINAL_ONLY, COMPANY, UNRELATED, KOREAN])
const opts = { threshold: DEFAULT_THRESHOLD, limit: 5 }

function top(name: string, extra: { birthDate?: string; nationality?: string } = {}) {
  return index.match({ name, ...extra }, { threshold: 0, limit: 5 })[0]
}

function hitOf(ref: string, name: string, extra: { birthDate?: string; nationality?: string } = {}) {
  return index.match({ name, ...extra }, { threshold: 0, limit: 10 }).find((h) => h.ref === ref)
}

describe('similarity primitives', () => {
  it('Jaro-Winkler and the optimal-string-alignment distance', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3)
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3)
    expect(osaDistance('faiz', 'afiz')).toBe(1)
    expect(osaDistance('kitten', 'sitting')).toBe(3)
    expect(osaDistance('kitten', 'sitting', 1)).toBe(2)
    expect(withinOneEdit('slaim', 'salim')).toBe(true)
    expect(withinOneEdit('abudl', 'abdul')).toBe(true)
    expect(withinOneEdit('castro', 'castillo')).toBe(false)
  })

  it('the consonant skeleton makes transliterations meet, and keeps a nisba apart', () => {
    for (const [a, b] of [
      ['muhammad', 'mohamed'],
      ['usama', 'osama'],
      ['saif', 'seif'],
      ['yusuf', 'yousef'],
      ['shihata', 'chehata'],
      ['khaled', 'haled'],
      ['qadir', 'kadir'],
      ['mahmoud', 'mahmud'],
    ]) {
      expect(skeleton(a as string), `${a} ~ ${b}`).toBe(skeleton(b as string))
    }
    expect(skeleton('mohammadi')).not.toBe(skeleton('mohammad'))
  })
})

describe('reading a name', () => {
  it('a comma form is turned round, particles and abd- prefixes canonical', () => {
    const n = prepareName('SALEK, ABDULHAI')
    expect(n.commaForm).toBe(true)
    expect(n.words.map((w) => w.text)).toEqual(['abd', 'hai', 'salek'])
    expect(prepareName('Usama ibn Ladin').words.map((w) => w.text)).toEqual(['usama', 'bin', 'ladin'])
    expect(prepareName('Ahmad el-Sayed').words.map((w) => [w.text, w.kind])).toEqual([
      ['ahmad', 'word'],
      ['al', 'article'],
      ['sayed', 'word'],
    ])
    expect(prepareName('Abd al-Rahman').words.map((w) => w.text)).toEqual(['abd', 'al', 'rahman'])
  })

  it('another script is transliterated and said', () => {
    expect(prepareName('Владимир Путин').words.map((w) => w.text)).toEqual(['vladimir', 'putin'])
    const arabic = prepareName('أيمن الظواهري')
    expect(arabic.script).toBe('Arabic')
    expect(arabic.words.map((w) => [w.text, w.form])).toEqual([
      ['aymn', 'vowelless'],
      ['al', 'vowelless'],
      ['zwhry', 'vowelless'],
    ])
    expect(prepareName('习近平').words.map((w) => w.text)).toEqual(['xi', 'jin', 'ping'])
  })
})

describe('name against name', () => {
  it('transliteration variants score high', () => {
    for (const [q, s] of [
      ['Mohammed Ali', 'Muhammad Ali'],
      ['Mohamed Ali', 'Muhammad Ali'],
      ['Osama bin Laden', 'Usama bin Ladin'],
      ['Osama bin Laden', 'Usama ibn Ladin'],
      ['Osama ben Laden', 'Usama bin Ladin'],
      ['Saif al-Adel', 'Seif al Adel'],
      ['Yusuf Hassan', 'Yousef Hasan'],
      ['Abdul Rahman Yasin', 'Abd al-Rahman Yasin'],
      ['Abdelrahman Yasin', 'Abd al-Rahman Yasin'],
      ['Ayman al-Zawahiri', 'Ayman Al Zawahiri'],
      ['Ayman alZawahiri', 'Ayman Al Zawahiri'],
      ['Khaled Mahmoud', 'Haled Mahmud'],
      ['Abdul Qadir', 'Abdul Kadir'],
    ]) {
      expect(compareNames(q as string, s as string).score, `${q} ~ ${s}`).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    }
  })

  it('different names stay apart', () => {
    for (const [q, s] of [
      ['Raul Castillo', 'Raul Castro'],
      ['Hossein Mohammadi', 'Hussein Muhammad'],
      ['John Smith', 'Jane Smythe'],
      ['Patricia Lucas Wheeler', 'Ayman al-Zawahiri'],
      ['Friedrich Hans Müller', 'Hans Friedrich'],
    ]) {
      expect(compareNames(q as string, s as string).score, `${q} ~ ${s}`).toBeLessThan(DEFAULT_THRESHOLD)
    }
  })

  it('an organisation’s legal form, written out or abbreviated, weighs little and meets its abbreviation', () => {
    const e = { entity: true }
    expect(
      compareNames('Tactical Missiles Corp. JSC', 'TACTICAL MISSILES CORPORATION JOINT STOCK COMPANY', e).score,
    ).toBeGreaterThanOrEqual(0.95)
    expect(compareNames('HSBC Holdings p.l.c.', 'HSBC Holdings Public Limited Company', e).score).toBeGreaterThanOrEqual(0.95)
    expect(compareNames('Tactical Rockets JSC', 'TACTICAL MISSILES CORPORATION JOINT STOCK COMPANY', e).score).toBeLessThan(
      DEFAULT_THRESHOLD,
    )
  })
})

describe('ScreeningIndex.match', () => {
  it('word order', () => {
    const hit = top('Zawahiri Aiman Rabi Muhammed al')
    expect(hit?.ref).toBe('QDi.006')
    expect(hit?.score).toBeGreaterThanOrEqual(0.95)
    expect(hit?.reasons).toContain('word order differs')
    expect(top('Aiman Muhammed Rabi al-Zawahiri')?.reasons).not.toContain('word order differs')
  })

  it('comma form', () => {
    const hit = top('SALEK, ABDULHAI')
    expect(hit).toMatchObject({ ref: 'TAi.108', score: 1, matchedName: 'ABDULHAI SALEK' })
    expect(hit?.reasons).toContain('comma form read as "given names family name"')
  })

  it('a typo', () => {
    const hit = top('Tharwat Salah Shiata')
    expect(hit?.ref).toBe('QDi.017')
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    expect(hit?.reasons[0]).toBe('name: 3 of 3 query words matched (2 exact, 1 close: "shiata"~"shihata")')
    expect(top('Tharwat Salah Shihtaa')?.ref).toBe('QDi.017')
  })

  it('a dropped middle name', () => {
    const hit = top('Tharwat Shihata')
    expect(hit?.ref).toBe('QDi.017')
    expect(hit?.score).toBeGreaterThanOrEqual(0.9)
    expect(hit?.reasons).toContain('listed words not in the query: salah')
  })

  it('transliteration variants, with the variant said', () => {
    const hit = top('Tharwat Salah Chehata')
    expect(hit?.ref).toBe('QDi.017')
    expect(hit?.score).toBeGreaterThanOrEqual(0.95)
    expect(hit?.reasons[0]).toBe('name: 3 of 3 query words matched (2 exact, 1 spelling variant: "chehata"~"shihata")')
    expect(top('Ayman al-Zawahiri')?.ref).toBe('QDi.006')
    expect(top('Abdul Hai Salek')?.ref).toBe('TAi.108')
  })

  it('a low-quality alias matches and says so', () => {
    const hit = top('Saif al-Adel')
    expect(hit).toMatchObject({ ref: 'QDi.001', matchedName: 'Seif al Adel' })
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    expect(hit?.reasons).toContain('matched alias (low quality)')
  })

  it('cross-script: an Arabic query against the Latin names and against the original script', () => {
    const hit = top('أيمن الظواهري')
    expect(hit?.ref).toBe('QDi.006')
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    expect(hit?.reasons).toContain('transliterated from Arabic script')
    const same = top('ثروت صالح شحاته')
    expect(same?.ref).toBe('XXi.002')
    expect(same?.score).toBe(1)
    expect(same?.reasons).toContain('matched original-script name (Arabic)')
  })

  it('cross-script: a Latin query against a name published only in Arabic script', () => {
    const hits = index.match({ name: 'Tharwat Salah Shihata' }, opts)
    expect(hits.map((h) => h.ref)).toEqual(['QDi.017', 'XXi.002'])
    expect(hits[1]?.reasons).toContain('matched original-script name (Arabic)')
  })

  it('cross-script: Cyrillic', () => {
    const hit = top('Владимир Путин')
    expect(hit?.ref).toBe('XXi.001')
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    expect(hit?.reasons).toContain('transliterated from Cyrillic script')
  })

  it('cross-script: Hangul against the list’s romanization (gim/kim, jeong/jong, ri/i)', () => {
    const hit = top('김영철')
    expect(hit?.ref).toBe('KPi.999')
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD)
    expect(hit?.reasons).toContain('transliterated from Korean script')
    expect(top('이수용')?.ref).toBe('KPi.999')
    expect(index.match({ name: '박지성' }, opts)).toEqual([])
  })

  it('a birth year within the listed ones raises the score, one outside lowers it, each said', () => {
    const plain = hitOf('QDi.017', 'Tharwat Shihata')?.score as number
    const within = hitOf('QDi.017', 'Tharwat Shihata', { birthDate: '1960-06-29' })
    const outside = hitOf('QDi.017', 'Tharwat Shihata', { birthDate: '1980' })
    const near = hitOf('QDi.017', 'Tharwat Shihata', { birthDate: '1961-02' })
    expect(within?.score).toBeGreaterThan(plain)
    expect(within?.reasons).toContain('birth year 1960 within 1960')
    expect(outside?.score).toBeLessThan(plain)
    expect(outside?.reasons).toContain('birth year 1980 not in 1960')
    expect(near?.score).toBeLessThan(plain)
    expect(near?.score).toBeGreaterThan(outside?.score as number)
    expect(near?.reasons).toContain('birth year 1961 near 1960 (1 year off)')
    const range = top('Saif al-Adel', { birthDate: '1962' })
    expect(range?.reasons).toContain('birth year 1962 within 1960–1963')
    // No year on the subject: no effect.
    expect(top('Vladimir Putin', { birthDate: '1952' })).toEqual(top('Vladimir Putin'))
  })

  it('nationality: a shared one raises, a different one lowers, by code or by name', () => {
    const plain = hitOf('QDi.017', 'Tharwat Shihata')?.score as number
    const same = hitOf('QDi.017', 'Tharwat Shihata', { nationality: 'Egito' })
    const other = hitOf('QDi.017', 'Tharwat Shihata', { nationality: 'br' })
    expect(same?.score).toBeGreaterThan(plain)
    expect(same?.reasons).toContain('nationality eg matches')
    expect(other?.score).toBeLessThan(plain)
    expect(other?.reasons).toContain('nationality br differs (eg)')
    expect(top('Vladimir Putin', { nationality: 'ru' })).toEqual(top('Vladimir Putin'))
  })

  it('an entity’s legal-form words weigh less', () => {
    const hit = index.match({ name: 'Tactical Missiles Corporation JSC' }, opts)[0]
    expect(hit?.ref).toBe('XXe.001')
    expect(hit?.score).toBeGreaterThanOrEqual(0.95)
  })

  it('threshold, limit and ties by ref', () => {
    const twins = new ScreeningIndex([
      subject('B.2', ['ALI HASSAN']),
      subject('A.1', ['ALI HASSAN']),
      subject('C.3', ['ALI HASSAN']),
      subject('D.4', ['ALI HASSAN MUHAMMAD']),
    ])
    const all = twins.match({ name: 'Ali Hassan' }, { threshold: 0, limit: 10 })
    expect(all.map((h) => h.ref)).toEqual(['A.1', 'B.2', 'C.3', 'D.4'])
    expect(all[0]?.score).toBe(1)
    const d4 = all[3]?.score as number
    expect(d4).toBeLessThan(1)
    expect(twins.match({ name: 'Ali Hassan' }, { threshold: 0, limit: 2 }).map((h) => h.ref)).toEqual(['A.1', 'B.2'])
    expect(twins.match({ name: 'Ali Hassan' }, { threshold: d4 + 0.001, limit: 10 }).map((h) => h.ref)).toEqual(['A.1', 'B.2', 'C.3'])
    expect(twins.match({ name: 'Ali Hassan' }, { threshold: 0, limit: 0 })).toEqual([])
    for (const h of all) expect(Math.round(h.score * 1000) / 1000).toBe(h.score)
  })

  it('an unrelated name finds nothing at the default threshold', () => {
    expect(index.match({ name: 'Patricia Lucas Wheeler' }, opts)).toEqual([])
    expect(index.match({ name: 'Maria do Carmo Alves' }, opts)).toEqual([])
  })

  it('an empty or blank name is the caller’s to refuse: a plain Error', () => {
    expect(() => index.match({ name: '' }, opts)).toThrow(Error)
    expect(() => index.match({ name: '   ' }, opts)).toThrow(/empty/)
    expect(() => index.match({ name: '---' }, opts)).toThrow(/no letters/)
  })

  it('reports its size', () => {
    expect(index.size).toBeGreaterThan(1000)
    expect(new ScreeningIndex([]).size).toBeLessThan(index.size)
  })
})

describe('subjectOf', () => {
  it('builds the names by kind, the birth years and the nationality codes', () => {
    const s = subjectOf(
      {
        sourceRefNumber: 'QDi.006',
        subjectType: 'individual',
        primaryName: 'AIMAN MUHAMMED RABI AL-ZAWAHIRI',
        aliases: [
          { name: 'Ayman Al-Zawahari', quality: 'good' },
          { name: 'Abu Fatma', quality: 'low' },
          { name: 'Ayman  al-zawahari', quality: 'a.k.a.' },
        ],
        nameOriginalScript: 'أيمن محمد ربيع الظواهري',
        nationalities: ['Egypt', 'Iran (Islamic Republic of)', 'na'],
      },
      {
        datesOfBirth: [
          { TYPE_OF_DATE: 'EXACT', DATE: '1951-06-19' },
          { TYPE_OF_DATE: 'BETWEEN', FROM_YEAR: '1953', TO_YEAR: '1955' },
          { TYPE_OF_DATE: 'APPROXIMATELY', YEAR: '1970' },
          { TYPE_OF_DATE: 'EXACT', NOTE: 'Nov. 1973' },
        ],
      },
    )
    expect(s.names).toEqual([
      { name: 'AIMAN MUHAMMED RABI AL-ZAWAHIRI', kind: 'primary' },
      { name: 'Ayman Al-Zawahari', kind: 'alias' },
      { name: 'أيمن محمد ربيع الظواهري', kind: 'original_script' },
      { name: 'Abu Fatma', kind: 'weak_alias' },
    ])
    expect(s.birthYears).toEqual([
      [1951, 1951],
      [1953, 1955],
      [1970, 1970],
      [1973, 1973],
    ])
    expect(s.nationalities).toEqual(['eg', 'ir'])
    expect(s.ref).toBe('QDi.006')
  })

  it('country codes from codes and English or Portuguese names', () => {
    expect(countryCode('AF')).toBe('af')
    expect(countryCode('AFG')).toBe('af')
    expect(countryCode("Democratic People's Republic of Korea")).toBe('kp')
    expect(countryCode('Iraque')).toBe('iq')
    expect(countryCode('Nowhere Land')).toBeNull()
  })
})
