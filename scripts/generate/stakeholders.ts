import { personName } from './people.js'
import { Rng, Weighted } from './prng.js'
import type { Stakeholder, StakeholderOrgan } from './types.js'
import { vocabulary, type Gender, type House } from './vocabulary.js'

const SITUATIONS = new Weighted<readonly [string, boolean]>([
  [['Exercício', true], 75],
  [['Licença', true], 6],
  [['Fim de Mandato', false], 19],
])

/** Origin ids: a disjoint range per house, one slot of `step` ids per record, the famous ids skipped. */
const ID_BASE: Readonly<Record<string, number>> = { camara: 204_000, senado: 6_000 }
const ID_STEP = 7

/**
 * Parliamentarians of the Câmara, the Senado and the 27 assemblies. The public figures of
 * `famous.json` come first (they author the famous propositions); the rest are invented.
 */
export function* generateStakeholders(count: number, rng: Rng): Generator<Stakeholder> {
  const v = vocabulary()
  const reserved = new Set(v.famous.stakeholders.map((f) => `${f.openDataResource}:${f.openDataId}`))
  const names = new Set<string>(v.famous.stakeholders.map((f) => f.name))
  for (let i = 0; i < count; i++) {
    const famous = v.famous.stakeholders[i]
    const id = `stk-${String(i + 1).padStart(7, '0')}`
    if (famous) {
      const house = v.houseBySlug.get(famous.openDataResource)
      if (!house) throw new Error(`data/vocabulary/famous.json: unknown house '${famous.openDataResource}'`)
      yield stakeholder(rng, id, house, famous.gender, famous.name, famous.openDataId, 'Exercício', true)
      continue
    }
    const house = v.stakeholderHouses.pick(rng)
    const gender: Gender = rng.chance(0.2) ? 'f' : 'm'
    let name = personName(rng, gender)
    for (let tries = 0; names.has(name) && tries < 6; tries++) name = personName(rng, gender)
    if (names.has(name)) {
      const suffixed = gender === 'm' ? `${name} ${rng.pick(v.names.suffixes)}` : `${name} ${rng.pick(v.names.surnames)}`
      name = names.has(suffixed) ? `${name} (${i + 1})` : suffixed
    }
    names.add(name)
    const base = ID_BASE[house.slug] ?? 10_000
    let r = rng.int(0, ID_STEP - 1)
    let openDataId = String(base + i * ID_STEP + r)
    while (reserved.has(`${house.slug}:${openDataId}`)) {
      r = (r + 1) % ID_STEP
      openDataId = String(base + i * ID_STEP + r)
    }
    const [situation, active] = SITUATIONS.pick(rng)
    yield stakeholder(rng, id, house, gender, name, openDataId, situation, active)
  }
}

function stakeholder(
  rng: Rng,
  id: string,
  house: House,
  gender: Gender,
  name: string,
  openDataId: string,
  situation: string,
  active: boolean,
): Stakeholder {
  const v = vocabulary()
  const title = house.memberTitle[gender]
  const organs: StakeholderOrgan[] = []
  const all = v.organsByHouse.get(house.slug) ?? []
  const plenary = all.find((o) => o.kind === 'plenary')
  if (plenary) {
    organs.push({
      id: plenary.id,
      name: plenary.name,
      initials: plenary.initials,
      openDataId: plenary.openDataId,
      openDataResource: house.slug,
      role: title,
      active,
    })
  }
  const committees = all.filter((o) => o.kind === 'committee')
  for (const o of rng.pickDistinct(committees, rng.int(1, 3))) {
    organs.push({
      id: o.id,
      name: o.name,
      initials: o.initials,
      openDataId: o.openDataId,
      openDataResource: house.slug,
      role: rng.pick(v.committeeRoles),
      active: active && rng.chance(0.85),
    })
  }
  return { id, openDataId, openDataResource: house.slug, name, title, situation, active, organs, savedStakeholders: [] }
}
