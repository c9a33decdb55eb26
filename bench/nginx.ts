/**
 * `npx tsx bench/nginx.ts [--processes 1,2,4] [--seconds 5] [--connections 32] [--out file]`
 *
 * Readers scaled by copies of the server behind a standard load balancer: N `legisearch serve`
 * processes (each on its own loopback port, all on the same read-only snapshot file) behind
 * nginx (Debian's package: `apt-get install nginx-light`), under load with autocannon; beside one
 * server reached directly, in the same run. Per N: requests/s, p50/p99, errors and non-2xx
 * answers (must be 0). On this 2-core machine the servers, nginx and the load generator share
 * the CPU, so the ratios say what a second core buys, not what N machines would. Never part of
 * `npm test`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import { ROOT, ensureCorpus } from './corpus.js'
import { int, mb, ms, table } from './report.js'

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1,2,4' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    out: { type: 'string', default: join(ROOT, 'bench', '.work', 'nginx.md') },
  },
})
const SECONDS = Number(args.seconds)
const CONNECTIONS = Number(args.connections)
const PROCESSES = args.processes.split(',').map(Number)
const NGINX_PORT = 18_480
const log = (s: string) => process.stderr.write(`${s}\n`)

if (spawnSync('nginx', ['-v']).error) {
  log('nginx is not installed: apt-get install nginx-light (Debian), then run again')
  process.exit(2)
}

const corpus = ensureCorpus({ propositions: 20_000, dou: 20_000, social: 5_000, stakeholders: 2_000 }, 42, { rebuild: false, log })
const writer = openSnapshot(corpus.path)
const key = writer.createApiKey({ client: 'bench-nginx', plan: 'full', ratePerMinute: 1_000_000 }).key
writer.close()

const WORDS = ['lei', 'reforma', 'saúde', 'educação', 'segurança', 'energia', 'internet', 'tributária', 'ambiental', 'pública']
const requests = WORDS.map((w) => ({
  method: 'POST' as const,
  path: `/search/propositions?q=${encodeURIComponent(w)}&limit=20`,
  headers: { 'content-type': 'application/json', 'x-api-key': key },
  body: '{}',
}))

/** `legisearch serve` (from source) on a free loopback port; resolves with its port once it listens. */
async function startServer(): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
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
      '0',
      '--readonly',
      '--watch-ms',
      '200',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let err = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString()
      const m = /at http:\/\/[^:]+:(\d+)/.exec(err)
      if (m?.[1]) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)))
  })
  return { child, port, stderr: () => err }
}

/** nginx in the foreground with an upstream of the given ports (keep-alive to the servers). */
async function startNginx(ports: readonly number[]): Promise<ChildProcess> {
  const prefix = join(ROOT, 'bench', '.work', `nginx-${ports.length}`)
  mkdirSync(join(prefix, 'logs'), { recursive: true })
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(
    conf,
    `worker_processes 1;
error_log ${prefix}/logs/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  upstream legisearch {
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location / {
      proxy_pass http://legisearch;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`,
  )
  const child = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] })
  for (let i = 0; i < 50; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${NGINX_PORT}/healthz`)
      if (r.ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`nginx did not answer on ${NGINX_PORT}; see ${prefix}/logs/error.log`)
}

async function load(port: number): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: SECONDS, requests })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

const rows: string[][] = []
let direct = 0
{
  const one = await startServer()
  await load(one.port) // warm-up
  const r = await load(one.port)
  log(`direct, 1 process: ${int(r.rps)} req/s`)
  rows.push(['1, direct (no nginx)', int(r.rps), ms(r.p50), ms(r.p99), String(r.errors), '1.00×'])
  await stop(one.child)
  direct = r.rps
}
for (const n of PROCESSES) {
  const servers = await Promise.all(Array.from({ length: n }, () => startServer()))
  const nginx = await startNginx(servers.map((s) => s.port))
  await load(NGINX_PORT) // warm-up: every server's page cache and statements
  const r = await load(NGINX_PORT)
  log(`nginx, ${n} process(es): ${int(r.rps)} req/s`)
  rows.push([`${n} behind nginx`, int(r.rps), ms(r.p50), ms(r.p99), String(r.errors), `${(r.rps / direct).toFixed(2)}×`])
  await stop(nginx)
  await Promise.all(servers.map((s) => stop(s.child)))
}

// A new snapshot published under load: a copy renamed over the served path halfway through the run.
{
  const servers = await Promise.all(Array.from({ length: 2 }, () => startServer()))
  const nginx = await startNginx(servers.map((s) => s.port))
  const running = load(NGINX_PORT)
  await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2))
  const copy = `${corpus.path}.publish`
  copyFileSync(corpus.path, copy)
  renameSync(copy, corpus.path)
  const r = await running
  const swapped = servers.filter((s) => s.stderr().includes('serving the new file')).length
  log(`swap under load: ${int(r.rps)} req/s, ${r.errors} errors, ${swapped} of 2 servers on the new file`)
  rows.push([
    `2 behind nginx, new file published mid-run`,
    int(r.rps),
    ms(r.p50),
    ms(r.p99),
    String(r.errors),
    `${(r.rps / direct).toFixed(2)}×`,
  ])
  rows.push([`  (servers on the new file after the run: ${swapped} of 2)`, '', '', '', '', ''])
  await stop(nginx)
  await Promise.all(servers.map((s) => stop(s.child)))
}

const version = spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim()
const report = [
  `## Servers behind nginx, ${new Date().toISOString().slice(0, 10)}`,
  '',
  `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${mb(totalmem())} RAM, Node ${process.version}, ${version}. ` +
    `\`POST /search/propositions\` cycling through ${WORDS.length} words (limit 20), ${CONNECTIONS} connections, ${SECONDS} s ` +
    `after a warm-up of the same length; each server \`--workers 0 --readonly --watch-ms 200\` on ${corpus.path.replace(`${ROOT}/`, '')}.`,
  '',
  table(['servers', 'req/s', 'p50 (ms)', 'p99 (ms)', 'errors + non-2xx', '÷ direct'], rows, ['l', 'r', 'r', 'r', 'r', 'r']),
  '',
].join('\n')
writeFileSync(args.out, report)
process.stdout.write(report)
