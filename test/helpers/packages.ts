/**
 * The packages the tests import by name (`legisearch`, `legisearch/internal`, `@legisearch/server`,
 * `@legisearch/mcp`) and the command they spawn: either the sources (tsconfig.json's `paths`; what
 * `npx vitest` uses), or, with `LEGISEARCH_TEST_PACKAGES=packed` (what `npm test` sets), the
 * packages as they are published: built, packed by `npm pack` and unpacked into a folder of this
 * run under the git-ignored `test/fixtures/.build/`, where their imports of each other resolve to
 * the unpacked copies and their dependencies to the repository's node_modules.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Where the test builds go (git-ignored). */
export const BUILD_ROOT = join(ROOT, 'test/fixtures/.build')

/** The folder of this test run's builds (its main process: the config and the global setups). */
export const RUN_DIR = join(BUILD_ROOT, `run-${process.pid}`)

/** Whether the tests run against the packed packages. */
export const PACKED = process.env['LEGISEARCH_TEST_PACKAGES'] === 'packed'

/** The packages' folders under packages/, and their names. */
export const PACKAGES = {
  legisearch: 'legisearch',
  web: '@legisearch/web',
  server: '@legisearch/server',
  mcp: '@legisearch/mcp',
  cli: '@legisearch/cli',
} as const

/** A package's manifest (packages/<folder>/package.json). */
export interface Manifest {
  readonly name: string
  readonly version: string
  readonly dependencies?: Record<string, string>
  readonly engines?: Record<string, string>
}

/** The manifest of the package in packages/<folder>. */
export const manifestOf = (folder: keyof typeof PACKAGES): Manifest =>
  JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as Manifest

/** The file `npm pack` writes for a package (`@legisearch/cli` 0.1.0 → legisearch-cli-0.1.0.tgz). */
export const tarballName = ({ name, version }: Manifest): string => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`

/** Where the packed packages are unpacked: `<RUN_DIR>/packed/node_modules/<name>`. */
const packedModules = join(RUN_DIR, 'packed', 'node_modules')

/** A packed package's folder. */
export const packedPackage = (name: string): string => join(packedModules, name)

/** What the tests import by name, as vitest aliases: the sources, or the packed packages' builds. */
export function packageAliases(): { find: RegExp; replacement: string }[] {
  const entries: [string, string, string][] = [
    ['legisearch', 'packages/legisearch/src/index.ts', 'legisearch/dist/index.js'],
    ['legisearch/internal', 'packages/legisearch/src/internal.ts', 'legisearch/dist/internal.js'],
    ['@legisearch/server', 'packages/server/src/index.ts', '@legisearch/server/dist/index.js'],
    ['@legisearch/mcp', 'packages/mcp/src/index.ts', '@legisearch/mcp/dist/index.js'],
  ]
  return entries.map(([name, source, built]) => ({
    find: new RegExp(`^${name.replace(/\//g, '\\/')}$`),
    replacement: PACKED ? join(packedModules, built) : join(ROOT, source),
  }))
}

/** What `packAll` made: the tarballs' folder, and the unpacked command's entry file. */
export interface Packed {
  readonly tarballs: string
  readonly cli: string
}

/**
 * Packs every package (`npm pack`, whose `prepack` builds it first, in the workspaces' order: the
 * library before the packages built on it) into `<into>/tarballs` and
 * unpacks it into `<into>/node_modules/<name>` (by default where the packed aliases point).
 * @example const { cli } = packAll() // …/packed/node_modules/@legisearch/cli/dist/cli.js
 */
export function packAll(into = join(RUN_DIR, 'packed')): Packed {
  const run = (command: string, args: string[], cwd = ROOT) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
  const tarballs = join(into, 'tarballs')
  mkdirSync(tarballs, { recursive: true })
  run('npm', ['pack', '--workspaces', '--silent', '--pack-destination', tarballs])
  for (const folder of Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]) {
    const name = PACKAGES[folder]
    const file = tarballName(manifestOf(folder))
    if (!readdirSync(tarballs).includes(file)) throw new Error(`npm pack wrote no ${file} into ${tarballs}`)
    const to = join(into, 'node_modules', name)
    mkdirSync(to, { recursive: true })
    run('tar', ['-xzf', join(tarballs, file), '-C', to, '--strip-components=1'])
  }
  return { tarballs, cli: join(into, 'node_modules', '@legisearch/cli', 'dist', 'cli.js') }
}
