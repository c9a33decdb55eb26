import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

/** The command's entry point in the source (`packages/cli/src/index.ts`, what the package's `bin` is built from). */
export const CLI = fileURLToPath(new URL('../../packages/cli/src/index.ts', import.meta.url))

/**
 * The node arguments that run `legisearch …args`: the command built once for this test run by the
 * global setup (test/helpers/cli-build.ts, tsup.config.ts's entry), which starts in about half the
 * time of the source through tsx. `runCliFromSource` keeps one path through the source.
 *
 * @example spawn(process.execPath, cliArgs('serve', '--port', '0'))
 */
export function cliArgs(...args: string[]): string[] {
  return [inject('cliBuild'), ...args]
}

/** Runs node with `nodeArgs` to its end (no `$LEGISEARCH_SNAPSHOT` from the environment). */
function runNode(nodeArgs: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, nodeArgs, {
    encoding: 'utf8',
    env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

/**
 * Runs `legisearch …args` (the built command) to its end (no `$LEGISEARCH_SNAPSHOT` from the
 * environment): its exit code and what it wrote.
 *
 * @example runCli('info', '--snapshot', file).code // 0
 */
export function runCli(...args: string[]): { code: number | null; out: string; err: string } {
  return runNode(cliArgs(...args))
}

/**
 * Runs `legisearch …args` from the source through tsx, as `runCli` does with the build.
 *
 * @example runCliFromSource('sources', '--json').code // 0
 */
export function runCliFromSource(...args: string[]): { code: number | null; out: string; err: string } {
  return runNode(['--import', 'tsx', CLI, ...args])
}
