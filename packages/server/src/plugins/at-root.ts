/**
 * A plug-in of this server that works on the root instance, as `fastify-plugin` makes one (not a
 * dependency here): its hooks, parsers and handlers apply to every route, not only to routes it
 * declares itself.
 */
import type { FastifyPluginAsync } from 'fastify'

/**
 * Marks `plugin` to run in the context it is registered in (Fastify's `skip-override`), under `name`.
 *
 * @example export const auth = atRoot('legisearch-auth', async (app, options: AuthOptions) => { app.addHook(…) })
 */
export function atRoot<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name })
}
