import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fold, termOf, tokenize } from 'legisearch'

/** Letters of the scripts a Brazilian text may quote: Latin (with extensions), Greek, Cyrillic. */
const europeanLetter = fc
  .oneof(
    fc.integer({ min: 0x41, max: 0x5a }),
    fc.integer({ min: 0x61, max: 0x7a }),
    fc.integer({ min: 0xc0, max: 0x24f }),
    fc.integer({ min: 0x370, max: 0x3ff }),
    fc.integer({ min: 0x400, max: 0x52f }),
  )
  .map((c) => String.fromCodePoint(c))

/** Portuguese letters, both cases. */
const PT_LOWER = 'abcdefghijklmnopqrstuvwxyzáàâãéêíóôõúüç'
const PT_UPPER = PT_LOWER.toUpperCase()
const ptLetter = fc.constantFrom(...PT_LOWER, ...PT_UPPER)

/** Text that looks like the records: words, dotted numbers, punctuation, NFD marks, astral letters. */
const piece = fc.oneof(
  fc.constantFrom('Reforma', 'tributária', 'AÇÕES', 'Lei', 'PL', 'Москва', 'Ελλάδα', '東京', '5º', 'x²'),
  fc.constantFrom('8.666', '1.234.567', '2630/2020', '8.', '.5', '8..6', 'a.8', '3,5', 'v1.2'),
  fc.constantFrom(' ', '  ', ', ', '. ', '-', '/', '"', "'", '(', ')', '\n', '\u00a0', '😀'),
  fc.constantFrom('Ac\u0327a\u0303o', '\u0301', 'e\u0301', '𝐀𝐁', '𝟏.𝟐'),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
)
const recordText = fc.array(piece, { maxLength: 25 }).map((p) => p.join(''))
const anyText = fc.oneof(recordText, fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }))

describe('tokenize properties', () => {
  it('offsets are increasing, non-overlapping, non-empty and within bounds', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        let previousEnd = 0
        for (const t of tokenize(s)) {
          expect(t.start).toBeGreaterThanOrEqual(previousEnd)
          expect(t.end).toBeGreaterThan(t.start)
          expect(t.end).toBeLessThanOrEqual(s.length)
          previousEnd = t.end
        }
      }),
      { numRuns: 500 },
    )
  })

  it("each token's slice of the source, with dots removed, is its text", () => {
    fc.assert(
      fc.property(anyText, (s) => {
        for (const t of tokenize(s)) expect(s.slice(t.start, t.end).replace(/\./g, '')).toBe(t.text)
      }),
      { numRuns: 500 },
    )
  })

  it('every letter and digit of well-formed text ends up in some token', () => {
    fc.assert(
      fc.property(recordText, (s) => {
        const covered = new Array<boolean>(s.length).fill(false)
        for (const t of tokenize(s)) for (let i = t.start; i < t.end; i++) covered[i] = true
        for (let i = 0; i < s.length; i++) {
          const cp = s.codePointAt(i) as number
          if (cp >= 0xdc00 && cp <= 0xdfff) continue // second half of a pair, checked with the first
          if (/[\p{L}\p{N}]/u.test(String.fromCodePoint(cp))) expect(covered[i], `${JSON.stringify(s)} at ${i}`).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('tokenizing one token again gives that token', () => {
    fc.assert(
      fc.property(recordText, (s) => {
        for (const t of tokenize(s)) expect(tokenize(t.text).map((u) => u.text)).toEqual([t.text])
      }),
      { numRuns: 300 },
    )
  })
})

describe('fold properties', () => {
  const word = fc.oneof(
    fc.string({ unit: europeanLetter, minLength: 1, maxLength: 8 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  )

  it('is idempotent', () => {
    fc.assert(
      fc.property(word, (w) => {
        expect(fold(fold(w))).toBe(fold(w))
      }),
      { numRuns: 1000 },
    )
  })

  it("termOf(w, 'keyword') === termOf(fold(w), 'keyword')", () => {
    fc.assert(
      fc.property(word, (w) => {
        expect(termOf(w, 'keyword')).toBe(termOf(fold(w), 'keyword'))
      }),
      { numRuns: 1000 },
    )
  })

  it('upper and lower case of a Portuguese word fold alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: ptLetter, minLength: 1, maxLength: 12 }), (w) => {
        expect(fold(w.toUpperCase())).toBe(fold(w.toLowerCase()))
        expect(termOf(w.toUpperCase(), 'keyword')).toBe(termOf(w.toLowerCase(), 'keyword'))
        expect(termOf(w.toUpperCase(), 'default')).toBe(termOf(w.toLowerCase(), 'default'))
      }),
      { numRuns: 500 },
    )
  })
})

describe('termOf properties', () => {
  it("'sensitive': two words differing only in case differ", () => {
    const wordAndFlip = fc
      .string({ unit: ptLetter, minLength: 1, maxLength: 12 })
      .chain((w) => fc.tuple(fc.constant(w), fc.integer({ min: 0, max: w.length - 1 })))
    fc.assert(
      fc.property(wordAndFlip, ([w, i]) => {
        const c = w[i] as string
        const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()
        const other = w.slice(0, i) + flipped + w.slice(i + 1)
        expect(other).not.toBe(w)
        expect(termOf(other, 'sensitive')).not.toBe(termOf(w, 'sensitive'))
      }),
      { numRuns: 500 },
    )
  })

  it("'sensitive' compares words byte for byte: NFC and NFD spellings differ unless they are the same code points", () => {
    fc.assert(
      fc.property(fc.string({ unit: ptLetter, minLength: 1, maxLength: 12 }), (w) => {
        const nfc = w.normalize('NFC')
        const nfd = w.normalize('NFD')
        expect(termOf(nfd, 'sensitive') === termOf(nfc, 'sensitive')).toBe(nfd === nfc)
        // …while keyword mode folds both to the same term.
        expect(termOf(nfd, 'keyword')).toBe(termOf(nfc, 'keyword'))
      }),
      { numRuns: 300 },
    )
  })

  it('default mode is never narrower than keyword mode: keyword-equal words are default-equal', () => {
    // A Portuguese word and a variant of it written with some accents dropped and some letters in
    // another case: equal after folding, so they must be equal after folding + stemming too.
    const BASES = [
      'ação',
      'ações',
      'eleições',
      'licitações',
      'tributária',
      'tributárias',
      'órgãos',
      'papéis',
      'lençóis',
      'cidadãos',
      'pães',
      'juízes',
      'públicas',
      'país',
      'mês',
      'reformas',
      'nacionais',
    ]
    const variant = fc
      .constantFrom(...BASES)
      .chain((w) =>
        fc.tuple(fc.constant(w), fc.array(fc.constantFrom('strip', 'upper', 'keep'), { minLength: w.length, maxLength: w.length })),
      )
      .map(([w, ops]) => {
        const other = [...w].map((c, i) => (ops[i] === 'strip' ? fold(c) : ops[i] === 'upper' ? c.toUpperCase() : c)).join('')
        return [w, other] as const
      })
    fc.assert(
      fc.property(variant, ([w, other]) => {
        expect(termOf(other, 'keyword')).toBe(termOf(w, 'keyword'))
        expect(termOf(other, 'default'), `${w} / ${other}`).toBe(termOf(w, 'default'))
      }),
      { numRuns: 500 },
    )
  })
})
