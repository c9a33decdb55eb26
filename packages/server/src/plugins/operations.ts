/**
 * Every operation of the route table (`routes.ts`): its shape checked, its handler (`handlers.ts`)
 * run, its answer sent as the library's JSON text with the route's status, or its failure as told.
 */
import type { FastifyRequest } from 'fastify'
import { invalid, clipped } from 'legisearch/internal'
import type { Backend } from '../backend.js'
import { handlersOf, rawQuery } from '../handlers.js'
import { SERVER_DEFAULTS, type ServerConfig } from '../options.js'
import { ROUTES, type RouteSpec, fastifyPath } from '../routes.js'
import { atRoot } from './at-root.js'
import { sendError } from './errors.js'
import type { LiveSnapshot } from '../live-snapshot.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration. */
    route?: RouteSpec
  }
}

export interface OperationsOptions extends Record<string, unknown> {
  /** The writable snapshot (monitors) of this thread. */
  readonly live: LiveSnapshot
  /** Where reads run. */
  readonly backend: Backend
  readonly given: ServerConfig
}

/** One Fastify route per entry of `ROUTES`, each with its handler. */
export const operations = atRoot('legisearch-operations', async (app, { live, backend, given }: OperationsOptions) => {
  const handlers = handlersOf(live, backend, given.readonly ?? SERVER_DEFAULTS.readonly)
  for (const route of ROUTES) {
    const handler = handlers[route.operationId]
    if (!handler) throw new Error(`no handler for ${route.operationId}`)
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      config: { route },
      // A route's own larger limit, unless the operator set one for every route.
      ...(route.bodyLimit === undefined || given.bodyLimit !== undefined ? {} : { bodyLimit: route.bodyLimit }),
      handler: async (request, reply) => {
        if (route.endpoint !== undefined) checkShape(route, request)
        const result = await handler(request)
        if (!result.ok) return sendError(reply, result, request)
        if (route.ok.status === 204) return reply.status(204).send()
        return reply.status(route.ok.status).type('application/json').send(result.json)
      },
    })
  }
})

/** Refuses what a route does not take: a query string or a body where it has none. */
function checkShape(route: RouteSpec, request: FastifyRequest): void {
  const query = rawQuery(request)
  if (!route.query && query !== '') {
    const first = new URLSearchParams(query).keys().next().value ?? query
    throw invalid(`query: ${route.method} ${route.path} takes no query parameters (got '${clipped(first)}')`)
  }
  if (!route.body && request.body !== undefined) throw invalid(`body: ${route.method} ${route.path} takes no body`)
  if (route.body?.required && request.body === undefined) throw invalid(`body: ${route.method} ${route.path} needs a JSON body`)
}
