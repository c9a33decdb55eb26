import * as z from 'zod'
import { shown } from '../common/shown.js'
import { SOURCE_NAMES, type SourceName } from '../ingest/registry.js'
import { DEFAULT_BUSY_TIMEOUT_MS } from '../store/database.js'

/** A source name, as `ingest` takes it. */
export const sourceNameSchema = z.enum(SOURCE_NAMES as [SourceName, ...SourceName[]], {
  error: (iss) => `must be one of ${SOURCE_NAMES.join(', ')} (got ${shown(iss.input)})`,
})

/**
 * The operator's webhook policy. `allowPrivate`: a webhook may target a loopback, private,
 * link-local, unspecified or multicast address (refused by default: a client saving a search must
 * not make this server POST into its own network). Default `false`.
 */
export const webhookPolicySchema = z.strictObject(
  { allowPrivate: z.boolean({ error: 'must be a boolean' }).optional() },
  { error: 'must be an object { allowPrivate? }' },
)

export type WebhookPolicy = z.input<typeof webhookPolicySchema>

/** The options of `openSnapshot`; every one optional (defaults in `OPEN_DEFAULTS`). */
export const openOptionsSchema = z.strictObject({
  /** Open for reading only: the file must exist and nothing can be written. Default `false`. */
  readonly: z.boolean({ error: 'must be a boolean' }).optional(),
  /**
   * How long a write waits for another process's write lock, in ms, before failing with `busy`
   * (nothing written). Default 5000.
   */
  busyTimeoutMs: z
    .int({ error: 'must be an integer number of milliseconds from 0 to 600000' })
    .min(0, 'must be an integer number of milliseconds from 0 to 600000')
    .max(600_000, 'must be an integer number of milliseconds from 0 to 600000')
    .optional(),
  /** Where saved searches' webhooks may go (see `webhookPolicySchema`). Default: public addresses only. */
  webhooks: webhookPolicySchema.optional(),
})

export type OpenOptions = z.input<typeof openOptionsSchema>

/** The defaults of `openSnapshot`'s options, in one object. */
export const OPEN_DEFAULTS = {
  readonly: false,
  busyTimeoutMs: DEFAULT_BUSY_TIMEOUT_MS,
  webhooks: { allowPrivate: false },
} as const satisfies Required<OpenOptions>
