import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { packageAliases } from './test/helpers/packages.js'

/**
 * The test files that take longest, started first (in this order) so that none is left running
 * alone at the end: vitest orders by the durations of the last run when it has them, else (a fresh
 * clone) by file size, which puts some of these last.
 */
const SLOW_FIRST = [
  'test/ingest/conformance.test.ts',
  'test/cli/cli.test.ts',
  'test/web/page.test.ts',
  'test/store/concurrency.test.ts',
  'test/text-index/evaluate.test.ts',
  'test/watchlist/replay.test.ts',
  'test/cli/watchlist-monitors.test.ts',
  'test/ingest/dates.test.ts',
]

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(relative(f.project.config.root, f.moduleId))
      return i === -1 ? SLOW_FIRST.length : i
    }
    return (await super.sort(files))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f)
  }
}

export default defineConfig({
  // The packages by name: their sources, or (`npm test`) the packed packages (test/helpers/packages.ts).
  resolve: { alias: packageAliases() },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's own default is one worker less than the cores: a single worker on a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps the modules it imported from one test file to the next (each file re-importing
    // src and its dependencies cost most of the time of the small files). Test files keep no state
    // of their own between them: temporary snapshots and folders are made per test or per describe
    // (test/helpers/tmp-snapshot.ts), environment variables and spies are restored.
    isolate: false,
    sequence: { sequencer: SlowFirst },
    // Unpacks the compressed fixtures (test/fixtures) once, before the workers start; builds the
    // command once for the tests that spawn it (test/helpers/cli-build.ts).
    globalSetup: ['test/helpers/fixtures.ts', 'test/helpers/cli-build.ts'],
  },
})
