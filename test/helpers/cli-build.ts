/**
 * The `legisearch` command built once for the test run (a vitest global setup), so the tests that
 * spawn it start a compiled file (about 0.5 s) instead of the source through tsx (about 1 s). The
 * build is tsup.config.ts's own command entry (the one `npm run build` writes to dist/ for the
 * package's `bin`), written to a folder of its own under the git-ignored `test/fixtures/.build/`
 * (outside eslint and prettier, as the unpacked fixtures are) and given to the workers by
 * `inject('cliBuild')` (see test/helpers/cli.ts). In watch mode it is rebuilt before each rerun.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Options, build } from 'tsup'
import type { TestProject } from 'vitest/node'
import tsupConfig from '../../tsup.config.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built command's entry file (test/fixtures/.build/run-<pid>/cli.js). */
    cliBuild: string
  }
}

/** Where the test builds go (git-ignored). */
const BUILD_ROOT = fileURLToPath(new URL('../fixtures/.build/', import.meta.url))

/** tsup.config.ts's entry that holds the command (`cli`), and its read worker. */
function commandEntry(): Options {
  const configs = (Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig]) as Options[]
  const found = configs.find((c) => c.entry !== undefined && !Array.isArray(c.entry) && typeof c.entry === 'object' && 'cli' in c.entry)
  if (!found) throw new Error('tsup.config.ts: no entry named "cli" (the command)')
  return found
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
 * Builds the command into `dir` (emptied first) with tsup.config.ts's options; returns its entry file.
 * @example await buildCommand('test/fixtures/.build/run-1')
 */
export async function buildCommand(dir: string): Promise<string> {
  await build({ ...commandEntry(), outDir: dir, clean: true, dts: false, silent: true, config: false })
  const cli = join(dir, 'cli.js')
  if (!existsSync(cli)) throw new Error(`the command build wrote no ${cli}`)
  return cli
}

/** The vitest global setup (vitest.config.ts): builds the command, and removes the build at the end. */
export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(BUILD_ROOT, { recursive: true })
  // Builds of runs that ended without their teardown (killed).
  for (const name of readdirSync(BUILD_ROOT)) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1])
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(BUILD_ROOT, name), { recursive: true, force: true })
  }
  const dir = join(BUILD_ROOT, `run-${process.pid}`)
  project.provide('cliBuild', await buildCommand(dir))
  project.onTestsRerun(async () => {
    await buildCommand(dir)
  })
  return () => rmSync(dir, { recursive: true, force: true })
}
