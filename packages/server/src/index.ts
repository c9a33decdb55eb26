/**
 * @legisearch/server — the hosted service's HTTP API over a legisearch snapshot (Fastify): the same
 * routes, keys, limits and error bodies, an OpenAPI document and the web page at `/`.
 */
export { createServer, SERVER_DEFAULTS, serverOptionsSchema, screenInChunks } from './app.js'
export type { LegisearchServer, ServerOptions } from './app.js'
export { openApiDocument } from './openapi.js'
