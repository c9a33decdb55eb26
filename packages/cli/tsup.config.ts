import { defineConfig } from 'tsup'

// The `legisearch` command; its subcommands are chunks of their own, loaded when run.
export default defineConfig({
  entry: { cli: 'src/index.ts' },
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node20',
})
