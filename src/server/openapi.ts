/**
 * The OpenAPI 3.1.0 description of the HTTP API (the spec's §9), generated from the same zod
 * schemas that validate requests and describe responses, so it cannot drift from what the library
 * accepts and answers. The HTTP server (next) serves it at `/openapi.json`.
 */
import { z } from 'zod'
import * as schemas from '../api/schemas.js'

type Json = Record<string, unknown>

/** Statuses an endpoint can answer with the error body, and what each means (DECISIONS §8). */
const ERRORS: Readonly<Record<string, string>> = {
  '400': 'A parameter or the body is invalid (`invalid_parameters`, `invalid_date_range`, `invalid_json`).',
  '401': 'No API key, or an unknown one (`unauthorized`).',
  '403': 'The key’s plan does not allow this endpoint (`forbidden`).',
  '429': 'Too many requests for the key’s plan (`rate_limited`); see `retry-after`.',
  '500': 'An internal error (`internal_error`); nothing of it is disclosed.',
}

/** Builds the document; `components.schemas` collects every named schema, request and response forms apart. */
export function openApiDocument(): Json {
  const components: Record<string, unknown> = {}
  /** A schema as JSON Schema, its named parts moved to components (input forms suffixed `Input`). */
  const ref = (schema: z.ZodType, io: 'input' | 'output'): Json => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
    const suffix = io === 'input' ? 'Input' : ''
    const defs = (json['$defs'] ?? {}) as Record<string, unknown>
    const rewrite = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${name}${suffix}"`))
    for (const [name, def] of Object.entries(defs)) components[`${name}${suffix}`] = rewrite(def)
    const { $defs: _defs, $schema: _schema, ...root } = json
    return rewrite(root) as Json
  }
  const queryParameters = (schema: z.ZodType): Json[] => {
    const json = ref(schema, 'input')
    const required = new Set((json['required'] ?? []) as string[])
    return Object.entries((json['properties'] ?? {}) as Record<string, Json>).map(([name, s]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: s,
      ...(typeof s['description'] === 'string' ? { description: s['description'] } : {}),
    }))
  }
  const error = ref(schemas.errorBodySchema, 'output')
  const errors = (...extra: string[]) =>
    Object.fromEntries(
      [...Object.keys(ERRORS), ...extra].sort().map((status) => [
        status,
        {
          description: ERRORS[status] ?? (status === '404' ? 'Not found (`not_found`).' : 'The body is too large (`payload_too_large`).'),
          content: { 'application/json': { schema: error } },
        },
      ]),
    )
  const ok = (schema: z.ZodType, description: string) => ({
    '200': { description, content: { 'application/json': { schema: ref(schema, 'output') } } },
  })

  const paths: Record<string, unknown> = {}
  for (const name of Object.keys(schemas.searchBodySchemas) as (keyof typeof schemas.searchBodySchemas)[]) {
    paths[`/search/${name}`] = {
      post: {
        operationId: `search_${name}`,
        summary: `Searches ${name}: free text in \`q\`, filters in the body, sorted and paged.`,
        parameters: queryParameters(schemas.searchQuerySchema),
        requestBody: { required: false, content: { 'application/json': { schema: ref(schemas.searchBodySchemas[name], 'input') } } },
        responses: { ...ok(schemas.searchResponseSchemas[name], 'A page of results and the pagination.'), ...errors('413') },
      },
    }
  }
  paths['/watchlist'] = {
    get: {
      operationId: 'list_watchlist',
      summary: 'The sanctions watchlist: search, filters, paging.',
      parameters: queryParameters(schemas.watchlistQuerySchema),
      responses: { ...ok(schemas.watchlistPageSchema, 'A page of designations and the total.'), ...errors() },
    },
  }
  paths['/watchlist/{ref}'] = {
    get: {
      operationId: 'get_designation',
      summary: 'One designation by its reference number, with its narrative translated when asked.',
      parameters: [
        { name: 'ref', in: 'path', required: true, schema: ref(schemas.refSchema, 'input') },
        ...queryParameters(schemas.designationQuerySchema),
      ],
      responses: { ...ok(schemas.designationDetailSchema, 'The designation.'), ...errors('404') },
    },
  }
  paths['/stakeholders/{id}'] = {
    get: {
      operationId: 'get_stakeholder',
      summary: 'One stakeholder by id.',
      parameters: [{ name: 'id', in: 'path', required: true, schema: ref(schemas.stakeholderIdSchema, 'input') }],
      responses: { ...ok(schemas.stakeholderSchema, 'The stakeholder.'), ...errors('404') },
    },
  }
  paths['/healthz'] = {
    get: {
      operationId: 'health',
      summary: 'Whether the server answers (no key needed).',
      security: [],
      responses: {
        '200': {
          description: 'It answers.',
          content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] } } },
        },
      },
    },
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'legisearch',
      version: '1.0.0',
      description:
        'Brazilian legislative, regulatory and official-gazette search, and the UN Security Council sanctions list, from one snapshot.',
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
