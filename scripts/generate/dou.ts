import {
  DAY,
  RANGE_END,
  RANGE_START,
  MONTHS_PT,
  dottedDate,
  iso,
  latestDateIn,
  longDate,
  paddedDate,
  parts,
  randomDay,
  workingDay,
  type Parts,
} from './dates.js'
import { personName } from './people.js'
import { Rng, Weighted } from './prng.js'
import { actName, articleOf, contract, fill, lowerFirst, money, thousands, upper } from './text.js'
import type { DouAct } from './types.js'
import {
  dated,
  lawsBefore,
  usableAt,
  vocabulary,
  type Dated,
  type DouHierarchy,
  type Law,
  type ThemeVocab,
  type Vocabulary,
} from './vocabulary.js'

/** Length of `content`: short for the demo, about 3 KB when `fullText` (the benchmark's corpus). */
const SHORT: readonly [number, number] = [600, 1500]
const FULL: readonly [number, number] = [2_800, 3_400]

const LEI_8666_END = Date.parse('2023-12-30T00:00:00-03:00')
const LEI_14133 = Date.parse('2021-04-01T00:00:00-03:00')

interface Tables {
  readonly sections: Weighted<DouVocabSection>
  readonly normative: Weighted<DouHierarchy>
  readonly extra: Weighted<DouHierarchy>
  readonly contractKinds: Weighted<Vocabulary['dou']['contracts']['kinds'][number]>
  /** The clauses, each usable from the latest norm it cites. */
  readonly clauses: readonly Dated[]
}

type DouVocabSection = Vocabulary['dou']['sections'][number]

/** Acts of the Diário Oficial da União, spread over the four sections. */
export function* generateDou(count: number, rng: Rng, fullText: boolean): Generator<DouAct> {
  const v = vocabulary()
  const tables: Tables = {
    sections: new Weighted(v.dou.sections.map((s) => [s, s.weight] as const)),
    normative: new Weighted(v.dou.normative.map((h) => [h, h.weight] as const)),
    extra: new Weighted(v.dou.extra.map((h) => [h, h.weight] as const)),
    contractKinds: new Weighted(v.dou.contracts.kinds.map((k) => [k, k.weight] as const)),
    clauses: dated(v.dou.clauses),
  }
  const [min, max] = fullText ? FULL : SHORT
  for (let i = 0; i < count; i++) {
    const section = tables.sections.pick(rng)
    const published = workingDay(randomDay(rng, RANGE_START, RANGE_END - 3 * DAY))
    const target = rng.int(min, max)
    const act =
      section.kind === 'personnel'
        ? personnelAct(v, rng, published, target)
        : section.kind === 'contracts'
          ? contractAct(v, rng, tables, published, target)
          : normativeAct(
              v,
              rng,
              tables,
              hierarchyAt(rng, section.kind === 'extra' ? tables.extra : tables.normative, published),
              published,
              target,
            )
    const p = parts(published)
    const created = published + rng.int(5 * 60, 9 * 60 + 59) * 60_000 + rng.int(0, 59) * 1000
    const updated = rng.chance(0.15) ? Math.min(RANGE_END, created + rng.int(1, 30) * DAY + rng.int(0, 600) * 60_000) : created
    const edition = Math.floor((p.doy * 5) / 7) + 1
    yield {
      id: `dou-${String(i + 1).padStart(7, '0')}`,
      title: act.title,
      content: act.content,
      resume: act.resume,
      section: section.name,
      hierarchy: act.hierarchy,
      location: `DOU nº ${edition}${section.kind === 'extra' ? '-A' : ''}, de ${dottedDate(p)}`,
      date: iso(published),
      createdAt: iso(created),
      updatedAt: iso(updated),
    }
  }
}

interface Act {
  title: string
  content: string
  resume: string
  hierarchy: string
}

/** A hierarchy whose preamble cites no norm later than `ms` (a 2016 act cannot cite a 2020 ordinance). */
function hierarchyAt(rng: Rng, table: Weighted<DouHierarchy>, ms: number): DouHierarchy {
  let h = table.pick(rng)
  for (let tries = 0; tries < 20 && latestDateIn(h.preamble) > ms; tries++) h = table.pick(rng)
  return h
}

/** `Art. 2º`, …, `Art. 9º`, `Art. 10.` (ordinal up to nine, then cardinal with a period). */
function artLabel(n: number): string {
  return n < 10 ? `${n}º` : `${n}.`
}

/** How the act names itself in its own text. */
function selfReference(kind: string): { nom: string; de: string; em: string; gender: 'a' | 'o' } {
  const name = /^DECRETO/.test(kind)
    ? 'Decreto'
    : /^MEDIDA PROVISÓRIA/.test(kind)
      ? 'Medida Provisória'
      : /^INSTRUÇÃO NORMATIVA/.test(kind)
        ? 'Instrução Normativa'
        : /^RESOLUÇÃO/.test(kind)
          ? 'Resolução'
          : /^ATO DECLARATÓRIO/.test(kind)
            ? 'Ato Declaratório Executivo'
            : 'Portaria'
  const gender = name === 'Decreto' || name.startsWith('Ato') ? 'o' : 'a'
  return gender === 'o'
    ? { nom: `Este ${name}`, de: `deste ${name}`, em: `neste ${name}`, gender }
    : { nom: `Esta ${name}`, de: `desta ${name}`, em: `nesta ${name}`, gender }
}

function actNumber(rng: Rng, kind: string, ms: number): number {
  const days = (ms - RANGE_START) / DAY
  if (/^DECRETO/.test(kind)) return 8_380 + Math.floor(days * 1.15) + rng.int(0, 4)
  if (/^MEDIDA PROVISÓRIA/.test(kind)) return 663 + Math.floor(days * 0.169)
  if (/^INSTRUÇÃO NORMATIVA RFB/.test(kind)) return 1_530 + Math.floor(days * 0.19) + rng.int(0, 2)
  if (/^PORTARIA/.test(kind)) return rng.int(1, 4_800)
  if (/^ATO/.test(kind)) return rng.int(1, 120)
  return rng.int(1, 950)
}

function theLaw(v: Vocabulary, rng: Rng, theme: ThemeVocab, ms: number): Law {
  const own = lawsBefore(theme.laws, ms)
  return own.length > 0 && rng.chance(0.85) ? rng.pick(own) : rng.pick(lawsBefore(v.laws, ms))
}

function normativeAct(v: Vocabulary, rng: Rng, tables: Tables, h: DouHierarchy, published: number, target: number): Act {
  const themeId = h.themes.length > 0 ? rng.pick(h.themes) : undefined
  const theme = (themeId === undefined ? undefined : v.themeById.get(themeId)) ?? rng.pick(v.themes)
  const signed = published - rng.int(0, 3) * DAY
  const sp = parts(signed)
  const self = selfReference(h.kind)
  const number = actNumber(rng, h.kind, signed)
  const prevMs = signed - rng.int(60, 2_500) * DAY
  const prev = `${actName(h.kind)} nº ${thousands(actNumber(rng, h.kind, prevMs))}, de ${longDate(parts(prevMs))}`
  const law = theLaw(v, rng, theme, signed)
  let subject: string | undefined
  const actions = rng.shuffle(theme.actions)
  let nextAction = 0
  const defs = rng.shuffle(v.dou.definitions)
  let nextDef = 0
  let n = 1
  const get = (key: string): string | undefined => {
    switch (key) {
      case 'subject':
        subject ??= rng.pick(theme.subjects).pt
        return subject
      case 'action':
      case 'action1':
      case 'action2':
      case 'action3':
        return actions[nextAction++ % actions.length] ?? ''
      case 'def1':
      case 'def2':
      case 'def3':
        return fill(defs[nextDef++ % defs.length] ?? '', get)
      case 'programA': {
        const p = rng.pick(theme.programs)
        return `${articleOf(p)} ${p}`
      }
      case 'programDe': {
        const p = rng.pick(theme.programs)
        return `${contract('de', articleOf(p))} ${p}`
      }
      case 'lawA':
        return `${law.art} ${law.title}`
      case 'lawEm':
        return `${contract('em', law.art)} ${law.title}${law.nick !== undefined && rng.chance(0.3) ? ` (${law.nick})` : ''}`
      case 'prevActA':
        return `${self.gender} ${prev}`
      case 'prevActDe':
        return `${contract('de', self.gender)} ${prev}`
      case 'prevActEm':
        return `${contract('em', self.gender)} ${prev}`
      case 'city':
      case 'uf':
      case 'ufDe': {
        const uf = v.ufBySeats.pick(rng)
        return key === 'city' ? `${rng.pick(uf.cities)}` : key === 'uf' ? uf.uf : uf.de
      }
      case 'art':
        return `art. ${rng.int(2, 30)}`
      case 'ministry':
        return rng.pick(v.ementas.ministries)[0]
      case 'bigMoney':
        return money((rng.int(5, 4_000) * 1_000_000 + rng.int(0, 999) * 1_000) * 100)
      case 'money':
        return money(rng.int(50, 90_000) * 1_000 * 100)
      case 'days':
        return String(rng.pick([15, 30, 45, 60, 90, 120]))
      case 'budget':
        return `${rng.int(10, 28)}.${rng.int(121, 847)}.${rng.int(5_001, 5_999)}.${rng.digits(4)}`
      case 'date':
        return longDate(parts(signed - rng.int(1, 10) * DAY))
      case 'keyword':
        return rng.pick(theme.keywords)
      case 'n':
        n += 1
        return artLabel(n)
      case 'thisActNom':
        return self.nom
      case 'thisActDe':
        return self.de
      case 'thisActEm':
        return self.em
      default:
        return undefined
    }
  }
  // A city-specific template needs its state right after the city: fill `{city} ({uf})` coherently.
  const resumeTemplate = rng.pick(/^MEDIDA PROVISÓRIA/.test(h.kind) ? v.dou.mpvResumes : v.dou.resumes)
  const uf = v.ufBySeats.pick(rng)
  const resume = fill(resumeTemplate.replace('{city} ({uf})', `${rng.pick(uf.cities)} (${uf.uf})`), get)
  const head = `${fill(h.preamble, get)} ${h.verb ?? 'resolve:'}`
  const first = `Art. 1º ${self.nom} ${lowerFirst(resume)}`
  const blocks = [head, first]
  let length = head.length + first.length
  const closing = 120
  const usable = usableAt(tables.clauses, signed)
  let clauses = rng.shuffle(usable)
  let c = 0
  while (length < target - closing) {
    if (c === clauses.length) {
      clauses = rng.shuffle(usable)
      c = 0
      subject = undefined
    }
    const saved = n
    const block = fill(clauses[c++]?.text ?? '', get)
    // Stay near the target: a long clause that would overshoot it is left out once the act is long enough.
    if (length + block.length > target + 100 && length >= target * 0.8) {
      n = saved
      break
    }
    blocks.push(block)
    length += block.length + 2
  }
  if (rng.chance(0.3)) {
    n += 1
    blocks.push(`Art. ${artLabel(n)} Fica revogad${self.gender} ${self.gender} ${prev}.`)
  }
  n += 1
  const start = rng.chance(0.2) ? `em 1º de ${MONTHS_PT[sp.m % 12]} de ${sp.m === 12 ? sp.y + 1 : sp.y}` : 'na data de sua publicação'
  blocks.push(`Art. ${artLabel(n)} ${self.nom} entra em vigor ${start}.`)
  blocks.push(upper(personName(rng, rng.chance(0.3) ? 'f' : 'm', 0)))
  return {
    title: `${h.kind} Nº ${thousands(number)}, DE ${upper(longDate(sp))}`,
    content: blocks.join('\n\n'),
    resume,
    hierarchy: h.path,
  }
}

function personnelAct(v: Vocabulary, rng: Rng, published: number, target: number): Act {
  const p = v.dou.personnel
  const h = rng.pick(p.hierarchies)
  const signed = published - rng.int(0, 3) * DAY
  const items: string[] = []
  let resume = ''
  let length = h.preamble.length + 40
  do {
    const item = rng.pick(p.items)
    const name = personName(rng, rng.chance(0.4) ? 'f' : 'm', 0)
    // The resume and the item name the same post: draw it once.
    const cargo = rng.pick(p.cargos)
    const career = rng.pick(p.careers)
    const ufDe = v.ufBySeats.pick(rng).de
    const same = (key: string): string | undefined => {
      switch (key) {
        case 'NAME':
          return upper(name)
        case 'Name':
          return name
        case 'cpf':
          return `***.${rng.digits(3)}.${rng.digits(3)}-**`
        case 'siape':
          return rng.digits(7)
        case 'cargo':
          return cargo
        case 'code':
          return rng.pick(p.codes)
        case 'fcode':
          return rng.pick(p.fcodes)
        case 'career':
          return career
        case 'unit':
          return fill(rng.pick(p.units), same)
        case 'ufDe':
          return ufDe
        default:
          return undefined
      }
    }
    const text = fill(item.text, same)
    if (items.length > 0 && length + text.length > target + 100) break
    if (items.length === 0) resume = fill(item.resume, same)
    items.push(text)
    length += text.length + 2
  } while (length < target - 40)
  return {
    title: `PORTARIA Nº ${thousands(rng.int(1, 4_800))}, DE ${upper(longDate(parts(signed)))}`,
    content: `${h.preamble} resolve:\n\n${items.join('\n\n')}\n\n${upper(personName(rng, rng.chance(0.3) ? 'f' : 'm', 0))}`,
    resume,
    hierarchy: h.path,
  }
}

function company(v: Vocabulary, rng: Rng): string {
  const c = v.dou.contracts
  return fill(rng.pick(c.companyForms), (key) =>
    key === 'Surname'
      ? rng.pick(v.names.surnames)
      : key === 'Surname2'
        ? rng.pick(v.names.surnames)
        : key === 'Sector'
          ? rng.pick(c.sectors)
          : undefined,
  )
}

function cnpj(rng: Rng): string {
  return `${rng.digits(2)}.${rng.digits(3)}.${rng.digits(3)}/0001-${rng.digits(2)}`
}

function contractAct(v: Vocabulary, rng: Rng, tables: Tables, published: number, target: number): Act {
  const c = v.dou.contracts
  const hierarchy = rng.pick(c.hierarchies)
  const org = hierarchy.slice(hierarchy.lastIndexOf('/') + 1)
  const kind = tables.contractKinds.pick(rng)
  const p = parts(published)
  const uasg = rng.int(110_000, 989_999)
  const number = rng.int(1, 480)
  const object = rng.pick(c.objects)
  const firm = company(v, rng)
  const useNew = published >= LEI_8666_END || (published >= LEI_14133 && rng.chance(0.5))
  const law = useNew ? 'Lei nº 14.133, de 1º de abril de 2021' : 'Lei nº 8.666, de 21 de junho de 1993'
  const modality = rng.pick(c.modalities)
  const date = (pp: Parts) => paddedDate(pp)
  let body: string
  if (kind.form === 'contract') {
    const start = parts(published + rng.int(0, 10) * DAY)
    const end = parts(published + rng.int(180, 1_800) * DAY)
    body =
      `Nº Processo: ${rng.digits(5)}.${rng.digits(6)}/${p.y}-${rng.digits(2)}.\n` +
      `${modality} Nº ${rng.int(1, 300)}/${p.y}. Contratante: ${upper(org)}.\n` +
      `CNPJ Contratado: ${cnpj(rng)}. Contratado: ${upper(firm)}${firm.endsWith('.') ? '' : '.'}\n` +
      `Objeto: ${object}.\n` +
      `Fundamento Legal: ${law}. Vigência: ${date(start)} a ${date(end)}. Valor Total: R$ ${money(rng.int(8_000, 40_000_000) * 100 + rng.int(0, 99))}. Data de Assinatura: ${date(parts(published - rng.int(1, 8) * DAY))}.`
  } else if (kind.form === 'bid') {
    const open = parts(published + rng.int(8, 20) * DAY)
    const uf = v.ufBySeats.pick(rng)
    body =
      `${modality} Nº ${rng.int(90_001, 90_480)}/${p.y}. Objeto: ${object}.\n` +
      `Total de Itens Licitados: ${rng.int(1, 60)}. Edital: ${date(p)} das 08h00 às 12h00 e das 13h00 às 17h00. ` +
      `Endereço: ${rng.pick(c.streets)}, ${rng.pick(uf.cities)} (${uf.uf}) ou https://www.gov.br/compras/edital/${uasg}-5-${number}-${p.y}. ` +
      `Entrega das Propostas: a partir de ${date(p)} às 08h00 no site www.gov.br/compras. Abertura das Propostas: ${date(open)} às 09h00 no site www.gov.br/compras.\n` +
      `Fundamento Legal: ${law}.`
  } else {
    body =
      `${modality} Nº ${rng.int(1, 480)}/${p.y}. Objeto: ${object}. ` +
      `Adjudicado e homologado em favor da empresa ${upper(firm)}, CNPJ ${cnpj(rng)}, no valor global de R$ ${money(rng.int(8_000, 9_000_000) * 100)}, nos termos da ${law}.`
  }
  const lines = [body]
  let length = body.length
  for (let item = 1; length < target - 60; item++) {
    const line = `Item ${item}: ${rng.pick(c.items)}. Quantidade: ${thousands(rng.int(1, 5_000))}. Valor unitário: R$ ${money(rng.int(150, 900_000))}.`
    lines.push(line)
    length += line.length + 1
  }
  const signer = upper(personName(rng, rng.chance(0.4) ? 'f' : 'm', 0))
  lines.push(
    `${signer}\n${rng.pick(['Agente de Contratação', 'Pregoeiro', 'Ordenador de Despesas', 'Coordenador de Licitações e Contratos'])}`,
  )
  return {
    title: `${kind.title} Nº ${number}/${p.y} - UASG ${uasg}`,
    content: lines.join('\n'),
    resume: `${object}.`,
    hierarchy,
  }
}
