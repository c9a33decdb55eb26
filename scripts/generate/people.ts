import { Rng, fmix32, hash32, unit } from './prng.js'
import { stripAccents } from './text.js'
import type { SocialNetwork, Stakeholder } from './types.js'
import { vocabulary, type Gender, type House } from './vocabulary.js'

/** Party and state of a stakeholder: not spec fields, but authors and posters need them consistently. */
export interface StakeholderProfile {
  readonly party: string
  readonly uf: string
  readonly gender: Gender
}

const profiles = new WeakMap<Stakeholder, StakeholderProfile>()

/**
 * The party and UF of a stakeholder, derived deterministically from the record itself (the public
 * figures of `famous.json` keep their real party and state; an assembly member belongs to the
 * assembly's state; others are drawn by a hash of id, origin id and name, weighted by bench size).
 * The same stakeholder always gets the same profile, so its propositions, posts and news agree.
 *
 * @example stakeholderProfile(stakeholders[0]) // { party: 'MDB', uf: 'SE', gender: 'm' }
 */
export function stakeholderProfile(s: Stakeholder): StakeholderProfile {
  const known = profiles.get(s)
  if (known) return known
  const v = vocabulary()
  const gender: Gender = /^(Deputada|Senadora|Vereadora)\b/.test(s.title) ? 'f' : 'm'
  const famous = v.famous.stakeholders.find(
    (f) => f.openDataResource === s.openDataResource && f.openDataId === s.openDataId && f.name === s.name,
  )
  let profile: StakeholderProfile
  if (famous) {
    profile = { party: famous.party, uf: famous.uf, gender }
  } else {
    const h = hash32(`${s.id}|${s.openDataResource}|${s.openDataId}|${s.name}`)
    const house = v.houseBySlug.get(s.openDataResource)
    const party = v.parties.pickAt(unit(h))
    const u2 = unit(fmix32(h ^ 0x5bd1e995))
    let uf: string
    if (house && house.uf) uf = house.uf
    else if (house?.kind === 'senado') uf = v.ufs[Math.floor(u2 * v.ufs.length)]?.uf ?? 'DF'
    else uf = v.ufBySeats.pickAt(u2).uf
    profile = { party, uf, gender }
  }
  profiles.set(s, profile)
  return profile
}

/** An invented person's name: `Maria da Conceição Gonçalves`, `Delegado Paulo Bezerra`. */
export function personName(rng: Rng, gender: Gender, withPrefix = 0.12): string {
  const n = vocabulary().names
  const first = rng.pick(gender === 'f' ? n.female : n.male)
  const parts: string[] = []
  if (rng.chance(withPrefix)) parts.push(rng.pick(n.prefixes[gender]))
  parts.push(first)
  if (rng.chance(0.15)) parts.push(rng.pick(n.particleSurnames))
  else if (rng.chance(0.35)) parts.push(rng.pick(n.surnames))
  parts.push(rng.pick(n.surnames))
  return parts.join(' ')
}

/** A name as it is shown in committee lists: `Dep. Fulano (PT-SP)`. */
export function shortRef(house: House, name: string, party: string, uf: string): string {
  const abbr = house.kind === 'senado' ? 'Sen.' : 'Dep.'
  return `${abbr} ${name} (${party}${uf ? `-${uf}` : ''})`
}

/** The poster's handle on a network, derived from the name (same person, same handle). */
export function handleOf(s: Pick<Stakeholder, 'name' | 'openDataResource' | 'title'>, network: SocialNetwork): string {
  const words = stripAccents(s.name)
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(' ')
    .filter((w) => w.length > 0 && !/^(da|de|do|dos|das|e|Dr|Dra)$/.test(w))
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('')
  const prefix =
    s.openDataResource === 'senado' ? (/^Senadora/.test(s.title) ? 'Senadora' : 'Sen') : /^Deputada/.test(s.title) ? 'Deputada' : 'Dep'
  if (network === 'twitter') return `@${(prefix + camel).slice(0, 15)}`
  if (network === 'instagram') return `@${(prefix + camel).toLowerCase().slice(0, 30)}`
  return `@${camel.toLowerCase()}.oficial`
}

/** The official photo address of a parliamentarian at the origin. */
export function photoUrl(house: House, openDataId: string): string {
  if (house.slug === 'camara') return `https://www.camara.leg.br/internet/deputado/bandep/${openDataId}.jpg`
  if (house.slug === 'senado') return `https://www.senado.leg.br/senadores/img/fotos-oficiais/senador${openDataId}.jpg`
  return `https://${house.domain}/fotos/deputados/${openDataId}.jpg`
}
