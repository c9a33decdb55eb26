/**
 * API keys of the HTTP server (DECISIONS §9): one row per key, the secret kept only as its SHA-256;
 * a key names its client (organization), its plan, the endpoints it may call and its rate.
 */
export default /* sql */ `
CREATE TABLE api_keys (
  id              TEXT PRIMARY KEY,
  client_id       TEXT NOT NULL,
  plan            TEXT NOT NULL,
  endpoints       TEXT NOT NULL,
  rate_per_minute INTEGER NOT NULL,
  hash            BLOB NOT NULL,
  created_at      TEXT NOT NULL,
  revoked_at      TEXT
);
CREATE INDEX api_keys_client ON api_keys (client_id, created_at);
`
