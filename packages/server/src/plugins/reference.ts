/** The API's description: the OpenAPI document at `/openapi.json` and its reading (Scalar) at `/reference`. */
import scalar from '@scalar/fastify-api-reference'
import { openApiDocument } from '../openapi.js'
import { atRoot } from './at-root.js'

/** `GET /openapi.json` (serialized once) and `/reference`, both without a key. */
export const reference = atRoot('legisearch-reference', async (app) => {
  const document = JSON.stringify(openApiDocument())
  app.get('/openapi.json', (_request, reply) => reply.type('application/json').send(document))
  await app.register(scalar, {
    routePrefix: '/reference',
    configuration: { url: '/openapi.json', withDefaultFonts: false, telemetry: false, hideClientButton: true },
  })
})
