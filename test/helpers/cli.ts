import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The command's entry point, run from source through tsx. */
export const CLI = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url))

/**
 * Runs `legisearch …args` to its end (no `$LEGISEARCH_SNAPSHOT` from the environment): its exit
 * code and what it wrote.
 *
 * @example runCli('info', '--snapshot', file).code // 0
 */
export function runCli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}
