/**
 * Request bodies: JSON only, parsed here so that a bad body is the library's `invalid_json`; an
 * empty body is no body. The text as sent is kept for the read pool, which parses it again in its
 * own thread (a deeply nested value cannot cross threads).
 */
import { LegisearchError } from 'legisearch'
import { atRoot } from './at-root.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as sent: the read pool parses it again in its own thread. */
    bodyText?: string
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** The one body parser: `application/json` as UTF-8; every other content type is refused (`errors.ts`). */
export const jsonBody = atRoot('legisearch-json-body', async (app) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    let body: string
    try {
      body = UTF8.decode(bytes as Buffer)
    } catch {
      return done(new LegisearchError('invalid_json', 'body: not valid UTF-8; send JSON encoded as UTF-8'), undefined)
    }
    if (body.trim() === '') return done(null, undefined)
    try {
      const value = JSON.parse(body) as unknown
      request.bodyText = body
      done(null, value)
    } catch (e) {
      done(new LegisearchError('invalid_json', `body: not valid JSON (${(e as Error).message}); send a JSON object`), undefined)
    }
  })
})
