/**
 * The web page in a real browser: Debian's Chromium (`/usr/bin/chromium`, never a downloaded one)
 * driven by playwright-core against a real `legisearch serve` on loopback (the command built for
 * this run, its page built by Vite into packages/web/dist), over a snapshot filled as the server
 * tests fill theirs. It signs in with the key `serve --demo-key` prints, switches language,
 * searches, filters (by a facet where the server counts them), pages, opens a record and saves
 * it in a monitor, lists the watchlist, screens pasted and uploaded names, works from the keyboard
 * alone, and never requests anything but the server. Skips, saying so, where Chromium is absent
 * (`apt-get install chromium`; `.ci/run` installs it).
 *
 * `LEGISEARCH_SCREENSHOTS=docs npx vitest run test/web` also writes the README's screenshots.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Snapshot, openSnapshot } from 'legisearch'
import { openApiDocument } from '@legisearch/server'
import { fill } from '../server/support.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const CHROMIUM = '/usr/bin/chromium'
const HAVE_CHROMIUM = existsSync(CHROMIUM)
/** The flags headless Chromium needs on these machines (no sandbox as root; no background network). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
]
const SCREENSHOTS = process.env['LEGISEARCH_SCREENSHOTS']

const paths = (openApiDocument() as { paths: Record<string, unknown> }).paths
/** The extensions this branch's server has (other engineers add them; the page hides what is missing). */
const HAS = {
  facets: JSON.stringify(paths['/search/propositions']).includes('"facets"'),
  savedSearches: paths['/monitors/{monitorId}/searches'] !== undefined && paths['/monitors/{monitorId}/alerts'] !== undefined,
}

/** Controls without an accessible name (label, aria-label, or a button's text), as HTML. */
const UNLABELLED = `[...document.querySelectorAll('input, select, textarea, button')].filter((e) => {
  if (e.type === 'hidden') return false
  const labels = e.labels ? [...e.labels].map((l) => l.textContent).join('') : ''
  const name = labels || e.getAttribute('aria-label') || (e.tagName === 'BUTTON' ? e.textContent : '')
  return !name || name.trim() === ''
}).map((e) => e.outerHTML.slice(0, 160))`

describe.skipIf(!HAVE_CHROMIUM)(
  HAVE_CHROMIUM ? 'the web page in Chromium' : `the web page in Chromium: SKIPPED, ${CHROMIUM} is absent (apt-get install chromium)`,
  () => {
    const dir = sharedTempDir()
    let server: ChildProcess | undefined
    let base = ''
    let key = ''
    let lib: Snapshot
    let snapshotPath = ''
    let browser: Browser
    let context: BrowserContext
    let page: Page
    const requests: string[] = []
    const pageErrors: string[] = []

    const shot = async (name: string) => {
      if (SCREENSHOTS === undefined) return
      const out = resolve(SCREENSHOTS)
      mkdirSync(out, { recursive: true })
      await page.evaluate('scrollTo(0, 0)')
      await page.screenshot({ path: join(out, `web-${name}.png`) })
    }
    const status = () => page.locator('main [role="status"]').first()
    const unlabelled = () => page.evaluate(UNLABELLED) as Promise<string[]>

    beforeAll(async () => {
      const started = performance.now()
      // The page, built where `npm run build` writes it (packages/web/dist), where `serve` finds it
      // through @legisearch/web.
      await build({
        configFile: fileURLToPath(new URL('../../packages/web/vite.config.ts', import.meta.url)),
        logLevel: 'warn',
      })
      const built = performance.now()
      snapshotPath = join(dir(), 'snapshot.db')
      const snap = openSnapshot(snapshotPath)
      fill(snap)
      snap.close()
      lib = openSnapshot(snapshotPath, { readonly: true })
      const child = spawn(
        process.execPath,
        [inject('cliBuild'), 'serve', '--snapshot', snapshotPath, '--port', '0', '--workers', '0', '--demo-key'],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      )
      server = child
      let err = ''
      ;[base, key] = await new Promise<[string, string]>((done, fail) => {
        child.stderr?.on('data', (d: Buffer) => {
          err += d.toString()
          const address = /at (http:\/\/\S+)/.exec(err)?.[1]
          const demo = /demo key \(client 'demo', plan full\): (\S+)/.exec(err)?.[1]
          if (address && demo) done([address, demo])
        })
        child.once('exit', (code) => fail(new Error(`serve exited ${code}: ${err}`)))
      })
      expect(err).toContain(`web page: ${base}/`)
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1100, height: 760 } })
      // Nothing but the server: any other request is recorded and refused.
      await context.route('**/*', (route) => {
        const url = route.request().url()
        if (url.startsWith(`${base}/`)) return route.continue()
        requests.push(url)
        return route.abort()
      })
      page = await context.newPage()
      page.on('pageerror', (e) => pageErrors.push(e.message))
      page.on('request', (r) => {
        if (!r.url().startsWith(`${base}/`) && !r.url().startsWith('data:')) requests.push(r.url())
      })
      process.stderr.write(
        `web page test: vite build ${((built - started) / 1000).toFixed(1)} s, serve and Chromium ${((performance.now() - built) / 1000).toFixed(1)} s\n`,
      )
    })

    afterAll(async () => {
      await browser?.close()
      if (server && server.exitCode === null) server.kill('SIGTERM')
      lib?.close()
    })

    it('signs in with the API key, kept in sessionStorage only; Portuguese by default, English by the switch', async () => {
      const response = await page.goto(`${base}/`)
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
      expect(await page.getAttribute('html', 'lang')).toBe('pt-BR')
      await page.getByLabel('Chave de API').fill('lsk_not_a_key')
      await page.getByRole('button', { name: 'Entrar' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('unknown or revoked key')
      await page.getByLabel('Chave de API').fill(key)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await page.getByRole('heading', { name: 'Busca', level: 2 }).waitFor()
      const storage = JSON.parse(
        (await page.evaluate(
          'JSON.stringify([sessionStorage.getItem("legisearch.apiKey"), localStorage.length, document.cookie])',
        )) as string,
      ) as [string, number, string]
      expect(storage).toEqual([key, 0, ''])
      await page.getByLabel('Idioma').selectOption('en')
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en')
      await page.getByRole('heading', { name: 'Search', level: 2 }).waitFor()
      expect(await unlabelled()).toEqual([])
    })

    it('creates a monitor', async () => {
      await page.getByRole('link', { name: 'Monitors' }).click()
      await page.getByLabel('New monitor name').fill('Watch')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByRole('button', { name: 'Watch', exact: true }).waitFor()
      expect(lib.listMonitors('demo').map((m) => m.name)).toEqual(['Watch'])
      expect(await unlabelled()).toEqual([])
    })

    it('searches with the grammar, filters (by a facet where the server counts them), pages and opens a record, and saves it', async () => {
      await page.getByRole('link', { name: 'Search' }).click()
      await page.getByLabel('Where').selectOption('propositions')
      await page.getByLabel('Search terms').fill('PL')
      await page.getByLabel('Search terms').press('Enter')
      const all = lib.searchPropositions({ q: 'PL', sort: 'relevance' })
      await expect.poll(() => status().textContent()).toBe(`${all.pagination.total} results · page 1 of ${all.pagination.pages}`)
      // The first result's highlight marks the hit.
      await expect.poll(() => page.locator('.result-list mark').first().textContent()).toMatch(/^PL$/i)

      const filtered = lib.searchPropositions({ q: 'PL', sort: 'relevance' }, { parties: ['PL'] })
      expect(filtered.pagination.pages).toBe(2)
      const parties = page.locator('fieldset[data-filter="parties"]')
      if (HAS.facets) {
        await parties.getByRole('checkbox', { name: /^PL \(\d+\)$/ }).check()
      } else {
        await parties.getByRole('textbox').fill('PL')
        await page.locator('aside.filters').getByRole('button', { name: 'Search' }).click()
      }
      await expect.poll(() => status().textContent()).toBe(`${filtered.pagination.total} results · page 1 of 2`)
      expect(await page.locator('.result-list > li').count()).toBe(10)
      await shot('search')

      await page.getByRole('button', { name: 'Next page' }).click()
      await expect.poll(() => status().textContent()).toBe(`${filtered.pagination.total} results · page 2 of 2`)
      const second = lib.searchPropositions({ q: 'PL', sort: 'relevance', page: 2 }, { parties: ['PL'] }).results
      await expect.poll(() => page.locator('.result-list h4').allTextContents()).toEqual(second.map((r) => r.title))

      await page.locator('.result-list h4 button').first().click()
      const heading = page.locator('#record-title')
      await expect.poll(() => heading.textContent()).toBe(second[0]?.title)
      expect(await page.evaluate('document.activeElement.id')).toBe('record-title')
      await expect.poll(() => page.locator('.fields dt').allTextContents()).toContain('lastProceeding')
      await page.getByLabel('Save to monitor').selectOption({ label: 'Watch' })
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(() => page.locator('.record form [role="status"]').textContent()).toBe('Saved in Watch')
      const monitor = lib.listMonitors('demo')[0]
      expect(lib.getMonitor('demo', monitor?.id ?? '').documents.propositions.map((d) => d.id)).toEqual([second[0]?.id])
      await shot('record')
      expect(await unlabelled()).toEqual([])
      await page.getByRole('button', { name: /Back to the results/ }).click()
    })

    it('lists the watchlist and opens a designation', async () => {
      await page.getByRole('link', { name: 'Sanctions list' }).click()
      const { total, data } = lib.listWatchlist({ limit: 20 })
      await expect.poll(() => status().textContent()).toBe(`${total.toLocaleString('en')} designations`)
      const first = data[0]
      await page
        .getByRole('button', { name: first?.primaryName ?? '?', exact: true })
        .first()
        .click()
      await expect.poll(() => page.locator('#designation-title').textContent()).toContain(first?.sourceRefNumber)
      expect(await unlabelled()).toEqual([])
    })

    it('screens pasted names and an uploaded CSV, with the scores the library gives', async () => {
      const listed = lib.listWatchlist({ status: 'listed', subjectType: 'individual', limit: 2 }).data
      const [one, two] = [listed[0]?.primaryName ?? '', listed[1]?.primaryName ?? '']
      await page.getByRole('link', { name: 'Screen names' }).click()
      await page.getByLabel('Names, one per line').fill(`${one}\nMaria Aparecida Nenhuma`)
      await page.getByLabel(/Or a CSV file/).setInputFiles({
        name: 'names.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`name,id\n"${two.replace(/"/g, '""')}",c-1\n`),
      })
      await page.getByText('1 names read from names.csv').waitFor()
      await page.getByRole('button', { name: 'Screen', exact: true }).click()
      const expected = lib.screen([{ name: one }, { name: 'Maria Aparecida Nenhuma' }, { name: two, id: 'c-1' }])
      const withMatches = expected.filter((r) => r.matches.length > 0).length
      await expect.poll(() => status().textContent()).toBe(`3 names screened · ${withMatches} with matches`)
      const scores = await page.locator('.screen-results td.score').allTextContents()
      expect(scores).toEqual(expected.flatMap((r) => r.matches.map((m) => m.score.toFixed(2))))
      expect(scores[0]).toBe('1.00')
      await expect.poll(() => page.locator('.screen-results').textContent()).toContain('No match at or above the threshold')
      await shot('screening')
      expect(await unlabelled()).toEqual([])
    })

    it('shows the monitor with its saved document', async () => {
      await page.getByRole('link', { name: 'Monitors' }).click()
      await page.getByRole('button', { name: 'Watch', exact: true }).click()
      const saved = lib.getMonitor('demo', lib.listMonitors('demo')[0]?.id ?? '').documents.propositions
      await expect.poll(() => page.locator('.saved-docs strong').allTextContents()).toEqual(saved.map((d) => d.title))
    })

    it.skipIf(!HAS.savedSearches)(
      HAS.savedSearches
        ? 'saves a search and sees its alert after an ingest'
        : 'saves a search and sees its alert after an ingest: SKIPPED, this server has no /monitors/{monitorId}/searches and /alerts yet (the saved-searches branch)',
      async () => {
        await page.getByRole('link', { name: 'Search' }).click()
        await page.getByLabel('Where').selectOption('propositions')
        await page.getByLabel('Search terms').fill('PL')
        await page.locator('fieldset[data-filter="parties"]').getByRole('textbox').fill('PL')
        await page.getByLabel('Search terms').press('Enter')
        await expect.poll(() => status().textContent()).toMatch(/results/)
        await page.getByText('Save this search').click()
        await page.getByLabel('Name of the saved search').fill('PL of the PL')
        await page.locator('.save-search').getByRole('button', { name: 'Save' }).click()
        await expect.poll(() => page.locator('.save-search [role="status"]').textContent()).toBe('Search saved in Watch')
        // An ingest while the server runs: one new bill of the party PL, one that does not match.
        const writer = openSnapshot(snapshotPath)
        const model = lib.searchPropositions({ q: 'PL' }, { parties: ['PL'] }).results[0] as unknown as Record<string, unknown>
        const { highlights: _h, savedPropositions: _s, relevance: _r, ...record } = model
        writer.upsert(
          'propositions',
          untyped([
            { ...record, id: 'prop-web-new', openDataId: '990001', title: 'PL 9999/2026', number: 9999, year: 2026 },
            {
              ...record,
              id: 'prop-web-other',
              openDataId: '990002',
              title: 'REQ 9998/2026',
              acronymType: 'REQ',
              number: 9998,
              year: 2026,
              authors: [],
            },
          ]),
        )
        writer.close()
        await page.getByRole('link', { name: 'Monitors' }).click()
        await page.getByRole('button', { name: 'Watch', exact: true }).click()
        await page.getByRole('button', { name: 'Check for new documents' }).click()
        await expect.poll(() => page.locator('.alerts strong').allTextContents()).toEqual(['PL 9999/2026'])
      },
    )

    it('works from the keyboard alone, with a visible focus', async () => {
      const fresh = await context.newPage()
      try {
        await fresh.goto(`${base}/#search`)
        // The key field has the focus on arrival.
        await expect.poll(() => fresh.evaluate('document.activeElement.id')).toBe('api-key')
        await fresh.keyboard.type(key)
        await fresh.keyboard.press('Enter')
        await fresh.getByRole('heading', { level: 2 }).first().waitFor()
        let id = ''
        for (let i = 0; i < 40 && id !== 'q'; i++) {
          await fresh.keyboard.press('Tab')
          id = (await fresh.evaluate('document.activeElement.id')) as string
        }
        expect(id).toBe('q')
        expect(await fresh.evaluate('getComputedStyle(document.activeElement).outlineStyle')).not.toBe('none')
        await fresh.keyboard.type('PL')
        await fresh.keyboard.press('Enter')
        await expect.poll(() => fresh.locator('main [role="status"]').first().textContent()).toMatch(/^\d+ (results|resultados)/)
        // On to the first result, opened with Enter; its heading takes the focus.
        let label = ''
        for (let i = 0; i < 80 && label !== 'open-0'; i++) {
          await fresh.keyboard.press('Tab')
          label = (await fresh.evaluate('document.activeElement.id')) as string
        }
        expect(label).toBe('open-0')
        await fresh.keyboard.press('Enter')
        await expect.poll(() => fresh.evaluate('document.activeElement.id')).toBe('record-title')
      } finally {
        await fresh.close()
      }
    })

    it('requested nothing but the server, and raised no error in the page', () => {
      expect(requests).toEqual([])
      expect(pageErrors).toEqual([])
    })
  },
)
