/**
 * `GET /watchlist` (`listWatchlist`) over the real UN Security Council list: the normalized
 * substring search, every filter and their combination, the three sorts, limit/offset paging, the
 * 400s, and the spec's Designation shape (interface-spec §2.6, §4.8; DECISIONS §6).
 *
 * The snapshot holds the 2024-09-26 list, then the 2026-02-27 list (forced), so listed, delisted,
 * amended and newly listed designations all exist. Expected results are computed in the test from
 * every designation (read by paging with no filter) and the spec's rules written out in support.ts.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Designation, WatchlistQuery } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { diffLists } from './independent-diff.js'
import {
  DELISTED_2026,
  FROM_2024_TO_2026,
  LIST_2024,
  LIST_2026,
  REISSUED_DATAID,
  SPEC_REGIMES,
  UUID,
  allDesignations,
  cmp,
  foldName,
  isDateTime,
  isDay,
  matchesSearch,
  namesOf,
  type RawRecord,
  rawRecords,
  refsOf,
  searchKey,
  snapshotWith,
  sortedRefs,
} from './support.js'

type Query = Record<string, unknown>
type Sort = 'recently_changed' | 'name' | 'listed_on'

const SORTS: readonly Sort[] = ['recently_changed', 'name', 'listed_on']

/** The spec's order of each sort (DECISIONS §6), ties by ref ascending; missing dates last. */
function ordered(ds: readonly Designation[], sort: Sort): string[] {
  const desc = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : cmp(b, a))
  const by: Record<Sort, (a: Designation, b: Designation) => number> = {
    recently_changed: (a, b) => desc(a.lastUpdatedOn, b.lastUpdatedOn),
    name: (a, b) => cmp(foldName(a.primaryName), foldName(b.primaryName)),
    listed_on: (a, b) => desc(a.listedOn, b.listedOn),
  }
  return [...ds].sort((a, b) => by[sort](a, b) || cmp(a.sourceRefNumber, b.sourceRefNumber)).map((d) => d.sourceRefNumber)
}

/** The designations a query keeps, by the spec's rules, computed here. */
function predicate(q: Query): (d: Designation) => boolean {
  return (d) =>
    (q['search'] === undefined || matchesSearch(d, String(q['search']))) &&
    (q['status'] === undefined || d.status === q['status']) &&
    (q['subjectType'] === undefined || d.subjectType === q['subjectType']) &&
    (q['regime'] === undefined || d.regime === q['regime']) &&
    (q['measure'] === undefined || d.extracted.prohibitions.some((p) => p.toLowerCase() === String(q['measure']).toLowerCase())) &&
    (!(q['hideDeceased'] === true || q['hideDeceased'] === 'true') || d.extracted.subjectStatus !== 'deceased')
}

/** A deterministic sample: every n-th element. */
const everyNth = <T>(xs: readonly T[], n: number): T[] => xs.filter((_, i) => i % n === 0)

describe('GET /watchlist over the real UN list', () => {
  const snap = snapshotWith(FROM_2024_TO_2026)
  const list = (q: Query) => snap().listWatchlist(q as WatchlistQuery)
  /** Every designation of a query, by paging. */
  const every = (q: Query) => allDesignations(snap(), q as WatchlistQuery)
  /** The refs a query returns (all pages), sorted. */
  const got = (q: Query) => sortedRefs(every(q))

  let all: Designation[] = []
  let byRef = new Map<string, Designation>()
  const expected = (q: Query) => sortedRefs(all.filter(predicate(q)))
  let raw2024 = new Map<string, RawRecord>()
  let raw2026 = new Map<string, RawRecord>()
  /** The raw record a designation was last written from (2026 when present, else 2024). */
  const rawOf = (ref: string) => (raw2026.get(ref) ?? raw2024.get(ref)) as RawRecord

  beforeAll(() => {
    all = allDesignations(snap())
    byRef = new Map(all.map((d) => [d.sourceRefNumber, d]))
    raw2024 = rawRecords(readFileSync(LIST_2024, 'utf8'))
    raw2026 = rawRecords(readFileSync(LIST_2026, 'utf8'))
  })

  it('holds one designation per reference of either list (1003 on 2026-02-27 + those gone since 2024)', () => {
    const refs = new Set([...raw2024.keys(), ...raw2026.keys()])
    expect(raw2026.size).toBe(1003)
    expect(sortedRefs(all)).toEqual([...refs].sort())
    expect(new Set(refsOf(all)).size).toBe(all.length)
  })

  describe('search: normalized substring of one name', () => {
    it('`al qaida`, `AL-QAIDA`, `alqaida` (and other spellings) match the same designations, QDe.004 AL-QAIDA among them', () => {
      const variants = ['al qaida', 'AL-QAIDA', 'alqaida', 'Al-Qaida', "Al Qa'ida", 'Al Qa’ida', '  al.qaida  ', 'AL_QAIDA']
      const want = expected({ search: 'alqaida' })
      expect(want).toContain('QDe.004')
      expect(want).toContain('QDe.014') // alias "Al Qaïda au Maghreb islamique"
      for (const search of variants) expect(got({ search }), search).toEqual(want)
      expect(byRef.get('QDe.004')?.primaryName).toBe('AL-QAIDA')
    })

    it('finds a name written with diacritics when searched without them', () => {
      const cases: [string, string][] = [
        ['Jerome Kakwavu', 'CDi.005'], // JÉRÔME KAKWAVU BUKANDE
        ['BOZIZE', 'CFi.001'], // FRANÇOIS YANGOUVONDA BOZIZÉ
        ['francois yangouvonda', 'CFi.001'],
        ['Camara', 'GBi.001'], // IBRAIMA CAMARÁ
        ['ngaikosset', 'CFi.008'], // EUGÈNE BARRET NGAÏKOSSET
        ['Forces Democratiques Alliees', 'CDe.001'],
      ]
      for (const [search, ref] of cases) {
        const refs = got({ search })
        expect(refs, search).toContain(ref)
        expect(refs, search).toEqual(expected({ search }))
      }
      // Every name that carries marks, searched with them stripped, finds its designation.
      let checked = 0
      for (const d of all) {
        for (const n of namesOf(d)) {
          const bare = n.normalize('NFD').replace(/\p{M}/gu, '')
          if (bare === n.normalize('NFD')) continue
          if (searchKey(bare) === '') continue
          checked++
          expect(got({ search: bare }), `${d.sourceRefNumber}: ${bare}`).toContain(d.sourceRefNumber)
        }
      }
      expect(checked).toBeGreaterThan(20)
    })

    it('finds a name written without diacritics when searched with them (precomposed or combining)', () => {
      const want = expected({ search: 'alqaida' })
      expect(got({ search: 'ÁL-QÃÏDÀ' })).toEqual(want)
      expect(got({ search: 'A\u0301l-Qa\u0308ida' })).toEqual(want)
      expect(got({ search: 'Sàddàm Hüssëin' })).toContain('IQi.001') // SADDAM HUSSEIN AL-TIKRITI
      expect(got({ search: 'Jérôme' })).toEqual(got({ search: 'Je\u0301ro\u0302me' }))
      expect(got({ search: 'Jérôme' })).toEqual(got({ search: 'JEROME' }))
    })

    it('finds a designation by a substring of its NAME_ORIGINAL_SCRIPT (Arabic), with or without harakat', () => {
      const qde004 = byRef.get('QDe.004') as Designation
      expect(qde004.nameOriginalScript).toBe('القاعدة')
      expect(got({ search: 'قاعد' })).toContain('QDe.004')
      expect(got({ search: 'قاعد' })).toEqual(expected({ search: 'قاعد' }))
      expect(got({ search: 'الْقَاعِدَة' })).toContain('QDe.004') // fatha, sukun, kasra: marks
      expect(got({ search: 'حسين التكر' })).toContain('IQi.001') // صدام حسين التكريتي
      // The middle of every original-script name finds its designation, and exactly the expected set.
      const scripted = all.filter((d) => d.nameOriginalScript)
      expect(scripted.length).toBeGreaterThan(300)
      for (const d of scripted) {
        const chars = [...(d.nameOriginalScript as string)]
        const from = Math.floor(chars.length / 4)
        const search = chars.slice(from, Math.max(from + 3, Math.ceil((chars.length * 3) / 4))).join('')
        if (searchKey(search) === '') continue
        const refs = got({ search })
        expect(refs, `${d.sourceRefNumber}: ${search}`).toContain(d.sourceRefNumber)
        expect(refs, search).toEqual(expected({ search }))
      }
    })

    it('matches on an alias alone', () => {
      const qde004 = byRef.get('QDe.004') as Designation
      expect(searchKey(qde004.primaryName)).not.toContain(searchKey('Usama Bin Laden Network'))
      expect(got({ search: 'Usama Bin Laden Network' })).toContain('QDe.004')
      // Every alias that no other name of its designation contains finds that designation.
      let checked = 0
      for (const d of everyNth(all, 2)) {
        const others = [d.primaryName, d.nameOriginalScript ?? ''].map(searchKey)
        for (const a of d.aliases) {
          if (others.some((o) => o.includes(searchKey(a.name)))) continue
          checked++
          expect(got({ search: a.name }), `${d.sourceRefNumber}: alias ${a.name}`).toContain(d.sourceRefNumber)
        }
      }
      expect(checked).toBeGreaterThan(300)
    })

    it('never matches across two names (primary name + alias, alias + alias)', () => {
      // "AL-QAIDA" followed by its alias "Al Qa'ida": no single name holds "alqaidaalqaida".
      expect(all.some((d) => matchesSearch(d, "AL-QAIDA Al Qa'ida"))).toBe(false)
      expect(list({ search: "AL-QAIDA Al Qa'ida" })).toEqual({ data: [], total: 0 })
      const queries: [Designation, string][] = []
      for (const d of all) {
        const keys = namesOf(d).map(searchKey).filter(Boolean)
        for (let i = 0; i + 1 < keys.length; i++) {
          const search = (keys[i] as string).slice(-5) + (keys[i + 1] as string).slice(0, 5)
          if (!matchesSearch(d, search)) queries.push([d, search])
        }
      }
      expect(queries.length).toBeGreaterThan(100)
      for (const [d, search] of everyNth(queries, Math.ceil(queries.length / 400))) {
        const refs = got({ search })
        expect(refs, `${d.sourceRefNumber}: ${search}`).not.toContain(d.sourceRefNumber)
        expect(refs, search).toEqual(expected({ search }))
      }
    })

    it('returns exactly the spec normalization’s matches on a deterministic sample of queries', () => {
      let n = 0
      for (const d of everyNth(all, 23)) {
        for (const name of namesOf(d).slice(0, 3)) {
          for (const [from, len] of [
            [0, 6],
            [2, 9],
            [Math.floor(name.length / 2), 5],
          ] as const) {
            const piece = name.slice(from, from + len)
            if (searchKey(piece).length < 4) continue // 1–3 characters match hundreds: slow, and proves little
            for (const search of [piece, piece.toUpperCase(), piece.toLowerCase().split('').join('-')]) {
              n++
              expect(got({ search }), search).toEqual(expected({ search }))
            }
          }
        }
      }
      expect(n).toBeGreaterThan(150)
    })

    it('a blank search is no constraint; surrounding spaces do not matter', () => {
      expect(list({ search: '   ' }).total).toBe(all.length)
      expect(list({ search: '' }).total).toBe(all.length)
      expect(got({ search: '  bozize ' })).toEqual(got({ search: 'bozize' }))
    })
  })

  describe('filters', () => {
    it('status: listed and delisted partition the list; omitted returns both', () => {
      const delisted = got({ status: 'delisted' })
      expect(delisted).toEqual([...DELISTED_2026].sort())
      expect(delisted).toEqual(expected({ status: 'delisted' }))
      expect(got({ status: 'listed' })).toEqual(expected({ status: 'listed' }))
      expect(list({ status: 'listed' }).total + list({ status: 'delisted' }).total).toBe(all.length)
      expect(list({}).total).toBe(all.length)
      // A reference whose DATAID was re-issued is the same designation, still listed.
      for (const ref of REISSUED_DATAID) expect(byRef.get(ref)?.status, ref).toBe('listed')
    })

    it('subjectType: individual and entity', () => {
      for (const subjectType of ['individual', 'entity']) {
        const refs = got({ subjectType })
        expect(refs.length, subjectType).toBeGreaterThan(100)
        expect(refs, subjectType).toEqual(expected({ subjectType }))
      }
      const fromXml = [...raw2026.values()].filter((r) => r.kind === 'entity').map((r) => r.ref)
      expect(got({ subjectType: 'entity', status: 'listed' })).toEqual(fromXml.sort())
    })

    it('regime: each of the 14, exactly; together they cover every designation', () => {
      let sum = 0
      for (const regime of SPEC_REGIMES) {
        const refs = got({ regime })
        expect(refs.length, regime).toBeGreaterThan(0)
        expect(refs, regime).toEqual(expected({ regime }))
        const listedInXml = [...raw2026.values()].filter(
          (r) => r.listType === regime || (regime === 'SouthSudan' && r.listType === 'South Sudan'),
        )
        expect(list({ regime, status: 'listed' }).total, regime).toBe(listedInXml.length)
        sum += refs.length
      }
      expect(sum).toBe(all.length)
    })

    it('measure: a value of extracted.prohibitions, compared case-insensitively', () => {
      const measures = [...new Set(all.flatMap((d) => d.extracted.prohibitions))]
      expect(measures.length, 'no designation carries any extracted prohibition: the measure filter cannot be checked').toBeGreaterThan(0)
      for (const m of measures) {
        const want = expected({ measure: m })
        expect(want.length, m).toBeGreaterThan(0)
        const title = m.replace(/\b\w/g, (c) => c.toUpperCase())
        for (const measure of [m, m.toUpperCase(), m.toLowerCase(), title]) expect(got({ measure }), measure).toEqual(want)
      }
      expect(list({ measure: '' })).toEqual(list({}))
    })

    it('hideDeceased: true / "true" omit exactly the deceased; false / "false" / absent keep them, still listed', () => {
      const deceased = all.filter((d) => d.extracted.subjectStatus === 'deceased')
      expect(deceased.length, 'no designation is extracted as deceased: hideDeceased cannot be checked').toBeGreaterThan(0)
      const alive = sortedRefs(all.filter((d) => d.extracted.subjectStatus !== 'deceased'))
      expect(got({ hideDeceased: true })).toEqual(alive)
      expect(got({ hideDeceased: 'true' })).toEqual(alive)
      expect(got({ hideDeceased: false })).toEqual(sortedRefs(all))
      expect(got({ hideDeceased: 'false' })).toEqual(sortedRefs(all))
      // Death is not a delisting: the deceased on the current list stay listed and are returned.
      const listed = new Set(got({ status: 'listed' }))
      for (const d of deceased) {
        if (raw2026.has(d.sourceRefNumber)) {
          expect(d.status, d.sourceRefNumber).toBe('listed')
          expect(listed.has(d.sourceRefNumber), d.sourceRefNumber).toBe(true)
        }
      }
      expect(got({ status: 'listed', hideDeceased: 'true' })).toEqual(expected({ status: 'listed', hideDeceased: 'true' }))
    })

    it('combine with AND (with search, and in every sort order)', () => {
      const m = all.flatMap((d) => d.extracted.prohibitions)[0] ?? 'asset freeze'
      const combos: Query[] = [
        { status: 'listed', subjectType: 'individual', regime: 'Al-Qaida' },
        { status: 'listed', subjectType: 'individual', regime: 'Al-Qaida', hideDeceased: 'true', search: 'abu' },
        { subjectType: 'entity', regime: 'DPRK', measure: m.toUpperCase() },
        { status: 'delisted', regime: 'Al-Qaida', search: 'al' },
        { status: 'listed', subjectType: 'entity', regime: 'Iran', search: 'co', measure: m, hideDeceased: true },
        { search: 'mohammad', status: 'listed', subjectType: 'individual', regime: 'Taliban', measure: m, hideDeceased: 'true' },
        { search: 'zzqx', regime: 'Iraq' },
      ]
      let nonEmpty = 0
      for (const q of combos) {
        const want = all.filter(predicate(q))
        if (want.length > 0) nonEmpty++
        for (const sort of SORTS) expect(refsOf(every({ ...q, sort })), JSON.stringify({ ...q, sort })).toEqual(ordered(want, sort))
      }
      expect(nonEmpty).toBeGreaterThanOrEqual(5)
    })
  })

  describe('sort', () => {
    it('recently_changed is the default: lastUpdatedOn descending, ties by ref', () => {
      const want = ordered(all, 'recently_changed')
      expect(refsOf(all)).toEqual(want)
      expect(refsOf(every({ sort: 'recently_changed' }))).toEqual(want)
    })

    it('name: primary name folded, ascending, ties by ref', () => {
      const got = every({ sort: 'name' })
      expect(refsOf(got)).toEqual(ordered(all, 'name'))
      // Case and accents do not move a name: "FRANÇOIS…" sorts as "francois…".
      const keys = got.map((d) => foldName(d.primaryName))
      expect(keys).toEqual([...keys].sort(cmp))
    })

    it('name: what precedes the first letter or digit is ignored (‘ABD AL-RAHMAN… sorts under A, not after Z)', () => {
      const got = every({ sort: 'name' })
      const refs = refsOf(got)
      const quoted = got.filter((d) => /^[^\p{L}\p{N}]/u.test(d.primaryName))
      expect(refsOf(quoted).sort()).toEqual(expect.arrayContaining(['QDi.334', 'QDi.335', 'QDi.339']))
      for (const d of quoted) {
        const i = refs.indexOf(d.sourceRefNumber)
        const key = foldName(d.primaryName)
        expect(key, d.primaryName).toMatch(/^[\p{L}\p{N}]/u)
        expect(cmp(foldName(got[i - 1]?.primaryName ?? ''), key), `${d.sourceRefNumber} after its predecessor`).toBeLessThanOrEqual(0)
        if (i + 1 < got.length)
          expect(cmp(key, foldName(got[i + 1]?.primaryName ?? '')), `${d.sourceRefNumber} before its successor`).toBeLessThanOrEqual(0)
      }
      // Between ABD AL-LATIF… and ABD AL-RAHMAN OULD…, in the order of what follows the quote.
      const at = (ref: string) => refs.indexOf(ref)
      expect(['QDi.380', 'QDi.334', 'QDi.335', 'QDi.339', 'QDi.298'].map(at)).toEqual(
        [...['QDi.380', 'QDi.334', 'QDi.335', 'QDi.339', 'QDi.298'].map(at)].sort((a, b) => a - b),
      )
      expect(at('QDi.334') + 1).toBe(at('QDi.335'))
      expect(at('QDi.335') + 1).toBe(at('QDi.339'))
      expect(at('QDi.334')).toBeLessThan(100)
    })

    it('listed_on: most recently designated first, ties by ref', () => {
      const got = every({ sort: 'listed_on' })
      expect(refsOf(got)).toEqual(ordered(all, 'listed_on'))
      expect(got[0]?.listedOn).toBe(
        all
          .map((d) => d.listedOn ?? '')
          .sort()
          .at(-1),
      )
    })

    it('each order holds within a filter', () => {
      for (const q of [{ regime: 'Iran' }, { status: 'delisted' }, { search: 'ali' }, { subjectType: 'entity', regime: 'DPRK' }]) {
        for (const sort of SORTS)
          expect(refsOf(every({ ...q, sort })), `${JSON.stringify(q)} ${sort}`).toEqual(ordered(all.filter(predicate(q)), sort))
      }
    })
  })

  describe('paging: limit and offset', () => {
    it('pages concatenate to the full order, with no duplicates and the true total on each page', () => {
      for (const sort of SORTS) {
        const want = ordered(all, sort)
        for (const limit of [7, 33, 100, undefined]) {
          const size = limit ?? 20
          const seen: string[] = []
          for (let offset = 0; offset < all.length + size; offset += size) {
            const page = list({ sort, offset, ...(limit === undefined ? {} : { limit }) })
            expect(page.total).toBe(all.length)
            expect(page.data.length).toBe(Math.max(0, Math.min(size, all.length - offset)))
            seen.push(...refsOf(page.data))
          }
          expect(new Set(seen).size, `${sort} limit ${size}`).toBe(seen.length)
          expect(seen, `${sort} limit ${size}`).toEqual(want)
        }
      }
    })

    it('defaults: limit 20, offset 0', () => {
      const page = list({})
      expect(page.data.length).toBe(20)
      expect(refsOf(page.data)).toEqual(ordered(all, 'recently_changed').slice(0, 20))
    })

    it('takes limit and offset as URL strings or numbers, 1 and 100 included', () => {
      expect(list({ limit: '5', offset: '10' })).toEqual(list({ limit: 5, offset: 10 }))
      expect(list({ limit: '1' }).data.length).toBe(1)
      expect(list({ limit: 100 }).data.length).toBe(100)
      expect(list({ limit: '100', offset: '0' }).data.length).toBe(100)
    })

    it('an offset at or past the end gives data [] with the true total', () => {
      const total = all.length
      expect(list({ offset: total })).toEqual({ data: [], total })
      expect(list({ offset: total + 1000, limit: 100 })).toEqual({ data: [], total })
      expect(list({ offset: String(total + 5) })).toEqual({ data: [], total })
      expect(refsOf(list({ offset: total - 1 }).data)).toEqual(ordered(all, 'recently_changed').slice(-1))
      expect(list({ status: 'delisted', offset: DELISTED_2026.length })).toEqual({ data: [], total: DELISTED_2026.length })
      expect(list({ search: 'alqaida', offset: 10_000 }).total).toBe(expected({ search: 'alqaida' }).length)
    })
  })

  describe('invalid parameters → 400 naming the parameter and the allowed values', () => {
    const MEASURES = ['asset freeze', 'travel ban', 'arms embargo', 'port entry ban', 'deflagging']
    const ALL_PARAMS = ['search', 'limit', 'offset', 'status', 'subjectType', 'regime', 'measure', 'hideDeceased', 'sort']
    const cases: [Query, string, readonly string[]][] = [
      [{ limit: 0 }, 'limit', ['1', '100']],
      [{ limit: 101 }, 'limit', ['1', '100']],
      [{ limit: '0' }, 'limit', ['1', '100']],
      [{ limit: '101' }, 'limit', ['1', '100']],
      [{ limit: 'ten' }, 'limit', ['1', '100']],
      [{ limit: 2.5 }, 'limit', ['1', '100']],
      [{ offset: -1 }, 'offset', ['0']],
      [{ offset: '-1' }, 'offset', ['0']],
      [{ offset: 'x' }, 'offset', ['0']],
      [{ status: 'active' }, 'status', ['listed', 'delisted']],
      [{ status: 'LISTED' }, 'status', ['listed', 'delisted']],
      [{ subjectType: 'vessel' }, 'subjectType', ['individual', 'entity']],
      [{ regime: 'ISIL' }, 'regime', SPEC_REGIMES],
      [{ regime: 'al-qaida' }, 'regime', SPEC_REGIMES],
      [{ regime: 'AL-QAIDA' }, 'regime', SPEC_REGIMES],
      [{ regime: 'South Sudan' }, 'regime', SPEC_REGIMES],
      [{ sort: 'date' }, 'sort', SORTS],
      [{ sort: 'relevance' }, 'sort', SORTS],
      [{ measure: 'teleportation ban' }, 'measure', MEASURES],
      [{ measure: 'asset freez' }, 'measure', MEASURES],
      [{ hideDeceased: 'yes' }, 'hideDeceased', ['true', 'false']],
      [{ hideDeceased: '1' }, 'hideDeceased', ['true', 'false']],
      [{ q: 'qaida' }, 'q', ALL_PARAMS],
      [{ page: '2' }, 'page', ALL_PARAMS],
      [{ Search: 'qaida' }, 'Search', ALL_PARAMS],
      [{ search: '!!!' }, 'search', []],
      [{ search: ' - ' }, 'search', []],
      [{ search: '“…”' }, 'search', []],
    ]
    it.each(cases)('%j → 400 naming %s', (query, param, allowed) => {
      const e = errorOf(() => list(query))
      expect(e.status).toBe(400)
      expect(e.code).toBe('invalid_parameters')
      expect(e.message).toContain(param)
      for (const v of allowed) expect(e.message, `the message should list ${v}`).toContain(v)
      expect(e.toJSON()).toEqual({ error: e.message, code: 'invalid_parameters' })
    })

    it('the query may be URLSearchParams (as from a URL): the same results as the plain object', () => {
      const params = new URLSearchParams('search=abu&status=listed&sort=name&limit=7&offset=3&hideDeceased=true')
      const plain = list({ search: 'abu', status: 'listed', sort: 'name', limit: '7', offset: '3', hideDeceased: 'true' })
      expect(plain.data.length).toBe(7)
      expect(list(params as unknown as Query)).toEqual(plain)
      expect(list(new URLSearchParams() as unknown as Query)).toEqual(list({}))
      // Each parameter once: a repeated one is refused, not silently one of the two.
      const twice = errorOf(() => list(new URLSearchParams('status=listed&status=delisted') as unknown as Query))
      expect([twice.status, twice.code, twice.message]).toEqual([
        400,
        'invalid_parameters',
        "query: parameter 'status' is given more than once",
      ])
      // Validation applies as for a plain object.
      const bad = errorOf(() => list(new URLSearchParams('limit=0') as unknown as Query))
      expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('limit')])
      const unknown = errorOf(() => list(new URLSearchParams('q=qaida') as unknown as Query))
      expect([unknown.status, unknown.message]).toEqual([
        400,
        expect.stringMatching(
          /^query: unknown parameter .*q.*; allowed: search, limit, offset, status, subjectType, regime, measure, hideDeceased, sort$/,
        ),
      ])
    })

    it('a query that is not a plain object or URLSearchParams (a Map, a class instance, an array, a string) → 400, not read as empty', () => {
      class Params {
        search = 'qaida'
      }
      const shapes: [string, unknown][] = [
        ['a Map', new Map([['search', 'qaida']])],
        ['an empty Map', new Map()],
        ['a class instance', new Params()],
        ['a Date', new Date()],
        ['an array', [['search', 'qaida']]],
        ['a string', 'search=qaida'],
        ['a number', 42],
      ]
      for (const [what, query] of shapes) {
        const e = errorOf(() => snap().listWatchlist(query as WatchlistQuery))
        expect([e.status, e.code, e.message], what).toEqual([
          400,
          'invalid_parameters',
          'query: must be a plain object of query-string parameters (or URLSearchParams)',
        ])
      }
      // A null-prototype object is a plain object.
      const bare = Object.assign(Object.create(null) as Query, { search: 'bozize' })
      expect(list(bare)).toEqual(list({ search: 'bozize' }))
      expect(list(bare).total).toBeGreaterThan(0)
    })

    it('the exact regime spelling and typed values are accepted', () => {
      expect(list({ regime: 'Al-Qaida', limit: 1 }).total).toBe(expected({ regime: 'Al-Qaida' }).length)
      expect(
        list({ regime: 'SouthSudan', status: 'listed', subjectType: 'individual', hideDeceased: false, sort: 'name', limit: 1 }).data
          .length,
      ).toBe(1)
    })
  })

  describe('result shape (interface-spec §2.6)', () => {
    const FIELDS = [
      'sourceRefNumber',
      'source',
      'sourceDataId',
      'designationId',
      'subjectId',
      'subjectType',
      'primaryName',
      'nameOriginalScript',
      'nationalities',
      'aliases',
      'regime',
      'committee',
      'status',
      'listedOn',
      'delistedOn',
      'lastReviewedOn',
      'sourceLastUpdated',
      'lastUpdatedOn',
      'narrative',
      'narrativeTranslations',
      'extracted',
      'pressReleaseUrl',
      'pressReleaseSymbol',
      'lastEventAt',
      'lastEventType',
      'firstSeenAt',
      'lastSeenAt',
    ].sort()
    const EXTRACTED = [
      'prohibitions',
      'flagState',
      'validFrom',
      'validUntil',
      'identifiers',
      'lastKnownLocation',
      'affiliations',
      'subjectStatus',
    ].sort()
    const LAST_EVENT_TYPES = ['listed', 'delisted', 'amended', 'reconciliation_blocked', null]

    const strOrNull = (v: unknown) => v === null || (typeof v === 'string' && v !== '')
    const dayOrNull = (v: unknown) => v === null || isDay(v)
    const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() !== '')

    /** What is wrong with one designation's fields and types; [] when nothing. */
    function problemsOf(d: Designation): string[] {
      const p: string[] = []
      const r = d as unknown as Record<string, unknown>
      const check = (ok: boolean, what: string, value: unknown = r[what.split(' ')[0] as string]) => {
        if (!ok) p.push(`${d.sourceRefNumber}: ${what} (${JSON.stringify(value)?.slice(0, 120)})`)
      }
      const keys = Object.keys(d).sort()
      if (JSON.stringify(keys) !== JSON.stringify(FIELDS)) p.push(`${d.sourceRefNumber}: fields ${keys.join(',')}`)
      check(typeof d.sourceRefNumber === 'string' && /^[A-Z]{2}[ie]\.\d{3}$/.test(d.sourceRefNumber), 'sourceRefNumber')
      check(d.source === 'un_sc', 'source')
      check(typeof d.sourceDataId === 'string' && /^\d+$/.test(d.sourceDataId), 'sourceDataId')
      check(UUID.test(d.designationId), 'designationId UUID-shaped')
      check(UUID.test(d.subjectId), 'subjectId UUID-shaped')
      check(d.subjectType === 'individual' || d.subjectType === 'entity', 'subjectType')
      check(typeof d.primaryName === 'string' && d.primaryName === d.primaryName.trim() && d.primaryName !== '', 'primaryName')
      check(strOrNull(d.nameOriginalScript), 'nameOriginalScript')
      check(strings(d.nationalities), 'nationalities')
      check(
        Array.isArray(d.aliases) &&
          d.aliases.every(
            (a) =>
              JSON.stringify(Object.keys(a).sort()) === '["name","quality"]' &&
              typeof a.name === 'string' &&
              a.name.trim() !== '' &&
              typeof a.quality === 'string' &&
              a.quality === a.quality.toLowerCase(),
          ),
        'aliases {name non-empty, quality lower-case}',
      )
      check((SPEC_REGIMES as readonly string[]).includes(d.regime), 'regime one of the 14')
      check(typeof d.committee === 'string' && d.committee !== '', 'committee')
      check(d.status === 'listed' || d.status === 'delisted', 'status')
      for (const f of ['listedOn', 'lastReviewedOn', 'sourceLastUpdated', 'lastUpdatedOn'] as const)
        check(dayOrNull(d[f]), `${f} YYYY-MM-DD or null`)
      check(d.status === 'delisted' ? isDay(d.delistedOn) : d.delistedOn === null, 'delistedOn only on delisted')
      check(typeof d.narrative === 'string' && d.narrative === d.narrative.trim(), 'narrative trimmed')
      check(
        d.narrativeTranslations !== null && typeof d.narrativeTranslations === 'object' && !Array.isArray(d.narrativeTranslations),
        'narrativeTranslations object',
      )
      check(strOrNull(d.pressReleaseUrl), 'pressReleaseUrl')
      check(strOrNull(d.pressReleaseSymbol), 'pressReleaseSymbol')
      check(isDateTime(d.lastEventAt), 'lastEventAt date-time')
      check(LAST_EVENT_TYPES.includes(d.lastEventType), 'lastEventType')
      check(isDateTime(d.firstSeenAt), 'firstSeenAt date-time')
      check(isDateTime(d.lastSeenAt), 'lastSeenAt date-time')
      check(!(Date.parse(d.firstSeenAt) > Date.parse(d.lastSeenAt)), 'firstSeenAt ≤ lastSeenAt')
      const x = d.extracted
      const xk = Object.keys(x ?? {}).sort()
      if (JSON.stringify(xk) !== JSON.stringify(EXTRACTED)) p.push(`${d.sourceRefNumber}: extracted fields ${xk.join(',')}`)
      else {
        check(strings(x.prohibitions), 'extracted.prohibitions', x.prohibitions)
        check(strOrNull(x.flagState), 'extracted.flagState', x.flagState)
        check(dayOrNull(x.validFrom) && dayOrNull(x.validUntil), 'extracted.validFrom/validUntil', [x.validFrom, x.validUntil])
        check(strings(x.identifiers), 'extracted.identifiers', x.identifiers)
        check(strings(x.affiliations), 'extracted.affiliations', x.affiliations)
        check(strOrNull(x.subjectStatus as unknown), 'extracted.subjectStatus', x.subjectStatus)
        // The type of observedOn (a date) is checked on its own below.
        const loc = x.lastKnownLocation
        check(
          loc === null ||
            (typeof loc === 'object' &&
              // observedAsOf: the library's documented extension (the date at the precision stated).
              JSON.stringify(Object.keys(loc).sort()) === '["observedAsOf","observedOn","place"]' &&
              typeof loc.place === 'string' &&
              loc.place !== '' &&
              (loc.observedOn === null || typeof loc.observedOn === 'string') &&
              (loc.observedAsOf === null || /^\d{4}(-\d{2}(-\d{2})?)?$/.test(loc.observedAsOf)) &&
              // a full observedAsOf is the observedOn; a partial one leaves observedOn null
              (loc.observedAsOf !== null && /^\d{4}-\d{2}-\d{2}$/.test(loc.observedAsOf)
                ? loc.observedOn === loc.observedAsOf
                : loc.observedOn === null)),
          'extracted.lastKnownLocation {place, observedOn, observedAsOf}',
          loc,
        )
      }
      return p
    }

    it('the response is { data, total } and nothing else', () => {
      const r = list({ limit: 3 })
      expect(Object.keys(r).sort()).toEqual(['data', 'total'])
      expect(Number.isInteger(r.total)).toBe(true)
      expect(Array.isArray(r.data)).toBe(true)
    })

    it('every designation has exactly the spec fields, with their types (list items carry no detail-only fields)', () => {
      expect(all.flatMap(problemsOf)).toEqual([])
      for (const d of all) expect('narrativeTranslated' in d || 'narrativeTranslatedLang' in d, d.sourceRefNumber).toBe(false)
    })

    it('extracted.lastKnownLocation.observedOn is a date (YYYY-MM-DD, interface-spec §2.6) or null', () => {
      const located = all.filter((d) => d.extracted.lastKnownLocation !== null)
      expect(located.length).toBeGreaterThan(0)
      const wrong = located
        .filter((d) => !dayOrNull(d.extracted.lastKnownLocation?.observedOn))
        .map((d) => `${d.sourceRefNumber}: ${d.extracted.lastKnownLocation?.observedOn}`)
      expect(wrong).toEqual([])
    })

    it('designationId and subjectId are UUID-shaped and unique', () => {
      const ids = all.flatMap((d) => [d.designationId, d.subjectId])
      expect(new Set(ids).size).toBe(ids.length)
    })

    it('status and delistedOn: delistedOn is the observation day, only on delisted designations', () => {
      for (const d of all) {
        if (DELISTED_2026.includes(d.sourceRefNumber as (typeof DELISTED_2026)[number])) {
          expect([d.status, d.delistedOn, d.lastEventType], d.sourceRefNumber).toEqual(['delisted', '2026-02-27', 'delisted'])
        } else {
          expect([d.status, d.delistedOn], d.sourceRefNumber).toEqual(['listed', null])
        }
      }
    })

    it('lastEventType: listed for new references, amended exactly where the content changed (a narrative whitespace aside), delisted for the gone', () => {
      expect(new Set(all.map((d) => d.lastEventType))).toEqual(new Set(['listed', 'amended', 'delisted']))
      const bare = (s: string) => s.replace(/\s+/g, '')
      const changed = new Set(diffLists(readFileSync(LIST_2024), readFileSync(LIST_2026)).changed)
      for (const d of all) {
        const before = raw2024.get(d.sourceRefNumber)
        const after = raw2026.get(d.sourceRefNumber)
        if (!before) expect(d.lastEventType, `${d.sourceRefNumber} is new in 2026`).toBe('listed')
        else if (!after) expect(d.lastEventType, `${d.sourceRefNumber} is gone in 2026`).toBe('delisted')
        else {
          expect(d.lastEventType, d.sourceRefNumber).toBe(changed.has(d.sourceRefNumber) ? 'amended' : 'listed')
          if (bare(before.comments) !== bare(after.comments)) expect(d.lastEventType, d.sourceRefNumber).toBe('amended')
        }
      }
    })

    it('aliases: the origin’s named aliases, quality lower-cased, no empty placeholders', () => {
      expect([...raw2026.values()].flatMap((r) => r.aliasNames).length).toBeGreaterThan(2000)
      for (const d of all) {
        const r = rawOf(d.sourceRefNumber)
        expect(d.aliases.map((a) => a.name).sort(), d.sourceRefNumber).toEqual([...r.aliasNames].sort())
        expect(d.aliases.map((a) => a.quality).sort(), d.sourceRefNumber).toEqual(r.aliasQualities.map((q) => q.toLowerCase()).sort())
      }
      const qualities = new Set(all.flatMap((d) => d.aliases.map((a) => a.quality)))
      expect(qualities.has('good') && qualities.has('low')).toBe(true)
    })

    it('narrative: the origin’s COMMENTS1, trimmed at the ends only (inner line breaks and spaces kept)', () => {
      for (const d of all) expect(d.narrative, d.sourceRefNumber).toBe(rawOf(d.sourceRefNumber).comments.trim())
      const cdi002 = byRef.get('CDi.002') as Designation
      expect(cdi002.narrative).toContain('resides in Kinshasa.\nSince 2010')
      expect(cdi002.narrative).toContain('Territory of Beni.  He was')
    })

    it('sourceDataId: the DATAID of the latest list holding the reference (a re-issued DATAID is followed)', () => {
      for (const d of all) expect(d.sourceDataId, d.sourceRefNumber).toBe(rawOf(d.sourceRefNumber).dataId)
      for (const ref of REISSUED_DATAID) expect(byRef.get(ref)?.sourceDataId, ref).not.toBe(raw2024.get(ref)?.dataId)
    })

    it('nameOriginalScript: as published (whitespace collapsed), or null', () => {
      // Whitespace runs inside the name collapsed (QDi.426 has a line break inside its Arabic name).
      for (const d of all)
        expect(d.nameOriginalScript ?? '', d.sourceRefNumber).toBe(rawOf(d.sourceRefNumber).nameOriginalScript.replace(/\s+/g, ' '))
    })

    it('lastReviewedOn: the latest “Review … concluded on <date>” of the narrative, a line break inside included', () => {
      const MONTHS: Record<string, number> = {
        jan: 1,
        feb: 2,
        mar: 3,
        apr: 4,
        may: 5,
        jun: 6,
        jul: 7,
        aug: 8,
        sep: 9,
        oct: 10,
        nov: 11,
        dec: 12,
      }
      const reviews = (narrative: string): string[] => {
        const out: string[] = []
        for (const sentence of narrative.split(/\.\s+(?=[A-Z])/)) {
          if (!/review/i.test(sentence)) continue
          for (const m of sentence.matchAll(/concluded\s+on\s+(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})/gi)) {
            const month = MONTHS[(m[2] as string).slice(0, 3).toLowerCase()]
            if (month !== undefined) out.push(`${m[3]}-${String(month).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`)
          }
        }
        return out.sort()
      }
      let broken = 0
      let reviewed = 0
      for (const d of all) {
        const dates = reviews(d.narrative)
        if (dates.length > 0) reviewed++
        if (/concluded\s*\n\s*on\s/.test(d.narrative)) {
          broken++
          expect(d.lastReviewedOn, `${d.sourceRefNumber}: "concluded" and "on" on two lines`).not.toBeNull()
        }
        expect(d.lastReviewedOn, d.sourceRefNumber).toBe(dates.at(-1) ?? null)
      }
      expect(reviewed).toBeGreaterThan(300)
      expect(broken).toBeGreaterThan(10)
    })

    it('regime and committee: one committee per regime', () => {
      const committees = new Map<string, Set<string | null>>()
      for (const d of all) committees.set(d.regime, (committees.get(d.regime) ?? new Set()).add(d.committee))
      expect([...committees.keys()].sort()).toEqual([...SPEC_REGIMES].sort())
      for (const [regime, c] of committees) expect(c.size, regime).toBe(1)
      expect(new Set([...committees.values()].map((c) => [...c][0])).size).toBe(SPEC_REGIMES.length)
    })

    it('primaryName, listedOn, nationalities, sourceLastUpdated and lastUpdatedOn agree with the XML read raw', () => {
      for (const d of all) {
        const raw = rawOf(d.sourceRefNumber)
        const ref = d.sourceRefNumber
        expect(d.subjectType, ref).toBe(raw.kind)
        expect(d.primaryName, ref).toBe(raw.names.filter(Boolean).join(' '))
        expect(d.listedOn, ref).toBe(raw.listedOn === '' ? null : raw.listedOn)
        expect([...d.nationalities].sort(), ref).toEqual([...new Set(raw.nationalities)].sort())
        const updated = [...raw.lastDayUpdated].sort()
        expect(d.sourceLastUpdated, ref).toBe(updated.at(-1) ?? null)
        const latest = [raw.listedOn, ...updated].filter(Boolean).sort().at(-1) ?? null
        expect(d.lastUpdatedOn, ref).toBe(latest)
      }
    })
  })
})
