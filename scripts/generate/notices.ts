import { RANGE_END, RANGE_START, iso, parts, randomInstant } from './dates.js'
import { personName, stakeholderProfile } from './people.js'
import { Rng, Weighted } from './prng.js'
import { contract, fill, slugify, upper, upperFirst } from './text.js'
import type { Notice, Stakeholder } from './types.js'
import { vocabulary, type Gender, type House, type ThemeVocab, type Vocabulary } from './vocabulary.js'

interface Member {
  readonly name: string
  readonly party: string
  readonly uf: string
  readonly gender: Gender
}

const OPEN_DATA_BASE: Readonly<Record<House['kind'], number>> = { camara: 1_000_000, senado: 2_000_000, assembly: 10_000 }

/**
 * News of the Agência Câmara, the Agência Senado and the assemblies' sites, quoting the generated
 * stakeholders with their party and state. `descriptionEn` translates `description`.
 */
export function* generateNotices(count: number, rng: Rng, stakeholders: readonly Stakeholder[]): Generator<Notice> {
  const v = vocabulary()
  const pools = new Map<string, Member[]>()
  for (const s of stakeholders) {
    if (!v.houseBySlug.has(s.openDataResource)) continue
    const p = stakeholderProfile(s)
    let pool = pools.get(s.openDataResource)
    if (!pool) pools.set(s.openDataResource, (pool = []))
    pool.push({ name: s.name, party: p.party, uf: p.uf, gender: p.gender })
  }
  const houses = new Weighted<House>(
    v.houses.map(
      (h) => [h, h.kind === 'camara' ? 45 : h.kind === 'senado' ? 30 : (25 * (v.ufByCode.get(h.uf)?.seats ?? 8)) / 513] as const,
    ),
  )
  for (let i = 0; i < count; i++) yield notice(v, rng, i, houses.pick(rng), pools)
}

function member(v: Vocabulary, rng: Rng, house: House, pool: readonly Member[] | undefined): Member {
  if (pool && pool.length > 0 && rng.chance(0.9)) return rng.pick(pool)
  const gender: Gender = rng.chance(0.2) ? 'f' : 'm'
  return { name: personName(rng, gender), party: v.parties.pick(rng), uf: house.uf || v.ufBySeats.pick(rng).uf, gender }
}

function committees(v: Vocabulary, theme: ThemeVocab): string {
  const names = theme.organs.camara
    .filter((initials) => initials !== 'CCJC')
    .map((initials) => v.organByKey.get(`camara:${initials}`)?.name.replace(/^Comissão /, '') ?? '')
    .filter((n) => n !== '')
  return (names.length > 0 ? names : ['de Finanças e Tributação']).join(', ')
}

function notice(v: Vocabulary, rng: Rng, i: number, house: House, pools: ReadonlyMap<string, readonly Member[]>): Notice {
  const ms = randomInstant(rng, RANGE_START, RANGE_END, 6, 22)
  const p = parts(ms)
  const theme = rng.pick(v.themes)
  const subject = rng.pick(theme.subjects)
  const keyword = rng.pick(theme.keywords)
  const pool = pools.get(house.slug)
  const m = member(v, rng, house, pool)
  const other = member(v, rng, house, pool)
  const next = rng.pick(v.news.next[house.kind])
  const refNo = `${rng.int(1, 4800)}/${String(rng.int(Math.max(2015, p.y - 4), p.y)).slice(2)}`
  const memberText = (x: Member) => `${x.gender === 'f' ? 'a' : 'o'} ${house.memberNews[x.gender]} ${x.name} (${x.party}-${x.uf})`
  const memberEn = (x: Member) => `${house.memberEn} ${x.name} (${x.party}-${x.uf})`
  const reporter = personName(rng, rng.chance(0.5) ? 'f' : 'm', 0)
  const get = (key: string): string | undefined => {
    switch (key) {
      case 'subject':
        return subject.pt
      case 'subjectEn':
        return subject.en
      case 'keyword':
        return keyword
      case 'KEYWORD':
        return upper(keyword)
      case 'house':
        return house.name
      case 'houseEn':
        return house.en
      case 'houseShort':
        return house.short
      case 'houseIn':
        return house.in
      case 'weekday':
        return `${v.news.weekdays.pt[p.wd] ?? 'hoje'} (${p.d})`
      case 'weekdayEn':
        return v.news.weekdays.en[p.wd] ?? 'today'
      case 'member':
        return memberText(m)
      case 'Member':
        return upperFirst(memberText(m))
      case 'memberBy':
        return `${contract('de', m.gender === 'f' ? 'a' : 'o')} ${house.memberNews[m.gender]} ${m.name} (${m.party}-${m.uf})`
      case 'memberEn':
      case 'MemberEn':
        return memberEn(m)
      case 'memberByEn':
        return `by ${memberEn(m)}`
      case 'ref':
        return `Projeto de Lei ${refNo}`
      case 'refNo':
        return refNo
      case 'next':
        return next[0]
      case 'nextEn':
        return next[1]
      case 'action':
        return rng.pick(theme.actions)
      case 'days':
        return String(rng.pick([30, 60, 90, 180]))
      case 'committees':
        return committees(v, theme)
      case 'reporter':
        return reporter
      case 'editor':
        return personName(rng, rng.chance(0.5) ? 'f' : 'm', 0)
      case 'site':
        return house.site
      default:
        return undefined
    }
  }
  const title = upperFirst(fill(rng.pick(v.news.titles), get))
  const [pt, en] = rng.pick(v.news.descriptions)
  const description = fill(pt, get)
  const descriptionEn = fill(en, get)
  const paragraphs = [description, ...rng.pickDistinct(v.news.bodies, rng.int(1, 2)).map((b) => fill(b, get))]
  paragraphs.push(`“${fill(rng.pick(v.news.quotes), get)}”, afirmou ${m.name}.`)
  if (rng.chance(0.5)) paragraphs.push(`Já ${memberText(other)} criticou a proposta. “${rng.pick(v.news.critiques)}”, disse.`)
  paragraphs.push(fill(rng.pick(v.news.tramitacao[house.kind]), get))
  paragraphs.push(fill(v.news.footer[house.kind], get))
  const slug = slugify(title)
  const mm = String(p.m).padStart(2, '0')
  const dd = String(p.d).padStart(2, '0')
  const openDataId = String(OPEN_DATA_BASE[house.kind] + i * 3 + rng.int(0, 2))
  const url =
    house.slug === 'camara'
      ? `https://www.camara.leg.br/noticias/${openDataId}-${slug}`
      : house.slug === 'senado'
        ? `https://www12.senado.leg.br/noticias/materias/${p.y}/${mm}/${dd}/${slug}`
        : `https://${house.domain}/noticias/${openDataId}/${slug}`
  const image =
    house.slug === 'camara'
      ? `https://www.camara.leg.br/midias/image/${p.y}/${mm}/img${p.y}${mm}${dd}${rng.digits(9)}.jpg`
      : house.slug === 'senado'
        ? `https://www12.senado.leg.br/noticias/materias/${p.y}/${mm}/${dd}/${slug}/@@images/image/imagem_materia`
        : `https://${house.domain}/imagens/noticias/${openDataId}.jpg`
  return {
    id: `notice-${String(i + 1).padStart(7, '0')}`,
    openDataId,
    openDataResource: house.slug,
    resource: 'noticias',
    site: house.site,
    title,
    description,
    descriptionEn,
    content: paragraphs.join('\n\n'),
    url,
    image,
    date: iso(ms),
  }
}
