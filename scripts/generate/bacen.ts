import { DAY, RANGE_END, RANGE_START, atTime, dayOf, iso, parts, randomDay, slashDate, workingDay, MONTHS_PT } from './dates.js'
import { Rng } from './prng.js'
import { fill, money, thousands } from './text.js'
import type { BacenDoc } from './types.js'
import { dated, usableAt, vocabulary, type Dated } from './vocabulary.js'

const COMMUNICATES = /^(Divulga|Comunica)/

interface Topic {
  readonly subject: string
  readonly from: number
  readonly departments: readonly string[]
  readonly summaries: readonly Dated[]
}

interface Kind {
  readonly type: string
  readonly title: string
  readonly from: number
  readonly until: number
  readonly base: number
  readonly ratePerDay: number
  readonly weight: number
}

/** Normative documents of the Banco Central do Brasil and the Conselho Monetário Nacional. */
export function* generateBacen(count: number, rng: Rng): Generator<BacenDoc> {
  const v = vocabulary()
  const kinds: Kind[] = v.bacen.types.map((t) => ({
    type: t.type,
    title: t.title,
    from: dayOf(t.from),
    until: t.until === undefined ? Infinity : dayOf(t.until) + DAY - 1,
    base: t.base,
    ratePerDay: t.ratePerDay,
    weight: t.weight,
  }))
  const topics: Topic[] = v.bacen.topics.map((t) => ({
    subject: t.subject,
    from: t.from === undefined ? -Infinity : dayOf(t.from),
    departments: t.departments,
    summaries: dated(t.summaries, t.from),
  }))
  const comunicados = dated(v.bacen.comunicadoSummaries)
  for (let i = 0; i < count; i++) {
    const day = workingDay(randomDay(rng, RANGE_START, RANGE_END - 3 * DAY))
    const ms = Math.min(RANGE_END, atTime(day, rng.int(9, 19), rng.int(0, 59), rng.int(0, 59)))
    const p = parts(ms)
    const kind = pickKind(rng, kinds, ms)
    const number = Math.max(1, Math.floor(kind.base + ((ms - kind.from) / DAY) * kind.ratePerDay) + rng.int(0, 2))
    // A Comunicado divulges or communicates; the other kinds regulate.
    const fits = kind.type === 'Comunicado' ? (t: Dated) => COMMUNICATES.test(t.text) : (t: Dated) => !/^Comunica/.test(t.text)
    const available = topics.filter((t) => t.from <= ms)
    let topic = rng.pick(available.length > 0 ? available : topics)
    let candidates = topic.summaries.filter((t) => fits(t) && t.ms <= ms)
    for (let tries = 0; tries < 10 && candidates.length === 0; tries++) {
      topic = rng.pick(available.length > 0 ? available : topics)
      candidates = topic.summaries.filter((t) => fits(t) && t.ms <= ms)
    }
    const template = rng.pick(
      candidates.length === 0 || (kind.type === 'Comunicado' && rng.chance(0.5)) ? usableAt(comunicados, ms) : candidates,
    )
    let summary = fill(template.text, (key) => {
      switch (key) {
        case 'year':
          return String(p.y)
        case 'nextYear':
          return String(p.y + 1)
        case 'company':
          return rng.pick(v.bacen.companies)
        case 'event':
          return rng.pick(v.bacen.events)
        case 'percent':
          return String(rng.pick([15, 17, 19, 20, 21, 25]))
        case 'bigMoney':
          return money(rng.int(100, 9_000) * 1_000_000 * 100)
        case 'date':
          return slashDate(parts(ms - rng.int(1, 5) * DAY))
        default:
          return undefined
      }
    })
    if (kind.type !== 'Comunicado' && rng.chance(0.25)) {
      summary += ` Esta norma entra em vigor em 1º de ${MONTHS_PT[p.m % 12]} de ${p.m === 12 ? p.y + 1 : p.y}.`
    }
    yield {
      id: `bacen-${String(i + 1).padStart(7, '0')}`,
      openDataId: String(50_000 + i * 3 + rng.int(0, 2)),
      openDataResource: 'bcb',
      type: kind.type,
      title: `${kind.title} nº ${thousands(number)}, de ${slashDate(p)}`,
      subject: topic.subject,
      summary,
      responsible: rng.pick(topic.departments),
      date: iso(ms),
    }
  }
}

function pickKind(rng: Rng, kinds: readonly Kind[], ms: number): Kind {
  let total = 0
  for (const k of kinds) if (k.from <= ms && ms <= k.until) total += k.weight
  let target = rng.next() * total
  for (const k of kinds) {
    if (k.from > ms || ms > k.until) continue
    target -= k.weight
    if (target < 0) return k
  }
  const fallback = kinds.find((k) => k.from <= ms && ms <= k.until) ?? kinds[0]
  if (!fallback) throw new Error('data/vocabulary/bacen.json: no document types')
  return fallback
}
