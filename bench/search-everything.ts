/**
 * `snap.searchEverything` beside the per-corpus searches it is made of: for each query, sort and
 * page, the p50/p99 of one `searchEverything` call and of the sum of the six `search(corpus, …)`
 * calls at the same page (what a client would spend asking every corpus itself, without the merge).
 * On a bench snapshot (`bench/corpus.ts` builds them under `bench/.work/`), opened read-only.
 *
 *   npx tsx bench/search-everything.ts --file bench/.work/legisearch-p100000-d200000-s50000-k10000-seed42-blocks.db [--runs 30]
 */
import { parseArgs } from 'node:util'
import { CORPUS_NAMES, openSnapshot } from '../packages/legisearch/src/index.js'

const { values } = parseArgs({
  options: { file: { type: 'string' }, runs: { type: 'string', default: '30' }, limit: { type: 'string', default: '10' } },
})
if (values.file === undefined) throw new Error('--file: give a snapshot built by bench/corpus.ts (bench/.work/*.db)')
const runs = Number(values.runs)
const limit = Number(values.limit)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: must be a positive integer, got ${values.runs}`)

const QUERIES = ['', 'lei', 'saúde', 'reforma tributária', 'portaria ministério saúde', 'PL 2630/2020', '"acesso à informação"']
const CASES = QUERIES.flatMap((q) => (['relevance', 'newest'] as const).flatMap((sort) => [1, 10].map((page) => ({ q, sort, page }))))

const snap = openSnapshot(values.file, { readonly: true })
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number
const time = (fn: () => unknown) => {
  const t = process.hrtime.bigint()
  fn()
  return Number(process.hrtime.bigint() - t) / 1e6
}

console.log(`file: ${values.file}; counts: ${JSON.stringify(snap.counts())}; runs ${runs}, limit ${limit}`)
console.log('| q | sort | page | total | everything p50 / p99 ms | Σ six searches p50 / p99 ms | ratio p50 |')
console.log('|---|---|---|---|---|---|---|')
const ratios: number[] = []
for (const c of CASES) {
  const query = { q: c.q, sort: c.sort, page: c.page, limit }
  // Warm: each corpus's segments and term rows read once.
  const total = snap.searchEverything(query).pagination.total
  for (const corpus of CORPUS_NAMES) snap.search(corpus, query)
  const everything: number[] = []
  const sum: number[] = []
  for (let i = 0; i < runs; i++) {
    everything.push(time(() => snap.searchEverything(query)))
    sum.push(CORPUS_NAMES.reduce((ms, corpus) => ms + time(() => snap.search(corpus, query)), 0))
  }
  const [e50, e99, s50, s99] = [quantile(everything, 0.5), quantile(everything, 0.99), quantile(sum, 0.5), quantile(sum, 0.99)]
  ratios.push(e50 / s50)
  console.log(
    `| ${c.q === '' ? '(none)' : c.q} | ${c.sort} | ${c.page} | ${total.toLocaleString('en-US')} | ${e50.toFixed(2)} / ${e99.toFixed(2)} | ${s50.toFixed(2)} / ${s99.toFixed(2)} | ${(e50 / s50).toFixed(2)} |`,
  )
}
console.log(`median ratio everything / Σ six searches (p50): ${quantile(ratios, 0.5).toFixed(2)}`)
snap.close()
