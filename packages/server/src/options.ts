/** The options of `createServer`, checked by one schema, and the server's defaults. */
import { webhookPolicySchema, z } from 'legisearch/internal'
import type { ZodInput, ZodOutput } from 'legisearch/internal'

/** The options of `createServer`; defaults in `SERVER_DEFAULTS`. */
export const serverOptionsSchema = z.strictObject({
  /** The snapshot file to serve. */
  snapshot: z.string({ error: 'must be the path of a snapshot file' }).min(1, 'must be the path of a snapshot file'),
  /** Worker threads serving reads; 0 serves them on the event loop's thread. Default: one per core. */
  workers: z
    .int({ error: 'must be an integer from 0 to 64' })
    .min(0, 'must be an integer from 0 to 64')
    .max(64, 'must be an integer from 0 to 64')
    .optional(),
  /** Open the snapshot read-only: searches and keys work, monitors' writes answer 403. Default false. */
  readonly: z.boolean({ error: 'must be a boolean' }).optional(),
  /** The largest JSON body accepted, in bytes (413 past it). Default 1 MiB. */
  bodyLimit: z
    .int({ error: 'must be an integer number of bytes from 1 to 104857600' })
    .min(1)
    .max(100 * 1024 * 1024)
    .optional(),
  /** Origins allowed to call from a browser (CORS); none by default. */
  cors: z
    .array(z.string({ error: 'must be an origin such as https://app.example.org' }), { error: 'must be an array of origins' })
    .optional(),
  /**
   * How often, in ms, a `readonly` server looks at which file its snapshot path names; a new file
   * published under that name (an atomic rename) is served from then on. 0: never. Default 1000
   * when `readonly`; a writable server keeps the file it opened (a value over 0 is refused).
   */
  watchMs: z
    .int({ error: 'must be an integer number of milliseconds from 0 to 3600000' })
    .min(0, 'must be an integer number of milliseconds from 0 to 3600000')
    .max(3_600_000, 'must be an integer number of milliseconds from 0 to 3600000')
    .optional(),
  /** The folder of the built web page (`webRoot` of @legisearch/web), served at `/`; none: `/` is not served. */
  web: z.string({ error: 'must be the path of a folder' }).min(1, 'must be the path of a folder').optional(),
  /**
   * Where saved searches' webhooks may go: `{ allowPrivate: true }` lets them target loopback,
   * private, link-local… addresses (refused by default, so that a client cannot make this server
   * POST into its own network). As `openSnapshot`'s `webhooks`.
   */
  webhooks: webhookPolicySchema.optional(),
  /** Log requests (never keys) as JSON lines: `true` for stdout, or a writable stream. Default off. */
  logger: z
    .union([z.boolean(), z.custom<NodeJS.WritableStream>((v) => typeof (v as { write?: unknown })?.write === 'function')], {
      error: 'must be a boolean or a writable stream',
    })
    .optional(),
})

export type ServerOptions = ZodInput<typeof serverOptionsSchema>

export const SERVER_DEFAULTS = {
  readonly: false,
  bodyLimit: 1024 * 1024,
  /** The request line and headers together; past it a request is refused before it is routed. */
  maxHeaderBytes: 256 * 1024,
  /** How long a monitor write is retried (asynchronously) while another process holds the write lock, before 503 `busy`. */
  writeWaitMs: 250,
  watchMs: 1000,
  port: 8787,
  host: '127.0.0.1',
} as const

/** The options once checked. */
export type ServerConfig = ZodOutput<typeof serverOptionsSchema>
