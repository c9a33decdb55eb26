/**
 * Downloads from the official addresses, tested against a local HTTP server on 127.0.0.1 that
 * serves the real files of `test/fixtures/camara` at the Câmara's paths, and its failure modes:
 * a hang, a 500, a truncated body, an error page served with 200, a body over the limit.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SourceName, fetchSource, openSnapshot } from 'legisearch'
import { readCsvRecords } from '../helpers/csv.js'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { rejectionOf } from '../helpers/errors.js'
import { zipOf } from '../helpers/zip.js'
import { CASES } from './cases.js'
import { fixture } from '../helpers/fixtures.js'
import { cliArgs } from '../helpers/cli.js'

/** The Câmara's files at their official paths (one server stands for every origin). */
const CAMARA_ROUTES: Record<string, string> = {
  '/arquivos/deputados/csv/deputados.csv': 'camara/deputados.csv',
  '/arquivos/orgaos/csv/orgaos.csv': 'camara/orgaos.csv',
  '/arquivos/proposicoesAutores/csv/proposicoesAutores-2023.csv': 'camara/proposicoesAutores-2023.csv',
  '/arquivos/proposicoesTemas/csv/proposicoesTemas-2023.csv': 'camara/proposicoesTemas-2023.csv',
  '/arquivos/proposicoes/csv/proposicoes-2023.csv': 'camara/proposicoes-2023.csv',
}
const UN_ROUTES: Record<string, string> = { '/resources/xml/en/consolidated.xml': 'un_sc/UN_consolidated_2026-02-27.xml' }
const SENADO_ROUTES: Record<string, string> = {
  '/dadosabertos/senador/lista/atual.json': 'senado/legado/senador-lista-atual.json',
  '/dadosabertos/processo?ano=2025': 'senado/v3-processo/processo-lista.json',
}
/** ALESP publishes the two large files zipped: the samples are zipped here, at those paths. */
const ALESP_ROUTES: Record<string, string> = {
  '/repositorioDados/deputados/deputados.xml': 'alesp/alesp-deputados-amostra.xml',
  '/repositorioDados/processo_legislativo/naturezasSpl.xml': 'alesp/alesp-naturezas-amostra.xml',
  '/repositorioDados/processo_legislativo/documento_autor.zip': 'alesp/alesp-documento-autor-amostra.xml',
  '/repositorioDados/processo_legislativo/proposituras.zip': 'alesp/alesp-proposituras-amostra.xml',
}
/** The BCB, the Receita, the Câmara's news feed and the Parlametria files, at their paths. */
const DOC_ROUTES: Record<string, string> = {
  [`/api/conteudo/app/normativos/exibenormativo?p1=${encodeURIComponent('Resolução CMN')}&p2=4968`]:
    'bacen/resolucao-cmn-4968-2021-bcb-api.json',
  [`/api/conteudo/app/normativos/exibenormativo?p1=${encodeURIComponent('Resolução CMN')}&p2=5207`]:
    'bacen/resolucao-cmn-5207-2025-bcb-api.json',
  '/api/consulta-externa/ato/14681/visao/original': 'rfb/normasinternet2-api/receita_ato_14681_original.json',
  '/api/consulta-externa/ato/61197/visao/vigente': 'rfb/normasinternet2-api/receita_ato_61197_vigente.json',
  '/noticias/rss/ultimas-noticias': 'news/camara-rss-eleicoes-subset.xml',
  '/parlametria/data/parlamentares/perfil_parlamentar.csv': 'social/parlametria-leggo-twitter-dados/perfil_parlamentar.csv',
  '/parlametria/data/parlamentares/parlamentares.csv': 'social/parlametria-leggo-twitter-dados/parlamentares.csv',
  '/parlametria/data/tweets/tweets.csv': 'social/parlametria-leggo-twitter-dados/tweets.csv',
}
const ROUTES: Record<string, string> = { ...CAMARA_ROUTES, ...UN_ROUTES, ...SENADO_ROUTES, ...ALESP_ROUTES, ...DOC_ROUTES }
/** A route's body: the shared file, zipped when the route is a zip. */
const zipped = new Map<string, Buffer>()
async function bodyOf(route: string): Promise<Buffer> {
  const file = ROUTES[route] as string
  if (!route.endsWith('.zip')) return readFileSync(fixture(file))
  if (!zipped.has(route)) zipped.set(route, await zipOf({ [basename(file).replace('-amostra', '')]: readFileSync(fixture(file)) }))
  return zipped.get(route) as Buffer
}
const PROPOSICOES = '/arquivos/proposicoes/csv/proposicoes-2023.csv'

type Mode = 'ok' | 'hang' | 'fail-once' | 'truncate' | 'html' | 'another-zip'

describe('fetch from a local server at the official paths', () => {
  let server: Server
  let base = ''
  const modes = new Map<string, Mode>()
  const seen: { path: string; conditional: boolean; status: number; accept?: string | undefined }[] = []
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const path = req.url ?? ''
      const file = ROUTES[path]
      const mode = modes.get(path) ?? 'ok'
      const log = (status: number) =>
        seen.push({ path, conditional: req.headers['if-none-match'] !== undefined, status, accept: req.headers.accept })
      if (!file) return void (log(404), res.writeHead(404).end('not found'))
      if (mode === 'hang') return void log(0)
      if (mode === 'fail-once') {
        modes.set(path, 'ok')
        return void (log(500), res.writeHead(500).end('busy'))
      }
      if (mode === 'html')
        return void (log(200), res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Manutenção</body></html>'))
      const body = await bodyOf(mode === 'another-zip' ? '/repositorioDados/processo_legislativo/documento_autor.zip' : path)
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`
      if (req.headers['if-none-match'] === etag) return void (log(304), res.writeHead(304).end())
      log(200)
      res.writeHead(200, { 'content-length': body.length, etag, 'content-type': 'text/csv' })
      if (mode === 'truncate') {
        res.write(body.subarray(0, body.length >> 1))
        return void setTimeout(() => res.destroy(), 20)
      }
      res.end(body)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  })
  const quick = { retries: 1, backoffMs: 10 }

  it('downloads the year’s files, ingests them, and a second fetch finds them unchanged (304, no body)', async () => {
    const dir = tempDir()
    const files = await fetchSource('camara', { year: 2023, dir, baseUrl: base })
    expect(files.map((f) => f.changed)).toEqual([true, true, true, true, true])
    for (const f of files)
      expect(readFileSync(f.path).equals(readFileSync(fixture(ROUTES[new URL(f.url).pathname] as string))), f.path).toBe(true)
    const snap = openSnapshot(tempSnapshotPath())
    const report = await snap.ingest(
      'camara',
      files.map((f) => f.path),
    )
    expect(report.collections.propositions.inserted).toBe(1493)
    snap.close()
    seen.length = 0
    const again = await fetchSource('camara', { year: 2023, dir, baseUrl: base })
    expect(again.map((f) => f.changed)).toEqual([false, false, false, false, false])
    expect(seen.map((s) => [s.conditional, s.status])).toEqual(Array(5).fill([true, 304]))
  })

  it('retries a 500 and gets the file', async () => {
    modes.set(PROPOSICOES, 'fail-once')
    seen.length = 0
    const files = await fetchSource('camara', { year: 2023, dir: tempDir(), baseUrl: base, ...quick })
    expect(files).toHaveLength(5)
    expect(seen.filter((s) => s.path === PROPOSICOES).map((s) => s.status)).toEqual([500, 200])
  })

  it('gives up on a server that hangs, after the timeout and the retries: 502, nothing kept', async () => {
    modes.set(PROPOSICOES, 'hang')
    const dir = tempDir()
    const e = await rejectionOf(fetchSource('camara', { year: 2023, dir, baseUrl: base, timeoutMs: 300, ...quick }))
    modes.set(PROPOSICOES, 'ok')
    expect([e.status, e.message]).toEqual([502, `${base.slice(0, -1)}${PROPOSICOES}: timed out after 300 ms`])
    expect(readdirSync(join(dir, 'camara')).filter((f) => f.startsWith('proposicoes-'))).toEqual([])
  })

  it('refuses a truncated body after retrying it: 502, no partial file', async () => {
    modes.set(PROPOSICOES, 'truncate')
    const dir = tempDir()
    const e = await rejectionOf(fetchSource('camara', { year: 2023, dir, baseUrl: base, ...quick }))
    modes.set(PROPOSICOES, 'ok')
    expect(e.status).toBe(502)
    expect(e.message).toMatch(/proposicoes-2023\.csv: body cut short/)
    expect(readdirSync(join(dir, 'camara')).filter((f) => f.startsWith('proposicoes-'))).toEqual([])
  })

  it('refuses an error page served with 200, and does not remember it as the file', async () => {
    modes.set(PROPOSICOES, 'html')
    const dir = tempDir()
    const e = await rejectionOf(fetchSource('camara', { year: 2023, dir, baseUrl: base, ...quick }))
    modes.set(PROPOSICOES, 'ok')
    expect(e.message).toMatch(/is not the camara proposicoes file/)
    const files = await fetchSource('camara', { year: 2023, dir, baseUrl: base })
    expect(files.find((f) => f.path.endsWith('proposicoes-2023.csv'))?.changed).toBe(true)
  })

  it('an error page served with 200 never replaces a good file already downloaded', async () => {
    const dir = tempDir()
    const files = await fetchSource('camara', { year: 2023, dir, baseUrl: base })
    const good = files.find((f) => f.path.endsWith('proposicoes-2023.csv'))?.path as string
    const before = readFileSync(good)
    modes.set(PROPOSICOES, 'html')
    const e = await rejectionOf(fetchSource('camara', { year: 2023, dir, baseUrl: base, ...quick }))
    modes.set(PROPOSICOES, 'ok')
    expect(e.message).toMatch(/the file in place is kept/)
    expect(readFileSync(good).equals(before)).toBe(true)
  })

  it('a 4xx is not retried', async () => {
    seen.length = 0
    const e = await rejectionOf(fetchSource('camara', { year: 2021, dir: tempDir(), baseUrl: base, ...quick }))
    expect(e.message).toMatch(/HTTP 404/)
    expect(seen.filter((s) => s.status === 404)).toHaveLength(1)
  })

  it('refuses a body over maxBytes (413) and a year out of range (400)', async () => {
    expect((await rejectionOf(fetchSource('camara', { year: 2023, dir: tempDir(), baseUrl: base, maxBytes: 1000 }))).status).toBe(413)
    expect((await rejectionOf(fetchSource('camara', { year: 1800, dir: tempDir(), baseUrl: base }))).message).toMatch(
      /^year: must be a year/,
    )
  })

  const run = (...args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const p = spawn(process.execPath, cliArgs(...args), { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      p.stdout.on('data', (d: Buffer) => (out += d.toString()))
      p.stderr.on('data', (d: Buffer) => (err += d.toString()))
      p.on('exit', (code) => resolve({ code, out, err }))
    })

  it('`legisearch fetch camara --year 2023 --ingest` against the server, then again: nothing to ingest', async () => {
    const dir = tempDir()
    const snapshot = tempSnapshotPath()
    const args = ['fetch', 'camara', '--year', '2023', '--ingest', '--base-url', base, '--dir', dir, '--snapshot', snapshot]
    const first = await run(...args)
    expect(first.code, first.err).toBe(0)
    expect(first.out).toMatch(/propositions\s+1493\s+0\s+0/)
    // Not a terminal: progress as plain lines, per download and quarter, then per quarter of the ingest's files.
    expect(first.err).toMatch(/downloading http:\/\/127\.0\.0\.1:\d+\/arquivos\/proposicoes\/csv\/proposicoes-2023\.csv: 100% \(1\.6 MB\)/)
    expect(first.err).toMatch(/reading camara files: 100% \(file \d+ of \d+: .*; 13120 records written\)/)
    const second = await run(...args)
    expect(second.code, second.err).toBe(0)
    expect(second.out).toMatch(/nothing changed; nothing to ingest/)
    modes.set(PROPOSICOES, 'hang')
    const hung = await run('fetch', 'camara', '--year', '2023', '--base-url', base, '--dir', tempDir(), '--timeout-ms', '200')
    modes.set(PROPOSICOES, 'ok')
    expect(hung.code).toBe(3)
    expect(hung.err).toMatch(/timed out after 200 ms/)
  })

  it('the UN list: `fetch un --ingest` reconciles it; `watchlist update` then finds it unchanged (304) and already ingested', async () => {
    const dir = tempDir()
    const snapshot = tempSnapshotPath()
    const first = await run('fetch', 'un', '--ingest', '--base-url', base, '--dir', dir, '--snapshot', snapshot)
    expect(first.code, first.err).toBe(0)
    const designations = [
      ...readFileSync(fixture(UN_ROUTES['/resources/xml/en/consolidated.xml'] as string), 'utf8').matchAll(/<(INDIVIDUAL|ENTITY)>/g),
    ]
    expect(first.out).toMatch(new RegExp(`watchlist\\s+${designations.length}\\s+0\\s+0`))
    expect(first.out).not.toMatch(/propositions/)
    seen.length = 0
    const again = await run('watchlist', 'update', '--base-url', base, '--dir', dir, '--snapshot', snapshot)
    expect(again.code, again.err).toBe(0)
    expect(again.out).toMatch(/already ingested, nothing written/)
    expect(seen.map((x) => [x.path, x.conditional, x.status])).toEqual([['/resources/xml/en/consolidated.xml', true, 304]])
    // A mirror's full address: downloaded whole, not kept.
    const mirror = await run('watchlist', 'update', '--url', `${base}resources/xml/en/consolidated.xml`, '--snapshot', snapshot)
    expect(mirror.code, mirror.err).toBe(0)
    expect(mirror.out).toMatch(/already ingested, nothing written/)
    const snap = openSnapshot(snapshot, { readonly: true })
    expect(snap.listWatchlist({ limit: 1 }).total).toBe(designations.length)
    snap.close()
  })

  it('alesp (two files zipped) and senado (API answers) download at their paths and ingest as the files do', async () => {
    for (const [source, baseUrl, year] of [
      ['alesp', `${base}repositorioDados/`, undefined],
      ['senado', base, 2025],
    ] as const) {
      const dir = tempDir()
      const files = await fetchSource(source, { dir, baseUrl, ...(year === undefined ? {} : { year }) })
      expect(files.every((f) => f.changed)).toBe(true)
      const snap = openSnapshot(tempSnapshotPath())
      const report = await snap.ingest(
        source,
        files.map((f) => f.path),
      )
      const want = CASES.find((c) => c.source === source)?.expected()
      expect(report.collections.propositions.inserted + report.collections.propositions.unchanged, source).toBe(
        source === 'alesp'
          ? (want?.propositions ?? 0) + 1 // one proposition is twice in the sample
          : (JSON.parse(readFileSync(fixture(SENADO_ROUTES['/dadosabertos/processo?ano=2025'] as string), 'utf8')) as unknown[]).length,
      )
      expect(report.collections.stakeholders.inserted, source).toBeGreaterThan(0)
      snap.close()
      const again = await fetchSource(source, { dir, baseUrl, ...(year === undefined ? {} : { year }) })
      expect(again.map((f) => f.changed)).toEqual(files.map(() => false))
    }
    // The Senado's services answer XML unless asked for JSON.
    const senado = seen.filter((x) => x.path.startsWith('/dadosabertos/'))
    expect(senado.length).toBeGreaterThan(0)
    expect(senado.every((x) => x.accept === 'application/json')).toBe(true)
  })

  it('a zip of another kind served at an ALESP path is refused, and does not replace the good one', async () => {
    const dir = tempDir()
    const route = '/repositorioDados/processo_legislativo/proposituras.zip'
    const good = await fetchSource('alesp', { dir, baseUrl: `${base}repositorioDados/` })
    const path = good.find((f) => f.path.endsWith('proposituras.zip'))?.path as string
    const before = readFileSync(path)
    modes.set(route, 'another-zip')
    const e = await rejectionOf(fetchSource('alesp', { dir: tempDir(), baseUrl: `${base}repositorioDados/`, ...quick }))
    const kept = await rejectionOf(fetchSource('alesp', { dir, baseUrl: `${base}repositorioDados/`, ...quick }))
    modes.set(route, 'ok')
    expect(e.message).toMatch(/proposituras\.zip: is not the alesp proposituras file/)
    expect(kept.message).toMatch(/the file in place is kept/)
    expect(readFileSync(path).equals(before)).toBe(true)
  })

  it('bacen and irs by ids, notices and social: downloaded at their paths, ingested as their files', async () => {
    const runs: [SourceName, string, readonly string[], number][] = [
      ['bacen', base, ['Resolução CMN/4968', 'Resolução CMN/5207'], 2],
      ['irs', base, ['14681/original', '61197'], 2],
      [
        'notices',
        base,
        [],
        [...readFileSync(fixture(DOC_ROUTES['/noticias/rss/ultimas-noticias'] as string), 'utf8').matchAll(/<item>/g)].length,
      ],
      [
        'social',
        `${base}parlametria/`,
        [],
        new Set(readCsvRecords(fixture(DOC_ROUTES['/parlametria/data/tweets/tweets.csv'] as string), ',').map((r) => r['id_tweet'])).size,
      ],
    ]
    for (const [source, baseUrl, ids, records] of runs) {
      const files = await fetchSource(source, { dir: tempDir(), baseUrl, ...(ids.length > 0 ? { ids } : {}) })
      const snap = openSnapshot(tempSnapshotPath())
      const report = await snap.ingest(
        source,
        files.map((f) => f.path),
      )
      expect(report.collections[source as 'bacen' | 'irs' | 'notices' | 'social'].inserted, source).toBe(records)
      snap.close()
    }
    expect((await rejectionOf(fetchSource('bacen', { dir: tempDir(), baseUrl: base }))).message).toMatch(
      /^ids: bacen downloads one document per file/,
    )
    expect((await rejectionOf(fetchSource('irs', { dir: tempDir(), baseUrl: base, ids: ['x1'] }))).message).toMatch(
      /^ids: 'x1' is not idAto/,
    )
    expect((await rejectionOf(fetchSource('camara', { dir: tempDir(), baseUrl: base, ids: ['1'] }))).message).toMatch(
      /^ids: camara takes no ids/,
    )
  })
})
