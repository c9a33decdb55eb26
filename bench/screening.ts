/**
 * `npx tsx bench/screening.ts [--threshold <t>] [--misses] [--fp] [--only <sections>]`
 *
 * Measures the sanctions-screening matcher (src/watchlist/screen) on real data (test/fixtures, and
 * the name sets read in place from ../shared/data/name_matching): the UN list of 2026-02-27 (plus the 6 designations of 2024-09-26
 * it no longer has, for the 3 positives that name them), OpenSanctions yente's 683 treated UN
 * positives and 1,000 global negatives, the Câmara's 7,861 deputies' civil names, nomenklatura's
 * 826 labelled name pairs (against logic-v2's frozen run), watchman's 22 cross-script pairs, and
 * the time and memory of 10,000 names against the full list, the time of adversarial names
 * (common Arabic-origin words, repeats, 300 characters), and a check that match's shortcuts
 * change no result (against matchExhaustive). Prints one table per target. `--only` takes a
 * comma-separated list of sections: positives (with negatives), pairs, script, speed,
 * adversarial, exact. Never part of `npm test`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { parse } from 'csv-parse/sync'
import { originFieldsOf } from '../packages/legisearch/src/watchlist/map.js'
import { nameKey } from '../packages/legisearch/src/watchlist/names.js'
import { parseUnConsolidatedList } from '../packages/legisearch/src/watchlist/parse.js'
import { fixture } from '../test/helpers/fixtures.js'
import { compareNames } from '../packages/legisearch/src/watchlist/screen/compare.js'
import {
  DEFAULT_THRESHOLD,
  MAX_QUERY_WORDS,
  ScreeningIndex,
  type ScreeningQuery,
  type ScreeningSubject,
  subjectOf,
} from '../packages/legisearch/src/watchlist/screen/screening-index.js'

const LIST_2026 = fixture('un_sc/UN_consolidated_2026-02-27.xml')
const LIST_2024 = fixture('un_sc/UN_consolidated_2024-09-26.xml')
/** The name sets stay outside the repository (non-commercial licence), read in place. */
const NM = (f: string): string => fileURLToPath(new URL(`../../shared/data/name_matching/${f}`, import.meta.url))

const { values: args } = parseArgs({
  options: {
    threshold: { type: 'string' },
    misses: { type: 'boolean', default: false },
    fp: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const THRESHOLD = args.threshold ? Number(args.threshold) : DEFAULT_THRESHOLD
const only = (section: string): boolean => !args.only || args.only.split(',').includes(section)

type Row = Record<string, string>
function csv(file: string, options: { delimiter?: string; comment?: string } = {}): Row[] {
  return parse(readFileSync(file), { columns: true, bom: true, relax_quotes: true, skip_empty_lines: true, ...options }) as Row[]
}

function subjectsOf(file: string): ScreeningSubject[] {
  const list = parseUnConsolidatedList(readFileSync(file))
  return list.records.map((r) =>
    subjectOf(
      originFieldsOf(r, list.narratives.get(r.ref) ?? '', () => {}),
      r.content,
    ),
  )
}

function pct(n: number, d: number): string {
  return d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`
}

function table(head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`
  console.log(line(head))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const r of cells.slice(1)) console.log(line(r))
  console.log()
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number
}

if (!existsSync(NM('yente_positives_un_treated.csv'))) {
  console.log('the name sets are not found (../shared/data/name_matching, not in the repository); nothing to measure')
  process.exit(0)
}

const subjects2026 = subjectsOf(LIST_2026)
const refs2026 = new Set(subjects2026.map((s) => s.ref))
const gone = subjectsOf(LIST_2024).filter((s) => !refs2026.has(s.ref))
const heapBefore = (globalThis.gc?.(), process.memoryUsage().heapUsed)
const index = new ScreeningIndex(subjects2026)
const heapAfter = (globalThis.gc?.(), process.memoryUsage().heapUsed)
const indexWithGone = new ScreeningIndex([...subjects2026, ...gone])
console.log(`UN list 2026-02-27: ${subjects2026.length} designations, ${subjects2026.reduce((n, s) => n + s.names.length, 0)} names;`)
console.log(`+ ${gone.length} designations of 2024-09-26 absent in 2026 (${gone.map((s) => s.ref).join(', ')}); threshold ${THRESHOLD}\n`)

// ---------------------------------------------------------------------------------------------
// 1 and 2. Each query is run once at threshold 0 (limit 3): the expected designation is in the
// top 3 at threshold t when its rank is under 3 and its score at least t; a negative has a hit at
// t when its best score is at least t. So every threshold of the sweep is read from one run.

const SWEEP = [0.65, 0.7, 0.75, 0.8, 0.85, 0.9]

/** The expected designation's rank (-1: not in the top 3) and score, per positive row. */
interface Outcome {
  readonly rank: number
  readonly score: number
}

function positives(idx: ScreeningIndex, withFacts: boolean, keep: (expected: Set<string>) => boolean): Outcome[] {
  const treated = csv(NM('yente_positives_un_treated.csv'))
  const untreated = csv(NM('yente_positives_un_untreated.csv'))
  const byKey = new Map<string, Set<string>>()
  for (const s of [...subjects2026, ...gone]) {
    for (const n of s.names) {
      const k = nameKey(n.name)
      byKey.set(k, (byKey.get(k) ?? new Set<string>()).add(s.ref))
    }
  }
  const out: Outcome[] = []
  treated.forEach((row, i) => {
    const expected = byKey.get(nameKey(untreated[i]?.['full_name'] ?? ''))
    if (!expected) throw new Error(`row ${i + 2}: no designation has the untreated name ${untreated[i]?.['full_name']}`)
    if (!keep(expected)) return
    const q: ScreeningQuery = {
      name: row['full_name'] as string,
      ...(withFacts && row['date_of_birth'] ? { birthDate: row['date_of_birth'] } : {}),
      ...(withFacts && row['nationality'] ? { nationality: row['nationality'] } : {}),
    }
    const hits = idx.match(q, { threshold: 0, limit: 3 })
    const rank = hits.findIndex((h) => expected.has(h.ref))
    out.push({ rank, score: rank >= 0 ? (hits[rank] as { score: number }).score : 0 })
    if (args.misses && !withFacts && (rank < 0 || (hits[rank]?.score ?? 0) < THRESHOLD)) {
      console.log(
        `miss: ${JSON.stringify(q.name)} (${[...expected].join(',')}; untreated ${JSON.stringify(untreated[i]?.['full_name'])}) rank ${rank} score ${hits[rank]?.score ?? '-'} | top ${hits[0]?.ref} ${hits[0]?.score} ${hits[0]?.matchedName}`,
      )
    }
  })
  return out
}

const found = (o: readonly Outcome[], t: number): number => o.filter((x) => x.rank >= 0 && x.score >= t).length

function deputies(): string[] {
  const plain = fixture('camara/deputados.csv')
  if (existsSync(plain)) return csv(plain, { delimiter: ';' }).map((r) => r['nomeCivil'] as string)
  const json = JSON.parse(gunzipSync(readFileSync(fixture('camara/deputados.json.gz'))).toString('utf8')) as {
    dados: { nomeCivil: string }[]
  }
  return json.dados.map((d) => d.nomeCivil)
}

/** The best score of each negative query (0 when none). */
function negatives(label: string, queries: ScreeningQuery[]): number[] {
  return queries.map((q) => {
    const hits = index.match(q, { threshold: 0, limit: 3 })
    if (args.fp && (hits[0]?.score ?? 0) >= THRESHOLD) {
      console.log(`fp: ${label}: ${JSON.stringify(q)} → ${hits.map((h) => `${h.ref} ${h.score} ${h.matchedName}`).join('; ')}`)
    }
    return hits[0]?.score ?? 0
  })
}

if (only('positives')) {
  const sets = [
    ['name only', '2026 list (rows whose designation it has)', positives(index, false, (e) => [...e].some((r) => refs2026.has(r)))],
    ['name only', '2026 list + 6 of 2024', positives(indexWithGone, false, () => true)],
    [
      'name + birth date + nationality',
      '2026 list (rows whose designation it has)',
      positives(index, true, (e) => [...e].some((r) => refs2026.has(r))),
    ],
    ['name + birth date + nationality', '2026 list + 6 of 2024', positives(indexWithGone, true, () => true)],
  ] as const
  console.log(`## 1. yente treated UN positives (683): expected designation in the top 3 at threshold ${THRESHOLD} (target ≥ 98 %)\n`)
  table(
    ['query', 'index', 'rows', 'top 3', 'top 1', 'p5 score of the hit'],
    sets.map(([q, label, o]) => {
      const scores = o
        .filter((x) => x.rank >= 0)
        .map((x) => x.score)
        .sort((a, b) => a - b)
      const top1 = o.filter((x) => x.rank === 0 && x.score >= THRESHOLD).length
      return [
        q,
        label,
        o.length,
        `${found(o, THRESHOLD)} (${pct(found(o, THRESHOLD), o.length)})`,
        `${top1} (${pct(top1, o.length)})`,
        quantile(scores, 0.05).toFixed(3),
      ]
    }),
  )
  if (only('negatives')) {
    const neg = csv(NM('yente_validation_negatives_global.csv'))
    const civil = deputies().filter((n) => n && n.trim() !== '')
    const negSets = [
      [
        'yente global negatives, name only',
        negatives(
          'global',
          neg.map((r) => ({ name: r['full_name'] as string })),
        ),
      ],
      [
        'yente global negatives + birth date + nationality',
        negatives(
          'global+facts',
          neg.map((r) => ({
            name: r['full_name'] as string,
            birthDate: r['date_of_birth'] as string,
            nationality: r['nationality'] as string,
          })),
        ),
      ],
      [
        'Câmara deputies (nomeCivil), name only',
        negatives(
          'deputies',
          civil.map((name) => ({ name })),
        ),
      ],
    ] as const
    console.log(`## 2. True negatives: rows with any hit at threshold ${THRESHOLD} (target ≤ 0.5 %)\n`)
    table(
      ['set', 'rows', 'rows with a hit', 'rate'],
      negSets.map(([label, best]) => {
        const n = best.filter((b) => b >= THRESHOLD).length
        return [label, best.length, n, pct(n, best.length)]
      }),
    )
    console.log('### Threshold sweep (positives: top 3 of the 2026 list + 6 of 2024; negatives: rows with a hit)\n')
    table(
      ['threshold', 'positives, name only', 'positives + facts', 'global negatives', 'negatives + facts', 'deputies'],
      SWEEP.map((t) => [
        t,
        pct(found(sets[1][2], t), sets[1][2].length),
        pct(found(sets[3][2], t), sets[3][2].length),
        ...negSets.map(([, best]) => `${best.filter((b) => b >= t).length} (${pct(best.filter((b) => b >= t).length, best.length)})`),
      ]),
    )
  }
}

// ---------------------------------------------------------------------------------------------
// 3. nomenklatura's labelled name pairs

if (only('pairs')) {
  const cases = csv(NM('nomenklatura_name_bench_cases.csv'))
  const frozen = csv(NM('nomenklatura_name_bench_logicv2_frozen.csv'))
  const f1 = (tp: number, fp: number, fn: number): number => (2 * tp) / (2 * tp + fp + fn || 1)
  const scored = cases.map((c) => ({
    group: c['case_group'] as string,
    truth: c['is_match'] === 'true',
    score: compareNames(c['name1'] as string, c['name2'] as string, { entity: c['schema'] !== 'Person' }).score,
    c,
  }))
  const summary: (string | number)[][] = []
  const tally = (rows: { truth: boolean; score: number }[], t: number): [number, number, number, number] => {
    let tp = 0
    let fp = 0
    let fn = 0
    let tn = 0
    for (const r of rows) {
      const p = r.score >= t
      if (p && r.truth) tp++
      else if (p) fp++
      else if (r.truth) fn++
      else tn++
    }
    return [tp, fp, fn, tn]
  }
  const lv2 = frozen.map((r) => ({ group: r['case_group'] as string, truth: r['is_match'] === 'true', score: Number(r['score']) }))
  const [ltp, lfp, lfn, ltn] = tally(lv2, 0.7)
  summary.push([
    'logic-v2 frozen (812 cases) @ 0.7',
    ltp,
    lfp,
    lfn,
    ltn,
    (ltp / (ltp + lfp)).toFixed(3),
    (ltp / (ltp + lfn)).toFixed(3),
    f1(ltp, lfp, lfn).toFixed(3),
  ])
  const frozenKeys = new Set(frozen.map((r) => `${r['case_group']}|${r['schema']}|${r['name1']}|${r['name2']}`))
  const same = scored.filter((s) => frozenKeys.has(`${s.c['case_group']}|${s.c['schema']}|${s.c['name1']}|${s.c['name2']}`))
  for (const [label, rows, t] of [
    [`screen compare (826 cases) @ ${THRESHOLD}`, scored, THRESHOLD],
    [`screen compare (the frozen run's ${same.length}) @ ${THRESHOLD}`, same, THRESHOLD],
    ['screen compare (826 cases) @ 0.7', scored, 0.7],
  ] as const) {
    const [tp, fp, fn, tn] = tally(rows, t)
    summary.push([label, tp, fp, fn, tn, (tp / (tp + fp)).toFixed(3), (tp / (tp + fn)).toFixed(3), f1(tp, fp, fn).toFixed(3)])
  }
  console.log('## 3. nomenklatura name_bench pairs (name1 as the query, name2 as the listed name)\n')
  table(['comparator', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall', 'F1'], summary)
  const groups = [...new Set(scored.map((s) => s.group))]
  const per: (string | number)[][] = []
  for (const g of groups) {
    const [tp, fp, fn, tn] = tally(
      scored.filter((s) => s.group === g),
      THRESHOLD,
    )
    const [a, b, c] = tally(
      lv2.filter((s) => s.group === g),
      0.7,
    )
    per.push([
      g,
      tp + fp + fn + tn,
      tp + fp ? (tp / (tp + fp)).toFixed(3) : '–',
      tp + fn ? (tp / (tp + fn)).toFixed(3) : '–',
      f1(tp, fp, fn).toFixed(3),
      f1(a, b, c).toFixed(3),
    ])
  }
  table(['group', 'cases', 'precision', 'recall', 'F1', 'logic-v2 F1'], per)
  const sweep: (string | number)[][] = []
  for (const t of [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]) {
    const [tp, fp, fn] = tally(scored, t)
    sweep.push([t, tp, fp, fn, f1(tp, fp, fn).toFixed(3)])
  }
  table(['threshold', 'TP', 'FP', 'FN', 'F1'], sweep)
}

// ---------------------------------------------------------------------------------------------
// 4. watchman's cross-script pairs

if (only('script')) {
  const lines = readFileSync(NM('watchman_cross_script_pairs.csv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  const rows: (string | number)[][] = []
  let ok = 0
  for (const l of lines) {
    const [query, expected, , description] = l.split(',')
    const s = compareNames(query as string, expected as string).score
    if (s >= THRESHOLD) ok++
    rows.push([query as string, expected as string, s.toFixed(3), s >= THRESHOLD ? 'yes' : 'no', description as string])
  }
  console.log(`## 4. watchman cross-script pairs: ${ok} of ${lines.length} reach ${THRESHOLD}\n`)
  table(['query', 'expected', 'score', 'match', 'description'], rows)
}

// ---------------------------------------------------------------------------------------------
// 5. Speed and memory

if (only('speed')) {
  const names: string[] = []
  const pools = [
    csv(NM('yente_validation_negatives_global.csv')).map((r) => r['full_name'] as string),
    deputies(),
    csv(NM('yente_positives_un_treated.csv')).map((r) => r['full_name'] as string),
    csv(NM('yente_validation_negatives_us.csv')).map((r) => r['full_name'] as string),
  ]
  for (let i = 0; names.length < 10_000; i++) {
    for (const p of pools) if (i < p.length && names.length < 10_000 && p[i]) names.push(p[i] as string)
  }
  const fresh = new ScreeningIndex(subjects2026)
  const times: number[] = []
  const t0 = performance.now()
  let hits = 0
  for (const name of names) {
    const s = performance.now()
    hits += fresh.match({ name }, { threshold: THRESHOLD, limit: 10 }).length
    times.push(performance.now() - s)
  }
  const total = performance.now() - t0
  times.sort((a, b) => a - b)
  const b0 = performance.now()
  const built = new ScreeningIndex(subjects2026)
  const build = performance.now() - b0
  console.log(`## 5. Speed: ${names.length} names against the 2026 list (${subjects2026.length} designations), one thread\n`)
  table(
    ['names', 'total', 'per name mean', 'p50', 'p99', 'max', 'hits', 'index build', 'index.size', 'heap delta of one index'],
    [
      [
        names.length,
        `${(total / 1000).toFixed(2)} s`,
        `${(total / names.length).toFixed(3)} ms`,
        `${times[Math.floor(times.length * 0.5)]?.toFixed(3)} ms`,
        `${times[Math.floor(times.length * 0.99)]?.toFixed(3)} ms`,
        `${times[times.length - 1]?.toFixed(1)} ms`,
        hits,
        `${build.toFixed(0)} ms`,
        `${(built.size / 1e6).toFixed(2)} MB`,
        globalThis.gc ? `${((heapAfter - heapBefore) / 1e6).toFixed(2)} MB` : '(run with node --expose-gc)',
      ],
    ],
  )
}

// ---------------------------------------------------------------------------------------------
// 6. Adversarial names: common Arabic-origin words (each finds hundreds of listed names),
// particles, repeats, a 300-character name; 200 of each (a number i = 0..199 in most), on a fresh
// index, at the API's defaults (threshold 0.8, limit 5) and at the loosest (threshold 0, limit 50).

const LONG = 'Mohammed Abdul Al Rahman bin Ali Hassan '
const ADVERSARIAL: readonly [string, (i: number) => string][] = [
  ['Person Number i Abdul Rahman Al Someone', (i) => `Person Number ${i} Abdul Rahman Al Someone`],
  ['Abdul Rahman i', (i) => `Abdul Rahman ${i}`],
  ['Maria Silva i', (i) => `Maria Silva ${i}`],
  ['Mohammed Ali Hassan Abdullah i', (i) => `Mohammed Ali Hassan Abdullah ${i}`],
  ['Abu Bakr Al Baghdadi i', (i) => `Abu Bakr Al Baghdadi ${i}`],
  ['Al Al Al Al i', (i) => `Al Al Al Al ${i}`],
  ['bin bin bin i', (i) => `bin bin bin ${i}`],
  [
    'Muhammad Abd Al Rahman Ahmad Ali Hasan Husayn Abdallah Mahmud i',
    (i) => `Muhammad Abd Al Rahman Ahmad Ali Hasan Husayn Abdallah Mahmud ${i}`,
  ],
  ['Abd Al Abd Al Abd Al Abd Al i', (i) => `Abd Al Abd Al Abd Al Abd Al ${i}`],
  ['300 characters of common words, i', (i) => `${LONG.repeat(8).slice(0, 296)} ${i}`],
  ['Mohammed Ali Hassan Abdullah', () => 'Mohammed Ali Hassan Abdullah'],
  ['Abu Bakr Al Baghdadi', () => 'Abu Bakr Al Baghdadi'],
  ['Al Al Al Al', () => 'Al Al Al Al'],
  ['bin bin bin', () => 'bin bin bin'],
]

if (only('adversarial')) {
  const fresh = new ScreeningIndex(subjects2026)
  const ms = (x: number): string => `${x.toFixed(3)} ms`
  for (const [threshold, limit] of [
    [THRESHOLD, 5],
    [0, 50],
  ] as const) {
    const rows: (string | number)[][] = []
    const all: number[] = []
    for (const [label, make] of ADVERSARIAL) {
      const times: number[] = []
      for (let i = 0; i < 200; i++) {
        const name = make(i)
        const s = performance.now()
        fresh.match({ name }, { threshold, limit })
        times.push(performance.now() - s)
      }
      all.push(...times)
      const sorted = [...times].sort((a, b) => a - b)
      rows.push([label, ms(times.reduce((a, b) => a + b, 0) / times.length), ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.99))])
    }
    const sorted = [...all].sort((a, b) => a - b)
    rows.push([`all ${all.length}`, ms(all.reduce((a, b) => a + b, 0) / all.length), ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.99))])
    console.log(`## 6. Adversarial names, 200 each, threshold ${threshold}, limit ${limit}: time per name\n`)
    table(['names', 'mean', 'p50', 'p99'], rows)
  }
}

// ---------------------------------------------------------------------------------------------
// 7. match's shortcuts (the bounds that skip names, the essential words, the first 24 words of a
// query) against matchExhaustive (every word read, every name found scored in full): queries
// whose hits differ in anything (ref, score, matched name, reasons), as the sections above read
// them (threshold 0, limit 3) and at the adversarial thresholds 0.5 and 0.8 (limit 5).

if (only('exact')) {
  const neg = csv(NM('yente_validation_negatives_global.csv'))
  const treated = csv(NM('yente_positives_un_treated.csv'))
  const withFacts = (r: Row): ScreeningQuery => ({
    name: r['full_name'] as string,
    ...(r['date_of_birth'] ? { birthDate: r['date_of_birth'] } : {}),
    ...(r['nationality'] ? { nationality: r['nationality'] } : {}),
  })
  const crossScript = readFileSync(NM('watchman_cross_script_pairs.csv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => ({ name: l.split(',')[0] as string }))
  const adversarial = ADVERSARIAL.flatMap(([, make]) => Array.from({ length: 20 }, (_, i) => ({ name: make(i) })))
  const sets: [string, ScreeningIndex, ScreeningQuery[], (readonly [number, number])[]][] = [
    ['yente positives, name only', indexWithGone, treated.map((r) => ({ name: r['full_name'] as string })), [[0, 3]]],
    ['yente positives + birth date + nationality', indexWithGone, treated.map(withFacts), [[0, 3]]],
    ['yente global negatives, name only', index, neg.map((r) => ({ name: r['full_name'] as string })), [[0, 3]]],
    ['yente global negatives + facts', index, neg.map(withFacts), [[0, 3]]],
    [
      'Câmara deputies',
      index,
      deputies()
        .filter((n) => n && n.trim() !== '')
        .map((name) => ({ name })),
      [[0, 3]],
    ],
    ['watchman cross-script queries', index, crossScript, [[0, 3]]],
    [
      'adversarial names (20 of each)',
      index,
      adversarial,
      [
        [0.5, 5],
        [0.8, 5],
        [0, 3],
      ],
    ],
  ]
  const rows: (string | number)[][] = []
  for (const [label, idx, queries, settings] of sets) {
    for (const [threshold, limit] of settings) {
      let differ = 0
      for (const q of queries) {
        const a = JSON.stringify(idx.match(q, { threshold, limit }))
        if (a !== JSON.stringify(idx.matchExhaustive(q, { threshold, limit }))) differ++
      }
      rows.push([label, `${threshold}, ${limit}`, queries.length, differ])
    }
  }
  console.log('## 7. match against matchExhaustive: queries whose hits differ\n')
  table(['set', 'threshold, limit', 'queries', 'differ'], rows)
  console.log(
    `(a query of more than ${MAX_QUERY_WORDS} words is read by its first ${MAX_QUERY_WORDS} by match only: the 300-character name)\n`,
  )
}
