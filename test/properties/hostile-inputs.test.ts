/**
 * Issue 22: whatever a caller passes to a public function — any JSON-ish value, a BigInt, a
 * symbol, a null-prototype object, a lone surrogate, a huge string, a deep nesting, a cycle — only
 * a `LegisearchError` escapes (or the caller's own exception, thrown by its getter), and a refused
 * call leaves every stored byte as it was (the whole file is read through a second connection and
 * compared, table by table).
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  LegisearchError,
  type Snapshot,
  fold,
  officialLink,
  openSnapshot,
  parseUnConsolidatedList,
  sources,
  stem,
  termOf,
  tokenize,
} from 'legisearch'
import { sharedSnapshot, sharedTempDir } from '../helpers/tmp-snapshot.js'

/** An argument, shown in a failure by a short label (fast-check would print a 5 MB string whole). */
class Arg {
  constructor(
    readonly value: unknown,
    readonly label: string,
  ) {}
  [fc.toStringMethod](): string {
    return this.label
  }
}

/** Values built by hand that have broken a caller before, or would: each is tried in every argument. */
function nastyValues(): Arg[] {
  return rawNastyValues().map((v, i) => new Arg(v, `nasty[${i}]`))
}

/**
 * What a caller's own getter or proxy throws: it reaches the caller as it was thrown (it is theirs,
 * like a `JSON.stringify` of such an object), with nothing stored changed.
 */
const CALLERS_OWN = new Error('thrown by the caller’s own getter')

function rawNastyValues(): unknown[] {
  const cycle: Record<string, unknown> = { q: 'x' }
  cycle['self'] = cycle
  const nullProto = Object.assign(Object.create(null) as object, { q: 'lei', id: 'p1', name: 'x' })
  let deep: unknown = 'lei'
  for (let i = 0; i < 100_000; i++) deep = [deep]
  let deepObject: unknown = { q: 'lei' }
  for (let i = 0; i < 100_000; i++) deepObject = { q: deepObject }
  return [
    10n,
    Symbol('x'),
    () => 1,
    cycle,
    nullProto,
    [nullProto],
    deep,
    deepObject,
    'a\uD800b',
    '\uDC00',
    '\u0000',
    'x'.repeat(5_000_000),
    ['x'.repeat(5_000_000)],
    { ['k'.repeat(1_000_000)]: 1 },
    { q: 'x'.repeat(5_000_000) },
    { q: 10n },
    { from: 10n },
    { created_at: { from: 10n } },
    { __proto__: { q: 'x' } },
    JSON.parse('{"__proto__": {"polluted": true}}') as unknown,
    new URLSearchParams('toString=1&__proto__=2&q=lei'),
    new URLSearchParams(`q=${'x'.repeat(100_000)}`),
    new Date(Number.NaN),
    new Map([['q', 'x']]),
    Number.NaN,
    -0,
    Infinity,
    Number.MAX_SAFE_INTEGER + 2,
    Buffer.from('<xml'),
    new Uint8Array([0xff, 0xfe]),
    Object.defineProperty({}, 'q', {
      get() {
        throw CALLERS_OWN
      },
      enumerable: true,
    }),
    new Proxy(
      {},
      {
        ownKeys() {
          throw CALLERS_OWN
        },
      },
    ),
  ]
}

/** Any value a caller could pass: fast-check's `anything` with every option, and the nasty ones. */
const hostile: fc.Arbitrary<Arg> = fc.oneof(
  {
    arbitrary: fc
      .anything({
        withBigInt: true,
        withNullPrototype: true,
        withBoxedValues: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withSparseArray: true,
        withTypedArray: true,
        withObjectString: true,
        stringUnit: 'binary',
        maxDepth: 4,
      })
      .map((v) => new Arg(v, fc.stringify(v).slice(0, 300))),
    weight: 4,
  },
  { arbitrary: fc.constantFrom(...nastyValues()), weight: 2 },
  {
    arbitrary: fc
      .constantFrom('propositions', 'dou', 'stakeholders', 'camara', 'un', 'acme', 'p1', 'PL 2630/2020')
      .map((v) => new Arg(v, JSON.stringify(v))),
    weight: 1,
  },
)

/** Every public function, called with arbitrary arguments (network fetches and `close` left out). */
type Call = (snap: Snapshot, args: unknown[], dir: string) => unknown
const any = (v: unknown) => v as never
const CALLS: Record<string, Call> = {
  upsert: (s, [a, b]) => s.upsert(any(a), any(b)),
  remove: (s, [a, b]) => s.remove(any(a), any(b)),
  search: (s, [a, b, c, d]) => s.search(any(a), any(b), any(c), any(d)),
  searchPropositions: (s, [a, b, c]) => s.searchPropositions(any(a), any(b), any(c)),
  searchDou: (s, [a, b, c]) => s.searchDou(any(a), any(b), any(c)),
  searchSocial: (s, [a, b, c]) => s.searchSocial(any(a), any(b), any(c)),
  searchAll: (s, [a, b, c]) => s.searchAll(any(a), any(b), any(c)),
  getStakeholder: (s, [a]) => s.getStakeholder(any(a)),
  getDocument: (s, [a, b, c]) => s.getDocument(any(a), any(b), any(c)),
  findStakeholders: (s, [a]) => s.findStakeholders(any(a)),
  createMonitor: (s, [a, b]) => s.createMonitor(any(a), any(b)),
  listMonitors: (s, [a]) => s.listMonitors(any(a)),
  getMonitor: (s, [a, b]) => s.getMonitor(any(a), any(b)),
  deleteMonitor: (s, [a, b]) => s.deleteMonitor(any(a), any(b)),
  saveToMonitor: (s, [a, b, c, d]) => s.saveToMonitor(any(a), any(b), any(c), any(d)),
  removeFromMonitor: (s, [a, b, c, d]) => s.removeFromMonitor(any(a), any(b), any(c), any(d)),
  createApiKey: (s, [a]) => s.createApiKey(any(a)),
  revokeApiKey: (s, [a]) => s.revokeApiKey(any(a)),
  verifyApiKey: (s, [a]) => s.verifyApiKey(any(a)),
  reconcileWatchlist: (s, [a, b]) => s.reconcileWatchlist(any(a), any(b)),
  screen: (s, [a, b]) => s.screen(any(a), any(b)),
  screenReport: (s, [a]) => s.screenReport(any(a)),
  acceptWatchlistRemovals: (s, [a]) => s.acceptWatchlistRemovals(any(a)),
  listWatchlist: (s, [a]) => s.listWatchlist(any(a)),
  getDesignation: (s, [a, b]) => s.getDesignation(any(a), any(b)),
  getDesignationHistory: (s, [a]) => s.getDesignationHistory(any(a)),
  importNarrativeTranslations: (s, [a]) => s.importNarrativeTranslations(any(a)),
  ingest: (s, [a, b, c]) => s.ingest(any(a), any(b), any(c)),
  openSnapshot: (_s, [a, b], dir) => {
    // A string is a path inside the test's directory (an arbitrary one could land anywhere).
    const file = typeof a === 'string' ? path.join(dir, a.replace(/[/\\]/g, '_').slice(0, 200) || 'x') : a
    openSnapshot(any(file), any(b)).close()
  },
  parseUnConsolidatedList: (_s, [a]) => parseUnConsolidatedList(any(a)),
  officialLink: (_s, [a, b]) => officialLink(any(a), any(b)),
  text: (_s, [a, b]) => [fold(any(a)), stem(any(a)), tokenize(any(a)), termOf(any(a), any(b))],
  sources: () => sources(),
}

/** A digest of every row of every table of the file, read through its own connection. */
function digestOf(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const hash = createHash('sha256')
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]
    for (const { name } of tables) {
      hash.update(`\u0000${name}\u0000`)
      for (const row of db
        .prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`)
        .raw()
        .iterate()) {
        hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v)))
      }
    }
    return hash.digest('hex')
  } finally {
    db.close()
  }
}

describe('any value passed to a public function', () => {
  let file = ''
  const snap = sharedSnapshot((s) => {
    file = s.path
    s.upsert('propositions', [
      { id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-01', title: 'Lei das fake news' },
    ])
    s.upsert('stakeholders', [{ id: 's1', name: 'Maria da Silva' }])
    const m = s.createMonitor('acme', 'Leituras')
    s.saveToMonitor('acme', m.id, 'propositions', 'p1')
  })
  const dir = sharedTempDir()

  it.each(Object.keys(CALLS))('%s: only a LegisearchError escapes; a refusal changes nothing stored', async (name) => {
    const call = CALLS[name] as Call
    let before = digestOf(file)
    await fc.assert(
      fc.asyncProperty(fc.array(hostile, { minLength: 0, maxLength: 4 }), async (args) => {
        let escaped: unknown
        try {
          await call(
            snap(),
            args.map((a) => a.value),
            dir(),
          )
        } catch (e) {
          escaped = e
        }
        if (escaped === undefined) {
          before = digestOf(file) // an accepted call may write: what it wrote is the new baseline
          return
        }
        if (escaped === CALLERS_OWN) {
          expect(digestOf(file)).toBe(before)
          return
        }
        if (!(escaped instanceof LegisearchError)) throw escaped
        if (escaped.message.length >= 2_000)
          throw new Error(`a message of ${escaped.message.length} characters: ${escaped.message.slice(0, 300)}…`)
        expect(digestOf(file)).toBe(before)
      }),
      { numRuns: 40, examples: nastyValues().map((v) => [[v, v, v, v]]) },
    )
  })
})
