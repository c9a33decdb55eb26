/**
 * The screening matcher's behaviour on small hand-made subjects (no data files): each test names
 * one thing a real query does to a listed name (word order, a comma form, a typo, a dropped
 * middle name, a transliteration variant, another script) and what must come out, reasons included.
 */
import { describe, expect, it } from 'vitest'
import { birthVerdict, queryBirthYear } from '../../packages/legisearch/src/watchlist/screen/birth.js'
import { BOUND_SLACK, gainBound, scoreBound, weightNeeded } from '../../packages/legisearch/src/watchlist/screen/bound.js'
import {
  alignNames,
  comparable,
  compareNames,
  pairingsOf,
  scorePairings,
  type WordMatcher,
} from '../../packages/legisearch/src/watchlist/screen/compare.js'
import { countryCode, nationalityVerdict } from '../../packages/legisearch/src/watchlist/screen/countries.js'
import { essentialWords } from '../../packages/legisearch/src/watchlist/screen/essential.js'
import {
  DEFAULT_THRESHOLD,
  MAX_QUERY_WORDS,
  ScreeningIndex,
  type ScreeningHit,
  type ScreeningQuery,
  type ScreeningSubject,
  subjectOf,
} from '../../packages/legisearch/src/watchlist/screen/screening-index.js'
import { prepareName } from '../../packages/legisearch/src/watchlist/screen/normalize.js'
import { TopScores } from '../../packages/legisearch/src/watchlist/screen/ranking.js'
import { jaroWinkler, osaDistance, withinOneEdit } from '../../packages/legisearch/src/watchlist/screen/similarity.js'
import { collapse, sameCollapsed, skeleton } from '../../packages/legisearch/src/watchlist/screen/variants.js'
import { compareWords } from '../../packages/legisearch/src/watchlist/screen/words.js'

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

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function random(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

/**
 * compareWords as the index's vocabulary finds its pairs: two words written together meet a
 * word (or two others) only by the same letters or the same skeleton, never by a typo.
 */
const asTheVocabularyFinds: WordMatcher = (q, s) => {
  const m = compareWords(q, s)
  return m && (q.joined || s.joined) && q.collapsed !== s.collapsed && q.skeleton !== s.skeleton ? null : m
}

/**
 * Every subject's every name scored in full (compareNames, with the vocabulary's rule for words
 * written together), the best kept, moved by birth year and nationality, rounded and ordered as
 * match does: what match must give, past its threshold and limit, when its shortcuts drop
 * nothing a full scoring finds (refs and scores).
 */
function bruteForce(subjects: readonly ScreeningSubject[], q: ScreeningQuery): { ref: string; score: number }[] {
  const year = queryBirthYear(q.birthDate)
  const nationality = q.nationality === undefined ? null : countryCode(q.nationality)
  const hits: { ref: string; score: number }[] = []
  for (const s of subjects) {
    const entity = s.subjectType === 'entity'
    const query = comparable(prepareName(q.name, entity))
    let best = 0
    for (const n of s.names) {
      const score =
        alignNames(query, comparable(prepareName(n.name, entity)), asTheVocabularyFinds).score * (n.kind === 'weak_alias' ? 0.95 : 1)
      best = Math.max(best, score)
    }
    if (best === 0) continue
    const raw = best + (birthVerdict(year, s.birthYears)?.adjust ?? 0) + (nationalityVerdict(nationality, s.nationalities)?.adjust ?? 0)
    hits.push({ ref: s.ref, score: Math.round(Math.min(1, Math.max(0, raw)) * 1000) / 1000 })
  }
  return hits.sort((a, b) => b.score - a.score || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0))
}

const refsAndScores = (hits: readonly ScreeningHit[]) => hits.map((h) => ({ ref: h.ref, score: h.score }))

describe('the shortcuts of match drop nothing a full scoring finds', () => {
  // Names made of the words that make screening slow: common Arabic-origin names and their
  // spellings, particles (al, bin, abu, abdul), repeats, initials in the queries; some subjects
  // entities, some with birth years and nationalities. No listed name holds an initial: a name a
  // query word meets only there (`m` for `mohammed`) is no candidate of the index, by design.
  const WORDS = [
    'mohammed',
    'muhammad',
    'ali',
    'hassan',
    'hussein',
    'ahmad',
    'ahmed',
    'omar',
    'khalid',
    'ibrahim',
    'yusuf',
    'rahman',
    'karim',
  ]
  const PARTICLES = ['al', 'el', 'bin', 'ibn', 'abu', 'abdul', 'abd', 'abdel']
  const OTHERS = ['maria', 'silva', 'baghdadi', 'someone', 'person', 'number', 'al-rahman', 'abdulrahman', 'mohamed', 'trading', 'company']
  const next = random(7)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const nameOf = (words: number, initials = false): string =>
    Array.from({ length: words }, () =>
      next() < 0.6 ? pick(WORDS) : next() < 0.6 ? pick(PARTICLES) : initials && next() < 0.3 ? pick(['m', 'a']) : pick(OTHERS),
    ).join(' ')
  const subjects: ScreeningSubject[] = Array.from({ length: 120 }, (_, i) => ({
    ref: `T.${String(i).padStart(3, '0')}`,
    subjectType: i % 10 === 9 ? 'entity' : 'individual',
    names: Array.from({ length: 1 + Math.floor(next() * 4) }, (_, k) => ({
      name: nameOf(1 + Math.floor(next() * 6)),
      kind: k === 0 ? 'primary' : next() < 0.3 ? 'weak_alias' : 'alias',
    })),
    birthYears: i % 3 === 0 ? [[1960 + (i % 20), 1960 + (i % 20)]] : [],
    nationalities: i % 4 === 0 ? ['iq'] : [],
  }))
  const listed = new ScreeningIndex(subjects)
  const queries: ScreeningQuery[] = [
    ...['Person Number 1 Abdul Rahman Al Someone', 'Abdul Rahman 1', 'Mohammed Ali Hassan Abdullah', 'Abu Bakr Al Baghdadi'].map(
      (name) => ({ name }),
    ),
    ...['Al Al Al Al', 'bin bin bin', 'Mohammed Ali Hassan Abdullah Mohammed Ali Hassan Abdullah Mohammed Ali'].map((name) => ({ name })),
    ...Array.from({ length: 150 }, (_, i) => ({
      name: nameOf(1 + Math.floor(next() * 8), true),
      ...(i % 5 === 0 ? { birthDate: String(1960 + (i % 20)) } : {}),
      ...(i % 7 === 0 ? { nationality: 'Iraq' } : {}),
    })),
  ]

  it('the bound of a name is never under its score, and the weight needed is the bound’s inverse', () => {
    for (let k = 0; k < 400; k++) {
      const query = comparable(prepareName(nameOf(1 + Math.floor(next() * 7), true)))
      const listedName = comparable(prepareName(nameOf(1 + Math.floor(next() * 7))))
      const edges = pairingsOf(query, listedName)
      const score = scorePairings(query, listedName, [...edges]).score
      expect(
        scoreBound(query, listedName, edges) + BOUND_SLACK,
        `${query.name.original} ~ ${listedName.name.original}`,
      ).toBeGreaterThanOrEqual(score)
    }
    for (const [weight, score] of [
      [2, 0.8],
      [5.65, 0.5],
      [1, 1],
    ] as const) {
      expect(gainBound(weight, weightNeeded(weight, score))).toBeCloseTo(score, 12)
    }
    expect(weightNeeded(3, 0)).toBe(0)
    expect(weightNeeded(3, 1.01)).toBe(Infinity)
  })

  it('essential words, the k-th best score, collapsed spellings', () => {
    // Left out while what they give stays under the need: the commonest first.
    expect(
      essentialWords(
        [
          { most: 1, postings: 900 },
          { most: 1, postings: 3 },
          { most: 0.5, postings: 400 },
        ],
        1.6,
      ),
    ).toEqual([false, true, false])
    expect(essentialWords([{ most: 1, postings: 900 }], 0)).toEqual([true])
    const top = new TopScores(2)
    top.offer(1, 0.5)
    expect(top.kth).toBe(-Infinity)
    top.offer(2, 0.7)
    top.offer(1, 0.9)
    expect(top.kth).toBe(0.7)
    top.offer(3, 0.6)
    expect(top.kth).toBe(0.7)
    top.offer(3, 0.8)
    expect(top.kth).toBe(0.8)
    for (const [a, b] of [
      ['abdull', 'abdul'],
      ['abdul', 'abdel'],
      ['aa', 'a'],
      ['', ''],
      ['ab', 'abb'],
      ['ab', 'a'],
    ]) {
      expect(sameCollapsed(a as string, b as string), `${a} ${b}`).toBe(collapse(a as string) === collapse(b as string))
    }
  })

  it('match gives what every name scored in full gives, refs and scores (thresholds 0, 0.5, 0.8; limits 1, 3, 10)', () => {
    for (const q of queries) {
      const all = bruteForce(subjects, q)
      for (const threshold of [0, 0.5, 0.8]) {
        for (const limit of [1, 3, 10]) {
          const expected = all.filter((h) => h.score >= threshold).slice(0, limit)
          expect(refsAndScores(listed.match(q, { threshold, limit })), `${JSON.stringify(q)} at ${threshold}, ${limit}`).toEqual(expected)
        }
      }
    }
  })

  it('match gives what matchExhaustive gives, reasons and matched names included', () => {
    for (const q of queries) {
      for (const [threshold, limit] of [
        [0, 50],
        [0, 2],
        [0.5, 5],
        [0.8, 5],
      ] as const) {
        expect(listed.match(q, { threshold, limit }), `${JSON.stringify(q)} at ${threshold}, ${limit}`).toEqual(
          listed.matchExhaustive(q, { threshold, limit }),
        )
      }
    }
  })

  it(`a query is read by its first ${MAX_QUERY_WORDS} words, and the reasons say so`, () => {
    const long = `${'Omar Khalid '.repeat(15)}Ibrahim`
    const hits = listed.match({ name: long }, { threshold: 0, limit: 3 })
    expect(hits.length).toBeGreaterThan(0)
    for (const h of hits) expect(h.reasons).toContain(`only the first ${MAX_QUERY_WORDS} of the query's 31 words read`)
    const first = long.split(' ').slice(0, MAX_QUERY_WORDS).join(' ')
    expect(refsAndScores(hits)).toEqual(refsAndScores(listed.match({ name: first }, { threshold: 0, limit: 3 })))
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
