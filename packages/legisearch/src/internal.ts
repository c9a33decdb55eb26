/**
 * `legisearch/internal`: what the sibling packages (`@legisearch/server`, `@legisearch/mcp`,
 * `@legisearch/cli`) share with the library beyond its public API — the error helpers, the reply
 * shapes every shell answers errors with, the request schemas of the routes. Not for applications:
 * it follows the packages' common version, not semver of its own.
 */
export { invalid, notFound } from './common/errors.js'
export { checkOptions, validate } from './common/validate.js'
export { BUSY_MESSAGE, type ErrorReply, errorBody, errorReply, toldAsIs } from './common/error-reply.js'
export { queryObject } from './common/input.js'
export { clipped, shown } from './common/shown.js'
export { redactUrl } from './common/redact-url.js'
export { alertCheckOptionsSchema } from './api/saved-searches.js'
export { screenRequestSchema } from './api/screen.js'
export { webhookPolicySchema } from './api/open-options.js'
// The library's own zod (bundled into its build): the siblings build their schemas with it, so that
// every schema they hand to zod's functions comes from one copy (the names they use: common/sibling-zod.ts).
export * as z from './common/sibling-zod.js'
// zod's types the siblings name (as plain type exports: declaration bundling keeps them types).
export type { ZodObject, ZodType, input as ZodInput, output as ZodOutput } from 'zod'
