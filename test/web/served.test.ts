/**
 * How the server serves the web page's files (no browser needed): `/` and `/assets/…` without a
 * key, with a Content-Security-Policy of this origin only; an unknown asset is the API's 404; a
 * folder without index.html is refused naming the option; without `web`, `/` is not served.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { createServer } from '@legisearch/server'
import { tempDir } from '../helpers/tmp-snapshot.js'

/** A snapshot and a built page's folder (an index.html and one asset). */
function site(): { snapshot: string; web: string } {
  const dir = tempDir()
  const snapshot = join(dir, 'snapshot.db')
  openSnapshot(snapshot).close()
  const web = join(dir, 'web')
  mkdirSync(join(web, 'assets'), { recursive: true })
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/assets/app-1.js"></script>')
  writeFileSync(join(web, 'assets', 'app-1.js'), 'console.log(1)')
  return { snapshot, web }
}

describe('the web page served by createServer({ web })', () => {
  it('serves / and /assets/… without a key, this origin only; unknown files are the API 404', async () => {
    const { snapshot, web } = site()
    const server = await createServer({ snapshot, web, workers: 0 })
    try {
      const base = await server.app.listen({ port: 0, host: '127.0.0.1' })
      const page = await fetch(`${base}/`)
      expect([page.status, page.headers.get('content-type'), page.headers.get('cache-control')]).toEqual([
        200,
        'text/html; charset=utf-8',
        'no-cache',
      ])
      expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/)
      expect(await page.text()).toContain('/assets/app-1.js')
      const asset = await fetch(`${base}/assets/app-1.js`)
      expect([asset.status, asset.headers.get('content-type'), await asset.text()]).toEqual([
        200,
        'text/javascript; charset=utf-8',
        'console.log(1)',
      ])
      expect(asset.headers.get('cache-control')).toContain('immutable')
      const missing = await fetch(`${base}/assets/../index.html.js`)
      expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'not_found'])
      // The API is unchanged beside it.
      expect((await fetch(`${base}/watchlist`)).status).toBe(401)
    } finally {
      await server.close()
    }
  })

  it('without web, / is not served; a folder without index.html is refused naming web', async () => {
    const { snapshot } = site()
    const plain = await createServer({ snapshot, workers: 0 })
    try {
      const base = await plain.app.listen({ port: 0, host: '127.0.0.1' })
      expect((await fetch(`${base}/`)).status).toBe(404)
    } finally {
      await plain.close()
    }
    const empty = tempDir()
    await expect(createServer({ snapshot, web: empty, workers: 0 })).rejects.toThrow(
      /^web: .* holds no index\.html; `npm run build` writes the page into dist\/web/,
    )
  })
})
