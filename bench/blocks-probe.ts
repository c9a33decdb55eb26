/**
 * `npx tsx bench/blocks-probe.ts [--size 100000] [--queries 100]`: the block index's core, in
 * memory, on the bench snapshot's propositions (default mode: title, summary and identifier string
 * weighted 3 : 1 : 2): how fast a segment builds, how big its postings are, and what the evaluation (every match counted; blocks
 * skipped by their score bound) costs per query class of the same query set as
 * `bench/lucene.ts` (relevance, no filters, page 1). Where issue 13's engine stands before block-max
 * WAND; never part of `npm test`.
 */
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { termOf, tokenize } from '../packages/legisearch/src/index.js'
import { evaluate } from '../packages/legisearch/src/text-index/blocks/evaluate.js'
import type { QuerySpec } from '../packages/legisearch/src/text-index/blocks/query-spec.js'
import { SegmentBuilder } from '../packages/legisearch/src/text-index/blocks/segment.js'
import { ensureCorpus } from './corpus.js'
import { type BenchQuery, type Design, KIND_LABELS, buildQuerySet, isVariant, BASE_VARIANT } from './queries.js'
import { int, mb, ms, table } from './report.js'
import { summarize } from './stats.js'
import { decodeRecord } from '../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../packages/legisearch/src/store/statements.js'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '100' },
    design: { type: 'string', default: 'lean' },
  },
})
const size = Number(args.size)
const log = (s: string) => process.stderr.write(`${s}\n`)
const corpus = ensureCorpus({ propositions: size, dou: 1000, social: 1000, stakeholders: Math.max(100, size / 10) }, 42, {
  rebuild: false,
  log,
})
const WEIGHTS = [3, 1, 2]
const terms = (s: string) => tokenize(s).map((t) => termOf(t.text, 'default'))

const db = new Database(corpus.path, { readonly: true })
const st = new Statements(db)
const rows = db
  .prepare(
    "SELECT d.rowid AS rowid, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid WHERE d.corpus = 'propositions' ORDER BY d.rowid",
  )
  .all() as { rowid: number; record: string | Buffer }[]
const jsons = rows.map((row) => decodeRecord(st, row.record))
db.close()
const t0 = performance.now()
const builder = new SegmentBuilder(WEIGHTS)
for (const [i, row] of rows.entries()) {
  const r = JSON.parse(jsons[i] as string) as {
    title: string
    summary: string
    acronymType: string
    number: number
    year: number
  }
  builder.add(row.rowid, [terms(r.title), terms(r.summary), terms(`${r.acronymType} ${r.number}/${r.year}`)])
}
const seg = builder.finish()
const buildMs = performance.now() - t0
let bytes = 0
for (const p of seg.terms.values()) bytes += p.data.length + p.positions.length + p.lastDocs.length * 24
log(
  `segment: ${int(rows.length)} documents in ${ms(buildMs)} ms (${int((rows.length / buildMs) * 1000)} docs/s, analysis included), ${int(seg.terms.size)} terms, ${mb(bytes)} of postings`,
)

const set = buildQuerySet(corpus.path, {
  seed: 7,
  perClass: Number(args.queries),
  design: args.design as Design,
  counts: { propositions: size, dou: 1000, social: 1000 },
})
const queries = set.search.filter((q) => q.corpus === 'propositions' && q.mode === 'default' && isVariant(q, BASE_VARIANT))
const specOf = (q: BenchQuery): QuerySpec => ({
  groups: q.text.groups.map((g) => g.map((i) => ({ alternatives: [{ terms: i.words.map((w) => termOf(w, 'default')) }] }))),
  exclude: q.text.exclude.map((i) => ({ alternatives: [{ terms: i.words.map((w) => termOf(w, 'default')) }] })),
})
const byKind = new Map<string, number[]>()
for (let round = 0; round < 4; round++) {
  for (const q of queries) {
    const spec = specOf(q)
    const t = performance.now()
    evaluate(seg, WEIGHTS, spec, { k: 20 })
    const took = performance.now() - t
    if (round === 3) byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), took])
    if (round === 3 && took > 3 && process.env['PROBE_SLOW'])
      log(
        `slow ${q.kind} ${ms(took)} ms: ${q.q} (df ${spec.groups.map((g) => g.map((i) => i.alternatives.map((a) => a.terms.map((t) => seg.terms.get(t)?.df ?? 0).join('+')).join('|')).join(' & ')).join(' ; ')})`,
      )
  }
}
const out = [...byKind].map(([kind, times]) => {
  const s = summarize(times)
  return [KIND_LABELS[kind as keyof typeof KIND_LABELS], String(times.length), ms(s.p50), ms(s.p99)]
})
process.stdout.write(`${table(['class (relevance, no filters, page 1)', 'queries', 'p50', 'p99'], out, ['l', 'r', 'r', 'r'])}\n`)
