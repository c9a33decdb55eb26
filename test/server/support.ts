/**
 * Shared pieces of the HTTP server tests: the OpenAPI document and a validator of a value against
 * one of its schemas; a server over a filled snapshot in a temporary directory, listening on
 * loopback; and `call`, which makes a real HTTP request and checks every answer against the
 * document (its status documented for that operation, its body valid for that status).
 */
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, expect } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { COLLECTIONS, type CorpusName, type NewApiKey, type Snapshot, openSnapshot } from 'legisearch'
import { type LegisearchServer, type ServerOptions, createServer, openApiDocument } from '@legisearch/server'
import { ROUTES } from '../../packages/server/src/routes.js'
import { LIST_2026 } from '../watchlist/support.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

type Json = Record<string, unknown>
// ajv-formats is CommonJS: its default export is the plugin.
const addFormats = addFormatsModule as unknown as (ajv: InstanceType<typeof Ajv2020>) => void

export const doc = openApiDocument() as Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Json } }

export const CORPORA = COLLECTIONS.filter((c): c is CorpusName => c !== 'stakeholders')

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc')
const compiled = new Map<string, ReturnType<typeof ajv.compile>>()

/** A validator of a value against a schema of the document (its `$ref`s into the document's components). */
export function validatorOf(schema: unknown) {
  const text = JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/')
  let v = compiled.get(text)
  if (!v) {
    v = ajv.compile(JSON.parse(text) as object)
    compiled.set(text, v)
  }
  return v
}

/** The document's operation a concrete request is, or undefined for a path the API does not have. */
function operationOf(method: string, url: string): { path: string; operation: Json } | undefined {
  const pathname = new URL(url, 'http://x').pathname
  for (const route of ROUTES) {
    if (route.method !== method) continue
    const pattern = new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
    if (pattern.test(pathname)) return { path: route.path, operation: doc.paths[route.path]?.[method.toLowerCase()] as Json }
  }
  return undefined
}

export interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly json: unknown
}

export interface CallOptions {
  readonly key?: string
  readonly body?: unknown
  /** Sent as is (instead of `body` as JSON). */
  readonly raw?: string | Buffer
  readonly headers?: Record<string, string>
}

/**
 * A real HTTP request to the server; the answer is checked against the OpenAPI document: its status
 * is one the operation documents (a path the API lacks answers 404), and its body is valid against
 * the schema the document gives for that status (the error body for an unknown path).
 */
export async function call(base: string, method: string, url: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.key === undefined ? {} : { 'x-api-key': options.key }) }
  let body: string | Buffer | undefined
  if (options.raw !== undefined) body = options.raw
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] = 'application/json'
  }
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...options.headers },
    ...(body === undefined ? {} : { body }),
  })
  const text = await response.text()
  const json = text === '' ? undefined : (JSON.parse(text) as unknown)
  const found = operationOf(method, url)
  const responses = (found?.operation['responses'] ?? {}) as Record<string, { content?: { 'application/json': { schema: unknown } } }>
  if (found)
    expect(Object.keys(responses), `${method} ${found.path}: status ${response.status} is not documented`).toContain(
      String(response.status),
    )
  else expect(response.status, `${method} ${url} is no path of the API`).toBe(404)
  const schema = found ? responses[String(response.status)]?.content?.['application/json'].schema : { $ref: '#/components/schemas/Error' }
  if (schema === undefined) expect(text, `${method} ${url}: ${response.status} documents no body`).toBe('')
  else {
    const valid = validatorOf(schema)
    expect(valid(json), `${method} ${url} → ${response.status}: ${JSON.stringify(valid.errors)}\n${text.slice(0, 500)}`).toBe(true)
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** Collects what the server logs. */
export function logSink(): { stream: Writable; text: () => string } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString('utf8'))
      done()
    },
  })
  return { stream, text: () => chunks.join('') }
}

/** Fills a snapshot: generated records of every corpus and stakeholders, and the real UN list. */
export function fill(snap: Snapshot): void {
  snap.upsert('stakeholders', [...generate('stakeholders', 40)])
  for (const c of CORPORA) snap.upsert(c, untyped([...generate(c, 80)] as unknown[]))
  snap.reconcileWatchlist(readFileSync(LIST_2026), { observedOn: '2026-02-27' })
}

export interface Served {
  readonly server: LegisearchServer
  readonly base: string
  readonly path: string
  /** The snapshot, open read-only in the test's thread: what the library answers. */
  readonly lib: Snapshot
  readonly keys: { readonly acme: NewApiKey; readonly other: NewApiKey; readonly basic: NewApiKey; readonly slow: NewApiKey }
  readonly logs: () => string
}

/**
 * A server for a `describe` block over a filled snapshot in a fresh temporary directory, listening
 * on 127.0.0.1 (a free port), with keys: `acme` and `other` (plan full, two clients), `basic`
 * (plan basic), `slow` (full, 3 requests a minute). Closed and deleted in `afterAll`.
 */
export function servedSnapshot(options: Omit<ServerOptions, 'snapshot'>): () => Served {
  let served: Served | undefined
  const dir = sharedTempDir()
  beforeAll(async () => {
    const file = path.join(dir(), 'snapshot.db')
    const snap = openSnapshot(file)
    fill(snap)
    const keys = {
      acme: snap.createApiKey({ client: 'ACME', plan: 'full' }),
      other: snap.createApiKey({ client: 'Other Org', plan: 'full' }),
      basic: snap.createApiKey({ client: 'ACME', plan: 'basic' }),
      slow: snap.createApiKey({ client: 'ACME', plan: 'full', ratePerMinute: 3 }),
    }
    snap.close()
    const sink = logSink()
    const server = await createServer({ ...options, snapshot: file, logger: sink.stream })
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' })
    served = { server, base: address, path: file, lib: openSnapshot(file, { readonly: true }), keys, logs: sink.text }
  }, 60_000)
  afterAll(async () => {
    served?.lib.close()
    await served?.server.close()
  })
  return () => {
    if (!served) throw new Error('servedSnapshot(): used outside the tests of its describe block')
    return served
  }
}
