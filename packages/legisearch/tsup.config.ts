import { defineConfig } from 'tsup'

// The library, for ES modules and CommonJS, with `legisearch/internal` (what the sibling packages
// share) as a second entry of the same build, so that both entries share one copy of every module.
export default defineConfig({
  entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
})
