import { DAY, RANGE_END, RANGE_START, atTime, dayOf, iso, longDate, parts, randomDay, workingDay } from './dates.js'
import { personName } from './people.js'
import { Rng, Weighted } from './prng.js'
import { fill, lowerFirst, thousands, upper } from './text.js'
import type { IrsDoc } from './types.js'
import { dated, usableAt, vocabulary, type Dated, type RfbVocab } from './vocabulary.js'

interface Topic {
  readonly subject: string
  readonly from: number
  readonly ementas: readonly string[]
  readonly answers: readonly Dated[]
  readonly laws: readonly Dated[]
}

type Kind = RfbVocab['kinds'][number]

const PORTARIA_ME_284 = dayOf('2020-07-27')

/** Normative documents of the Receita Federal do Brasil (consultations, instructions, declaratory acts). */
export function* generateIrs(count: number, rng: Rng): Generator<IrsDoc> {
  const v = vocabulary()
  const kinds = new Weighted(v.rfb.kinds.map((k) => [k, k.weight] as const))
  const topics: Topic[] = v.rfb.topics.map((t) => ({
    subject: t.subject,
    from: t.from === undefined ? -Infinity : dayOf(t.from),
    ementas: t.ementas,
    answers: dated(t.answers, t.from),
    laws: dated(t.laws, t.from),
  }))
  const normative = dated(v.rfb.normativeSubjects)
  for (let i = 0; i < count; i++) {
    const kind = kinds.pick(rng)
    const day = workingDay(randomDay(rng, RANGE_START, RANGE_END - 3 * DAY))
    const ms = Math.min(RANGE_END, atTime(day, rng.int(8, 18), rng.int(0, 59), rng.int(0, 59)))
    const organ = rng.pick(kind.units)
    const number = numberOf(rng, kind, organ, ms)
    const p = parts(ms)
    const heading = `${upper(kind.type)}${organ === 'RFB' ? '' : ` ${organ.startsWith('SRRF') ? `${organ}/DISIT` : organ}`} Nº ${thousands(number)}, DE ${upper(longDate(p))}`
    const signer = upper(personName(rng, rng.chance(0.35) ? 'f' : 'm', 0))
    const get = (key: string): string | undefined => {
      switch (key) {
        case 'year':
          return String(p.y)
        case 'prevYear':
          return String(p.y - 1)
        case 'tax':
          return rng.pick(v.rfb.taxes)
        case 'thing':
          return rng.pick(v.rfb.things)
        case 'company':
          return `${rng.pick(v.names.surnames)} ${rng.pick(['Logística', 'Comercial Importadora', 'Armazéns Gerais', 'Indústria e Comércio'])} Ltda.`
        case 'city':
          return rng.pick(v.ufBySeats.pick(rng).cities)
        case 'version':
          return `${rng.int(1, 12)}.${rng.int(0, 9)}.${rng.int(0, 9)}`
        default:
          return undefined
      }
    }
    let subject: string
    let content: string
    if (kind.type === 'Solução de Consulta' || kind.type === 'Solução de Divergência') {
      const available = topics.filter((t) => t.from <= ms)
      const topic = rng.pick(available.length > 0 ? available : topics)
      subject = topic.subject
      const ementas = rng.pickDistinct(topic.ementas, rng.int(1, 2))
      const answer = rng.pick(usableAt(topic.answers, ms)).text
      const laws = rng.pickDistinct(usableAt(topic.laws, ms), rng.int(1, 3)).map((l) => l.text)
      content = [
        heading,
        `Assunto: ${subject}`,
        ...ementas,
        answer,
        kind.type === 'Solução de Divergência'
          ? `Reforma-se a Solução de Consulta ${organ} nº ${rng.int(1, 300)}, de ${longDate(parts(ms - rng.int(90, 900) * DAY))}.`
          : '',
        `Dispositivos Legais: ${laws.join('; ')}.`,
        signer,
        organ === 'COSIT'
          ? 'Coordenador-Geral de Tributação'
          : `Chefe da Divisão de Tributação da ${v.rfb.units[organ] ?? 'Superintendência Regional'}`,
      ]
        .filter((line) => line !== '')
        .join('\n\n')
    } else {
      const self = kind.type.startsWith('Instrução')
        ? 'Esta Instrução Normativa'
        : kind.type.startsWith('Portaria')
          ? 'Esta Portaria'
          : `Este ${kind.type}`
      subject =
        kind.type === 'Instrução Normativa RFB'
          ? fill(rng.pick(usableAt(normative, ms)).text, get)
          : kind.type === 'Portaria RFB'
            ? fill(rng.pick(v.rfb.portariaSubjects), get)
            : kind.type === 'Ato Declaratório Interpretativo'
              ? fill(rng.pick(v.rfb.adiSubjects), get)
              : fill(rng.pick(v.rfb.adeSubjects[organ] ?? v.rfb.adiSubjects), get)
      const topic = rng.pick(topics.filter((t) => t.from <= ms))
      const unit = v.rfb.units[organ] ?? 'Coordenação-Geral de Tributação'
      const authority =
        organ === 'RFB'
          ? ms >= PORTARIA_ME_284
            ? 'O SECRETÁRIO ESPECIAL DA RECEITA FEDERAL DO BRASIL, no uso da atribuição que lhe confere o inciso III do art. 350 do Regimento Interno da Secretaria Especial da Receita Federal do Brasil, aprovado pela Portaria ME nº 284, de 27 de julho de 2020,'
            : 'O SECRETÁRIO DA RECEITA FEDERAL DO BRASIL, no uso da atribuição que lhe confere o Regimento Interno da Secretaria da Receita Federal do Brasil,'
          : `O ${upper(unit.replace(/^Coordenação-Geral/, 'Coordenador-Geral'))}, no uso das atribuições que lhe confere o Regimento Interno da Secretaria Especial da Receita Federal do Brasil,`
      const cited = rng.pick(usableAt(topic.laws, ms)).text
      const selfEm = self.replace(/^Esta /, 'nesta ').replace(/^Este /, 'neste ')
      content = [
        heading,
        subject,
        `${authority} ${kind.type.startsWith('Ato') ? 'declara:' : 'resolve:'}`,
        `Art. 1º ${self} ${lowerFirst(subject)}`,
        `Art. 2º Na aplicação do disposto ${selfEm}, observar-se-á o disposto ${/^(Decreto|Parecer)/.test(cited) ? 'no' : 'na'} ${cited}.`,
        `Art. 3º ${self} entra em vigor na data de sua publicação no Diário Oficial da União.`,
        signer,
      ].join('\n\n')
    }
    yield {
      id: `irs-${String(i + 1).padStart(7, '0')}`,
      type: kind.type,
      subject,
      content,
      link: `http://normas.receita.fazenda.gov.br/sijut2consulta/link.action?idAto=${60_000 + i * 3 + rng.int(0, 2)}&visao=anotado`,
      number,
      organ,
      date: iso(ms),
    }
  }
}

function numberOf(rng: Rng, kind: Kind, organ: string, ms: number): number {
  if (kind.numbering === 'counter')
    return Math.floor((kind.base ?? 1) + ((ms - RANGE_START) / DAY) * (kind.ratePerDay ?? 0.1)) + rng.int(0, 2)
  const n = rng.int(1, kind.max ?? 100)
  const region = /^SRRF(\d\d)$/.exec(organ)
  return region ? Number(region[1]) * 1000 + n : n
}
