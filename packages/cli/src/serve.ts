import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { webRoot } from '@legisearch/web'
import { defineCommand } from 'citty'
import { openSnapshot } from 'legisearch'
import { SERVER_DEFAULTS, createServer } from '@legisearch/server'
import { guarded, snapshotArg, snapshotPath, webhooksAllowPrivateArg } from './common.js'
import { invalid, clipped } from 'legisearch/internal'

/** The client of the keys `--demo-key` makes; each start revokes the previous ones. */
const DEMO_CLIENT = 'demo'

/** The built web page (@legisearch/web), or none when it was not built (`npm run build`). */
function webFolder(): string | undefined {
  return existsSync(join(webRoot, 'index.html')) ? webRoot : undefined
}

const whole = (name: string, value: string | undefined, max: number): number | undefined => {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) > max)
    throw invalid(`--${name}: must be a whole number from 0 to ${max} (got '${clipped(value)}')`)
  return Number(value)
}

export default defineCommand({
  meta: {
    name: 'serve',
    description: 'Serves the snapshot over HTTP: the spec’s paths, API keys, the web page at /, /openapi.json and /reference',
  },
  args: {
    ...snapshotArg,
    port: { type: 'string', description: `The port (default ${SERVER_DEFAULTS.port}; 0 picks a free one)`, valueHint: 'P' },
    host: { type: 'string', description: `The address to bind (default ${SERVER_DEFAULTS.host}: this machine only)`, valueHint: 'H' },
    workers: {
      type: 'string',
      description: 'Worker threads for reads (default: one per core; 0 serves on the main thread)',
      valueHint: 'N',
    },
    cors: { type: 'string', description: 'Origins allowed from browsers, comma-separated (default none)', valueHint: 'ORIGINS' },
    readonly: { type: 'boolean', description: 'Open the snapshot read-only (monitors cannot be written)' },
    'watch-ms': {
      type: 'string',
      description: `With --readonly: how often to look for a new file published at the snapshot path, in ms (default ${SERVER_DEFAULTS.watchMs}; 0: never)`,
      valueHint: 'MS',
    },
    log: { type: 'boolean', description: 'Log requests as JSON lines on stdout (keys are never logged)' },
    ...webhooksAllowPrivateArg,
    'demo-key': {
      type: 'boolean',
      description: `Create a key of client '${DEMO_CLIENT}' (plan full) and print it; earlier demo keys are revoked`,
    },
  },
  run: ({ args }) =>
    guarded(async () => {
      const path = snapshotPath(args.snapshot)
      const port = whole('port', args.port, 65535) ?? SERVER_DEFAULTS.port
      const workers = whole('workers', args.workers, 64)
      const watchMs = whole('watch-ms', args['watch-ms'], 3_600_000)
      const web = webFolder()
      const server = await createServer({
        snapshot: path,
        ...(web === undefined ? {} : { web }),
        ...(workers === undefined ? {} : { workers }),
        ...(watchMs === undefined ? {} : { watchMs }),
        ...(args.readonly ? { readonly: true } : {}),
        ...(args.cors ? { cors: args.cors.split(',').map((o) => o.trim()) } : {}),
        ...(args.log ? { logger: true } : {}),
        ...(args['webhooks-allow-private'] ? { webhooks: { allowPrivate: true } } : {}),
      })
      const host = args.host ?? SERVER_DEFAULTS.host
      let address: string
      try {
        address = await server.app.listen({ port, host })
      } catch (e) {
        await server.close()
        const code = (e as { code?: string }).code
        if (code === 'EADDRINUSE') throw invalid(`--port ${port}: already in use on ${host}; choose another, or --port 0 for a free one`)
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw invalid(`--host ${host}: not an address of this machine`)
        throw e
      }
      // Made once the server listens, so a start that fails leaves the earlier demo key working.
      let demoKey: string | undefined
      if (args['demo-key']) {
        const snap = openSnapshot(path)
        try {
          for (const k of snap.listApiKeys()) if (k.clientId === DEMO_CLIENT && k.revokedAt === null) snap.revokeApiKey(k.id)
          demoKey = snap.createApiKey({ client: DEMO_CLIENT, plan: 'full' }).key
        } finally {
          snap.close()
        }
      }
      const lines = [
        `legisearch: serving ${path} at ${address} (${server.workers === 0 ? 'no worker threads' : `${server.workers} worker threads`})`,
        web === undefined
          ? '  web page: not built (`npm run build` builds it into dist/web)'
          : `  web page: ${address}/   (sign in with an API key)`,
        `  API reference: ${address}/reference/   OpenAPI: ${address}/openapi.json`,
        ...(demoKey === undefined
          ? []
          : [
              `  demo key (client '${DEMO_CLIENT}', plan full): ${demoKey}`,
              `  try: curl -H 'x-api-key: ${demoKey}' -X POST '${address}/search/propositions?q=reforma&limit=2'`,
            ]),
      ]
      process.stderr.write(`${lines.join('\n')}\n`)
      const stop = () => {
        void server.close().then(() => process.exit(0))
      }
      process.once('SIGTERM', stop)
      process.removeAllListeners('SIGINT')
      process.once('SIGINT', stop)
    }),
})
