import { describe, expect, it } from 'vitest'
import { tokenize } from 'legisearch'

const texts = (s: string) => tokenize(s).map((t) => t.text)
const slices = (s: string) => tokenize(s).map((t) => s.slice(t.start, t.end))

describe('tokenize: words are maximal runs of letters and digits', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['!?.,;:()[]{}"\'/-', []],
    ['Reforma Tributária', ['Reforma', 'Tributária']],
    ['  reforma,tributária.  ', ['reforma', 'tributária']],
    ['guarda-chuva', ['guarda', 'chuva']],
    ["d'água", ['d', 'água']],
    ['a_b', ['a', 'b']],
    ['e-mail: x@y.com', ['e', 'mail', 'x', 'y', 'com']],
    ['art. 5º, §2', ['art', '5º', '2']],
    ['R$ 1,50', ['R', '1', '50']],
    ['Москва и Ελλάδα', ['Москва', 'и', 'Ελλάδα']],
    ['東京 2020', ['東京', '2020']],
    ['x²', ['x²']],
    ['٣٤', ['٣٤']],
    ['a\u00a0b\u2003c\td\ne', ['a', 'b', 'c', 'd', 'e']],
  ])('%j', (s, expected) => {
    expect(texts(s)).toEqual(expected)
    // Without dotted numbers, every token is exactly its slice of the source.
    expect(slices(s)).toEqual(expected)
  })
})

describe('tokenize: dotted numbers are one number', () => {
  it('Lei 8.666/1993 gives Lei, 8666, 1993 with offsets into the original text', () => {
    const s = 'Lei 8.666/1993'
    expect(tokenize(s)).toEqual([
      { text: 'Lei', start: 0, end: 3 },
      { text: '8666', start: 4, end: 9 },
      { text: '1993', start: 10, end: 14 },
    ])
    expect(slices(s)).toEqual(['Lei', '8.666', '1993'])
  })

  it.each([
    ['PL 2.630/2020', ['PL', '2630', '2020'], ['PL', '2.630', '2020']],
    ['1.234.567', ['1234567'], ['1.234.567']],
    ['MPV 1.154/2023', ['MPV', '1154', '2023'], ['MPV', '1.154', '2023']],
    // A dot at the end of a sentence is not part of the number.
    ['a Lei 8.666.', ['a', 'Lei', '8666'], ['a', 'Lei', '8.666']],
    ['8..666', ['8', '666'], ['8', '666']],
    ['8. 666', ['8', '666'], ['8', '666']],
    // A dot joins digits only: between letters (or a letter and a digit) it separates.
    ['fim.Início', ['fim', 'Início'], ['fim', 'Início']],
    ['a.8', ['a', '8'], ['a', '8']],
    ['8.a', ['8', 'a'], ['8', 'a']],
    ['3,5', ['3', '5'], ['3', '5']],
    ['.5', ['5'], ['5']],
  ])('%j', (s, expected, expectedSlices) => {
    expect(texts(s)).toEqual(expected)
    expect(slices(s)).toEqual(expectedSlices)
  })
})

describe('tokenize: Unicode', () => {
  it('combining marks stay with their letter (NFD text)', () => {
    const s = 'Ac\u0327a\u0303o Tributa\u0301ria'
    expect(tokenize(s)).toEqual([
      { text: 'Ac\u0327a\u0303o', start: 0, end: 6 },
      { text: 'Tributa\u0301ria', start: 7, end: 18 },
    ])
  })

  it('a stray combining mark is not a word of its own', () => {
    expect(tokenize('\u0301')).toEqual([])
    expect(tokenize(' \u0301\u0327 . ')).toEqual([])
    const [only, ...rest] = tokenize('\u0301abc')
    expect(rest).toEqual([])
    expect(['abc', '\u0301abc']).toContain(only?.text)
    expect(only?.end).toBe(4)
  })

  it('letters outside the BMP (surrogate pairs) are one letter each, offsets in UTF-16 units', () => {
    const s = 'x 𝐀𝐁c y'
    expect(tokenize(s)).toEqual([
      { text: 'x', start: 0, end: 1 },
      { text: '𝐀𝐁c', start: 2, end: 7 },
      { text: 'y', start: 8, end: 9 },
    ])
  })

  it('an emoji (not a letter) separates words and is never cut in half', () => {
    const s = 'a😀b 😀'
    expect(tokenize(s)).toEqual([
      { text: 'a', start: 0, end: 1 },
      { text: 'b', start: 3, end: 4 },
    ])
  })

  it('a lone surrogate is not a letter, and never swallows the character after it', () => {
    expect(texts('a\ud800b\udc00c')).toEqual(['a', 'b', 'c'])
  })
})
