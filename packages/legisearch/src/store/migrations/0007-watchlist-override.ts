/**
 * An audit event applied past the watchlist's mass-removal guard says how: forced by a
 * reconciliation (`{ force: true }`) or accepted by an operator, with the reason given.
 */
export default /* sql */ `
ALTER TABLE watchlist_events ADD COLUMN override TEXT;
`
