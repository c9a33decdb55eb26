/**
 * What each package costs a project that installs it, and how fast a fresh process starts with it
 * (issue 26), side by side in one run:
 *
 * 1. Install: `npm run build` at the root, `npm pack --workspaces`, then for each package
 *    (`legisearch`, `@legisearch/cli`, `@legisearch/server`, `@legisearch/mcp`, `@legisearch/web`) an
 *    empty project (`npm init -y`) that runs `npm install --no-audit --no-fund` with its tarball and
 *    the tarballs of the legisearch packages it depends on; anchors: an empty project installing
 *    `better-sqlite3` alone and one installing `minisearch` alone (their versions in package-lock.json).
 *    Reported: `du -sk node_modules` (disk use) and `du -sb` (apparent size), the packages (a
 *    package.json directly in node_modules/* or node_modules/@*\/*; and every package npm installed,
 *    nested ones too, from the project's lockfile), the largest dependency, and which server, CLI,
 *    MCP or UI dependency it pulls (the library alone must pull none).
 *    better-sqlite3 is installed with `--ignore-scripts`, then the repository's own compiled
 *    `node_modules/better-sqlite3/build` is copied in (the same version, checked): without internet
 *    npm would compile it from source in every project (about 60 s each). Its size is therefore what
 *    a compile on this machine leaves (object files included); where npm can download the prebuilt
 *    binary it is smaller (estimated too: its `build/` counted as its `better_sqlite3.node` alone).
 * 2. Import: `node -e` timing `await import('legisearch')` with performance.now() around the import,
 *    and `require('legisearch')` (the CommonJS build), beside `require('better-sqlite3')` (and with
 *    `new Database(':memory:')`, which loads its native addon) and `import('minisearch')`, each in
 *    the project that installed it; also each process's wall time, and `node -e 0`, the floor.
 * 3. Open + first search: a process imports legisearch, opens the demo snapshot
 *    (`.demo/legisearch-demo.db`, built by `npm run demo` when missing) read-only and runs
 *    `searchPropositions({ q: 'saúde' })`: import, open and search times, and the wall time.
 * 4. The CLI end to end: `legisearch search propositions --q saúde --snapshot <demo>`, the command
 *    of the `@legisearch/cli` project's `node_modules/.bin`, wall time.
 *
 * Every process probe runs `--runs` times (20) in fresh processes, after one warm-up round (not
 * measured; it fills the OS file cache), interleaved round by round so every probe sees the same
 * load; p50 and p90 (linear interpolation). The goals of the issue are printed beside the numbers.
 * The temporary projects go to `bench/.work/startup/` (git-ignored); the report is printed and
 * written to `bench/.work/startup.md`. Linux (GNU du). About 3–5 minutes on this 2-core machine.
 *
 *   npx tsx bench/startup.ts [--runs 20]
 */
import { type SpawnSyncReturns, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, platform, release, totalmem } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { table } from './report.js'
import { percentile } from './stats.js'

const started = performance.now()
const ROOT = fileURLToPath(new URL('../', import.meta.url))
const WORK = join(ROOT, 'bench/.work/startup')
const REPORT = join(ROOT, 'bench/.work/startup.md')
const DEMO = join(ROOT, '.demo/legisearch-demo.db')
const QUERY = 'saúde'

/** The dependencies the library alone must not pull: the server's, the CLI's, the MCP server's and the web page's. */
const FORBIDDEN = ['fastify', '@modelcontextprotocol/sdk', 'citty', '@scalar/*', 'hono', 'preact', 'vite'] as const

/** The issue's goals. */
const GOAL = { coreInstallMb: 40, coreImportMs: 100, cliSearchMs: 300 } as const

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } }, strict: true })
const RUNS = Number(values.runs)
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs: must be a positive integer, got ${values.runs}`)

/** The children's environment: no NODE_OPTIONS inherited from the runner (tsx), so each process is a plain `node`. */
const ENV = { ...process.env }
delete ENV['NODE_OPTIONS']

const log = (line: string) => process.stderr.write(`${line}\n`)
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T

/** Runs a command to completion, its output captured; throws with its stderr when it fails. */
function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, env: ENV, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
  } catch (e) {
    const err = e as SpawnSyncReturns<string>
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${err.stderr ?? ''}${err.stdout ?? ''}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Step 1: build, pack, install each package in an empty project

interface Workspace {
  readonly name: string
  readonly dependencies: readonly string[]
}

/** The workspace packages by name, with the names of the workspace packages each depends on. */
function workspaces(): Map<string, Workspace> {
  const dirs = readJson<{ workspaces: string[] }>(join(ROOT, 'package.json')).workspaces
  const manifests = dirs.map((dir) => readJson<{ name: string; dependencies?: Record<string, string> }>(join(ROOT, dir, 'package.json')))
  const names = new Set(manifests.map((m) => m.name))
  return new Map(
    manifests.map((m) => [m.name, { name: m.name, dependencies: Object.keys(m.dependencies ?? {}).filter((d) => names.has(d)) }]),
  )
}

/** A package and every workspace package it depends on, directly or not (itself first). */
function closure(all: Map<string, Workspace>, name: string): string[] {
  const seen = new Set<string>()
  const visit = (n: string) => {
    if (seen.has(n)) return
    seen.add(n)
    for (const d of all.get(n)?.dependencies ?? []) visit(d)
  }
  visit(name)
  return [...seen]
}

/**
 * `npm run build` at the root, then `npm pack --workspaces` into `<WORK>/tarballs` (without the
 * packages' `prepack`, which would build them again): each package's tarball by name.
 */
function buildAndPack(): Map<string, string> {
  log('npm run build …')
  run('npm', ['run', 'build', '--silent'], ROOT)
  const dir = join(WORK, 'tarballs')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  log('npm pack --workspaces …')
  const packed = JSON.parse(run('npm', ['pack', '--workspaces', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT)) as {
    name: string
    filename: string
  }[]
  return new Map(packed.map((p) => [p.name, join(dir, p.filename)]))
}

/** The version of `name` in the repository's package-lock.json. */
function lockedVersion(name: string): string {
  const lock = readJson<{ packages: Record<string, { version?: string }> }>(join(ROOT, 'package-lock.json'))
  const version = lock.packages[`node_modules/${name}`]?.version
  if (version === undefined) throw new Error(`package-lock.json has no node_modules/${name}`)
  return version
}

/** The repository's compiled better-sqlite3 (its `build/` folder), which must be the locked version. */
function repoBetterSqlite(): { version: string; build: string } {
  const dir = join(ROOT, 'node_modules/better-sqlite3')
  const version = readJson<{ version: string }>(join(dir, 'package.json')).version
  const locked = lockedVersion('better-sqlite3')
  if (version !== locked) throw new Error(`node_modules/better-sqlite3 is ${version} but package-lock.json says ${locked}`)
  const build = join(dir, 'build/Release/better_sqlite3.node')
  if (!existsSync(build)) throw new Error(`no compiled better-sqlite3 at ${build}: run npm rebuild better-sqlite3 at the root`)
  return { version, build: join(dir, 'build') }
}

interface Project {
  /** What the table calls it. */
  readonly label: string
  readonly dir: string
  /** The package it measures (its own folder is not "a dependency"). */
  readonly main: string
  /** The install-script packages npm skipped (better-sqlite3's `build/` is copied in). */
  readonly skippedScripts: readonly string[]
}

/**
 * An empty project (`npm init -y`) that installs `specs` with `--ignore-scripts`, then receives the
 * repository's compiled better-sqlite3 when it has better-sqlite3 (the same version, or it fails).
 */
function install(label: string, slug: string, main: string, specs: readonly string[]): Project {
  const dir = join(WORK, slug)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  log(`install ${label} …`)
  run('npm', ['init', '-y'], dir)
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], dir)
  const sqlite = join(dir, 'node_modules/better-sqlite3')
  if (existsSync(sqlite)) {
    const repo = repoBetterSqlite()
    const installed = readJson<{ version: string }>(join(sqlite, 'package.json')).version
    if (installed !== repo.version) {
      throw new Error(
        `${label}: npm installed better-sqlite3 ${installed}, the repository's compiled copy is ${repo.version}: cannot copy its build/`,
      )
    }
    // `cp -a`, not fs.cpSync: node-gyp's build hard-links its outputs (the .node file and the
    // archive are in Release/ and obj.target/ once), which a plain copy would count twice.
    execFileSync('cp', ['-a', repo.build, join(sqlite, 'build')])
  }
  const lock = readJson<{ packages: Record<string, { hasInstallScript?: boolean }> }>(join(dir, 'package-lock.json'))
  const skippedScripts = Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript === true)
    .map(([path]) => path.replace(/^.*node_modules\//, ''))
  return { label, dir, main, skippedScripts }
}

interface InstallSize {
  readonly project: Project
  readonly diskBytes: number
  readonly apparentBytes: number
  readonly mainBytes: number
  readonly topLevel: number
  readonly all: number
  readonly largest: { name: string; bytes: number }
  /** Disk use had npm downloaded better-sqlite3's prebuilt binary: its `build/` reduced to `build/Release/better_sqlite3.node` (an estimate). */
  readonly prebuiltBytes: number
  /** The forbidden dependencies present anywhere in node_modules (nested ones too). */
  readonly forbidden: readonly string[]
}

/** `du -sk` of each path, in bytes (disk use), in order. */
function diskUse(paths: readonly string[]): number[] {
  const out = run('du', ['-sk', ...paths], ROOT)
    .trim()
    .split('\n')
  return out.map((line) => Number(line.split('\t')[0]) * 1024)
}

/** The top-level package folders of a node_modules: node_modules/* and node_modules/@*\/* holding a package.json. */
function topLevelPackages(modules: string): string[] {
  const names: string[] = []
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue
    if (entry.startsWith('@')) {
      for (const sub of readdirSync(join(modules, entry))) {
        if (existsSync(join(modules, entry, sub, 'package.json'))) names.push(`${entry}/${sub}`)
      }
    } else if (existsSync(join(modules, entry, 'package.json'))) names.push(entry)
  }
  return names
}

function measureInstall(project: Project): InstallSize {
  const modules = join(project.dir, 'node_modules')
  const [diskBytes] = diskUse([modules]) as [number]
  const apparentBytes = Number(run('du', ['-sb', modules], ROOT).split('\t')[0])
  const names = topLevelPackages(modules)
  const sizes = diskUse(names.map((n) => join(modules, n)))
  const byName = new Map(names.map((n, i) => [n, sizes[i] as number]))
  const largest = [...byName].filter(([n]) => n !== project.main).reduce((a, b) => (b[1] > a[1] ? b : a), ['—', 0] as [string, number])
  const build = join(modules, 'better-sqlite3/build')
  const prebuiltBytes = existsSync(build)
    ? diskBytes - (diskUse([build])[0] as number) + (diskUse([join(build, 'Release/better_sqlite3.node')])[0] as number)
    : diskBytes
  const lock = readJson<{ packages: Record<string, unknown> }>(join(project.dir, 'package-lock.json'))
  const installed = Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/'))
  const forbidden = FORBIDDEN.filter((f) => {
    const pattern = new RegExp(`(^|/)node_modules/${f.replace('/*', '/[^/]+')}$`)
    return installed.some((p) => pattern.test(p))
  })
  return {
    project,
    diskBytes,
    apparentBytes,
    mainBytes: byName.get(project.main) ?? Number.NaN,
    topLevel: names.length,
    all: installed.length,
    largest: { name: largest[0], bytes: largest[1] },
    prebuiltBytes,
    forbidden,
  }
}

// ---------------------------------------------------------------------------------------------
// Steps 2–4: fresh processes

interface Probe {
  readonly label: string
  readonly cwd: string
  readonly command: string
  readonly args: readonly string[]
  /** Whether the process prints one JSON line of its own timings (ms by step). */
  readonly reports: boolean
}

interface Sample {
  readonly wall: number
  readonly steps: Record<string, number>
}

/** A `node -e` probe: ESM (`--input-type=module`) or CommonJS; `code` prints its timings as JSON when `reports`. */
const nodeProbe = (label: string, cwd: string, code: string, esm: boolean, reports = true): Probe => ({
  label,
  cwd,
  command: process.execPath,
  args: [...(esm ? ['--input-type=module'] : []), '-e', code],
  reports,
})

/** Code that times `load` (an expression, awaited) and prints `{"import": ms}`. */
const timedLoad = (load: string) =>
  `const t0 = performance.now(); await (${load}); console.log(JSON.stringify({ import: performance.now() - t0 }))`

/** The same for CommonJS (no top-level await). */
const timedRequire = (load: string) =>
  `const t0 = performance.now(); ${load}; console.log(JSON.stringify({ import: performance.now() - t0 }))`

/** Import legisearch, open the demo read-only, search propositions: the three times, and the total found. */
const firstSearchCode = (snapshot: string) =>
  [
    `const t0 = performance.now()`,
    `const { openSnapshot } = await import('legisearch')`,
    `const t1 = performance.now()`,
    `const snap = openSnapshot(${JSON.stringify(snapshot)}, { readonly: true })`,
    `const t2 = performance.now()`,
    `const r = snap.searchPropositions({ q: ${JSON.stringify(QUERY)} })`,
    `const t3 = performance.now()`,
    `snap.close()`,
    `console.log(JSON.stringify({ import: t1 - t0, open: t2 - t1, search: t3 - t2, total: r.pagination.total }))`,
  ].join('\n')

function sample(probe: Probe): Sample {
  const t = performance.now()
  const r = spawnSync(probe.command, probe.args, { cwd: probe.cwd, env: ENV, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
  const wall = performance.now() - t
  if (r.status !== 0) throw new Error(`${probe.label}: exit ${r.status ?? r.signal}\n${r.stderr}`)
  if (!probe.reports) {
    if (probe.command !== process.execPath && r.stdout.trim() === '') throw new Error(`${probe.label}: printed nothing`)
    return { wall, steps: {} }
  }
  const last = r.stdout.trim().split('\n').pop() ?? ''
  return { wall, steps: JSON.parse(last) as Record<string, number> }
}

/** One warm-up round, then `RUNS` rounds of every probe, interleaved. */
function sampleAll(probes: readonly Probe[]): Map<Probe, Sample[]> {
  const samples = new Map(probes.map((p) => [p, [] as Sample[]]))
  for (const p of probes) sample(p)
  for (let i = 0; i < RUNS; i++) {
    if (i % 5 === 0) log(`processes: round ${i + 1} of ${RUNS} …`)
    for (const p of probes) samples.get(p)?.push(sample(p))
  }
  return samples
}

// ---------------------------------------------------------------------------------------------
// Report

const MB = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1e6).toFixed(1) : '—')
const pct = (xs: readonly number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  )
const p50 = (xs: readonly number[]) => pct(xs, 50)
const fmt = (x: number) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : '—')
const p50p90 = (xs: readonly number[]) => (xs.length === 0 ? '—' : `${fmt(pct(xs, 50))} / ${fmt(pct(xs, 90))}`)
const yes = (ok: boolean) => (ok ? 'yes' : '**no**')
const rel = (path: string) => relative(ROOT, path)

// ---------------------------------------------------------------------------------------------
// The run

const loadStart = loadavg()
const all = workspaces()
const tarballs = buildAndPack()
for (const name of all.keys()) if (!tarballs.has(name)) throw new Error(`npm pack wrote no tarball of ${name}`)

const PACKAGES = ['legisearch', '@legisearch/cli', '@legisearch/server', '@legisearch/mcp', '@legisearch/web'] as const
const projects = new Map<string, Project>()
for (const name of PACKAGES) {
  const specs = closure(all, name).map((n) => tarballs.get(n) as string)
  projects.set(name, install(name, name.replace(/^@/, '').replace('/', '-'), name, specs))
}
const sqliteVersion = lockedVersion('better-sqlite3')
const minisearchVersion = lockedVersion('minisearch')
const sqliteAnchor = install(`better-sqlite3 ${sqliteVersion} alone`, 'anchor-better-sqlite3', 'better-sqlite3', [
  `better-sqlite3@${sqliteVersion}`,
])
const minisearchAnchor = install(`minisearch ${minisearchVersion} alone`, 'anchor-minisearch', 'minisearch', [
  `minisearch@${minisearchVersion}`,
])
const sizes = [...projects.values(), sqliteAnchor, minisearchAnchor].map(measureInstall)

if (!existsSync(DEMO)) {
  log(`${rel(DEMO)} is missing: npm run demo …`)
  run('npm', ['run', 'demo', '--silent'], ROOT)
  if (!existsSync(DEMO)) throw new Error(`npm run demo did not write ${DEMO}`)
}

const core = (projects.get('legisearch') as Project).dir
const cliProject = (projects.get('@legisearch/cli') as Project).dir
const probes = {
  floor: nodeProbe('`node -e 0`', core, '0', false, false),
  esm: nodeProbe("`await import('legisearch')`", core, timedLoad("import('legisearch')"), true),
  cjs: nodeProbe("`require('legisearch')` (CommonJS build)", core, timedRequire("require('legisearch')"), false),
  sqlite: nodeProbe("`require('better-sqlite3')`", sqliteAnchor.dir, timedRequire("require('better-sqlite3')"), false),
  sqliteOpen: nodeProbe(
    "`require('better-sqlite3')` + `new Database(':memory:')` (loads the addon)",
    sqliteAnchor.dir,
    timedRequire("new (require('better-sqlite3'))(':memory:').close()"),
    false,
  ),
  minisearch: nodeProbe("`await import('minisearch')`", minisearchAnchor.dir, timedLoad("import('minisearch')"), true),
  first: nodeProbe('import + open + first search', core, firstSearchCode(DEMO), true),
  cli: {
    label: `\`legisearch search propositions --q ${QUERY} --snapshot <demo>\``,
    cwd: cliProject,
    command: join(cliProject, 'node_modules/.bin/legisearch'),
    args: ['search', 'propositions', '--q', QUERY, '--snapshot', DEMO],
    reports: false,
  },
} satisfies Record<string, Probe>
const samples = sampleAll(Object.values(probes))
const of = (probe: Probe) => samples.get(probe) ?? []
const walls = (probe: Probe) => of(probe).map((s) => s.wall)
const step = (probe: Probe, name: string) => of(probe).map((s) => s.steps[name] ?? Number.NaN)

// Install table
const installTable = table(
  [
    'project (an empty one, installing…)',
    'node_modules disk MB',
    'apparent MB',
    'disk MB, prebuilt better-sqlite3 (estimate)',
    'packages: top level / all',
    'the package itself MB',
    'largest dependency (disk MB)',
    'server/CLI/MCP/UI deps',
  ],
  sizes.map((s) => [
    s.project.label,
    MB(s.diskBytes),
    MB(s.apparentBytes),
    MB(s.prebuiltBytes),
    `${s.topLevel} / ${s.all}`,
    MB(s.mainBytes),
    s.largest.bytes === 0 ? '—' : `${s.largest.name} (${MB(s.largest.bytes)})`,
    s.forbidden.length === 0 ? 'none' : s.forbidden.join(', '),
  ]),
  ['l', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
)
const coreSize = sizes[0] as InstallSize
const coreClean = coreSize.forbidden.length === 0
const skipped = sizes
  .filter((s) => s.project.skippedScripts.length > 0)
  .map((s) => `${s.project.label}: ${s.project.skippedScripts.join(', ')}`)
  .join('; ')

// Process tables
const importRows = [probes.floor, probes.esm, probes.cjs, probes.sqlite, probes.sqliteOpen, probes.minisearch].map((p) => [
  p.label,
  rel(p.cwd),
  p.reports ? p50p90(step(p, 'import')) : '—',
  p50p90(walls(p)),
])
const importTable = table(['what', 'project', 'import/require p50 / p90 ms', 'process wall p50 / p90 ms'], importRows, ['l', 'l', 'r', 'r'])
const firstTotals = new Set(step(probes.first, 'total'))
const firstTable = table(
  ['step', 'p50 / p90 ms'],
  [
    ["`await import('legisearch')`", p50p90(step(probes.first, 'import'))],
    ['`openSnapshot(demo, { readonly: true })`', p50p90(step(probes.first, 'open'))],
    [`\`searchPropositions({ q: '${QUERY}' })\``, p50p90(step(probes.first, 'search'))],
    ['process wall', p50p90(walls(probes.first))],
  ],
)
const cliTable = table(
  ['command', 'wall p50 / p90 ms'],
  [
    [probes.floor.label, p50p90(walls(probes.floor))],
    [probes.cli.label, p50p90(walls(probes.cli))],
  ],
)

// Goals
const coreImport = p50(step(probes.esm, 'import'))
const cliSearch = p50(walls(probes.cli))
const goalsTable = table(
  ['goal (issue 26)', 'measured', 'met'],
  [
    [
      `core install ≤ ${GOAL.coreInstallMb} MB node_modules (disk use)`,
      `${MB(coreSize.diskBytes)} MB (apparent ${MB(coreSize.apparentBytes)}; with a prebuilt better-sqlite3 about ${MB(coreSize.prebuiltBytes)})`,
      yes(coreSize.diskBytes <= GOAL.coreInstallMb * 1e6),
    ],
    ['core install pulls no server/CLI/MCP/UI dependency', coreClean ? 'none' : coreSize.forbidden.join(', '), yes(coreClean)],
    [
      `core import ≤ ${GOAL.coreImportMs} ms p50`,
      `${fmt(coreImport)} ms (process wall ${fmt(p50(walls(probes.esm)))} ms)`,
      yes(coreImport <= GOAL.coreImportMs),
    ],
    [`CLI search ≤ ${GOAL.cliSearchMs} ms p50`, `${fmt(cliSearch)} ms`, yes(cliSearch <= GOAL.cliSearchMs)],
  ],
  ['l', 'r', 'l'],
)

const cpu = cpus()
const npmVersion = run('npm', ['--version'], ROOT).trim()
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim() || '?'
const report = [
  `# Startup: install size, import time, first search, the CLI (${new Date().toISOString().slice(0, 10)})`,
  '',
  `- Machine: ${cpu[0]?.model ?? '?'} × ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, load average ${loadStart.map((x) => x.toFixed(2)).join(' ')} at start (shared: compare the rows of one table rather than runs)`,
  `- Node ${process.version}, npm ${npmVersion}; git ${head}`,
  `- Date: ${new Date().toISOString()}`,
  `- Command: \`npx tsx bench/startup.ts${RUNS === 20 ? '' : ` --runs ${RUNS}`}\`; ${RUNS} fresh processes per row after one warm-up round, interleaved round by round`,
  '',
  '## Install size',
  '',
  installTable,
  '',
  `MB = 10^6 bytes. Disk use: \`du -sk node_modules\`; apparent: \`du -sb\`. Packages: top level = a package.json directly in node_modules/* or node_modules/@*/*; all = every package npm installed (the project's lockfile), nested copies included. The legisearch packages count among them. ` +
    `better-sqlite3 was installed with \`--ignore-scripts\` and the repository's compiled \`build/\` (better-sqlite3 ${sqliteVersion}, the same version) copied in: its size is what a compile on this machine leaves; with a downloaded prebuilt binary it is smaller: the estimate column counts its \`build/\` as its \`build/Release/better_sqlite3.node\` alone (what the prebuilt tarball holds). ` +
    `Install scripts skipped: ${skipped || 'none'}.`,
  '',
  `Library alone pulls none of ${FORBIDDEN.join(', ')}: ${coreClean ? 'yes (none present)' : `**NO**, present: ${coreSize.forbidden.join(', ')}`}.`,
  '',
  '## Import',
  '',
  importTable,
  '',
  'import/require: `performance.now()` around the import inside the process; process wall: the parent around `spawnSync`.',
  '',
  '## Open + first search',
  '',
  `\`${rel(DEMO)}\` (${MB(Number(run('du', ['-sb', DEMO], ROOT).split('\t')[0]))} MB), opened read-only by a fresh process in the legisearch project; ${[...firstTotals].join(', ')} propositions found.`,
  '',
  firstTable,
  '',
  '## The CLI end to end',
  '',
  cliTable,
  '',
  '## Goals',
  '',
  goalsTable,
  '',
  `Run time: ${((performance.now() - started) / 1000 / 60).toFixed(1)} min.`,
  '',
].join('\n')
process.stdout.write(report)
writeFileSync(REPORT, report)
log(`report written to ${rel(REPORT)}`)
