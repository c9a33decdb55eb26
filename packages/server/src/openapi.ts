/**
 * The OpenAPI 3.1.0 description of the HTTP API (the spec's §9), generated from the route table
 * (`routes.ts`) and its zod schemas, the same ones that validate requests and describe responses,
 * so it cannot drift from what the server accepts and answers. Served at `/openapi.json`.
 */
import { schemas } from 'legisearch'
import { z } from 'legisearch/internal'
import type { ZodType } from 'legisearch/internal'
import { ROUTES } from './routes.js'

type Json = Record<string, unknown>

/** Statuses any keyed route can answer with the error body, and what each means (DECISIONS §8). */
const ERRORS: Readonly<Record<string, string>> = {
  '400': 'A parameter or the body is invalid (`invalid_parameters`, `invalid_date_range`, `invalid_json`).',
  '401': 'No API key, or an unknown or revoked one (`unauthorized`).',
  '403': 'The key’s plan does not allow this endpoint, or the snapshot is served read-only (`forbidden`).',
  '404': 'Not found (`not_found`).',
  '413': 'The body is over the server’s limit (`payload_too_large`).',
  '429': 'Too many requests for the key’s rate (`rate_limited`); `retry-after` says in how many seconds to retry.',
  '500':
    'The snapshot file is damaged (`corrupt`: its operator must restore it), or an internal error (`internal_error`); nothing of either is disclosed.',
  '503': 'The snapshot is being written by another process (`busy`); nothing was written, retry.',
}
const COMMON = ['400', '401', '403', '429', '500', '503']

/** Builds the document; `components.schemas` collects every named schema, request and response forms apart. */
export function openApiDocument(): Json {
  const components: Record<string, unknown> = {}
  /** A schema as JSON Schema, its named parts moved to components (input forms suffixed `Input`). */
  const ref = (schema: ZodType, io: 'input' | 'output'): Json => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
    const suffix = io === 'input' ? 'Input' : ''
    const defs = (json['$defs'] ?? {}) as Record<string, unknown>
    const rewrite = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${name}${suffix}"`))
    for (const [name, def] of Object.entries(defs)) components[`${name}${suffix}`] = rewrite(def)
    const { $defs: _defs, $schema: _schema, ...root } = json
    return rewrite(root) as Json
  }
  const parameter = (name: string, where: 'query' | 'path', required: boolean, schema: Json): Json => ({
    name,
    in: where,
    required,
    schema,
    ...(typeof schema['description'] === 'string' ? { description: schema['description'] } : {}),
  })
  const queryParameters = (schema: ZodType): Json[] => {
    const json = ref(schema, 'input')
    const required = new Set((json['required'] ?? []) as string[])
    return Object.entries((json['properties'] ?? {}) as Record<string, Json>).map(([name, s]) =>
      parameter(name, 'query', required.has(name), s),
    )
  }
  const error = ref(schemas.errorBodySchema, 'output')
  const errors = (statuses: readonly string[]) =>
    Object.fromEntries(
      [...statuses].sort().map((status) => [status, { description: ERRORS[status], content: { 'application/json': { schema: error } } }]),
    )

  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of ROUTES) {
    const keyed = route.endpoint !== undefined
    const ok = route.ok.schema
      ? { description: route.ok.description, content: { 'application/json': { schema: ref(route.ok.schema, 'output') } } }
      : { description: route.ok.description }
    const parameters = [
      ...Object.entries(route.params ?? {}).map(([name, s]) => parameter(name, 'path', true, ref(s, 'input'))),
      ...(route.query ? queryParameters(route.query) : []),
    ]
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      ...(keyed ? { 'x-legisearch-endpoint': route.endpoint } : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: route.body.required,
              content: { 'application/json': { schema: ref(route.body.schema, 'input') } },
            },
          }
        : {}),
      responses: {
        [String(route.ok.status)]: ok,
        // A body over the limit is refused on any method that has one, whatever the route takes.
        ...(keyed ? errors([...new Set([...COMMON, ...(route.method === 'GET' ? [] : ['413']), ...(route.errors ?? [])])]) : {}),
      },
    }
    ;(paths[route.path] ??= {})[route.method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'legisearch',
      version: '1.0.0',
      description:
        'Brazilian legislative, regulatory and official-gazette search, and the UN Security Council sanctions list, from one snapshot. ' +
        'Every path but `/healthz`, `/openapi.json` and `/reference` needs an API key in `x-api-key` whose plan allows the ' +
        'operation’s `x-legisearch-endpoint` (every one, when it is a list; `search/{collection}`: that of the path’s collection).',
    },
    servers: [{ url: 'http://127.0.0.1:8787' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: components,
    },
  }
}
