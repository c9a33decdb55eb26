import { defineConfig } from 'tsup'

export default defineConfig({
  // The library, and the `legisearch` command (a separate entry point the library never imports).
  entry: { index: 'src/index.ts', cli: 'src/cli/index.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
})
