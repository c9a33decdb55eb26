/**
 * A value as a caller without the library's types sends it (JavaScript, parsed JSON, records
 * built generically): the tests that check run-time validation, or that build records for any
 * corpus, pass records and bodies through this, since the per-corpus types refuse them.
 *
 * @example snap.upsert('dou', untyped([{ id: 1 }])) // throws invalid_parameters at run time
 */
export function untyped(value: unknown): never {
  return value as never
}
