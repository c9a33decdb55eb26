/**
 * `npx tsx bench/server.ts [--propositions 20000] [--dou 20000] [--social 5000] [--stakeholders 2000]
 *  [--seconds 5] [--connections 1,8,64] [--workers 0,1,2] [--out file]`
 *
 * The HTTP server under load on loopback (autocannon), beside the library called directly in the
 * same run: per endpoint, requests/s and p50/p99 at each connection count, for each read-pool size
 * (0 = reads on the event loop's thread), the errors and non-2xx answers (must be 0), and the
 * server's peak RSS. The server runs in a child process (`legisearch serve`, from source) so the
 * load generator does not share its event loop; on 2 cores they do share the CPU, which the
 * ratios carry as they would on a user's laptop. Never part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { type CorpusName, type SearchBody, openSnapshot } from '../packages/legisearch/src/index.js'
import { ROOT, ensureCorpus } from './corpus.js'
import { int, mb, ms, table } from './report.js'
import { summarize } from './stats.js'

const { values: args } = parseArgs({
  options: {
    propositions: { type: 'string', default: '20000' },
    dou: { type: 'string', default: '20000' },
    social: { type: 'string', default: '5000' },
    stakeholders: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,8,64' },
    workers: { type: 'string', default: '0,1,2' },
    out: { type: 'string', default: join(ROOT, 'bench', '.work', 'server.md') },
  },
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = args.connections.split(',').map(Number)
const WORKERS = args.workers.split(',').map(Number)
const log = (s: string) => process.stderr.write(`${s}\n`)

const corpus = ensureCorpus(
  { propositions: Number(args.propositions), dou: Number(args.dou), social: Number(args.social), stakeholders: Number(args.stakeholders) },
  42,
  { rebuild: false, log },
)
const WORDS = ['lei', 'reforma', 'saúde', 'educação', 'segurança', 'energia', 'internet', 'tributária', 'ambiental', 'pública']

// Each endpoint: the requests autocannon cycles through, and the same reads as library calls.
interface Read {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly body?: unknown
  readonly direct: (snap: ReturnType<typeof openSnapshot>) => unknown
}
const lib = openSnapshot(corpus.path)
const key = lib.createApiKey({ client: 'bench', plan: 'full', ratePerMinute: 1_000_000 }).key
const stakeholderIds = lib.findStakeholders({ q: 'silva', limit: 20 }).map((s) => s.id)
const names = ['al', 'mohammed', 'kim', 'bank', 'ltd', 'ali', 'hassan', 'group', 'trading', 'abu']
const search = (corpus: CorpusName, query: string, body?: SearchBody<CorpusName>): Read => ({
  method: 'POST',
  path: `/search/${corpus}?${query}`,
  ...(body === undefined ? {} : { body }),
  direct: (snap) => snap.search(corpus, new URLSearchParams(query), body, { clientId: 'bench' }),
})
const ENDPOINTS: Record<string, readonly Read[]> = {
  'POST /search/propositions (a word, relevance)': WORDS.map((w) =>
    search('propositions', `q=${encodeURIComponent(w)}&sort=relevance&limit=20`),
  ),
  'POST /search/propositions (filter, newest)': ['SP', 'RJ', 'MG', 'BA', 'RS'].map((uf) =>
    search('propositions', 'sort=newest&limit=20', { states: [uf] }),
  ),
  'POST /search/dou (a word)': WORDS.map((w) => search('dou', `q=${encodeURIComponent(w)}&limit=20`)),
  'GET /watchlist (a name)': names.map((n) => ({
    method: 'GET',
    path: `/watchlist?search=${n}&limit=20`,
    direct: (snap) => snap.listWatchlist(new URLSearchParams(`search=${n}&limit=20`)),
  })),
  'GET /stakeholders/{id}': stakeholderIds.map((id) => ({
    method: 'GET',
    path: `/stakeholders/${encodeURIComponent(id)}`,
    direct: (snap) => snap.getStakeholder(id),
  })),
  // What a pool is for: cheap reads among slow ones (1 in 5 a common word over the DOU, by relevance).
  'mixed: 4 stakeholder look-ups, 1 slow DOU search': stakeholderIds
    .slice(0, 8)
    .flatMap((id, i): Read[] => [
      ...(i % 4 === 0 ? [search('dou', `q=${encodeURIComponent(WORDS[i % WORDS.length] ?? 'lei')}&sort=relevance&limit=20`)] : []),
      { method: 'GET', path: `/stakeholders/${encodeURIComponent(id)}`, direct: (snap) => snap.getStakeholder(id) },
    ]),
}
lib.close()

/** The library called directly, one call after another, for SECONDS: p50/p99 and calls/s. */
function direct(reads: readonly Read[]) {
  const snap = openSnapshot(corpus.path, { readonly: true })
  const times: number[] = []
  for (const r of reads) JSON.stringify(r.direct(snap)) // warm
  const end = performance.now() + SECONDS * 1000
  let i = 0
  while (performance.now() < end) {
    const read = reads[i++ % reads.length] as Read
    const t = performance.now()
    JSON.stringify(read.direct(snap))
    times.push(performance.now() - t)
  }
  snap.close()
  const s = summarize(times)
  return { rps: times.length / SECONDS, p50: s.p50, p99: s.p99 }
}

/** `legisearch serve` in a child process; resolves with its address once it listens. */
async function startServer(workers: number): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'packages/cli/src/index.ts'),
      'serve',
      '--snapshot',
      corpus.path,
      '--port',
      '0',
      '--workers',
      String(workers),
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const base = await new Promise<string>((resolve, reject) => {
    let err = ''
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString()
      const m = /at (http:\/\/[^ ]+)/.exec(err)
      if (m?.[1]) resolve(m[1])
    })
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  return { child, base }
}

/** The child's peak resident set (Linux), in bytes. */
function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

async function load(base: string, reads: readonly Read[], connections: number) {
  const result = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    requests: reads.map((r) => ({
      method: r.method,
      path: r.path,
      headers: { 'x-api-key': key, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(r.body === undefined ? {} : { body: JSON.stringify(r.body) }),
    })),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const rows: string[][] = []
const rss: string[][] = []
log(`corpus ${corpus.path}`)
const directs = Object.fromEntries(Object.entries(ENDPOINTS).map(([name, reads]) => [name, direct(reads)]))
for (const workers of WORKERS) {
  const { child, base } = await startServer(workers)
  for (const [name, reads] of Object.entries(ENDPOINTS)) {
    const d = directs[name] as ReturnType<typeof direct>
    for (const connections of CONNECTIONS) {
      const r = await load(base, reads, connections)
      log(`${workers} workers, ${name}, ${connections} conn: ${int(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`)
      rows.push([
        name,
        String(workers),
        String(connections),
        int(r.rps),
        ms(r.p50),
        ms(r.p99),
        String(r.errors),
        int(d.rps),
        ms(d.p50),
        ms(d.p99),
        `${(r.rps / d.rps).toFixed(2)}×`,
      ])
    }
  }
  rss.push([String(workers), mb(peakRss(child.pid ?? 0))])
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

const header = [
  'endpoint',
  'workers',
  'conn',
  'HTTP req/s',
  'HTTP p50',
  'HTTP p99',
  'errors + non-2xx',
  'library calls/s',
  'library p50',
  'library p99',
  'HTTP ÷ library (req/s)',
]
const cpu = cpus()[0]?.model ?? '?'
const report = [
  `# HTTP server under load, ${new Date().toISOString().slice(0, 10)}`,
  '',
  `${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; autocannon ${SECONDS} s per cell on loopback, ` +
    `the server in a child process (\`legisearch serve --workers N\`), the library called directly (one thread, one call after another) in the same run. ` +
    `Corpus: ${Object.entries(corpus.manifest.sizes)
      .map(([k, v]) => `${int(v)} ${k}`)
      .join(', ')} + the UN list.`,
  '',
  table(header, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r']),
  '',
  'Peak RSS of the server process (all its threads):',
  '',
  table(['workers', 'peak RSS'], rss, ['r', 'r']),
  '',
].join('\n')
writeFileSync(args.out, report)
process.stdout.write(report)
