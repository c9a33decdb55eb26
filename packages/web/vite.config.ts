// The web page (@legisearch/web): built by `npm run build` into packages/web/dist, which `legisearch serve` serves at `/`.
// Preact's JSX through Vite's own transform (no Babel plugin); one script and one style sheet, no
// module-preload polyfill, nothing fetched from elsewhere.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
})
