/**
 * The query mix, generated from a fixed seed and from the snapshot itself: words come from the
 * text of real records, ranked by their document frequency in the index (fts5vocab, or the block index's counts); phrases are
 * runs of consecutive words of real records; identifiers and filter values are those of real
 * records. Every query is a plain object, so the worker processes read the same list from JSON.
 */
import Database from 'better-sqlite3'
import { type MatchMode, fold, termOf, tokenize } from '../packages/legisearch/src/index.js'
import { Rng, deriveSeed } from '../scripts/generate/prng.js'
import { parseQ } from '../packages/legisearch/src/query/q.js'
import { decodeRecord } from '../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../packages/legisearch/src/store/statements.js'

export type Kind = 'common' | 'rare' | 'and3' | 'or3' | 'not' | 'phrase' | 'ident'
export type BenchCorpus = 'propositions' | 'dou' | 'social'
export type Sort = 'newest' | 'relevance'

export const KINDS: readonly Kind[] = ['common', 'rare', 'and3', 'or3', 'not', 'phrase', 'ident']
export const MODES: readonly MatchMode[] = ['default', 'keyword', 'sensitive']
export const LIMIT = 20

export const KIND_LABELS: Readonly<Record<Kind, string>> = {
  common: 'common word',
  rare: 'rare word',
  and3: 'AND of 3',
  or3: 'OR of 3',
  not: 'NOT',
  phrase: 'phrase (2–3 words)',
  ident: 'proposition id',
}

/** One item of a text query: a word or a phrase; an identifier typed in `q` also carries its key. */
export interface Item {
  readonly words: readonly string[]
  /** `pl 2630 2020`: the proposition identifier key the q parser derives (propositions only). */
  readonly identifier?: string
}

/** What `q` means, spelled out for the baselines: an AND of OR-groups, minus the exclusions. */
export interface TextSpec {
  readonly groups: readonly (readonly Item[])[]
  readonly exclude: readonly Item[]
}

/** Filters of one query: list filters by body field name (values as a user types them) and a DateRange. */
export interface FilterSpec {
  readonly lists: readonly { readonly field: string; readonly values: readonly string[] }[]
  readonly created: { readonly from: string; readonly to: string }
}

export interface Variant {
  readonly filters: boolean
  readonly sort: Sort
  readonly page: number
}

export interface BenchQuery {
  readonly corpus: BenchCorpus
  readonly kind: Kind
  readonly mode: MatchMode
  readonly q: string
  readonly text: TextSpec
  readonly sort: Sort
  readonly page: number
  readonly filters: FilterSpec | null
}

export interface StakeholderQuery {
  readonly q: string
}

export interface WatchlistSearch {
  readonly search: string
}

export interface QuerySet {
  readonly seed: number
  readonly perClass: number
  readonly design: Design
  readonly search: readonly BenchQuery[]
  readonly stakeholders: readonly StakeholderQuery[]
  readonly watchlist: readonly WatchlistSearch[]
  /** How the word classes were drawn (document-frequency bounds), for the report. */
  readonly notes: readonly string[]
}

/**
 * `lean` (default): every text of a kind runs in the three modes under the base variant (no
 * filters, relevance, page 1), and in the default mode under the three one-step variants (with
 * filters; sorted newest; page 50). DOU and social texts run under the base variant.
 * `full`: every text in every mode under all eight variants (filters × sort × page), DOU and
 * social too (about 3× the queries).
 */
export type Design = 'lean' | 'full'

/** The variant every mode is compared under. */
export const BASE_VARIANT: Variant = { filters: false, sort: 'relevance', page: 1 }

/** Every combination of filters × sort × page. */
export const VARIANTS: readonly Variant[] = [false, true].flatMap((filters) =>
  (['relevance', 'newest'] as const).flatMap((sort) => [1, 50].map((page) => ({ filters, sort, page }))),
)

/** The base variant and its three one-step changes. */
export const LEAN_VARIANTS: readonly Variant[] = [
  BASE_VARIANT,
  { filters: true, sort: 'relevance', page: 1 },
  { filters: false, sort: 'newest', page: 1 },
  { filters: false, sort: 'relevance', page: 50 },
]

export const sameVariant = (a: Variant, b: Variant) => a.filters === b.filters && a.sort === b.sort && a.page === b.page

/** The (mode, variant) pairs a text of a corpus runs under. */
export function runsOf(design: Design, corpus: BenchCorpus, modes: readonly MatchMode[]): { mode: MatchMode; variant: Variant }[] {
  const out: { mode: MatchMode; variant: Variant }[] = []
  for (const mode of modes) {
    for (const variant of VARIANTS) {
      const keep =
        design === 'full' ||
        (corpus === 'propositions' &&
          (sameVariant(variant, BASE_VARIANT) || (mode === 'default' && LEAN_VARIANTS.some((v) => sameVariant(v, variant))))) ||
        (corpus !== 'propositions' && sameVariant(variant, BASE_VARIANT))
      if (keep) out.push({ mode, variant })
    }
  }
  return out
}

export function variantLabel(v: Variant): string {
  return `${v.filters ? 'filters' : 'no filters'}, ${v.sort}, page ${v.page}`
}

export function isVariant(q: { filters: unknown; sort: Sort; page: number }, v: Variant): boolean {
  return (q.filters !== null) === v.filters && q.sort === v.sort && q.page === v.page
}

/** Proposition types the q parser reads as identifiers (a subset of its list; IND and MOC are not in it). */
const IDENT_TYPES = new Set(['PL', 'PLS', 'PEC', 'MPV', 'PLP', 'PLC', 'PDL', 'PDC', 'REQ', 'RIC', 'INC', 'PRC', 'PRS', 'PR'])

interface PropositionRow {
  title: string
  summary: string
  acronymType: string
  number: number
  year: number
  datePresentation: string
  authors: { uf: string }[]
}

interface DouRow {
  title: string
  resume: string
  content: string
  hierarchy: string
  date: string
}

interface SocialRow {
  text: string
  postedAt: string
}

interface Sampled {
  /** Texts of the sampled records, field by field. */
  readonly texts: string[][]
  readonly records: unknown[]
}

function sample(db: Database.Database, corpus: BenchCorpus, n: number, rng: Rng): Sampled {
  const range = db.prepare('SELECT min(rowid) AS lo, max(rowid) AS hi FROM docs WHERE corpus = ?').get(corpus) as {
    lo: number | null
    hi: number | null
  }
  const texts: string[][] = []
  const records: unknown[] = []
  if (range.lo === null || range.hi === null) return { texts, records }
  const get = db.prepare('SELECT r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE d.rowid = ? AND d.corpus = ?')
  const st = new Statements(db)
  const seen = new Set<number>()
  for (let tries = 0; records.length < n && tries < n * 20; tries++) {
    const rowid = rng.int(range.lo, range.hi)
    if (seen.has(rowid)) continue
    seen.add(rowid)
    const row = get.get(rowid, corpus) as { record: string | Buffer } | undefined
    if (!row) continue
    const r = JSON.parse(decodeRecord(st, row.record)) as Record<string, unknown>
    records.push(r)
    texts.push(textFields(corpus, r))
  }
  return { texts, records }
}

function textFields(corpus: BenchCorpus, r: Record<string, unknown>): string[] {
  if (corpus === 'propositions') return [String(r['title']), String(r['summary'])]
  if (corpus === 'dou') return [String(r['title']), String(r['resume']), String(r['content'])]
  return [String(r['text'])]
}

/**
 * Document frequency of a word's default-mode term in a corpus, from the index itself: fts5vocab
 * over an FTS5 file, the segments' own counts in a block index's file (the bench's files are only
 * ever appended to: no deleted documents to subtract). Both give the same numbers, so both files
 * draw the same queries.
 */
class Frequencies {
  private readonly stmts = new Map<string, Database.Statement>()
  private readonly cache = new Map<string, number>()
  private readonly fts5: boolean
  constructor(private readonly db: Database.Database) {
    this.fts5 = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'block_segments'").get() === undefined
  }

  df(corpus: BenchCorpus, word: string, mode: MatchMode = 'default'): number {
    const key = `${corpus}\u0000${mode}\u0000${word}`
    const hit = this.cache.get(key)
    if (hit !== undefined) return hit
    let st = this.stmts.get(`${corpus}_${mode}`)
    if (!st) {
      if (this.fts5) {
        const name = `bench_vocab_${corpus}_${mode}`
        this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${name} USING fts5vocab(main, 'fts_${corpus}_${mode}', 'row')`)
        st = this.db.prepare(`SELECT doc FROM temp.${name} WHERE term = ?`)
      } else {
        st = this.db.prepare(
          `SELECT sum(t.df) AS doc FROM block_segments s JOIN block_terms t ON t.segment = s.id WHERE s.space = '${corpus}:${mode}' AND t.term = ?`,
        )
      }
      this.stmts.set(`${corpus}_${mode}`, st)
    }
    const row = st.get(termOf(word, mode)) as { doc: number | null } | undefined
    const n = row?.doc ?? 0
    this.cache.set(key, n)
    return n
  }
}

const isNumber = (w: string) => /^\p{Nd}+$/u.test(w)
/** Words a query can carry alone: not the `OR` operator. */
const usable = (w: string) => w !== 'OR'

interface WordPools {
  /** The most frequent words (by document frequency), most frequent first. */
  readonly common: string[]
  readonly rare: string[]
  /** Every distinct non-numeric word seen (for OR and NOT). */
  readonly any: string[]
  readonly note: string
}

function wordPools(corpus: BenchCorpus, s: Sampled, freq: Frequencies, total: number, want: number): WordPools {
  const distinct = new Set<string>()
  for (const fields of s.texts) for (const f of fields) for (const t of tokenize(f)) if (usable(t.text)) distinct.add(t.text)
  const words = [...distinct].sort()
  const withDf = words.map((w) => ({ w, df: freq.df(corpus, w) })).filter((x) => x.df > 0)
  const byDf = [...withDf].sort((a, b) => b.df - a.df || (a.w < b.w ? -1 : 1))
  const common = byDf.slice(0, Math.max(20, Math.min(100, Math.floor(byDf.length / 10)))).map((x) => x.w)
  // Rare: present (df ≥ 1) in at most 0.01 % of the documents (at least 5); the rarest words
  // when fewer than `want` qualify.
  const rareBound = Math.max(5, Math.floor(total / 10_000))
  let rare = byDf.filter((x) => x.df <= rareBound).map((x) => x.w)
  let rareNote = `df ≤ ${rareBound}`
  if (rare.length < want) {
    const tail = byDf.slice(-want)
    rare = tail.map((x) => x.w)
    rareNote = `the ${tail.length} rarest sampled words (df ${tail[tail.length - 1]?.df ?? 0}–${tail[0]?.df ?? 0})`
  }
  const lo = byDf[common.length - 1]?.df ?? 0
  const hi = byDf[0]?.df ?? 0
  const any = withDf.filter((x) => !isNumber(x.w)).map((x) => x.w)
  const note =
    `${corpus}: ${s.records.length} records sampled, ${withDf.length} distinct words; ` +
    `common = the ${common.length} most frequent (df ${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}); ` +
    `rare = ${rareNote} (${rare.length} words)`
  return { common, rare, any, note }
}

/** Draws `n` items, cycling through a shuffled pool (distinct until the pool is used up). */
function draw<T>(rng: Rng, pool: readonly T[], n: number): T[] {
  if (pool.length === 0) return []
  const out: T[] = []
  let order = rng.shuffle(pool)
  while (out.length < n) {
    if (order.length === 0) order = rng.shuffle(pool)
    out.push(order.pop() as T)
  }
  return out
}

const single = (w: string): TextSpec => ({ groups: [[{ words: [w] }]], exclude: [] })

interface TextQuery {
  readonly q: string
  readonly text: TextSpec
}

function textsOf(kind: Kind, corpus: BenchCorpus, n: number, rng: Rng, pools: WordPools, s: Sampled): TextQuery[] {
  switch (kind) {
    case 'common':
      return draw(rng, pools.common, n).map((w) => ({ q: w, text: single(w) }))
    case 'rare':
      return draw(rng, pools.rare, n).map((w) => ({ q: w, text: single(w) }))
    case 'and3': {
      // Three words of one real record (so at least that record matches); no numbers, so no
      // `PL 2630`-like pair turns into an identifier.
      const out: TextQuery[] = []
      for (let tries = 0; out.length < n && tries < n * 50; tries++) {
        const fields = rng.pick(s.texts)
        const words = [...new Set(fields.flatMap((f) => tokenize(f).map((t) => t.text)).filter((w) => usable(w) && !isNumber(w)))]
        if (words.length < 3) continue
        const three = rng.pickDistinct(words, 3)
        out.push({ q: three.join(' '), text: { groups: three.map((w) => [{ words: [w] }]), exclude: [] } })
      }
      return out
    }
    case 'or3':
      return Array.from({ length: n }, () => {
        const three = rng.pickDistinct(pools.any, 3)
        return { q: three.join(' OR '), text: { groups: [three.map((w) => ({ words: [w] }))], exclude: [] } }
      })
    case 'not':
      return Array.from({ length: n }, () => {
        const a = rng.pick(pools.common.filter((w) => !isNumber(w)))
        let b = rng.pick(pools.any)
        while (fold(b) === fold(a)) b = rng.pick(pools.any)
        return { q: `${a} -${b}`, text: { groups: [[{ words: [a] }]], exclude: [{ words: [b] }] } }
      })
    case 'phrase': {
      // Two or three consecutive words of a real record's text field.
      const out: TextQuery[] = []
      for (let tries = 0; out.length < n && tries < n * 50; tries++) {
        const fields = rng.pick(s.texts)
        const field = fields[corpus === 'propositions' ? 1 : rng.int(0, fields.length - 1)] ?? ''
        const toks = tokenize(field).map((t) => t.text)
        const len = rng.int(2, 3)
        if (toks.length < len) continue
        const at = rng.int(0, toks.length - len)
        const words = toks.slice(at, at + len)
        out.push({ q: `"${words.join(' ')}"`, text: { groups: [[{ words }]], exclude: [] } })
      }
      return out
    }
    case 'ident': {
      const recs = (s.records as PropositionRow[]).filter((r) => IDENT_TYPES.has(r.acronymType))
      return draw(rng, recs, n).map((r, i) => {
        // Half as typed with the year (`PL 2630/2020`), half without, in lower case (`pl 2630`).
        const withYear = i % 2 === 0
        const type = withYear ? r.acronymType : r.acronymType.toLowerCase()
        const q = withYear ? `${type} ${r.number}/${r.year}` : `${type} ${r.number}`
        // The citation grammar's own reading: every way a text writes it, the key on its plain form.
        return { q, text: parseQ(q) }
      })
    }
  }
}

function day(iso: string): string {
  return iso.slice(0, 10)
}

/** A DateRange of 1–6 whole years around a real record's date. */
function yearsAround(rng: Rng, iso: string): { from: string; to: string } {
  const y = Number(iso.slice(0, 4))
  const before = rng.int(0, 3)
  const after = rng.int(0, 2)
  return { from: `${y - before}-01-01`, to: `${y + after}-12-31` }
}

/** Filters drawn from a real record (so they select realistic slices): its values plus others. */
function filtersOf(corpus: BenchCorpus, rng: Rng, s: Sampled): FilterSpec | null {
  if (corpus === 'propositions') {
    const all = s.records as PropositionRow[]
    const r = rng.pick(all)
    const other = rng.pick(all)
    const types = [...new Set([r.acronymType, other.acronymType])]
    const states = [...new Set([...r.authors.map((a) => a.uf), ...other.authors.map((a) => a.uf)].filter((u) => u !== ''))]
    const lists = [{ field: 'types', values: types }, ...(states.length > 0 ? [{ field: 'states', values: states.slice(0, 2) }] : [])]
    return { lists, created: yearsAround(rng, r.datePresentation) }
  }
  if (corpus === 'dou') {
    const r = rng.pick(s.records as DouRow[])
    const org = r.hierarchy.split('/')[0] ?? ''
    return { lists: org === '' ? [] : [{ field: 'organizations', values: [org] }], created: yearsAround(rng, r.date) }
  }
  const r = rng.pick(s.records as SocialRow[])
  return { lists: [], created: yearsAround(rng, day(r.postedAt)) }
}

export interface QueryOptions {
  readonly seed: number
  readonly perClass: number
  readonly design: Design
  readonly counts: Readonly<Record<BenchCorpus, number>>
}

/**
 * The whole query set for a snapshot: propositions (every kind × mode × variant per the design),
 * DOU and social (common word and phrase, default mode), stakeholder names and
 * watchlist substrings.
 */
export function buildQuerySet(dbPath: string, opts: QueryOptions): QuerySet {
  const db = new Database(dbPath, { readonly: true })
  try {
    const freq = new Frequencies(db)
    const notes: string[] = []
    const search: BenchQuery[] = []
    const n = opts.perClass

    const plan: { corpus: BenchCorpus; kinds: readonly Kind[]; modes: readonly MatchMode[]; sampleSize: number }[] = [
      { corpus: 'propositions', kinds: KINDS, modes: MODES, sampleSize: 4000 },
      { corpus: 'dou', kinds: ['common', 'phrase'], modes: ['default'], sampleSize: 400 },
      { corpus: 'social', kinds: ['common', 'phrase'], modes: ['default'], sampleSize: 2000 },
    ]
    for (const { corpus, kinds, modes, sampleSize } of plan) {
      if (opts.counts[corpus] === 0) continue
      const rng = new Rng(deriveSeed(opts.seed, `bench-${corpus}`))
      const s = sample(db, corpus, sampleSize, rng)
      const pools = wordPools(corpus, s, freq, opts.counts[corpus], n)
      notes.push(pools.note)
      for (const kind of kinds) {
        const texts = textsOf(kind, corpus, n, rng, pools, s)
        for (const t of texts) {
          // Each text gets its own filters, used by every variant with filters.
          const filters = filtersOf(corpus, rng, s)
          for (const { mode, variant: v } of runsOf(opts.design, corpus, modes)) {
            search.push({ corpus, kind, mode, q: t.q, text: t.text, sort: v.sort, page: v.page, filters: v.filters ? filters : null })
          }
        }
      }
    }

    const rng = new Rng(deriveSeed(opts.seed, 'bench-names'))
    const names = (db.prepare('SELECT name FROM stakeholders ORDER BY id').all() as { name: string }[]).map((r) => r.name)
    const stakeholders = draw(rng, names, n).map((name, i) => ({ q: nameQuery(rng, name, i) }))
    let watchlist: WatchlistSearch[] = []
    const hasWatchlist =
      (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'watchlist_designations'").get() as { n: number }).n > 0
    if (hasWatchlist) {
      const listed = (db.prepare('SELECT record FROM watchlist_designations ORDER BY ref').all() as { record: string }[]).map(
        (r) => (JSON.parse(r.record) as { primaryName?: string }).primaryName ?? '',
      )
      watchlist = draw(
        rng,
        listed.filter((x) => x.trim().length >= 4),
        n,
      ).map((name) => ({ search: substringOf(rng, name) }))
    }
    return { seed: opts.seed, perClass: n, design: opts.design, search, stakeholders, watchlist, notes }
  } finally {
    db.close()
  }
}

/** A name as typed into a lookup box: the full name, a first + last name, a prefix, or one typo. */
function nameQuery(rng: Rng, name: string, i: number): string {
  const parts = name.split(/\s+/).filter(Boolean)
  const first = parts[0] ?? name
  const last = parts[parts.length - 1] ?? name
  switch (i % 4) {
    case 0:
      return name
    case 1:
      return `${first} ${last}`
    case 2:
      return `${first} ${last.slice(0, Math.max(3, Math.ceil(last.length / 2)))}`
    default: {
      // Drop one letter of the last name (`amral` for `amaral`).
      const k = rng.int(1, Math.max(1, last.length - 2))
      return `${first} ${last.slice(0, k)}${last.slice(k + 1)}`
    }
  }
}

/** A substring of a listed name (4–12 characters), as typed into the watchlist search. */
function substringOf(rng: Rng, name: string): string {
  const len = Math.min(name.length, rng.int(4, 12))
  const at = rng.int(0, name.length - len)
  const s = name.slice(at, at + len).trim()
  return /[\p{L}\p{N}]/u.test(s) ? s : name
}
