/**
 * Issue 22, one error boundary: a command's failure is one line on stderr and an exit code, never
 * a stack: a refusal 2, a network failure 3, a damaged snapshot 5, anything else (a bug) 70.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EXIT, guarded } from '../../packages/cli/src/common.js'
import { LegisearchError } from 'legisearch'

describe('guarded: the command line’s error boundary', () => {
  afterEach(() => {
    process.exitCode = undefined
    vi.restoreAllMocks()
  })

  async function outcome(body: () => void, env: Record<string, string> = {}) {
    const written: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true))
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
    await guarded(body)
    vi.unstubAllEnvs()
    const code = process.exitCode
    process.exitCode = undefined
    return { code, err: written.join('') }
  }

  it.each([
    [new LegisearchError('invalid_parameters', 'q: must be a string'), EXIT.refused],
    [new LegisearchError('upstream_error', 'network down'), EXIT.network],
    [new LegisearchError('corrupt', 'x.db is damaged'), EXIT.corrupt],
  ])('a LegisearchError is its message on one line and its exit code', async (error, code) => {
    const r = await outcome(() => {
      throw error
    })
    expect(r).toEqual({ code, err: `legisearch: ${error.message}\n` })
  })

  it('anything else is one line naming it a bug, exit 70; the stack only with LEGISEARCH_DEBUG=1', async () => {
    const bug = new TypeError('x.y is not a function\n    at somewhere')
    const r = await outcome(() => {
      throw bug
    })
    expect(r).toEqual({
      code: EXIT.internal,
      err: 'legisearch: internal error (a bug; please report it with the command): x.y is not a function\n',
    })
    const debug = await outcome(
      () => {
        throw bug
      },
      { LEGISEARCH_DEBUG: '1' },
    )
    expect(debug.err).toContain(bug.stack)
  })
})
