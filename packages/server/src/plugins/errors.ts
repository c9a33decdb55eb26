/**
 * Every failure the server answers, in the spec's shape: Fastify's and its plug-ins' errors (a body
 * too large, a content type it does not take, a URL the router refuses, a request Node's parser
 * refuses) become `LegisearchError`s, and each is told by `errorReply` (`common/error-reply.ts`) —
 * Fastify's own error shapes never reach a client, and what a client is not told is logged.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { LegisearchError } from 'legisearch'
import { type ErrorReply, errorBody, errorReply, invalid, clipped } from 'legisearch/internal'
import { SERVER_DEFAULTS } from '../options.js'
import { ROUTES, fastifyPath } from '../routes.js'
import { atRoot } from './at-root.js'

/** The error handler (anything a route, hook or parser throws) and the handler of unknown routes. */
export const errors = atRoot('legisearch-errors', async (app) => {
  app.setErrorHandler((error, request, reply) => sendError(reply, errorReply(asLegisearchError(error, request)), request))
  app.setNotFoundHandler((request, reply) => sendError(reply, errorReply(noRoute(request)), request))
})

/**
 * Sends a failure: its status and `{ error, code }`; its `detail`, if any, goes to the log.
 *
 * @example return sendError(reply, errorReply(e), request)
 */
export function sendError(reply: FastifyReply, told: ErrorReply, request?: FastifyRequest): FastifyReply {
  if (told.detail !== undefined) request?.log.error({ detail: told.detail }, 'internal error')
  return reply.status(told.status).type('application/json').send(errorBody(told))
}

/** What the router refuses before any route or hook runs: a URL that does not decode, a path parameter too long. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) =>
  sendError(
    reply,
    errorReply(
      invalid(
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'path: a path parameter is over 8192 characters'
          : 'path: not a valid URL (bad percent-encoding)',
      ),
    ),
  )

/** A request Node's parser refused (headers over the limit, bad framing): answered in the spec's shape, then closed. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const told = errorReply(
    invalid(
      error.code === 'HPE_HEADER_OVERFLOW'
        ? `request: the URL and headers are over ${SERVER_DEFAULTS.maxHeaderBytes / 1024} KB; send filters in the JSON body`
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'request: not received in time'
          : 'request: not a valid HTTP request',
    ),
  )
  const body = errorBody(told)
  socket.end(
    `HTTP/1.1 ${told.status} ${STATUS_CODES[told.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** 404 for a path or method no route takes, naming the methods a known path takes. */
function noRoute(request: FastifyRequest): LegisearchError {
  const path = request.url.split('?')[0] ?? ''
  const shownPath = clipped(path, 200)
  const methods = ROUTES.filter((r) => routeMatches(r.path, path)).map((r) => r.method)
  return new LegisearchError(
    'not_found',
    methods.length > 0
      ? `no route ${request.method} ${shownPath}: it takes ${[...new Set(methods)].join(', ')}`
      : `no route ${request.method} ${shownPath}; the API's paths are listed at /openapi.json`,
  )
}

const routeMatches = (pattern: string, path: string): boolean =>
  new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`).test(path)

/**
 * Fastify's and the plug-ins' errors as the spec's: a code of DECISIONS §8 and a message without
 * internals. Anything else unexpected is returned as it is, for `errorReply` to hide and log.
 */
function asLegisearchError(error: unknown, request: FastifyRequest): unknown {
  if (error instanceof LegisearchError) return error
  const e = error as { code?: string; statusCode?: number; message?: string }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new LegisearchError('payload_too_large', tooLarge(request) ?? `body: over the server's limit; ${e.message ?? ''}`.trim())
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new LegisearchError('invalid_json', 'body: the content-type must be application/json')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new LegisearchError('invalid_json', 'body: its length does not match content-length')
  }
  const status = e.statusCode ?? 500
  if (status >= 400 && status < 500) return invalid(`request: ${e.message ?? 'malformed'}`)
  return error
}

/** The 413 message of a route's own limit, or undefined when the request matched no route. */
function tooLarge(request: FastifyRequest): string | undefined {
  const limit = request.routeOptions.bodyLimit
  if (limit === undefined) return undefined
  const url = request.routeOptions.url
  return `body: over the ${limit}-byte limit of ${request.method} ${url ?? request.url}${url === fastifyPath('/watchlist/screen') ? '; split the batch' : ''}`
}
