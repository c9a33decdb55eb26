import { describe, expect, it } from 'vitest'
import { fold } from 'legisearch'

describe('fold: case and accent folding of one word', () => {
  it.each([
    ['Ação', 'acao'],
    ['AÇÕES', 'acoes'],
    ['TRIBUTÁRIA', 'tributaria'],
    ['tributária', 'tributaria'],
    ['tributaria', 'tributaria'],
    ['Público', 'publico'],
    ['ÂÊÔÃÕÀÁÉÍÓÚÜÇ', 'aeoaoaaeiouuc'],
    ['àèìòù', 'aeiou'],
    ['Øresund', 'oresund'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['İstanbul', 'istanbul'],
    ['8666', '8666'],
    ['5º', '5º'],
    ['', ''],
    ['Москва', 'москва'],
    ['МОСКВА', 'москва'],
    ['Ελλάδα', 'ελλαδα'],
  ])('%j → %j', (word, folded) => {
    expect(fold(word)).toBe(folded)
  })

  it('decomposed (NFD) and composed (NFC) input fold alike', () => {
    expect(fold('Ac\u0327a\u0303o')).toBe('acao')
    expect(fold('Tributa\u0301ria')).toBe(fold('Tributária'))
  })

  it.each([
    // Greek and Cyrillic capitals must fold to the same word as their lower case.
    ['Ρ', 'ρ'],
    ['ΡΟΔΟΣ', 'ροδος'],
    ['Ԁ', 'ԁ'],
  ])('upper case %j and lower case %j fold alike', (upper, lower) => {
    expect(fold(upper)).toBe(fold(lower))
  })

  it.each(['Ação', 'Øresund', 'Straße', 'ρ', 'Ρ', 'Ϻ', 'Ԁ', 'Ελλάδα'])('is idempotent on %j', (word) => {
    expect(fold(fold(word))).toBe(fold(word))
  })
})
