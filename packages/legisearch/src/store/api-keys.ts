import type { Statements } from './statements.js'

/** A key as stored: never its secret, only the secret's hash. */
export interface ApiKeyRow {
  readonly id: string
  readonly clientId: string
  readonly plan: string
  readonly endpoints: readonly string[]
  readonly ratePerMinute: number
  readonly createdAt: string
  readonly revokedAt: string | null
}

interface Raw {
  id: string
  client_id: string
  plan: string
  endpoints: string
  rate_per_minute: number
  created_at: string
  revoked_at: string | null
}

const row = (r: Raw): ApiKeyRow => ({
  id: r.id,
  clientId: r.client_id,
  plan: r.plan,
  endpoints: JSON.parse(r.endpoints) as string[],
  ratePerMinute: r.rate_per_minute,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
})

const COLUMNS = 'id, client_id, plan, endpoints, rate_per_minute, created_at, revoked_at'

/** The rows of API keys. Arguments are valid (the caller checked them). */
export class ApiKeyRows {
  constructor(private readonly st: Statements) {}

  insert(key: Omit<ApiKeyRow, 'revokedAt'>, hash: Buffer): void {
    this.st
      .prepared('INSERT INTO api_keys (id, client_id, plan, endpoints, rate_per_minute, hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(key.id, key.clientId, key.plan, JSON.stringify(key.endpoints), key.ratePerMinute, hash, key.createdAt)
  }

  /** Every key, oldest first; revoked ones too (with `revokedAt`). */
  list(): ApiKeyRow[] {
    return (this.st.prepared(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`).all() as Raw[]).map(row)
  }

  /** A key that is not revoked, with its secret's hash. */
  active(id: string): { key: ApiKeyRow; hash: Buffer } | undefined {
    const r = this.st.prepared(`SELECT ${COLUMNS}, hash FROM api_keys WHERE id = ? AND revoked_at IS NULL`).get(id) as
      (Raw & { hash: Buffer }) | undefined
    return r && { key: row(r), hash: r.hash }
  }

  /** Marks a key revoked; false when no such key is active. */
  revoke(id: string, at: string): boolean {
    return this.st.prepared('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id).changes > 0
  }
}
