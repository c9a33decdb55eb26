import { defineConfig } from 'tsup'

export default defineConfig([
  // The library, for ESM and CommonJS.
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { index: 'src/index.ts' } },
    clean: true,
    sourcemap: true,
    target: 'node20',
  },
  // The `legisearch` command and the HTTP server's read worker: separate entry points the library
  // never imports, ESM only (the worker is found beside the command's own files).
  {
    entry: { cli: 'src/cli/index.ts', 'server-worker': 'src/server/worker.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
  },
])
