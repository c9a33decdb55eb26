import { BATCH, batchOf, unlessStored } from '../batch.js'
import { about, type Kind, ORDER, DESCRIPTIONS } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { fileError } from '../file-error.js'
import { readsAs } from '../files.js'
import { readJson } from '../json-files.js'
import { mergePerson, partyLink, senatorId, stateLink, titleOf } from '../people.js'

/**
 * The Senado's open-data JSON (`legis.senado.leg.br/dadosabertos`): `/processo` list pages,
 * `/processo/{id}` details, `/processo/relatoria` pages, `/senador/lista/atual` and
 * `/senador/{cod}/comissoes`. Each file is one API answer, recognised by its shape.
 */

/** Stable ids from the origin's: a senator by `CodigoParlamentar` (people.ts), a process by its `id`. */
export { senatorId }
const processId = (id: string | number): string => `senado-${id}`

type Json = Record<string, unknown>
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim()
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : v && typeof v === 'object' ? [v as Json] : [])

function kindOf(file: InputFile, data: unknown): Kind {
  const first = Array.isArray(data) ? (data[0] as Json | undefined) : (data as Json | null)
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    if ('MembroComissaoParlamentar' in data) return 'comissoes'
    if ('ListaParlamentarEmExercicio' in data) return 'senadores'
    if ('AfastamentoAtual' in data) return 'afastados'
    if ('DetalheParlamentar' in data) return 'senador'
    if ('autoriaIniciativa' in data && 'identificacao' in data) return 'detalhes'
  }
  if (Array.isArray(data) && first && typeof first === 'object') {
    if ('idProcesso' in first && 'descricaoTipoRelator' in first) return 'relatorias'
    if ('autoriaIniciativa' in first) return 'detalhes'
    if ('identificacao' in first && 'casaIdentificadora' in first && 'id' in first) return 'processos'
  }
  if (Array.isArray(data) && data.length === 0) return 'processos'
  throw fileError(file, null, `is not a Senado answer this source reads (${ORDER.map((k) => DESCRIPTIONS[k]).join('; ')})`)
}

/** A senator as the Senado's files name one (each file spells the fields its own way). */
interface Senator {
  readonly code: string
  readonly name: string
  /** `FormaTratamento` (`Senadora`), or blank: then the title follows the sex. */
  readonly treatment: string
  readonly sex: string
  readonly party: string
  readonly uf: string
  readonly committees?: readonly unknown[]
}

/**
 * A senator's stakeholder record: the id from the code, the title as the Senado gives it (else
 * from the sex), party, state and committees as organs; in office or not when the file says so.
 *
 * @example senatorRecord({ code: '5894', name: 'Ana', treatment: '', sex: 'Feminino', party: 'PT', uf: 'BA' }, true).title // 'Senadora'
 */
function senatorRecord(s: Senator, active?: boolean): Json {
  return {
    id: senatorId(s.code),
    openDataId: s.code,
    openDataResource: 'senado',
    name: s.name,
    title: s.treatment || titleOf('senador', s.sex),
    ...(active === undefined ? {} : { situation: active ? 'Exercício' : 'Afastado', active }),
    organs: [...partyLink(s.party, 'senado'), ...stateLink(s.uf, 'senado'), ...(s.committees ?? [])],
  }
}

/** `PL 8/2025` → type, number, year. */
function identification(s: string): { acronym: string; number: number; year: number } | null {
  const m = /^(\S+)\s+(\d+)\/(\d{4})$/.exec(s.trim())
  return m ? { acronym: m[1] as string, number: Number(m[2]), year: Number(m[3]) } : null
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const byKind = new Map<Kind, { file: InputFile; data: unknown }[]>()
  for (const file of files) {
    const data = readJson(file)
    const kind = kindOf(file, data)
    byKind.set(kind, [...(byKind.get(kind) ?? []), { file, data }])
  }
  const committees = ctx.stage('comissoes')
  const details = ctx.stage('detalhes')
  const reporters = ctx.stage('relatorias')
  const senators = new Set<string>()

  for (const { data } of byKind.get('comissoes') ?? []) {
    const p = ((data as Json)['MembroComissaoParlamentar'] as Json | undefined)?.['Parlamentar'] as Json | undefined
    for (const c of list((p?.['MembroComissoes'] as Json | undefined)?.['Comissao'])) {
      const id = (c['IdentificacaoComissao'] ?? {}) as Json
      committees.add(str(p?.['Codigo']), {
        id: str(id['CodigoComissao']),
        name: str(id['NomeComissao']),
        initials: str(id['SiglaComissao']),
        openDataId: str(id['CodigoComissao']),
        openDataResource: 'senado',
        role: str(c['DescricaoParticipacao']),
        active: str(c['DataFim']) === '',
      })
    }
  }
  // The senators in office, those out of office, and a senator in detail: one shape of person each.
  const PEOPLE = {
    senadores: { list: (d: Json) => (d['ListaParlamentarEmExercicio'] as Json | undefined)?.['Parlamentares'], active: true },
    afastados: { list: (d: Json) => (d['AfastamentoAtual'] as Json | undefined)?.['Parlamentares'], active: false },
    senador: { list: (d: Json) => d['DetalheParlamentar'], active: true },
  } as const
  for (const kind of ['senadores', 'afastados', 'senador'] as const) {
    for (const { file, data } of byKind.get(kind) ?? []) {
      const people = list((PEOPLE[kind].list(data as Json) as Json | undefined)?.['Parlamentar'])
      const organs = committees.get(people.map((p) => str((p['IdentificacaoParlamentar'] as Json)?.['CodigoParlamentar'])))
      const items = people.map((p, i) => {
        const who = (p['IdentificacaoParlamentar'] ?? {}) as Json
        const code = str(who['CodigoParlamentar'])
        if (code === '') throw fileError(file, `Parlamentar[${i}]`, 'has no CodigoParlamentar')
        senators.add(code)
        // The list gives the state on the person or on the mandate.
        const uf = str(who['UfParlamentar']) || str((p['Mandato'] as Json | undefined)?.['UfParlamentar'])
        const record = senatorRecord(
          {
            code,
            name: str(who['NomeParlamentar']),
            treatment: str(who['FormaTratamento']),
            sex: str(who['SexoParlamentar']),
            party: str(who['SiglaPartidoParlamentar']),
            uf,
            committees: organs.get(code) ?? [],
          },
          PEOPLE[kind].active,
        )
        return { record, line: i + 1 }
      })
      // A senator whose committees the call did not include keeps the stored ones (and a party or
      // state another file gave, when this one gives none).
      const keepOrgans = (read: Record<string, unknown>, stored: Record<string, unknown>) => mergePerson(read, stored)
      for (let i = 0; i < items.length; i += BATCH) yield batchOf('stakeholders', file, items.slice(i, i + BATCH), keepOrgans, 'entry')
    }
  }
  for (const { data } of byKind.get('detalhes') ?? []) for (const d of list(data)) details.add(str(d['id']), d)
  for (const { file, data } of byKind.get('relatorias') ?? []) {
    const extra: { record: Record<string, unknown>; line: number }[] = []
    list(data).forEach((r, i) => {
      if (str(r['dataDestituicao']) !== '') return
      reporters.add(str(r['idProcesso']), r)
      const code = str(r['codigoParlamentar'])
      if (code !== '' && !senators.has(code)) {
        senators.add(code)
        // A rapporteur no list of senators gave: whether in office is unknown, so left unsaid.
        const record = senatorRecord({
          code,
          name: str(r['nomeParlamentar']),
          treatment: str(r['formaTratamentoParlamentar']),
          sex: str(r['sexoParlamentar']),
          party: str(r['siglaPartidoParlamentar']),
          uf: str(r['ufParlamentar']),
        })
        extra.push({ record, line: i + 1 })
      }
    })
    yield* unlessStored('stakeholders', file, extra, 'entry')
  }
  for (const { file, data } of byKind.get('processos') ?? []) {
    const items = list(data).map((p, i) => ({ p, line: i + 1 }))
    for (let at = 0; at < items.length; at += BATCH) {
      const part = items.slice(at, at + BATCH)
      const ids = part.map(({ p }) => str(p['id']))
      const d = details.get(ids)
      const r = reporters.get(ids)
      const out = part.map(({ p, line }) => {
        const detail = d.get(str(p['id']))?.[0] as Json | undefined
        const idf = identification(str(p['identificacao']))
        const authors = detail
          ? list(detail['autoriaIniciativa']).map((a) => ({
              openDataId: str(a['codigoParlamentar']),
              type: str(a['cargo']) || str(a['descricaoTipo']),
              name: str(a['autor']),
              acronymParty: str(a['siglaPartido']),
              uf: '',
              stakeholderId:
                str(a['casaEnte']) === 'SF' && str(a['codigoParlamentar']) !== '' ? senatorId(str(a['codigoParlamentar'])) : null,
            }))
          : str(p['autoria']) === ''
            ? []
            : [{ openDataId: '', type: '', name: str(p['autoria']), acronymParty: '', uf: '', stakeholderId: null }]
        const record = {
          id: processId(str(p['id'])),
          openDataId: str(p['id']),
          openDataResource: 'senado',
          openDataTypeId: '',
          title: str(p['identificacao']),
          acronymType: idf?.acronym ?? '',
          type: str(p['tipoDocumento']),
          number: idf?.number ?? 0,
          year: idf?.year ?? 0,
          summary: str(p['ementa']),
          datePresentation: str(p['dataApresentacao']),
          lastProceeding: {
            openDataSituationId: str(detail?.['siglaSituacaoAtual']),
            situation: str(p['situacaoAtual']),
            ...(str(p['dataSituacaoAtual']) ? { date: str(p['dataSituacaoAtual']) } : {}),
            processing: str(p['tramitando']) === 'Não' ? 'false' : 'true',
          },
          authors,
          rapporteurs: ((r.get(str(p['id'])) ?? []) as Json[]).map((x) => ({
            openDataId: str(x['codigoParlamentar']),
            type: str(x['descricaoTipoRelator']),
            name: str(x['nomeParlamentar']),
            acronymParty: str(x['siglaPartidoParlamentar']),
            uf: str(x['ufParlamentar']),
            stakeholderId: str(x['codigoParlamentar']) ? senatorId(str(x['codigoParlamentar'])) : null,
          })),
          themes: detail ? list(detail['classificacoes']).map((c) => ({ openDataId: str(c['codigo']), name: str(c['descricao']) })) : [],
        }
        return { record, line }
      })
      const noDetail = new Set(ids.filter((id) => !d.has(id)).map(processId))
      const noRapporteurs = new Set(ids.filter((id) => !r.has(id)).map(processId))
      yield batchOf('propositions', file, out, keepDetails(noDetail, noRapporteurs), 'entry')
    }
  }
}

/**
 * A process whose detail (or whose rapporteurs) the call did not include keeps what is stored of
 * them (authors, themes, the situation's id; rapporteurs): decided per record, so a detail file for
 * one process never empties another's.
 */
function keepDetails(noDetail: ReadonlySet<string>, noRapporteurs: ReadonlySet<string>) {
  return (read: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...read }
    const id = String(read['id'])
    if (noDetail.has(id)) {
      out['authors'] = stored['authors']
      out['themes'] = stored['themes']
      const before = stored['lastProceeding'] as Json
      out['lastProceeding'] = { ...(read['lastProceeding'] as Json), openDataSituationId: before['openDataSituationId'] }
    }
    if (noRapporteurs.has(id)) out['rapporteurs'] = stored['rapporteurs']
    return out
  }
}

/** The Senado Federal: processes (propositions) with authors, rapporteurs and classifications, and senators with their committees. */
export const senado = defineSource(about, {
  unmappable: 'refuse',
  // The year's processes and the senators in office; a process's detail and rapporteurs are one
  // request each (`/processo/{id}`, `/processo/relatoria?codigoMateria=`), not fetched in bulk.
  remote: {
    base: 'https://legis.senado.leg.br/',
    // The services answer XML unless asked for JSON.
    headers: { accept: 'application/json' },
    files: ({ year }) => [
      { path: 'dadosabertos/senador/lista/atual.json', kind: 'senadores', save: 'senador-lista-atual.json' },
      { path: `dadosabertos/processo?ano=${year}`, kind: 'processos', save: `processo-${year}.json` },
    ],
    recognizes: (file, kind) => readsAs(() => kindOf(file, readJson(file)) === kind),
  },
  read,
})
