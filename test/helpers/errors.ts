import { LegisearchError } from 'legisearch'

/** The `LegisearchError` a call throws; fails the test when it throws anything else or nothing. */
export function errorOf(fn: () => unknown): LegisearchError {
  try {
    fn()
  } catch (e) {
    if (e instanceof LegisearchError) return e
    throw e
  }
  throw new Error('expected a LegisearchError, but the call succeeded')
}

/** The `LegisearchError` a promise rejects with; fails the test when it rejects with anything else or resolves. */
export async function rejectionOf(p: Promise<unknown>): Promise<LegisearchError> {
  try {
    await p
  } catch (e) {
    if (e instanceof LegisearchError) return e
    throw e
  }
  throw new Error('expected a LegisearchError, but the call succeeded')
}
