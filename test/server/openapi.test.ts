/**
 * The OpenAPI 3.1.0 document: valid by a well-kept OpenAPI validator, every path of the spec with
 * the `x-api-key` scheme, and the library's real answers (a search, an error body) valid against
 * the document's schemas for that path and status.
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '@legisearch/server'
import { CORPUS_NAMES, openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

type Json = Record<string, unknown>
// ajv-formats is CommonJS: its default export is the plugin.
const addFormats = addFormatsModule as unknown as (ajv: InstanceType<typeof Ajv2020>) => void
const doc = openApiDocument() as Json & { paths: Record<string, Record<string, Json>>; components: { schemas: Json } }

/** An Ajv that knows the document's components, to validate a value against one of its schemas. */
function validatorOf(schema: unknown) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc')
  const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'))
  return ajv.compile(rewritten)
}
const responseSchema = (path: string, method: string, status: string) =>
  ((doc.paths[path]?.[method]?.['responses'] as Json)[status] as { content: { 'application/json': { schema: unknown } } }).content[
    'application/json'
  ].schema

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1.0 document, version 1.0.0, with the x-api-key scheme', async () => {
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect([doc['openapi'], (doc['info'] as Json)['version']]).toEqual(['3.1.0', '1.0.0'])
    expect((doc.components as unknown as { securitySchemes: Json }).securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    })
  })

  it('has every path of the spec, and the monitors extension', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        ...CORPUS_NAMES.map((n) => `/search/${n}`),
        '/watchlist',
        '/watchlist/{ref}',
        '/watchlist/screen',
        '/stakeholders/{id}',
        // An extension: finding stakeholders by name.
        '/stakeholders',
        // An extension: one document by id.
        '/documents/{collection}/{id}',
        // An extension: one search across every corpus.
        '/search',
        '/healthz',
        '/monitors',
        '/monitors/{monitorId}',
        '/monitors/{monitorId}/items/{collection}/{documentId}',
        // An extension: saved searches and their alerts.
        '/monitors/{monitorId}/searches',
        '/monitors/{monitorId}/searches/{searchId}',
        '/monitors/{monitorId}/alerts',
      ].sort(),
    )
    expect(Object.keys(doc.paths['/search/propositions']?.['post']?.['responses'] as Json).sort()).toEqual(
      ['200', '400', '401', '403', '413', '429', '500', '503'].sort(),
    )
    expect(doc.paths['/healthz']?.['get']?.['security']).toEqual([])
  })

  it('describes the library’s real answers: a search response and an error body', () => {
    const snap = openSnapshot(tempSnapshotPath())
    snap.upsert('propositions', [
      {
        id: 'p1',
        acronymType: 'PL',
        number: 2630,
        year: 2020,
        datePresentation: '2020-05-04',
        title: 'PL 2630/2020',
        summary: 'Liberdade na internet',
      },
    ])
    const answer = JSON.parse(JSON.stringify(snap.searchPropositions({ q: 'internet', sort: 'relevance' })))
    const ok = validatorOf(responseSchema('/search/propositions', 'post', '200'))
    expect(ok(answer), JSON.stringify(ok.errors)).toBe(true)
    const e = errorOf(() => snap.searchPropositions({ limit: 99 }))
    const body = { error: e.message, code: e.code }
    const bad = validatorOf(responseSchema('/search/propositions', 'post', '400'))
    expect(bad(body), JSON.stringify(bad.errors)).toBe(true)
    expect(bad({ error: 'x' })).toBe(false)
    snap.close()
  })

  it('describes a real document of every corpus (GET /documents/{collection}/{id}) and its plan', () => {
    const snap = openSnapshot(tempSnapshotPath())
    snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04' }])
    snap.upsert('social', [{ id: 's1', postedAt: '2020-05-04T10:00:00Z', text: 'PL 2630' }])
    snap.upsert('dou', [{ id: 'd1', title: 'PORTARIA Nº 1', date: '2024-05-04' }])
    const ok = validatorOf(responseSchema('/documents/{collection}/{id}', 'get', '200'))
    for (const [collection, id] of [
      ['propositions', 'p1'],
      ['social', 's1'],
      ['dou', 'd1'],
    ] as const) {
      const answer = JSON.parse(JSON.stringify(snap.getDocument(collection, id)))
      expect(ok(answer), JSON.stringify(ok.errors)).toBe(true)
    }
    expect(ok({ id: 'x' })).toBe(false)
    const get = doc.paths['/documents/{collection}/{id}']?.['get'] as Json
    expect(get['x-legisearch-endpoint']).toBe('search/{collection}')
    expect(Object.keys(get['responses'] as Json).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503'])
    snap.close()
  })

  it('describes a real monitor with saved documents of two corpora (GET /monitors/{monitorId})', () => {
    const snap = openSnapshot(tempSnapshotPath())
    snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04' }])
    snap.upsert('social', [{ id: 's1', postedAt: '2020-05-04T10:00:00Z', text: 'PL 2630' }])
    const m = snap.createMonitor('acme', 'Reforma')
    snap.saveToMonitor('acme', m.id, 'social', 's1')
    snap.saveToMonitor('acme', m.id, 'propositions', 'p1')
    const answer = JSON.parse(JSON.stringify(snap.getMonitor('acme', m.id)))
    const ok = validatorOf(responseSchema('/monitors/{monitorId}', 'get', '200'))
    expect(ok(answer), JSON.stringify(ok.errors)).toBe(true)
    expect(Object.keys(doc.paths['/monitors/{monitorId}'] ?? {}).sort()).toEqual(['delete', 'get'])
    snap.close()
  })
})
