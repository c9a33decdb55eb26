import { describe, expect, it } from 'vitest'
import { CANONICAL_DATE_TIME, canonicalDateTime, parseInstant } from '../../packages/legisearch/src/common/dates.js'

describe('canonicalDateTime', () => {
  it.each([
    ['2024-05-04', '2024-05-04T00:00:00-03:00'],
    ['2024-05-04T10:00', '2024-05-04T10:00:00-03:00'],
    ['2024-05-04 10:00:07', '2024-05-04T10:00:07-03:00'],
    ['2024-05-04T10:00+0300', '2024-05-04T10:00:00+03:00'],
    ['2024-05-04T10:00:00Z', '2024-05-04T10:00:00+00:00'],
    ['2026-09-04T12:49:00.000Z', '2026-09-04T12:49:00+00:00'],
    ['2024-05-04T23:59:59.999-03:00', '2024-05-04T23:59:59-03:00'],
    ['2024-05-04T10:00:00.123456789+05:30', '2024-05-04T10:00:00+05:30'],
    ['2024-05-04T10:00:00-02:00', '2024-05-04T10:00:00-02:00'],
  ])('%s → %s', (given, want) => {
    const got = canonicalDateTime(given)
    expect(got).toBe(want)
    expect(got).toMatch(CANONICAL_DATE_TIME)
    // The instant is kept, to the second (a fraction is truncated, never rounded up).
    const ms = parseInstant(given) as number
    expect(parseInstant(got as string)).toBe(ms - (((ms % 1000) + 1000) % 1000))
    // Canonical is a fixed point.
    expect(canonicalDateTime(got as string)).toBe(got)
  })

  it.each(['2024-02-30', '2024-05-04T24:00:00Z', '2024-05-04T10:00:00+15:00', '04/05/2024', '', '2024-05-04T10:00:00z'])(
    'refuses %j',
    (given) => {
      expect(canonicalDateTime(given)).toBeNull()
    },
  )
})
