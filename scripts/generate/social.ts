import { RANGE_END, RANGE_START, iso, parts, randomInstant } from './dates.js'
import { handleOf, photoUrl, stakeholderProfile, type StakeholderProfile } from './people.js'
import { Rng, Weighted, hash32 } from './prng.js'
import { fill, money, upper } from './text.js'
import type { SocialMedia, SocialNetwork, SocialPost, SocialStakeholder, Stakeholder } from './types.js'
import { vocabulary, type House, type ThemeVocab, type Vocabulary } from './vocabulary.js'

interface Poster {
  readonly s: Stakeholder
  readonly p: StakeholderProfile
  readonly house: House
}

const TWITTER_EPOCH = 1_288_834_974_657n
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

/**
 * Posts of the generated stakeholders on twitter, instagram and facebook, plus ~6 % from the houses'
 * institutional profiles (`social_organ_profile: true`, `organ: { id, name }`).
 */
export function* generateSocial(count: number, rng: Rng, stakeholders: readonly Stakeholder[]): Generator<SocialPost> {
  const v = vocabulary()
  const posters: Poster[] = []
  for (const s of stakeholders) {
    const house = v.houseBySlug.get(s.openDataResource)
    if (house) posters.push({ s, p: stakeholderProfile(s), house })
  }
  const networks = new Weighted(v.social.networks.map((n) => [n.slug, n.weight] as const))
  const institutions = new Weighted<House>(
    v.houses.map((h) => [h, h.kind === 'camara' ? 40 : h.kind === 'senado' ? 30 : 30 / v.assemblies.length] as const),
  )
  for (let i = 0; i < count; i++) yield post(v, rng, i, posters, networks.pick(rng), institutions)
}

function post(
  v: Vocabulary,
  rng: Rng,
  i: number,
  posters: readonly Poster[],
  network: SocialNetwork,
  institutions: Weighted<House>,
): SocialPost {
  const posted = randomInstant(rng, RANGE_START, RANGE_END, 7, 24)
  const when = parts(posted)
  const theme = rng.pick(v.themes)
  const institutional = posters.length === 0 || rng.chance(0.06)
  let house: House
  let stakeholder: SocialStakeholder
  let organ: SocialPost['organ'] = {}
  let uf: string
  let template: string
  if (institutional) {
    house = institutions.pick(rng)
    organ = { id: `org-${house.slug}`, name: house.name }
    uf = house.uf || 'DF'
    stakeholder = {
      id: organ.id,
      name: house.name,
      title: 'Perfil institucional',
      electoralUF: house.uf,
      acronymParty: '',
      photoUrl: `https://${house.domain}/logo.png`,
      [network]: `@${house.profileHandle}`,
    }
    template = rng.pick(v.social.organTemplates)
  } else {
    const poster = rng.pick(posters)
    house = poster.house
    uf = poster.p.uf
    stakeholder = {
      id: poster.s.id,
      name: poster.s.name,
      title: poster.s.title,
      electoralUF: poster.p.uf,
      acronymParty: poster.p.party,
      photoUrl: photoUrl(house, poster.s.openDataId),
      [network]: handleOf(poster.s, network),
    }
    template = rng.pick(v.social.templates)
  }
  const handle = (stakeholder[network] ?? '').replace(/^@/, '')
  const ufVocab = v.ufByCode.get(uf) ?? v.ufBySeats.pick(rng)
  let keyword: string | undefined
  const text = fill(template, (key) => {
    switch (key) {
      case 'subject':
        return rng.pick(theme.subjects).pt
      case 'keyword':
        keyword ??= rng.pick(theme.keywords)
        return keyword
      case 'KEYWORD':
        keyword ??= rng.pick(theme.keywords)
        return upper(keyword)
      case 'hashtag':
        return at0(theme.hashtags, rng)
      case 'hashtag2':
        return rng.pick(v.themes).hashtags[0] ?? '#Brasil'
      case 'mention':
        return rng.chance(0.6) || posters.length === 0 ? rng.pick(v.social.mentions) : handleOf(rng.pick(posters).s, network)
      case 'city':
        return rng.pick(ufVocab.cities)
      case 'ufDe':
        return ufVocab.de
      case 'uf':
        return ufVocab.uf
      case 'ref':
        return `${rng.pick(['PL', 'PL', 'PL', 'PLP'])} ${rng.int(1, 4800)}/${rng.int(2015, when.y)}`
      case 'action':
        return rng.pick(theme.actions)
      case 'money':
        return money(rng.int(1, 400) * 50_000 * 100)
      case 'organ':
        return committeeName(v, rng, house, theme)
      case 'link':
        return propositionLink(rng, house)
      case 'weekday':
        return v.news.weekdays.pt[when.wd] ?? 'hoje'
      case 'houseIn':
        return house.in
      case 'House':
        return `${house.kind === 'senado' ? 'O' : 'A'} ${house.name}`
      default:
        return undefined
    }
  })
  const { openDataId, link, mediaBase } = identity(rng, network, i, posted, handle, stakeholder.id)
  return {
    id: `soc-${String(i + 1).padStart(7, '0')}`,
    openDataId,
    openDataResource: network,
    resource: network,
    link,
    text,
    postedAt: iso(posted),
    stakeholder,
    organ,
    social_organ_profile: institutional,
    media: media(rng, network, mediaBase),
    mediaAnalysis: {},
  }
}

function at0(list: readonly string[], rng: Rng): string {
  return list.length > 0 ? rng.pick(list) : '#Brasil'
}

function committeeName(v: Vocabulary, rng: Rng, house: House, theme: ThemeVocab): string {
  const preferred = theme.organs[house.kind]
  const o = preferred.length > 0 ? v.organByKey.get(`${house.slug}:${rng.pick(preferred)}`) : undefined
  if (o) return o.name
  const committees = (v.organsByHouse.get(house.slug) ?? []).filter((x) => x.kind === 'committee')
  return committees.length > 0 ? rng.pick(committees).name : 'Comissão de Constituição e Justiça'
}

function propositionLink(rng: Rng, house: House): string {
  if (house.slug === 'camara') return `https://www.camara.leg.br/propostas-legislativas/${rng.int(2_100_000, 2_500_000)}`
  if (house.slug === 'senado') return `https://www25.senado.leg.br/web/atividade/materias/-/materia/${rng.int(120_000, 170_000)}`
  return `https://${house.domain}/proposicao/${rng.int(1_000, 99_999)}`
}

function token(rng: Rng, n: number): string {
  let s = ''
  for (let k = 0; k < n; k++) s += ALPHABET.charAt(Math.floor(rng.next() * 64))
  return s
}

/** The origin id and address of a post; ids embed the record index, so they never repeat. */
function identity(
  rng: Rng,
  network: SocialNetwork,
  i: number,
  posted: number,
  handle: string,
  ownerId: string,
): { openDataId: string; link: string; mediaBase: string } {
  if (network === 'twitter') {
    const id = ((BigInt(posted) - TWITTER_EPOCH) << 22n) | BigInt(i % 4_194_304)
    const s = id.toString()
    return { openDataId: s, link: `https://twitter.com/${handle}/status/${s}`, mediaBase: s }
  }
  if (network === 'instagram') {
    const id = `179${String(i).padStart(8, '0')}${rng.digits(6)}`
    return { openDataId: id, link: `https://www.instagram.com/p/${token(rng, 11)}/`, mediaBase: id }
  }
  const page = String(100_000_000_000_000 + (hash32(ownerId) % 900_000_000))
  const postId = `10${String(i).padStart(9, '0')}${rng.digits(5)}`
  return { openDataId: `${page}_${postId}`, link: `https://www.facebook.com/${handle}/posts/${postId}`, mediaBase: postId }
}

function media(rng: Rng, network: SocialNetwork, base: string): SocialMedia[] {
  const n = rng.chance(0.55) ? 0 : rng.chance(0.73) ? 1 : rng.int(2, 4)
  const out: SocialMedia[] = []
  for (let k = 0; k < n; k++) {
    const type = rng.chance(0.2) ? 'video' : 'photo'
    const key = `${type === 'video' ? 7 : 3}_${base}${k}`
    let url: string
    if (network === 'twitter') {
      url =
        type === 'photo'
          ? `https://pbs.twimg.com/media/${token(rng, 15)}.jpg`
          : `https://video.twimg.com/ext_tw_video/${base}/pu/vid/1280x720/${token(rng, 16)}.mp4`
    } else if (network === 'instagram') {
      url =
        type === 'photo'
          ? `https://scontent.cdninstagram.com/v/t51.29350-15/${rng.digits(9)}_${rng.digits(15)}_n.jpg`
          : `https://scontent.cdninstagram.com/o1/v/t16/f1/${token(rng, 24)}.mp4`
    } else {
      url =
        type === 'photo'
          ? `https://scontent.xx.fbcdn.net/v/t39.30808-6/${rng.digits(9)}_${rng.digits(15)}_n.jpg`
          : `https://video.xx.fbcdn.net/v/t42.1790-2/${rng.digits(9)}_n.mp4`
    }
    out.push({ media_key: key, type, url })
  }
  return out
}
