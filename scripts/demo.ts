// `npm run demo [-- --size demo|bench|<propositions>] [--seed n] [--un-list file]`: builds the demo
// snapshot from the seeded generator with the BUILT library (packages/legisearch/dist/, so the package itself is
// exercised) and the real UN list of test/fixtures, then prints real searches against every endpoint.
import { existsSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { fixture } from '../test/helpers/fixtures.js'
import { FIXTURE_UN_LIST, writeDemoSnapshot } from './demo-snapshot.js'
import { DEFAULT_SEED } from './generate/index.js'

type Lib = typeof import('../packages/legisearch/src/index.js')
type Snap = ReturnType<Lib['openSnapshot']>

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const lib = (await import(join(root, 'packages/legisearch/dist/index.js'))) as Lib
const path = join(root, '.demo', 'legisearch-demo.db')

/** `--size demo|bench|<propositions>`, `--seed <n>`, `--un-list <file>`: the demo data's scale and seed, and the UN list to load. */
function options(): { size: 'demo' | 'bench' | number; seed: number; unList: string } {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'un-list': { type: 'string' },
    },
  })
  const size = values.size === 'demo' || values.size === 'bench' ? values.size : Number(values.size)
  if (typeof size === 'number' && !(Number.isSafeInteger(size) && size > 0)) {
    throw new Error(`--size: must be demo, bench or a positive count of propositions (got ${values.size})`)
  }
  const seed = Number(values.seed)
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed: must be an integer (got ${values.seed})`)
  const unList = values['un-list'] ?? fixture(FIXTURE_UN_LIST)
  if (!existsSync(unList)) throw new Error(`--un-list: no such file ${unList}`)
  return { size, seed, unList }
}

/** Writes the demo snapshot (scripts/demo-snapshot.ts), says what it holds, and reopens it read-only. */
function build(size: 'demo' | 'bench' | number, seed: number, unList: string): Snap {
  const written = writeDemoSnapshot(lib.openSnapshot, path, { size, seed, unList })
  console.log(`UN SC Consolidated List ${unList}: generated ${written.dateGenerated}, ${written.listed} designations listed`)
  const { counts } = written
  const docs = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`demo snapshot: ${path}`)
  console.log(
    `  ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  )
  console.log(
    `  generated and ingested ${docs} records in ${ms(written.ms)} (${Math.round(docs / (written.ms / 1000))} records/s), ` +
      `${(statSync(path).size / 1e6).toFixed(1)} MB on disk`,
  )
  const t2 = performance.now()
  const reopened = lib.openSnapshot(path, { readonly: true })
  console.log(`  reopened readonly in ${ms(performance.now() - t2)}\n`)
  return reopened
}

function ms(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`
}

function passage(r: Record<string, unknown>): string {
  const h = (r['highlights'] as { path: string; texts: { value: string; type: string }[] }[])[0]
  if (!h) return ''
  const text = h.texts
    .map((t) => (t.type === 'hit' ? `[${t.value}]` : t.value))
    .join('')
    .replace(/\s+/g, ' ')
  return `    ${h.path}: ${text.length > 150 ? `${text.slice(0, 150)}…` : text}`
}

function show(
  label: string,
  run: () => { results: Record<string, unknown>[]; pagination: { total: number; pages: number } },
  title: (r: Record<string, unknown>) => string,
): void {
  const t = performance.now()
  const r = run()
  const took = performance.now() - t
  console.log(`▸ ${label}\n  ${r.pagination.total} results, ${r.pagination.pages} pages, ${ms(took)}`)
  for (const item of r.results.slice(0, 3)) {
    const rel = typeof item['relevance'] === 'number' && item['relevance'] !== 0 ? ` (relevance ${item['relevance']})` : ''
    console.log(`  - ${String(item['id'])}: ${title(item).slice(0, 110)}${rel}`)
    const p = passage(item)
    if (p) console.log(p)
  }
  console.log()
}

const { size, seed, unList } = options()
const snap = build(size, seed, unList)
const prop = (r: Record<string, unknown>) => `${String(r['title'])} — ${String(r['summary'])}`

show(
  "searchPropositions({ q: 'reforma tributária', sort: 'relevance', limit: 5 })",
  () => snap.searchPropositions({ q: 'reforma tributária', sort: 'relevance', limit: 5 }),
  prop,
)
show(
  "searchPropositions({ q: 'PL 2630/2020' })  — an identifier ranks its proposition first",
  () => snap.searchPropositions({ q: 'PL 2630/2020' }),
  prop,
)
show(
  "searchPropositions({ sort: 'newest' }, { keywords: { or: ['saúde', 'educação'], not: ['Medida Provisória'] }, states: ['SP', 'MG'], processing: ['true'] })",
  () =>
    snap.searchPropositions(
      { sort: 'newest' },
      { keywords: { or: ['saúde', 'educação'], not: ['Medida Provisória'] }, states: ['SP', 'MG'], processing: ['true'] },
    ),
  prop,
)
show("searchPropositions({ q: '8.666' })  — numbers with dots: 8.666 = 8666", () => snap.searchPropositions({ q: '8.666' }), prop)
show(
  "searchPropositions({ q: 'Tributária', modes: 'sensitive' })  — case and accents as written",
  () => snap.searchPropositions({ q: 'Tributária', modes: 'sensitive' }),
  prop,
)
show(
  "searchPropositions({ q: 'tributárias', modes: 'keyword' })  — no stemming",
  () => snap.searchPropositions({ q: 'tributárias', modes: 'keyword' }),
  prop,
)

const [someone] = snap.findStakeholders({ q: 'silva', limit: 1 })
if (someone) {
  console.log(`▸ findStakeholders({ q: 'silva' }) → ${someone.id} ${someone.name} (${someone.title})`)
  const s = snap.getStakeholder(someone.id)
  console.log(`▸ getStakeholder('${someone.id}') → ${s.name}, ${s.title}, ${s.organs.length} organs, active ${s.active}\n`)
  show(`searchPropositions({}, { authors: ['${someone.id}'] })`, () => snap.searchPropositions({}, { authors: [someone.id] }), prop)
  show(
    `searchSocial({ sort: 'newest' }, { stakeholders: ['${someone.id}'] })`,
    () => snap.searchSocial({ sort: 'newest' }, { stakeholders: [someone.id] }),
    (r) => String(r['text']),
  )
}
show(
  "searchSocial({ q: 'educação -privatização' }, { resources: ['twitter'] })",
  () => snap.searchSocial({ q: 'educação -privatização' }, { resources: ['twitter'] }),
  (r) => String(r['text']),
)
show(
  "searchDou({ q: 'portaria', sort: 'newest' }, { sections: ['1'], created_at: { from: '2024-01-01', to: '2024-12-31' } })",
  () => snap.searchDou({ q: 'portaria', sort: 'newest' }, { sections: ['1'], created_at: { from: '2024-01-01', to: '2024-12-31' } }),
  (r) => `${String(r['title'])} — ${String(r['hierarchy'])}`,
)
show(
  "searchBacen({ sort: 'relevance' }, { keywords: { and: ['pagamentos'] }, types: ['Resolução BCB'] })",
  () => snap.searchBacen({ sort: 'relevance' }, { keywords: { and: ['pagamentos'] }, types: ['Resolução BCB'] }),
  (r) => String(r['title']),
)
show(
  "searchNotices({ q: '\"comissão aprova\"' }, { resources: ['camara'] })",
  () => snap.searchNotices({ q: '"comissão aprova"' }, { resources: ['camara'] }),
  (r) => String(r['title']),
)
show(
  "searchIrs({ q: '\"imposto sobre a renda\" física' }, { types: ['Solução de Consulta'] })",
  () => snap.searchIrs({ q: '"imposto sobre a renda" física' }, { types: ['Solução de Consulta'] }),
  (r) => `${String(r['type'])} ${String(r['number'])} — ${String(r['subject'])}`,
)

try {
  snap.searchPropositions({ limit: 50 })
} catch (e) {
  const err = e as InstanceType<Lib['LegisearchError']>
  console.log(`▸ searchPropositions({ limit: 50 }) → ${err.status} ${err.code}: ${err.message}`)
}
try {
  snap.searchDou({}, { created_at: { to: '2024-01-01' } })
} catch (e) {
  const err = e as InstanceType<Lib['LegisearchError']>
  console.log(`▸ searchDou({}, { created_at: { to: '2024-01-01' } }) → ${err.status} ${err.code}: ${err.message}`)
}

// The sanctions watchlist (GET /watchlist, GET /watchlist/{ref}).
if (unList) {
  const wl = (label: string, query: Parameters<Snap['listWatchlist']>[0]) => {
    const t = performance.now()
    const r = snap.listWatchlist(query)
    console.log(`▸ ${label}\n  ${r.total} designations, ${ms(performance.now() - t)}`)
    for (const d of r.data.slice(0, 3)) {
      console.log(
        `  - ${d.sourceRefNumber} ${d.primaryName} (${d.subjectType}, ${d.regime}, listed ${d.listedOn ?? '?'}${d.extracted.subjectStatus ? `, ${d.extracted.subjectStatus}` : ''})`,
      )
    }
    console.log()
  }
  wl("listWatchlist({ search: 'al qaida', limit: 3 })", { search: 'al qaida', limit: 3 })
  wl("listWatchlist({ regime: 'DPRK', subjectType: 'entity', sort: 'listed_on' })", {
    regime: 'DPRK',
    subjectType: 'entity',
    sort: 'listed_on',
  })
  wl("listWatchlist({ measure: 'travel ban', hideDeceased: 'true', sort: 'name' })", {
    measure: 'travel ban',
    hideDeceased: 'true',
    sort: 'name',
  })
  const d = snap.getDesignation('QDi.001', { lang: 'pt' })
  console.log(`▸ getDesignation('QDi.001', { lang: 'pt' })`)
  console.log(`  ${d.primaryName} — ${d.regime}, ${d.committee ?? ''}`.slice(0, 160))
  console.log(`  aliases: ${d.aliases.map((a) => `${a.name} (${a.quality})`).join('; ')}`.slice(0, 200))
  console.log(`  narrative: ${d.narrative.slice(0, 150)}…`)
  console.log(`  extracted: ${JSON.stringify(d.extracted)}`.slice(0, 300))
  console.log(
    `  narrativeTranslated (${d.narrativeTranslatedLang}): ${JSON.stringify(d.narrativeTranslated)} — translations come only from data, none was ingested`,
  )
  console.log()
  // Screening: names as analysts write them, scored (the substring search above finds none of these).
  const names = [
    { name: 'Saif al-Adel', birthDate: '1963' },
    { name: 'Salek, Abdulhai' },
    { name: 'Maria Aparecida da Silva', nationality: 'br' },
  ]
  const t = performance.now()
  const screened = snap.screen(names)
  console.log(`▸ screen(${JSON.stringify(names)})  ${ms(performance.now() - t)} (the index built on first use)`)
  for (const r of screened) {
    const m = r.matches[0]
    console.log(
      `  - ${r.name} → ${m ? `${m.ref} ${m.score} "${m.matchedName}" (${m.status}): ${m.reasons.join('; ')}` : 'no match at 0.8 (not proof of absence)'}`,
    )
  }
  console.log()
}
snap.close()

// Monitors: what a client saved comes back in savedBuckets / savedPropositions, for that client only.
const writable = lib.openSnapshot(path)
const folder = writable.createMonitor('acme', 'Reforma tributária')
writable.saveToMonitor('acme', folder.id, 'propositions', 'prop-0000002')
const mine = writable.searchPropositions({ q: 'PEC 45/2019', limit: 1 }, {}, { clientId: 'acme' }).results[0]
const theirs = writable.searchPropositions({ q: 'PEC 45/2019', limit: 1 }, {}, { clientId: 'other' }).results[0]
console.log(`\n▸ createMonitor('acme', 'Reforma tributária') + saveToMonitor(…, 'propositions', 'prop-0000002')`)
console.log(
  `  searchPropositions({ q: 'PEC 45/2019' }, {}, { clientId: 'acme' })  → savedPropositions ${JSON.stringify(mine?.['savedPropositions'])}`,
)
console.log(
  `  searchPropositions({ q: 'PEC 45/2019' }, {}, { clientId: 'other' }) → savedPropositions ${JSON.stringify(theirs?.['savedPropositions'])}`,
)
writable.close()
