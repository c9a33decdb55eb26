import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Unpacks the compressed fixtures (test/fixtures) once, before the workers start; builds the
    // command once for the tests that spawn it (test/helpers/cli-build.ts).
    globalSetup: ['test/helpers/fixtures.ts', 'test/helpers/cli-build.ts'],
  },
})
