import { defineConfig } from 'tsup'

// The server, and its read worker beside it (dist/server-worker.js, which the worker pool starts).
export default defineConfig({
  entry: { index: 'src/index.ts', 'server-worker': 'src/worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
})
