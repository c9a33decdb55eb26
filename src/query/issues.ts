import type { z } from 'zod'
import { LegisearchError, invalid } from '../errors.js'

/** A path as users write it: `keywords.and[0]`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

/**
 * The first zod issue as a `LegisearchError` naming the input (`where`) and the field. An
 * unknown key names the key and the allowed ones.
 */
export function toLegisearchError(error: z.ZodError, where: string, prefix: ReadonlyArray<string | number> = []): LegisearchError {
  const issue = error.issues[0]
  if (issue === undefined) return invalid(`${where}: invalid`)
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))]
  const at = path.length > 0 ? formatPath(path) : where
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `'${k}'`).join(', ')
    const full = path.length > 0 ? `${formatPath(path)}` : where
    return invalid(`${full}: unknown field ${keys}`, path)
  }
  return invalid(`${at}: ${issue.message}`, path)
}
