import { parseDay, parseInstant } from '../common/dates.js'
import { invalid } from '../common/errors.js'
import { clipped } from '../common/shown.js'

const DAY_MS = 86_400_000

/** When a list was observed (or removals accepted): the instant, as ISO text and epoch ms, and its UTC day. */
export interface Observation {
  readonly at: string
  readonly ms: number
  readonly day: string
}

/**
 * The observation instant and its (UTC) day. A bare date is that day at 00:00 UTC; none is now.
 * A date that cannot be read, or more than a day in the future, is refused.
 *
 * @example observation('2020-03-21') // { at: '2020-03-21T00:00:00.000Z', ms: 1584748800000, day: '2020-03-21' }
 */
export function observation(observedOn: string | undefined): Observation {
  let ms: number
  if (observedOn === undefined) {
    ms = Date.now()
  } else {
    const parsed = parseDay(observedOn) !== null ? Date.parse(`${observedOn}T00:00:00.000Z`) : parseInstant(observedOn)
    if (parsed === null || Number.isNaN(parsed)) {
      throw invalid(`options.observedOn: '${clipped(observedOn)}' is not a date YYYY-MM-DD or an ISO 8601 date-time`)
    }
    if (parsed > Date.now() + DAY_MS) throw invalid(`options.observedOn: '${clipped(observedOn)}' is in the future`)
    ms = parsed
  }
  const at = new Date(ms).toISOString()
  return { at, ms, day: at.slice(0, 10) }
}
