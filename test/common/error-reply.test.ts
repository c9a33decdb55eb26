import { describe, expect, it } from 'vitest'
import { BUSY_MESSAGE, CORRUPT_MESSAGE, INTERNAL_MESSAGE, errorBody, errorReply } from '../../packages/legisearch/src/common/error-reply.js'
import { ERROR_STATUS, LegisearchError } from 'legisearch'

describe('the error catalogue', () => {
  it('gives every error the status of its code', () => {
    for (const code of Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]) {
      expect(new LegisearchError(code, 'x').status).toBe(ERROR_STATUS[code])
    }
  })

  it('refuses the old (status, code, message) form and an unknown code, naming the form to use', () => {
    const Untyped = LegisearchError as unknown as new (...args: unknown[]) => LegisearchError
    expect(() => new Untyped(400, 'invalid_parameters', 'x')).toThrow(
      /code must be one of .*\(got 400\); build it as new LegisearchError\(code, message/,
    )
    expect(() => new Untyped('teapot', 'x')).toThrow(TypeError)
  })
})

describe('errorReply: what a client is told', () => {
  const damaged = new LegisearchError('corrupt', '/srv/data/x.db is damaged: database disk image is malformed')
  const locked = new LegisearchError('busy', '/srv/data/x.db is locked by another process')

  it('tells an HTTP client a damaged or locked file without its path, and keeps the words for the log', () => {
    expect(errorReply(damaged)).toEqual({ status: 500, code: 'corrupt', message: CORRUPT_MESSAGE, detail: damaged.message })
    expect(errorReply(locked)).toEqual({ status: 503, code: 'busy', message: BUSY_MESSAGE, detail: locked.message })
    expect(errorReply(new LegisearchError('upstream_error', 'http://x: timed out'))).toMatchObject({
      status: 500,
      code: 'internal_error',
      message: INTERNAL_MESSAGE,
    })
  })

  it("tells the operator (MCP on stdio) the library's own words, and hides only what is unexpected", () => {
    expect(errorReply(damaged, 'operator')).toEqual({ status: 500, code: 'corrupt', message: damaged.message })
    expect(errorReply(locked, 'operator')).toEqual({ status: 503, code: 'busy', message: locked.message })
    const unexpected = errorReply(new TypeError('x.y is not a function'), 'operator')
    expect(unexpected).toMatchObject({ status: 500, code: 'internal_error', message: INTERNAL_MESSAGE })
    expect(unexpected.detail).toContain('x.y is not a function')
  })

  it('builds the body from toJSON(): { error, code }', () => {
    expect(JSON.parse(errorBody(errorReply(new LegisearchError('not_found', 'no stakeholder x'))))).toEqual({
      error: 'no stakeholder x',
      code: 'not_found',
    })
  })
})
