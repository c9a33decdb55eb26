import { describe, expect, it } from 'vitest'
import { LegisearchError } from '../../src/index.js'
import { parseQ } from '../../src/query/q.js'

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
    ['Lei 8.666/1993', [[w('Lei')], [w('8666', '1993')]]],
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

describe('parseQ: proposition identifiers', () => {
  it.each([
    ['PL 2630/2020', idf('pl 2630 2020', 'PL', '2630', '2020')],
    ['pl 2630/2020', idf('pl 2630 2020', 'pl', '2630', '2020')],
    ['pl 2630', idf('pl 2630', 'pl', '2630')],
    ['Pl 2630', idf('pl 2630', 'Pl', '2630')],
    ['MPV 1.154/2023', idf('mpv 1154 2023', 'MPV', '1154', '2023')],
    ['MPV 1154/2023', idf('mpv 1154 2023', 'MPV', '1154', '2023')],
    ['PEC 45/2019', idf('pec 45 2019', 'PEC', '45', '2019')],
    ['pec 45', idf('pec 45', 'pec', '45')],
    ['PLP 68/2024', idf('plp 68 2024', 'PLP', '68', '2024')],
    ['PL 2630/2020,', idf('pl 2630 2020', 'PL', '2630', '2020')],
  ])('%j', (q, item) => {
    expect(parseQ(q)).toEqual({ groups: [[item]], exclude: [] })
  })

  it.each([
    // Written with a number sign or a two-digit year: the identifier, OR the words as typed (text
    // that writes `PL nº 2630/2020` still matches them).
    ['PL nº 2630/2020', [idf('pl 2630 2020', 'PL', '2630', '2020'), w('PL', 'nº', '2630', '2020')]],
    ['PL n° 2630/2020', [idf('pl 2630 2020', 'PL', '2630', '2020'), w('PL', 'n', '2630', '2020')]],
    ['PL n.º 2630/2020', [idf('pl 2630 2020', 'PL', '2630', '2020'), w('PL', 'n', 'º', '2630', '2020')]],
    ['pl n. 2630', [idf('pl 2630', 'pl', '2630'), w('pl', 'n', '2630')]],
    ['PL Nº 1.154/2023', [idf('pl 1154 2023', 'PL', '1154', '2023'), w('PL', 'Nº', '1154', '2023')]],
    // Two-digit years: this century's once that year has begun, else the last century's.
    ['PL 2630/20', [idf('pl 2630 2020', 'PL', '2630', '2020'), w('PL', '2630', '20')]],
    ['PL 8666/93', [idf('pl 8666 1993', 'PL', '8666', '1993'), w('PL', '8666', '93')]],
    // Glued to its number (with the year): the identifier, OR the word as typed.
    ['PL2630/2020', [idf('pl 2630 2020', 'PL', '2630', '2020'), w('PL2630', '2020')]],
    // …unless the typed words are the identifier's own.
    ['pl-2630/2020', [idf('pl 2630 2020', 'pl', '2630', '2020')]],
    ['PEC.45/2019', [idf('pec 45 2019', 'PEC', '45', '2019')]],
  ])('%j is the identifier OR the words as typed', (q, alternatives) => {
    expect(parseQ(q)).toEqual({ groups: [alternatives], exclude: [] })
  })

  it('an identifier among other words is one item', () => {
    expect(parseQ('fake news PL 2630/2020')).toEqual({
      groups: [[w('fake')], [w('news')], [idf('pl 2630 2020', 'PL', '2630', '2020')]],
      exclude: [],
    })
  })

  it('identifiers as OR alternatives', () => {
    expect(parseQ('PL 2630 OR PEC 45/2019')).toEqual({
      groups: [[idf('pl 2630', 'PL', '2630'), idf('pec 45 2019', 'PEC', '45', '2019')]],
      exclude: [],
    })
  })

  it('an excluded identifier', () => {
    expect(parseQ('reforma -PL 2630')).toEqual({ groups: [[w('reforma')]], exclude: [idf('pl 2630', 'PL', '2630')] })
  })

  it.each([
    // Not a proposition type: two ordinary words.
    ['ABC 12', [[w('ABC')], [w('12')]]],
    ['ABC 12/2020', [[w('ABC')], [w('12', '2020')]]],
    ['Lei 8666', [[w('Lei')], [w('8666')]]],
    // A type acronym not followed by a number.
    ['PL reforma', [[w('PL')], [w('reforma')]]],
    ['PL', [[w('PL')]]],
    // `no` is a Portuguese word, not a number sign; a sign with no number after it is a word.
    ['PL no 2630', [[w('PL')], [w('no')], [w('2630')]]],
    ['PL nº reforma', [[w('PL')], [w('nº')], [w('reforma')]]],
    // A word glued to digits without a year stays a word (`mp3`, `pr2024`, `req1`).
    ['mp3', [[w('mp3')]]],
    ['pr2024', [[w('pr2024')]]],
    ['PL2630', [[w('PL2630')]]],
    // The number is excluded on its own: no identifier.
    ['PL -2630', [[w('PL')]]],
  ])('not an identifier: %j', (q, groups) => {
    const r = parseQ(q)
    expect(r.groups).toEqual(groups)
    for (const g of r.groups) for (const item of g) expect(item.identifier).toBeUndefined()
  })
})
