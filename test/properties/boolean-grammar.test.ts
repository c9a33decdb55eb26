import fc from 'fast-check'
import type { SearchQuery } from 'legisearch'
import { describe, expect, it } from 'vitest'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { allNoticeIds, notice, sorted } from '../query/support.js'

/**
 * The boolean grammar against a naive oracle. The oracle is written here, independently of the
 * library: it splits text with one regular expression and compares words folded (NFD, marks
 * removed, lower case: `keyword` mode), by their NFC spelling (`sensitive`: case and accents as
 * written, however the accents are encoded), or byte for byte (`sensitive,keyword`). The default
 * mode's stemming is not re-implemented: the vocabulary is small enough to write its equivalence
 * classes by hand (`STEM_CLASS`). The vocabulary holds an NFD spelling, so the two sensitive modes
 * are told apart.
 */
const DOC_WORDS = [
  'reforma',
  'Reforma',
  'REFORMA',
  'tributária',
  'tributaria',
  'Tributária',
  'tributa\u0301ria',
  'lei',
  'Lei',
  'ação',
  'acao',
  'AÇÃO',
  'ações',
  'acoes',
  'parte',
  'partido',
  'imposto',
  'renda',
  'Renda',
]
const QUERY_WORDS = [...DOC_WORDS, 'ausente']
const SEPARATORS = [' ', ' ', ' ', ', ', ' - ', '. ', ' (', ') ', '\n']

type OracleMode = 'default' | 'keyword' | 'canonical' | 'bytes'
const MODES: { modes: string | undefined; oracle: OracleMode }[] = [
  { modes: undefined, oracle: 'default' },
  { modes: 'keyword', oracle: 'keyword' },
  { modes: 'sensitive', oracle: 'canonical' },
  { modes: 'sensitive,keyword', oracle: 'bytes' },
]

/**
 * The default mode's equivalence classes over the folded vocabulary, by hand (DECISIONS §4: plural
 * and feminine forms meet, `parte` ≠ `partido`); a folded word not listed is its own class.
 */
const STEM_CLASS: Readonly<Record<string, string>> = { acao: 'acao', acoes: 'acao' }

/** The query parameters of a mode (no `modes` at all for the default mode). */
const withModes = (modes: string | undefined, params: Record<string, string> = {}) => (modes === undefined ? params : { ...params, modes })

// ---------------------------------------------------------------- the oracle

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
}

function norm(word: string, mode: OracleMode): string {
  if (mode === 'bytes') return word
  if (mode === 'canonical') return word.normalize('NFC')
  const folded = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  return mode === 'keyword' ? folded : (STEM_CLASS[folded] ?? folded)
}

interface Doc {
  readonly id: string
  readonly fields: readonly string[]
}

function containsPhrase(doc: Doc, item: string, mode: OracleMode): boolean {
  const phrase = words(item).map((w) => norm(w, mode))
  return doc.fields.some((field) => {
    const ws = words(field).map((w) => norm(w, mode))
    for (let i = 0; i + phrase.length <= ws.length; i++) {
      if (phrase.every((p, j) => ws[i + j] === p)) return true
    }
    return false
  })
}

interface Keywords {
  readonly or: readonly string[]
  readonly and: readonly string[]
  readonly not: readonly string[]
}

function keywordsMatch(doc: Doc, k: Keywords, mode: OracleMode): boolean {
  const has = (item: string) => containsPhrase(doc, item, mode)
  return (k.or.length === 0 || k.or.some(has)) && k.and.every(has) && !k.not.some(has)
}

/** A parsed q, built first and rendered to a string second, so the oracle never parses. */
interface QTree {
  /** AND of groups; each group an OR of items (an item: one word or a two-word phrase). */
  readonly groups: readonly (readonly string[])[]
  readonly exclude: readonly string[]
}

function qMatch(doc: Doc, q: QTree, mode: OracleMode): boolean {
  const has = (item: string) => containsPhrase(doc, item, mode)
  return q.groups.every((g) => g.some(has)) && !q.exclude.some(has)
}

// ---------------------------------------------------------------- generators

const field = fc.array(fc.tuple(fc.constantFrom(...DOC_WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 6 }).map((ws) =>
  ws
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
)

const corpus = fc
  .array(fc.tuple(field, field, field), { minLength: 1, maxLength: 25, size: 'max' })
  .map((docs) =>
    docs.map(([title, description, content], i): Doc => ({ id: `d${String(i).padStart(2, '0')}`, fields: [title, description, content] })),
  )

/** One word, or a two-word phrase. */
const item = fc.oneof(
  fc.constantFrom(...QUERY_WORDS),
  fc.tuple(fc.constantFrom(...QUERY_WORDS), fc.constantFrom(...QUERY_WORDS)).map(([a, b]) => `${a} ${b}`),
)
const list = fc.array(item, { maxLength: 3 })
const keywords = fc.record({ or: list, and: list, not: list })

const qTree = fc.record({
  groups: fc.array(fc.array(item, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
  exclude: fc.array(item, { maxLength: 2 }),
})

/** Renders a QTree in search-box syntax, its groups and exclusions in a shuffled order. */
const qString = (tree: QTree) =>
  fc
    .shuffledSubarray(
      [
        ...tree.groups.map((g) => g.map((i) => (i.includes(' ') ? `"${i}"` : i)).join(' OR ')),
        ...tree.exclude.map((i) => (i.includes(' ') ? `-"${i}"` : `-${i}`)),
      ],
      { minLength: tree.groups.length + tree.exclude.length },
    )
    .map((units) => units.join(' '))

const qCase = qTree.chain((tree) => fc.tuple(fc.constant(tree), qString(tree)))

// ---------------------------------------------------------------- the tests

const snap = sharedSnapshot()
let loaded: string[] = []

function load(docs: readonly Doc[]): void {
  snap().remove('notices', loaded)
  snap().upsert(
    'notices',
    docs.map((d) => notice(d.id, d.fields[0] as string, d.fields[1] as string, d.fields[2] as string)),
  )
  loaded = docs.map((d) => d.id)
}

function search(query: Pick<SearchQuery, 'q' | 'modes'>, body?: unknown): string[] {
  const ids = allNoticeIds(snap(), query, body)
  expect(new Set(ids).size, 'no id twice across pages').toBe(ids.length)
  return sorted(ids)
}

const oracle = (docs: readonly Doc[], keep: (d: Doc) => boolean) => sorted(docs.filter(keep).map((d) => d.id))

describe('keywords or/and/not agree with a naive evaluator', () => {
  it.each(MODES)('modes=$modes ($oracle)', ({ modes, oracle: mode }) => {
    fc.assert(
      fc.property(corpus, fc.array(keywords, { minLength: 1, maxLength: 4 }), (docs, queries) => {
        load(docs)
        for (const k of queries) {
          const expected = oracle(docs, (d) => keywordsMatch(d, k, mode))
          expect(search(withModes(modes), { keywords: k }), JSON.stringify(k)).toEqual(expected)
        }
      }),
      { numRuns: 40 },
    )
  })
})

describe('q strings agree with a naive evaluator', () => {
  it.each(MODES)('modes=$modes ($oracle)', ({ modes, oracle: mode }) => {
    fc.assert(
      fc.property(corpus, fc.array(qCase, { minLength: 1, maxLength: 4 }), (docs, cases) => {
        load(docs)
        for (const [tree, q] of cases) {
          const expected = oracle(docs, (d) => qMatch(d, tree, mode))
          expect(search(withModes(modes, { q })), q).toEqual(expected)
        }
      }),
      { numRuns: 40 },
    )
  })

  it('q and keywords combine with AND', () => {
    fc.assert(
      fc.property(corpus, qCase, keywords, fc.constantFrom(...MODES), (docs, [tree, q], k, { modes, oracle: mode }) => {
        load(docs)
        const expected = oracle(docs, (d) => qMatch(d, tree, mode) && keywordsMatch(d, k, mode))
        expect(search(withModes(modes, { q }), { keywords: k }), `${q} ${JSON.stringify(k)}`).toEqual(expected)
      }),
      { numRuns: 40 },
    )
  })
})

describe('default mode (folding + stemming) is never narrower than keyword mode (folding only)', () => {
  it('for queries without exclusions, every keyword-mode hit is a default-mode hit', () => {
    const positive = fc.record({ or: list, and: list, not: fc.constant([] as string[]) })
    fc.assert(
      fc.property(corpus, fc.array(positive, { minLength: 1, maxLength: 4 }), (docs, queries) => {
        load(docs)
        for (const k of queries) {
          const byKeyword = search({ modes: 'keyword' }, { keywords: k })
          const byDefault = new Set(search({}, { keywords: k }))
          const missing = byKeyword.filter((id) => !byDefault.has(id))
          expect(missing, JSON.stringify(k)).toEqual([])
        }
      }),
      { numRuns: 60 },
    )
  })
})
