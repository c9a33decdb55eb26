/**
 * The `legisearch` command built once for the test run (a vitest global setup), so the tests that
 * spawn it start a compiled file (about 0.5 s) instead of the source through tsx (about 1 s). The
 * build bundles the command with the library, server and MCP sources (the packages' own builds
 * import each other instead), written to a folder of its own under the git-ignored `test/fixtures/.build/`
 * (outside eslint and prettier, as the unpacked fixtures are) and given to the workers by
 * `inject('cliBuild')` (see test/helpers/cli.ts). In watch mode it is rebuilt before each rerun.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'tsup'
import type { TestProject } from 'vitest/node'
import { REQUIRE_BANNER } from '../../packages/legisearch/tsup.config.js'
import { BUILD_ROOT, PACKAGES, PACKED, ROOT, RUN_DIR, manifestOf, packAll } from './packages.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built command's entry file: test/fixtures/.build/run-<pid>/command/cli.js, or the packed package's. */
    cliBuild: string
    /** The folder of the packed packages' tarballs when the tests run against them, else ''. */
    packedTarballs: string
  }
}

/**
 * The packages' runtime dependencies: imports left to node_modules, as in the packages' builds (the
 * library's bundled libraries, its dev dependencies, are bundled here too).
 */
function thirdParty(): string[] {
  const names = (Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]).flatMap((folder) => Object.keys(manifestOf(folder).dependencies ?? {}))
  return [...new Set(names)].filter((name) => name !== 'legisearch' && !name.startsWith('@legisearch/'))
}

/** Whether the process `pid` is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Builds the command into `dir` (emptied first), with the packages' own sources bundled in (found
 * through tsconfig.json's `paths`) and the server's read worker beside it; returns its entry file.
 * @example await buildCommand('test/fixtures/.build/run-1')
 */
export async function buildCommand(dir: string): Promise<string> {
  await build({
    entry: { cli: join(ROOT, 'packages/cli/src/index.ts'), 'server-worker': join(ROOT, 'packages/server/src/worker.ts') },
    format: ['esm'],
    target: 'node20',
    sourcemap: true,
    outDir: dir,
    clean: true,
    dts: false,
    silent: true,
    config: false,
    noExternal: [/^legisearch(\/internal)?$/, /^@legisearch\/(server|mcp)$/],
    // The page's folder is found through its package (packages/web/dist).
    external: [...thirdParty(), '@legisearch/web'],
    // As the library's build: its bundled CommonJS libraries `require` Node's own modules.
    banner: REQUIRE_BANNER,
  })
  const cli = join(dir, 'cli.js')
  if (!existsSync(cli)) throw new Error(`the command build wrote no ${cli}`)
  return cli
}

/**
 * The vitest global setup (vitest.config.ts): builds the command from the sources, or packs every
 * package when the tests run against the packed ones (test/helpers/packages.ts); removes this
 * run's builds at the end.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(BUILD_ROOT, { recursive: true })
  // Builds of runs that ended without their teardown (killed).
  for (const name of readdirSync(BUILD_ROOT)) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1])
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(BUILD_ROOT, name), { recursive: true, force: true })
  }
  if (PACKED) {
    const packed = packAll()
    // The child processes of the crash and concurrency tests (test/fixtures/library.ts).
    process.env['LEGISEARCH_TEST_LIBRARY'] = join(packed.tarballs, '..', 'node_modules', 'legisearch', 'dist', 'index.js')
    project.provide('cliBuild', packed.cli)
    project.provide('packedTarballs', packed.tarballs)
  } else {
    project.provide('packedTarballs', '')
    const dir = join(RUN_DIR, 'command')
    project.provide('cliBuild', await buildCommand(dir))
    project.onTestsRerun(async () => {
      await buildCommand(dir)
    })
  }
  return () => rmSync(RUN_DIR, { recursive: true, force: true })
}
