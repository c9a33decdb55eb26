/**
 * The web page (`web/`, built by `npm run build` into `dist/web/`): its files read once when the
 * server starts and served at `/` and `/assets/…` without a key (the page asks for one and sends it
 * on every API call). The page requests nothing outside this server: its Content-Security-Policy
 * allows this origin only (no CDN, no web fonts).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import type { FastifyReply } from 'fastify'
import { invalid } from 'legisearch/internal'
import { atRoot } from './at-root.js'

export interface WebOptions extends Record<string, unknown> {
  /** The folder of the built page (its `index.html` and `assets/`). */
  readonly root: string
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

/** This origin only: scripts, styles, images (and `data:` images), and the API's own paths. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

interface WebFile {
  readonly type: string
  readonly body: Buffer
}

/** Every file under `root`, by its URL path (`/assets/index-1a2b.js`). */
function filesOf(root: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else
        files.set(`/${relative(root, file).split(sep).join('/')}`, {
          type: TYPES[extname(name)] ?? 'application/octet-stream',
          body: readFileSync(file),
        })
    }
  }
  walk(root)
  return files
}

/** `GET /` (the page) and `GET /assets/*` (its hashed scripts and styles, cached for good), without a key. */
export const webPage = atRoot('legisearch-web', async (app, { root }: WebOptions) => {
  if (!existsSync(join(root, 'index.html')))
    throw invalid(`web: ${root} holds no index.html; \`npm run build\` writes the page into dist/web`, ['web'])
  const files = filesOf(root)
  const index = files.get('/index.html') as WebFile
  const send = (reply: FastifyReply, file: WebFile, cache: string) =>
    reply
      .type(file.type)
      .header('cache-control', cache)
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(file.body)
  app.get('/', (_request, reply) => send(reply, index, 'no-cache'))
  app.get('/assets/*', (request, reply) => {
    const file = files.get(request.url.split('?')[0] ?? '')
    if (!file) return reply.callNotFound()
    return send(reply, file, 'public, max-age=31536000, immutable')
  })
})
