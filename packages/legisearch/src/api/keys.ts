import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import * as z from 'zod'
import { notFound } from '../common/errors.js'
import { NAME_TEXT_RULE, isNameText } from '../common/name-text.js'
import { validate } from '../common/validate.js'
import { CORPUS_NAMES } from '../corpora/registry.js'
import type { ApiKeyRow, ApiKeyRows } from '../store/api-keys.js'
import { shown } from '../common/shown.js'

/**
 * What a key may call, by name: each search corpus (`search/propositions`…), the watchlist (both
 * of its paths), stakeholders, and the monitors extension. Derived from the corpus registry.
 */
export const ENDPOINTS = [...CORPUS_NAMES.map((n) => `search/${n}` as const), 'watchlist', 'stakeholders', 'monitors'] as const

export type Endpoint = (typeof ENDPOINTS)[number]

/**
 * The plans a key can be created with: the endpoints each allows (403 `forbidden` otherwise) and
 * its rate limit per key (429 `rate_limited` past it). `keys create` may narrow or widen both.
 */
export const PLANS = {
  /** Proposition search, the watchlist and stakeholders, 60 requests a minute. */
  basic: { endpoints: ['search/propositions', 'watchlist', 'stakeholders'], ratePerMinute: 60 },
  /** Every search, the watchlist and stakeholders, 600 a minute. */
  standard: { endpoints: ENDPOINTS.filter((e) => e !== 'monitors'), ratePerMinute: 600 },
  /** Everything, monitors included, 6,000 a minute. */
  full: { endpoints: [...ENDPOINTS], ratePerMinute: 6000 },
} as const satisfies Record<string, { endpoints: readonly Endpoint[]; ratePerMinute: number }>

export type PlanName = keyof typeof PLANS

export const PLAN_NAMES = Object.keys(PLANS) as PlanName[]

const nameOf = (what: string) =>
  z
    .string({ error: `must be a non-empty string of at most 200 characters naming the ${what}` })
    .trim()
    .min(1, `must be a non-empty string of at most 200 characters naming the ${what}`)
    .max(200, `must be a non-empty string of at most 200 characters naming the ${what}`)

/** What `createApiKey` takes. */
export const createApiKeySchema = z.strictObject({
  /** The organization the key belongs to: it owns monitors and sees only its saved documents. */
  client: nameOf('client (organization)').refine(isNameText, NAME_TEXT_RULE),
  /** One of `PLANS`. */
  plan: z.enum(PLAN_NAMES as [PlanName, ...PlanName[]], {
    error: (iss) => `must be one of ${PLAN_NAMES.join(', ')} (got ${shown(iss.input)})`,
  }),
  /** The endpoints the key may call, instead of the plan's. */
  endpoints: z
    .array(z.enum(ENDPOINTS, { error: (iss) => `must be one of ${ENDPOINTS.join(', ')} (got ${shown(iss.input)})` }), {
      error: 'must be an array of endpoint names',
    })
    .min(1, 'must name at least one endpoint')
    .optional(),
  /** Requests a minute the key may make, instead of the plan's (1..1,000,000). */
  ratePerMinute: z
    .int({ error: 'must be an integer from 1 to 1000000' })
    .min(1, 'must be an integer from 1 to 1000000')
    .max(1_000_000, 'must be an integer from 1 to 1000000')
    .optional(),
})

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>

/** A key as listed: what it may do, never its secret. */
export type ApiKey = ApiKeyRow

/** A new key: the secret (`key`) is in this answer only; the snapshot keeps its hash. */
export type NewApiKey = ApiKey & { readonly key: string }

const PREFIX = 'lsk'
const KEY_SHAPE = /^lsk_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

let noHash: Buffer | undefined
/**
 * A hash no key has, compared against when the id is unknown, so both paths cost the same
 * (computed on first use, not when the library loads).
 */
const NO_HASH = (): Buffer => (noHash ??= sha256('legisearch: no such key'))

/** API keys: created shown once, stored as hashes, checked in constant time, listed and revoked. */
/**
 * A key's id from 9 random bytes: base64url, never starting with `-` (it would read as an option in
 * `legisearch keys revoke <id>`), 71 bits of randomness or more.
 *
 * @example keyIdOf(Buffer.from([0xf8, 0, 0, 0, 0, 0, 0, 0, 0])) // 'kAAAAAAAAAAA' (base64url '-AAAAAAAAAAA')
 */
export function keyIdOf(bytes: Buffer): string {
  const id = bytes.toString('base64url')
  return id.startsWith('-') ? `k${id.slice(1)}` : id
}

export class ApiKeys {
  constructor(
    private readonly rows: ApiKeyRows,
    private readonly write: <T>(fn: () => T) => T,
  ) {}

  create(input: unknown): NewApiKey {
    const given = validate(createApiKeySchema, input, { where: 'createApiKey', unknownKey: 'option' })
    const plan = PLANS[given.plan]
    const id = keyIdOf(randomBytes(9))
    const key = `${PREFIX}_${id}_${randomBytes(32).toString('base64url')}`
    const row: Omit<ApiKeyRow, 'revokedAt'> = {
      id,
      clientId: given.client,
      plan: given.plan,
      endpoints: [...new Set(given.endpoints ?? plan.endpoints)],
      ratePerMinute: given.ratePerMinute ?? plan.ratePerMinute,
      createdAt: new Date().toISOString(),
    }
    this.write(() => this.rows.insert(row, sha256(key)))
    return { ...row, revokedAt: null, key }
  }

  list(): ApiKey[] {
    return this.rows.list()
  }

  /** Revokes a key by id (as `list` shows it); an unknown or already revoked id → 404. */
  revoke(id: unknown): void {
    const keyId = validate(nameOf('key id'), id, { where: 'id' })
    if (!this.write(() => this.rows.revoke(keyId, new Date().toISOString())))
      throw notFound(`API key '${keyId}' not found or already revoked`)
  }

  /** The active key a secret belongs to, or undefined; the secret's hash is compared in constant time. */
  verify(secret: unknown): ApiKey | undefined {
    if (typeof secret !== 'string') return undefined
    const shape = KEY_SHAPE.exec(secret)
    const found = shape?.[1] === undefined ? undefined : this.rows.active(shape[1])
    const same = timingSafeEqual(sha256(secret), found?.hash.length === 32 ? found.hash : NO_HASH())
    return same && found ? found.key : undefined
  }
}
