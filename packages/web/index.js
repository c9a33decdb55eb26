// The built page's folder (index.html and its assets), for a server to serve at `/`:
// `createServer({ snapshot, web: webRoot })` of @legisearch/server, as `legisearch serve` does.
import { fileURLToPath } from 'node:url'

/** The folder holding the built page (`npm run build` writes it). */
export const webRoot = fileURLToPath(new globalThis.URL('./dist/', import.meta.url))
