import { describe, expect, it } from 'vitest'
import { LegisearchError } from 'legisearch'
import { citationOfTitle, citationText } from '../../packages/legisearch/src/query/citations.js'
import { parseQ } from '../../packages/legisearch/src/query/q.js'
import { fold } from '../../packages/legisearch/src/text/fold.js'

/** Shorthand: an item of plain words. */
const w = (...words: string[]) => ({ words })
/** Shorthand: an identifier item. */
const idf = (identifier: string, ...words: string[]) => ({ words, identifier })

function rejects(q: string): LegisearchError {
  try {
    parseQ(q)
  } catch (e) {
    expect(e).toBeInstanceOf(LegisearchError)
    return e as LegisearchError
  }
  throw new Error(`parseQ(${JSON.stringify(q)}) did not throw`)
}

describe('parseQ: words, phrases, exclusions', () => {
  it.each([
    ['', [], []],
    ['   \t\n ', [], []],
    ['reforma', [[w('reforma')]], []],
    ['reforma tributária', [[w('reforma')], [w('tributária')]], []],
    ['  reforma   tributária  ', [[w('reforma')], [w('tributária')]], []],
    ['"reforma tributária"', [[w('reforma', 'tributária')]], []],
    ['"reforma tributária" lei', [[w('reforma', 'tributária')], [w('lei')]], []],
    ['"  reforma   tributária "', [[w('reforma', 'tributária')]], []],
    ['"partido"', [[w('partido')]], []],
    ['""', [], []],
    ['" "', [], []],
  ])('%j', (q, groups, exclude) => {
    expect(parseQ(q)).toEqual({ groups, exclude })
  })

  it('an unclosed quote runs to the end of q', () => {
    expect(parseQ('lei "reforma tributária')).toEqual({ groups: [[w('lei')], [w('reforma', 'tributária')]], exclude: [] })
    expect(parseQ('"reforma -tributária OR x')).toEqual({
      groups: [[w('reforma', 'tributária', 'OR', 'x')]],
      exclude: [],
    })
    expect(parseQ('"')).toEqual({ groups: [], exclude: [] })
  })

  it.each([
    ['-partido', [], [w('partido')]],
    ['reforma -partido', [[w('reforma')]], [w('partido')]],
    ['-partido reforma', [[w('reforma')]], [w('partido')]],
    ['reforma -"imposto de renda"', [[w('reforma')]], [w('imposto', 'de', 'renda')]],
    ['-a -b c', [[w('c')]], [w('a'), w('b')]],
    ['-"imposto de renda', [], [w('imposto', 'de', 'renda')]],
  ])('leading - excludes: %j', (q, groups, exclude) => {
    expect(parseQ(q)).toEqual({ groups, exclude })
  })

  it.each([
    // A `-` followed by a space excludes nothing; a hyphen inside a word is not an exclusion.
    ['reforma - tributária', [[w('reforma')], [w('tributária')]], []],
    ['guarda-chuva', [[w('guarda', 'chuva')]], []],
    ['reforma -', [[w('reforma')]], []],
  ])('a dash that is not a leading -: %j', (q, groups, exclude) => {
    expect(parseQ(q)).toEqual({ groups, exclude })
  })
})

describe('parseQ: OR', () => {
  it.each([
    ['a OR b', [[w('a'), w('b')]]],
    ['a OR b OR c', [[w('a'), w('b'), w('c')]]],
    ['a OR b c', [[w('a'), w('b')], [w('c')]]],
    ['c a OR b', [[w('c')], [w('a'), w('b')]]],
    [
      'a OR b c OR d',
      [
        [w('a'), w('b')],
        [w('c'), w('d')],
      ],
    ],
    ['"reforma tributária" OR "imposto de renda"', [[w('reforma', 'tributária'), w('imposto', 'de', 'renda')]]],
    ['a OR "b c" d', [[w('a'), w('b', 'c')], [w('d')]]],
    // Only upper-case OR is the operator.
    ['a or b', [[w('a')], [w('or')], [w('b')]]],
    ['a Or b', [[w('a')], [w('Or')], [w('b')]]],
    // A quoted OR is a word.
    ['a "OR" b', [[w('a')], [w('OR')], [w('b')]]],
  ])('%j', (q, groups) => {
    expect(parseQ(q)).toEqual({ groups, exclude: [] })
  })

  it.each([
    ['a OR', [[w('a')]]],
    ['OR a', [[w('a')]]],
    ['OR', []],
    ['OR OR', []],
    ['a OR OR b', [[w('a'), w('b')]]],
    ['a OR !!! b', [[w('a'), w('b')]]],
  ])('a dangling OR is ignored: %j', (q, groups) => {
    expect(parseQ(q)).toEqual({ groups, exclude: [] })
  })

  it('an exclusion next to an OR group stays an exclusion of the whole query', () => {
    expect(parseQ('a OR b -c')).toEqual({ groups: [[w('a'), w('b')]], exclude: [w('c')] })
    expect(parseQ('-c a OR b')).toEqual({ groups: [[w('a'), w('b')]], exclude: [w('c')] })
  })

  it.each(['a OR -b', 'a OR -"b c"', '-a OR b', 'x a OR -b y'])('an exclusion as an OR alternative → 400: %j', (q) => {
    const e = rejects(q)
    expect(e.status).toBe(400)
    expect(e.code).toBe('invalid_parameters')
    expect(e.message).toMatch(/q/)
  })
})

describe('parseQ: punctuation and numbers', () => {
  it.each([
    ['8.666/1993', [[w('8666', '1993')]]],
    ['Lei', [[w('Lei')]]],
    ['8.666', [[w('8666')]]],
    ['1.234.567', [[w('1234567')]]],
    ['8/666', [[w('8', '666')]]],
    ['3,5', [[w('3', '5')]]],
    ["d'água", [[w('d', 'água')]]],
    ['e-mail', [[w('e', 'mail')]]],
    ['reforma.', [[w('reforma')]]],
    ['(reforma)', [[w('reforma')]]],
    ['reforma !!! tributária', [[w('reforma')], [w('tributária')]]],
    ['art. 5º', [[w('art')], [w('5º')]]],
  ])('%j', (q, groups) => {
    expect(parseQ(q)).toEqual({ groups, exclude: [] })
  })
})

describe('parseQ: citations of bills and norms (citations.ts)', () => {
  /** The folded phrases of the one OR group `q` makes. */
  const phrases = (q: string) => {
    const r = parseQ(q)
    expect(r.groups).toHaveLength(1)
    return (r.groups[0] ?? []).map((i) => i.words.map(fold).join(' '))
  }
  const keys = (q: string) =>
    parseQ(q)
      .groups.flat()
      .flatMap((i) => (i.identifier === undefined ? [] : [i.identifier]))

  it.each([
    [
      'PL 2630/2020',
      ['pl 2630 2020'],
      ['pl 2630 2020', 'pl 2630 20', 'pl nº 2630 2020', 'pl n º 2630 20', 'projeto de lei 2630 2020', 'pl2630 2020'],
    ],
    ['pl 2630', ['pl 2630'], ['pl 2630', 'projeto de lei nº 2630', 'pl2630']],
    ['MP 1154/2023', ['mpv 1154 2023', 'mp 1154 2023'], ['mpv 1154 2023', 'mp nº 1154 23', 'medida provisoria 1154 2023']],
    ['MPV 1.154/2023', ['mpv 1154 2023', 'mp 1154 2023'], ['mp 1154 2023']],
    ['Medida Provisória 1.154', ['mpv 1154', 'mp 1154'], ['mpv 1154', 'medida provisoria n 1154']],
    ['Projeto de Lei 504/2023', ['pl 504 2023'], ['pl 504 23', 'pl nº 504 2023']],
    ['Projeto de Lei Complementar 68/2024', ['plp 68 2024'], ['plp 68 2024']],
    ['Proposta de Emenda à Constituição 45/2019', ['pec 45 2019'], ['pec 45 19', 'proposta de emenda constitucional 45 2019']],
    ['Projeto de Decreto Legislativo 3/2023', ['pdl 3 2023', 'pdc 3 2023'], ['pdl 3 2023', 'pdc 3 2023']],
    ['PL2630', ['pl 2630'], ['pl 2630', 'pl2630']],
    ['PL2630/2020', ['pl 2630 2020'], ['pl 2630 2020', 'pl2630 2020']],
    ['pl-2630/2020', ['pl 2630 2020'], ['pl 2630 2020']],
    ['PEC.45/2019', ['pec 45 2019'], ['pec 45 2019']],
    // Two-digit years: this century's once that year has begun, else the last century's.
    ['PL 873/20', ['pl 873 2020'], ['pl 873 2020', 'pl 873 20']],
    ['PL 8666/93', ['pl 8666 1993'], ['pl 8666 1993', 'pl 8666 93']],
    ['PL nº 2630/2020', ['pl 2630 2020'], ['pl 2630 2020', 'pl nº 2630 2020']],
    ['PL n° 2630/2020', ['pl 2630 2020'], ['pl n 2630 2020']],
    ['PL n.º 2630/2020', ['pl 2630 2020'], ['pl n º 2630 2020']],
    ['pl n. 2630', ['pl 2630'], ['pl n 2630']],
    ['PL Nº 1.154/2023', ['pl 1154 2023'], ['pl nº 1154 2023']],
    // Norms: with the issuer written, that issuer; without, none or each usual one.
    ['IN SRF 208', ['in srf 208'], ['in srf 208', 'instrucao normativa srf nº 208']],
    ['IN RFB 1700', ['in rfb 1700'], ['in rfb 1700', 'instrucao normativa rfb 1700']],
    ['IN SRF/RFB 208', ['in srf rfb 208'], ['in srf rfb 208']],
    ['Instrução Normativa 1548', ['in 1548'], ['in 1548', 'in rfb 1548', 'instrucao normativa srf nº 1548']],
    ['Resolução CMN nº 5.207/2025', ['resolucao cmn 5207 2025'], ['resolucao cmn 5207 2025', 'resolucao cmn n 5207 25']],
    ['Resolução BCB 1', ['resolucao bcb 1'], ['resolucao bcb 1']],
    ['Circular 3.978', ['circular 3978'], ['circular 3978', 'circular nº 3978']],
    ['Circular BCB 3.978', ['circular bcb 3978'], ['circular bcb 3978']],
    ['Carta Circular 4.000', ['carta-circular 4000'], ['carta circular nº 4000']],
    ['Lei 8.666/93', ['lei 8666 1993'], ['lei 8666 1993', 'lei nº 8666 93']],
    ['Lei nº 2004', ['lei 2004'], ['lei 2004']],
    ['Lei Complementar 123', ['lc 123'], ['lc 123', 'lei complementar nº 123']],
    ['Decreto-Lei 5.452/1943', ['decreto-lei 5452 1943'], ['decreto lei 5452 1943', 'dl 5452 43']],
    ['Portaria 109', ['portaria 109'], ['portaria nº 109', 'portaria no 109']],
    ['Portaria MF 109', ['portaria mf 109'], ['portaria mf nº 109']],
  ])('%j: keys %j, among its phrases %j', (q, expectedKeys, some) => {
    expect(keys(q)).toEqual(expectedKeys)
    const all = phrases(q)
    for (const p of some) expect(all).toContain(p)
    const exact = parseQ(q)
      .groups.flat()
      .map((i) => i.words.join(' '))
    expect(new Set(exact).size).toBe(exact.length)
  })

  it('a number sign is searched in each of its spellings: nº, n°, n.º, no, and a scanned n o', () => {
    for (const p of ['lei nº 8112', 'lei n 8112', 'lei n º 8112', 'lei no 8112', 'lei n o 8112']) expect(phrases('Lei 8.112')).toContain(p)
  })

  it('before a number sign, an issuing unit outside the table is taken as written (norms)', () => {
    expect(keys('Portaria MCTI nº 709')).toEqual(['portaria mcti 709'])
    expect(phrases('Portaria MCTI nº 709')).toContain('portaria mcti nº 709')
    // Without a sign it stays words: `IN XYZ 12` is not a citation (below).
  })

  it('a citation read from a title: its issuing unit, and the year the title states', () => {
    const text = (t: string) => {
      const c = citationOfTitle(t)
      return c && citationText(c, c.year)
    }
    expect(text('PORTARIA GPR Nº 1.217, DE 22 DE MAIO DE 2023')).toBe('Portaria GPR 1217/2023 · Portaria 1217/2023')
    expect(text('PORTARIA Nº 842, DE 22 DE MAIO DE 2022')).toBe('Portaria 842/2022')
    expect(text('Instrução Normativa SRF nº 208, de 27/09/2002')).toContain('IN SRF 208/2002 · IN 208/2002')
    expect(text('Resolução CMN N° 4.968')).toBe('Resolução CMN 4968 · Resolução 4968 · Res CMN 4968 · Res 4968')
    expect(text('PORTARIAS DE 22 DE MAIO DE 2023')).toBeNull()
    expect(text('EDITAL Nº 64-PROGEP/UFMS, DE 22 DE MAIO DE 2023.')).toBeNull()
  })

  it('a q of very many citations is refused, naming q', () => {
    const q = Array.from({ length: 40 }, (_, i) => `IN ${i + 1}/20`).join(' ')
    const e = rejects(q)
    expect([e.status, e.code, e.path]).toEqual([400, 'invalid_parameters', ['q']])
    expect(e.message).toMatch(/^q: \d+ words, phrases and citation spellings to search for \(at most 2000\)/)
    expect(parseQ(Array.from({ length: 20 }, (_, i) => `IN ${i + 1}/20`).join(' ')).groups).toHaveLength(20)
  })

  it('issuers searched for when none is typed: the usual ones of IN and Resolução, none of Portaria or Circular', () => {
    expect(phrases('Instrução Normativa 1548').filter((p) => p.startsWith('in ') && !p.includes('n o'))).toEqual(
      expect.arrayContaining(['in 1548', 'in rfb 1548', 'in srf 1548', 'in bcb 1548']),
    )
    expect(phrases('Resolução 4.557')).toEqual(expect.arrayContaining(['resolucao cmn 4557', 'resolucao bcb 4557']))
    expect(phrases('Portaria 109').some((p) => /\b(mf|rfb|pgfn)\b/.test(p))).toBe(false)
    expect(phrases('Circular 3978').some((p) => p.includes('bcb'))).toBe(false)
  })

  it('an issuer written is the only one searched for (IN SRF 208 is not IN RFB 208)', () => {
    expect(phrases('IN SRF 208').filter((p) => p.includes('rfb'))).toEqual([])
    expect(phrases('IN SRF 208/2002').every((p) => /\b(2002|02)$/.test(p))).toBe(true)
  })

  it('the words as typed stay an alternative where no phrase is them, case and all', () => {
    expect(parseQ('pl 2630').groups[0]).toContainEqual(w('pl', '2630'))
    expect(parseQ('PL 2630').groups[0]?.filter((i) => i.words.join(' ') === 'PL 2630')).toHaveLength(1)
  })

  it('a citation among other words is one group', () => {
    const r = parseQ('fake news PL 2630/2020')
    expect(r.groups.slice(0, 2)).toEqual([[w('fake')], [w('news')]])
    expect(r.groups[2]).toContainEqual(idf('pl 2630 2020', 'PL', '2630', '2020'))
  })

  it('citations as OR alternatives share one group', () => {
    const r = parseQ('PL 2630 OR PEC 45/2019')
    expect(r.groups).toHaveLength(1)
    expect(r.groups[0]).toContainEqual(idf('pl 2630', 'PL', '2630'))
    expect(r.groups[0]).toContainEqual(idf('pec 45 2019', 'PEC', '45', '2019'))
  })

  it('an excluded citation excludes every way of writing it', () => {
    const r = parseQ('reforma -PL 2630')
    expect(r.groups).toEqual([[w('reforma')]])
    expect(r.exclude).toContainEqual(idf('pl 2630', 'PL', '2630'))
    expect(r.exclude).toContainEqual(w('Projeto', 'de', 'Lei', 'nº', '2630'))
  })

  it.each([
    // Not a type: two ordinary words.
    ['ABC 12', [[w('ABC')], [w('12')]]],
    ['ABC 12/2020', [[w('ABC')], [w('12', '2020')]]],
    // A norm's name before a bare year is the year searched for (`Lei nº 2004` cites the law).
    ['Lei 2004', [[w('Lei')], [w('2004')]]],
    ['decreto 2023', [[w('decreto')], [w('2023')]]],
    // A type not followed by a number.
    ['PL reforma', [[w('PL')], [w('reforma')]]],
    ['PL', [[w('PL')]]],
    ['Medida Provisória', [[w('Medida')], [w('Provisória')]]],
    // `no` is a Portuguese word, not a number sign; a sign with no number after it is a word.
    ['PL no 2630', [[w('PL')], [w('no')], [w('2630')]]],
    ['PL nº reforma', [[w('PL')], [w('nº')], [w('reforma')]]],
    // An unknown issuer: words.
    ['IN XYZ 12', [[w('IN')], [w('XYZ')], [w('12')]]],
    // Glued to a short number or to a year-like one: a word (`mp3`, `pr2024`, `req1`).
    ['mp3', [[w('mp3')]]],
    ['pr2024', [[w('pr2024')]]],
    ['req1', [[w('req1')]]],
    // The number is excluded on its own: no citation.
    ['PL -2630', [[w('PL')]]],
  ])('not a citation: %j', (q, groups) => {
    const r = parseQ(q)
    expect(r.groups).toEqual(groups)
    for (const g of r.groups) for (const item of g) expect(item.identifier).toBeUndefined()
  })
})
