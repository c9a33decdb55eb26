import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { untyped } from '../helpers/untyped.js'
import { errorOf } from '../helpers/errors.js'
import { withTextIndex } from '../helpers/text-index.js'
import { sharedSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { allNoticeIds, notice, sorted } from './support.js'

/**
 * The matching table of DECISIONS §4, cell by cell: every mode × every kind of query word × every
 * operator. The corpus is chosen so that each cell has a definite answer; every expected set below
 * was written by hand from the rules, never computed with the library's own text functions.
 *
 * Rules under test:
 * - (none): case + accent folding + light stemming of plural/feminine (tributária ~ tributario ~
 *   tributárias ~ TRIBUTÁRIO; parte ~ partes, but parte ≠ partido).
 * - keyword: case + accent folding only.
 * - sensitive: case and accents as written, no stemming.
 * - sensitive,keyword: byte-equal words. The corpus below is all NFC, so byte-equal and "as written"
 *   coincide: the expected sets of `sensitive,keyword` are those of `sensitive`. Where they differ
 *   (text or query in decomposed form) is tested further down.
 * - `8.666` is the number 8666 in every mode.
 * - A phrase is its words consecutive, in order, in ONE field.
 */
const CORPUS = [
  notice('n01', 'Reforma Tributária aprovada', 'urgente'),
  notice('n02', 'reforma tributaria em debate'),
  notice('n03', 'Reformas tributárias novas', 'urgente'),
  notice('n04', 'Código TRIBUTÁRIO nacional'),
  // Both words, but in two fields: never a phrase.
  notice('n05', 'Reforma', 'Tributária'),
  // Both words in one field, in the wrong order.
  notice('n06', 'tributária reforma'),
  notice('n07', 'Uma parte do texto', 'urgente'),
  notice('n08', 'O partido votou'),
  notice('n09', 'Lei 8.666/1993 revogada', 'urgente'),
  notice('n10', 'Lei 8666 de licitações'),
  // 8 and 666 side by side: not the number 8666.
  notice('n11', 'Portaria 8/666'),
  notice('n12', 'REFORMA TRIBUTÁRIA', 'urgente'),
  notice('n13', 'a reforma tributária municipal'),
  notice('n14', 'As partes acordaram'),
]

/** `'01 02'` → `['n01', 'n02']`. */
const ids = (list: string): string[] =>
  list.trim() === ''
    ? []
    : list
        .trim()
        .split(/\s+/)
        .map((n) => `n${n}`)

type Cell = { or: string; and: string; not: string; q: string }
interface Row {
  readonly kind: string
  /** The keywords item (one word, or several words = a phrase). */
  readonly item: string
  /** The same item typed in `q`. */
  readonly q: string
  readonly none: Cell
  readonly keyword: Cell
  readonly sensitive: Cell
}

/*
 * Operators of each cell (the item is X, its matching set S):
 *   or:  keywords.or  = [X, 'partido']   → S ∪ {n08}
 *   and: keywords.and = [X, 'urgente']   → S ∩ {n01 n03 n07 n09 n12}
 *   not: keywords.not = [X]              → all \ S
 *   q:   q = '<X as typed in q> -urgente' → S \ {n01 n03 n07 n09 n12}
 */
const TRIB_NONE: Cell = {
  or: '01 02 03 04 05 06 08 12 13',
  and: '01 03 12',
  not: '07 08 09 10 11 14',
  q: '02 04 05 06 13',
}
const TRIB_KEYWORD: Cell = {
  or: '01 02 05 06 08 12 13',
  and: '01 12',
  not: '03 04 07 08 09 10 11 14',
  q: '02 05 06 13',
}
const PHRASE_NONE: Cell = {
  or: '01 02 03 08 12 13',
  and: '01 03 12',
  not: '04 05 06 07 08 09 10 11 14',
  q: '02 13',
}
const PHRASE_KEYWORD: Cell = {
  or: '01 02 08 12 13',
  and: '01 12',
  not: '03 04 05 06 07 08 09 10 11 14',
  q: '02 13',
}
const NUMBER_ANY: Cell = {
  or: '08 09 10',
  and: '09',
  not: '01 02 03 04 05 06 07 08 11 12 13 14',
  q: '10',
}

const ROWS: Row[] = [
  {
    kind: 'single word',
    item: 'tributária',
    q: 'tributária',
    none: TRIB_NONE,
    keyword: TRIB_KEYWORD,
    sensitive: { or: '06 08 13', and: '', not: '01 02 03 04 05 07 08 09 10 11 12 14', q: '06 13' },
  },
  {
    kind: 'phrase',
    item: 'reforma tributária',
    q: '"reforma tributária"',
    none: PHRASE_NONE,
    keyword: PHRASE_KEYWORD,
    sensitive: { or: '08 13', and: '', not: '01 02 03 04 05 06 07 08 09 10 11 12 14', q: '13' },
  },
  {
    kind: 'phrase, capitalised',
    item: 'Reforma Tributária',
    q: '"Reforma Tributária"',
    none: PHRASE_NONE,
    keyword: PHRASE_KEYWORD,
    sensitive: { or: '01 08', and: '01', not: '02 03 04 05 06 07 08 09 10 11 12 13 14', q: '' },
  },
  {
    kind: 'accent variant',
    item: 'tributaria',
    q: 'tributaria',
    none: TRIB_NONE,
    keyword: TRIB_KEYWORD,
    sensitive: { or: '02 08', and: '', not: '01 03 04 05 06 07 08 09 10 11 12 13 14', q: '02' },
  },
  {
    kind: 'case variant',
    item: 'Tributária',
    q: 'Tributária',
    none: TRIB_NONE,
    keyword: TRIB_KEYWORD,
    sensitive: { or: '01 05 08', and: '01', not: '02 03 04 06 07 08 09 10 11 12 13 14', q: '05' },
  },
  {
    kind: 'case variant (capitals)',
    item: 'TRIBUTÁRIA',
    q: 'TRIBUTÁRIA',
    none: TRIB_NONE,
    keyword: TRIB_KEYWORD,
    sensitive: { or: '08 12', and: '12', not: '01 02 03 04 05 06 07 08 09 10 11 13 14', q: '' },
  },
  {
    kind: 'plural variant',
    item: 'tributárias',
    q: 'tributárias',
    none: TRIB_NONE,
    keyword: { or: '03 08', and: '03', not: '01 02 04 05 06 07 08 09 10 11 12 13 14', q: '' },
    sensitive: { or: '03 08', and: '03', not: '01 02 04 05 06 07 08 09 10 11 12 13 14', q: '' },
  },
  {
    kind: 'masculine variant',
    item: 'tributário',
    q: 'tributário',
    none: TRIB_NONE,
    keyword: { or: '04 08', and: '', not: '01 02 03 05 06 07 08 09 10 11 12 13 14', q: '04' },
    // n04 has TRIBUTÁRIO in capitals: nothing is written `tributário`.
    sensitive: { or: '08', and: '', not: '01 02 03 04 05 06 07 08 09 10 11 12 13 14', q: '' },
  },
  {
    kind: 'plural variant, never a different word (parte ≠ partido)',
    item: 'parte',
    q: 'parte',
    none: { or: '07 08 14', and: '07', not: '01 02 03 04 05 06 08 09 10 11 12 13', q: '14' },
    keyword: { or: '07 08', and: '07', not: '01 02 03 04 05 06 08 09 10 11 12 13 14', q: '' },
    sensitive: { or: '07 08', and: '07', not: '01 02 03 04 05 06 08 09 10 11 12 13 14', q: '' },
  },
  {
    kind: 'number with dots',
    item: '8.666',
    q: '8.666',
    none: NUMBER_ANY,
    keyword: NUMBER_ANY,
    sensitive: NUMBER_ANY,
  },
  {
    kind: 'number without dots',
    item: '8666',
    q: '8666',
    none: NUMBER_ANY,
    keyword: NUMBER_ANY,
    sensitive: NUMBER_ANY,
  },
  {
    kind: 'number in a citation (phrase)',
    item: 'Lei 8.666/1993',
    q: '"Lei 8.666/1993"',
    none: { or: '08 09', and: '09', not: '01 02 03 04 05 06 07 08 10 11 12 13 14', q: '' },
    keyword: { or: '08 09', and: '09', not: '01 02 03 04 05 06 07 08 10 11 12 13 14', q: '' },
    sensitive: { or: '08 09', and: '09', not: '01 02 03 04 05 06 07 08 10 11 12 13 14', q: '' },
  },
  {
    kind: 'number in a lower-case phrase',
    item: 'lei 8666',
    q: '"lei 8666"',
    none: NUMBER_ANY,
    keyword: NUMBER_ANY,
    sensitive: { or: '08', and: '', not: '01 02 03 04 05 06 07 08 09 10 11 12 13 14', q: '' },
  },
]

const MODES: { label: string; modes: string | undefined; column: 'none' | 'keyword' | 'sensitive' }[] = [
  { label: '(none): folding + light stemming', modes: undefined, column: 'none' },
  { label: 'keyword: folding only', modes: 'keyword', column: 'keyword' },
  { label: 'sensitive: as written', modes: 'sensitive', column: 'sensitive' },
  {
    label: 'sensitive,keyword: byte-equal words (on this all-NFC corpus, the same cells as sensitive)',
    modes: 'sensitive,keyword',
    column: 'sensitive',
  },
]

const OPERATORS = ['or', 'and', 'not', 'q'] as const
type Operator = (typeof OPERATORS)[number]

function request(op: Operator, row: Row, modes: string | undefined): { query: Record<string, string>; body: unknown } {
  const query: Record<string, string> = modes === undefined ? {} : { modes }
  switch (op) {
    case 'or':
      return { query, body: { keywords: { or: [row.item, 'partido'] } } }
    case 'and':
      return { query, body: { keywords: { and: [row.item, 'urgente'] } } }
    case 'not':
      return { query, body: { keywords: { not: [row.item] } } }
    case 'q':
      return { query: { ...query, q: `${row.q} -urgente` }, body: {} }
  }
}

const snap = sharedSnapshot((fresh) => {
  fresh.upsert('notices', CORPUS)
})

describe.each(MODES)('modes $label', ({ modes, column }) => {
  describe.each(ROWS)('$kind ($item)', (row) => {
    it.each(OPERATORS)('%s', (op) => {
      const { query, body } = request(op, row, modes)
      const expected = ids(row[column][op])
      expect(sorted(allNoticeIds(snap(), query, body))).toEqual(sorted(expected))
    })
  })
})

describe('q syntax on the same corpus (default mode)', () => {
  it.each([
    ['words are ANDed', 'reforma urgente', '01 03 12'],
    ['OR makes alternatives', 'parte OR partido', '07 08 14'],
    ['OR binds tighter than the AND between words', 'parte OR partido urgente', '07'],
    ['a leading - excludes a phrase', 'tributária -"reforma tributária"', '04 05 06'],
    ['an exclusion alone keeps everything else', '-tributária', '07 08 09 10 11 14'],
    ['OR alternatives minus an exclusion', 'reforma OR parte -urgente', '02 05 06 13 14'],
    ['an unclosed quote runs to the end', '"reforma tributária', '01 02 03 12 13'],
    ['a quoted single word is that word', '"partido"', '08'],
    ['a word with punctuation inside is the phrase of its parts', '8.666/1993', '09'],
    ['side-by-side numbers are not a dotted number', '8/666', '11'],
    ['lower-case or is an ordinary word', 'parte or partido', ''],
    ['blank q is no constraint', '   ', '01 02 03 04 05 06 07 08 09 10 11 12 13 14'],
  ])('%s: %s', (_name, q, expected) => {
    expect(sorted(allNoticeIds(snap(), { q }))).toEqual(sorted(ids(expected)))
  })

  it('q and keywords combine with AND', () => {
    expect(sorted(allNoticeIds(snap(), { q: 'tributária' }, { keywords: { and: ['urgente'] } }))).toEqual(ids('01 03 12'))
    expect(sorted(allNoticeIds(snap(), { q: 'reforma' }, { keywords: { not: ['urgente'], or: ['tributaria', 'parte'] } }))).toEqual(
      ids('02 05 06 13'),
    )
  })

  it('and + or + not in one keywords object', () => {
    // or: (parte | reforma tributária) AND urgente, NOT lei
    const body = { keywords: { or: ['parte', 'reforma tributária'], and: ['urgente'], not: ['Lei'] } }
    expect(sorted(allNoticeIds(snap(), {}, body))).toEqual(ids('01 03 07 12'))
    expect(sorted(allNoticeIds(snap(), { modes: 'sensitive' }, body))).toEqual(ids('07'))
  })
})

describe('modes spelling', () => {
  it.each([
    ['keyword,sensitive', 'sensitive,keyword'],
    [' sensitive , keyword ', 'sensitive,keyword'],
  ])('%j selects the same mode as %j', (a, b) => {
    const body = { keywords: { or: ['Tributária'] } }
    // As from a URL: any spacing and order.
    expect(sorted(allNoticeIds(snap(), untyped({ modes: a }), body))).toEqual(sorted(allNoticeIds(snap(), untyped({ modes: b }), body)))
    expect(sorted(allNoticeIds(snap(), untyped({ modes: a }), body))).toEqual(ids('01 05'))
  })

  it('modes as an array of strings', () => {
    expect(sorted(allNoticeIds(snap(), { modes: ['keyword'] }, { keywords: { and: ['tributárias'] } }))).toEqual(ids('03'))
  })
})

describe('text written in decomposed form (NFD)', () => {
  const nfd = sharedSnapshot((fresh) => {
    fresh.upsert('notices', [
      notice('d1', 'Reforma Tributa\u0301ria'.normalize('NFD')),
      notice('d2', 'reforma tributaria'),
      notice('d3', 'A\u0300s vezes, ac\u0327o\u0303es'),
      notice('d4', 'As ações compostas'),
    ])
  })

  it.each([
    [undefined, 'Tributária', ['d1', 'd2']],
    ['keyword', 'Tributária', ['d1', 'd2']],
    // `sensitive` compares the accents as written however they are encoded (NFC): a composed query
    // finds the decomposed text and the decomposed query finds the composed one (case still counts)…
    ['sensitive', 'Tributária', ['d1']],
    ['sensitive', 'Tributa\u0301ria', ['d1']],
    ['sensitive', 'tributária', []],
    ['sensitive', 'ações', ['d3', 'd4']],
    ['sensitive', 'ac\u0327o\u0303es', ['d3', 'd4']],
    ['sensitive', 'Reforma Tributária', ['d1']],
    ['sensitive', 'vezes, ações', ['d3']],
    // …`sensitive,keyword` compares bytes: each spelling finds only itself.
    ['sensitive,keyword', 'Tributária', []],
    ['sensitive,keyword', 'Tributa\u0301ria', ['d1']],
    ['sensitive,keyword', 'ações', ['d4']],
    ['sensitive,keyword', 'ac\u0327o\u0303es', ['d3']],
    ['sensitive,keyword', 'vezes, ações', []],
    [undefined, 'ação', ['d3', 'd4']],
    ['keyword', 'AÇÕES', ['d3', 'd4']],
  ])('modes=%s %s', (modes, word, expected) => {
    const query = modes === undefined ? {} : untyped({ modes })
    expect(sorted(allNoticeIds(nfd(), query, { keywords: { and: [word] } }))).toEqual(expected)
  })

  it('sensitive highlights the decomposed spelling a composed query found', () => {
    const [r] = nfd().searchNotices({ modes: 'sensitive', q: 'Tributária' }).results
    const hits = (r?.highlights ?? []).flatMap((h) => h.texts.filter((t) => t.type === 'hit').map((t) => t.value))
    expect(hits).toEqual(['Tributa\u0301ria'])
  })

  it('a file indexed before the variants table existed gets it filled when upgraded', () => {
    const file = tempSnapshotPath('old.db')
    // Files of that schema were indexed by FTS5 (the block index came later).
    withTextIndex('fts5', () => {
      const s1 = openSnapshot(file)
      s1.upsert('notices', [notice('d1', 'Reforma Tributa\u0301ria'), notice('d2', 'Reforma Tributária')])
      s1.close()
    })
    // Make it what a schema-3 file looked like: no variants table (nor the later ingest log, API keys and events' override).
    const raw = new Database(file)
    raw.exec('DROP TABLE sensitive_variants; DROP TABLE ingest_log; DROP TABLE api_keys; ALTER TABLE watchlist_events DROP COLUMN override')
    raw.pragma('user_version = 3')
    raw.close()
    expect(() => openSnapshot(file, { readonly: true })).toThrow(/needs a schema upgrade \(3 → \d+\)/)
    const s2 = openSnapshot(file)
    try {
      expect(sorted(allNoticeIds(s2, { modes: 'sensitive' }, { keywords: { and: ['Tributária'] } }))).toEqual(['d1', 'd2'])
      expect(sorted(allNoticeIds(s2, { modes: 'sensitive,keyword' }, { keywords: { and: ['Tributária'] } }))).toEqual(['d2'])
    } finally {
      s2.close()
    }
  })
})

describe('default mode finds at least what keyword mode finds', () => {
  // Default mode folds case and accents like keyword mode, and stems on top: a word typed without
  // accents (`licitacoes`) must find its accented spelling (`licitações`) in both modes.
  const acc = sharedSnapshot((fresh) => {
    fresh.upsert('notices', [
      notice('a1', 'Licitações e contratos'),
      notice('a2', 'As eleições municipais'),
      notice('a3', 'O país e os países vizinhos'),
      notice('a4', 'Ações do governo'),
    ])
  })

  it.each([
    ['licitacoes', ['a1']],
    ['licitação', ['a1']],
    ['eleicoes', ['a2']],
    ['ELEIÇÕES', ['a2']],
    ['acoes', ['a4']],
    ['ação', ['a4']],
    ['paises', ['a3']],
  ])('%s', (word, expected) => {
    const body = { keywords: { and: [word] } }
    expect(sorted(allNoticeIds(acc(), {}, body))).toEqual(expected)
  })

  it.each(['licitacoes', 'eleicoes', 'acoes', 'paises'])('%s: keyword-mode hits ⊆ default-mode hits', (word) => {
    const body = { keywords: { and: [word] } }
    const byKeyword = allNoticeIds(acc(), { modes: 'keyword' }, body)
    expect(byKeyword.length).toBeGreaterThan(0)
    const byDefault = new Set(allNoticeIds(acc(), {}, body))
    expect(byKeyword.filter((id) => !byDefault.has(id))).toEqual([])
  })
})

describe('identifiers as people write them, in a corpus without identifiers (notices)', () => {
  const s = sharedSnapshot((fresh) => {
    fresh.upsert('notices', [
      notice('n1', 'Parecer sobre o PL nº 2630/2020 aprovado'),
      notice('n2', 'Nota sobre o PL 2630/20'),
      notice('n3', 'Venda de MP 3 players'),
      notice('n4', 'arquivo mp3 grátis'),
      notice('n5', 'Comissão analisa o PL 2630/2020'),
    ])
  })

  it.each([
    // Every way of writing one citation finds every other (`/20` ≡ `/2020`, with or without `nº`).
    ['PL nº 2630/2020', ['n1', 'n2', 'n5']],
    ['PL 2630/20', ['n1', 'n2', 'n5']],
    ['PL 2630/2020', ['n1', 'n2', 'n5']],
    ['PL2630/2020', ['n1', 'n2', 'n5']],
    ['Projeto de Lei 2.630/2020', ['n1', 'n2', 'n5']],
    ['PL 2630/2019', []],
    ['mp3', ['n4']],
    ['-mp3 arquivo OR Venda', ['n3']],
  ])('q=%j finds %j', (q, expected) => {
    expect(sorted(allNoticeIds(s(), { q }))).toEqual(expected)
  })
})

describe('sensitive phrases over text stored in two Unicode encodings', () => {
  // Thirteen accented words, each stored composed (c1) and decomposed (c2): every word of a quoted
  // phrase then has two spellings in the index, and the phrase 2^k combinations of them.
  const WORDS = 'ação pública não só é já lá até três mês após saúde órgão'.split(' ')
  const s = sharedSnapshot((fresh) => {
    fresh.upsert('notices', [
      notice('c1', WORDS.join(' ')),
      notice('c2', WORDS.join(' ').normalize('NFD')),
      notice('c3', 'pl 2630 e depois PL 2630'),
    ])
  })

  it('a phrase of 9 such words finds both spellings (512 combinations)', () => {
    expect(sorted(allNoticeIds(s(), { modes: 'sensitive', q: `"${WORDS.slice(0, 9).join(' ')}"` }))).toEqual(['c1', 'c2'])
    expect(sorted(allNoticeIds(s(), { modes: 'sensitive,keyword', q: `"${WORDS.slice(0, 9).join(' ')}"` }))).toEqual(['c1'])
  })

  it('a phrase of 13 such words (8,192 combinations) is refused with a message naming modes', () => {
    const e = errorOf(() => s().searchNotices({ modes: 'sensitive', q: `"${WORDS.join(' ')}"` }))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/^modes: in sensitive mode the phrase ".*" has more than 4096 combinations of Unicode spellings/)
    // The same phrase in byte-equal mode needs no combinations.
    expect(allNoticeIds(s(), { modes: 'sensitive,keyword', q: `"${WORDS.join(' ')}"` })).toEqual(['c1'])
  })

  it('where the corpus has no identifiers, a citation typed in sensitive mode is marked as typed and as the grammar writes it', () => {
    const [r] = s().searchNotices({ modes: 'sensitive', q: 'pl 2630' }).results
    const hits = (r?.highlights ?? []).flatMap((h) => h.texts.filter((t) => t.type === 'hit').map((t) => t.value))
    expect(hits).toEqual(['pl 2630', 'PL 2630'])
  })
})
