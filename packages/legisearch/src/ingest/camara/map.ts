import { deputyId, organId, partyLink, stateLink, titleOf } from '../people.js'

/**
 * The Câmara's rows → the records `upsert` accepts. Pure functions; the joins (authors, themes,
 * rapporteur names) come in as arguments.
 */

/** Stable stakeholder ids, derived from the origin's own ids: the same deputy gets the same id on every ingest. */
export { deputyId, organId }
/** The record id of a Câmara proposition. */
export const propositionId = (id: string): string => `camara-${id}`

/** The last path segment of an API address (`…/deputados/220659` → `220659`), or ''. */
export function lastSegment(uri: string): string {
  const m = /\/([^/]+)\/?$/.exec(uri.trim())
  return m ? (m[1] as string) : ''
}

/**
 * Party acronyms the bulk files cut to 8 characters (PROVENANCE: `REPUBLIC`), restored; any other
 * value is kept as written.
 */
const TRUNCATED_PARTIES: Readonly<Record<string, string>> = { REPUBLIC: 'REPUBLICANOS', SOLIDARI: 'SOLIDARIEDADE' }

export function partyOf(acronym: string): string {
  const a = acronym.trim()
  return TRUNCATED_PARTIES[a] ?? a
}

/** `Deputado(a)` (2026 files) and `Deputado` (2023 files) are the same author type. */
export function authorTypeOf(type: string): string {
  const t = type.trim()
  return /^deputad[oa](\s*\(a\))?$/i.test(t) ? 'Deputado' : t
}

/** An author row as staged: what the proposition's `authors` needs. */
export interface AuthorRow {
  readonly order: number
  readonly deputy: string
  readonly uri: string
  readonly type: string
  readonly name: string
  readonly party: string
  readonly uf: string
}

export function authorOf(a: AuthorRow): Record<string, unknown> {
  const organ = a.deputy === '' ? lastSegment(a.uri) : ''
  return {
    openDataId: a.deputy || organ,
    type: authorTypeOf(a.type),
    name: a.name,
    acronymParty: partyOf(a.party),
    uf: a.uf,
    stakeholderId: a.deputy ? deputyId(a.deputy) : organ ? organId(organ) : null,
  }
}

/**
 * Whether a proposition is still in progress, read from its situation: finished when archived,
 * turned into a law or into another proposition, withdrawn, rejected, vetoed in full, lapsed or
 * otherwise finished; in progress otherwise (and when no situation is recorded).
 */
export function processingOf(situation: string): 'true' | 'false' {
  return /arquivad|transformad[oa]|finalizad|retirad|rejeitad|vetad[oa] total|perdeu a efic|prejudicad|devolvid[oa] ao autor/i.test(
    situation,
  )
    ? 'false'
    : 'true'
}

/** The regime's category: its name without the article it cites (`Urgência (Art. 155, RICD)` → `Urgência`). */
export function regimeCategoryOf(regime: string): string {
  return regime.replace(/\s*\(.*$/, '').trim()
}

/** The proposition record of a row of `proposicoes-YYYY.csv`. */
export function propositionOf(
  r: Readonly<Record<string, string>>,
  joins: {
    authors: readonly AuthorRow[]
    themes: readonly Record<string, unknown>[]
    rapporteur: { name: string; uf: string } | undefined
  },
): Record<string, unknown> {
  const year = Number(r['ano'])
  const number = Number(r['numero'])
  const sigla = (r['siglaTipo'] ?? '').trim()
  const relator = lastSegment(r['ultimoStatus_uriRelator'] ?? '')
  const situation = r['ultimoStatus_descricaoSituacao'] ?? ''
  const regime = r['ultimoStatus_regime'] ?? ''
  const organ: Record<string, unknown> = {}
  if (r['ultimoStatus_idOrgao']) organ['id'] = r['ultimoStatus_idOrgao']
  if (r['ultimoStatus_siglaOrgao']) organ['initials'] = r['ultimoStatus_siglaOrgao']
  if (r['ultimoStatus_uriOrgao']) organ['uri'] = r['ultimoStatus_uriOrgao']
  const statusDate = r['ultimoStatus_dataHora'] ?? ''
  return {
    id: propositionId(r['id'] ?? ''),
    openDataId: r['id'],
    openDataResource: 'camara',
    openDataTypeId: r['codTipo'],
    title: year > 0 ? `${sigla} ${r['numero']}/${year}` : `${sigla} ${r['numero']}`,
    acronymType: sigla,
    type: r['descricaoTipo'],
    number: Number.isInteger(number) ? number : r['numero'],
    year: Number.isInteger(year) ? year : r['ano'],
    summary: r['ementa'] || r['ementaDetalhada'] || '',
    datePresentation: r['dataApresentacao'],
    lastProceeding: {
      openDataId: r['ultimoStatus_sequencia'] ?? '',
      openDataSituationId: r['ultimoStatus_idSituacao'] ?? '',
      ...(statusDate ? { date: statusDate } : {}),
      organ,
      description: r['ultimoStatus_descricaoTramitacao'] ?? '',
      situation,
      regime,
      regimeCategory: regimeCategoryOf(regime),
      processing: processingOf(situation),
      appreciation: r['ultimoStatus_apreciacao'] ?? '',
    },
    authors: [...joins.authors].sort((a, b) => a.order - b.order).map(authorOf),
    rapporteurs: relator
      ? [
          {
            openDataId: relator,
            type: 'Deputado',
            name: joins.rapporteur?.name ?? '',
            acronymParty: '',
            uf: joins.rapporteur?.uf ?? '',
            stakeholderId: deputyId(relator),
          },
        ]
      : [],
    themes: joins.themes,
  }
}

/** A deputy's stakeholder record: the same shape whichever file names the deputy. */
function deputy(
  id: string,
  name: string | undefined,
  active: boolean,
  more: { sex?: string; party?: string; partyId?: string; uf?: string } = {},
): Record<string, unknown> {
  return {
    id: deputyId(id),
    openDataId: id,
    openDataResource: 'camara',
    name,
    title: titleOf('deputadoFederal', more.sex ?? ''),
    situation: '',
    active,
    organs: [...partyLink(partyOf(more.party ?? ''), 'camara', '', more.partyId ?? ''), ...stateLink(more.uf ?? '', 'camara')],
  }
}

/**
 * The stakeholder record of a row of `deputados.csv`; `latest` is the newest legislature in the
 * file. The title is worded by `siglaSexo`; the file gives no party nor state of the mandate
 * (`ufNascimento` is where the deputy was born).
 */
export function deputyOf(r: Readonly<Record<string, string>>, latest: number): Record<string, unknown> {
  return deputy(lastSegment(r['uri'] ?? ''), r['nome'], Number(r['idLegislaturaFinal']) === latest, { sex: r['siglaSexo'] ?? '' })
}

/**
 * The Câmara's legislature on a day: the 57th ran from 1 February 2023 to 31 January 2027, each
 * lasts four years.
 */
export function legislatureOn(day: Date): number {
  return Math.floor((day.getUTCFullYear() - (day.getUTCMonth() === 0 ? 1 : 0) - 1795) / 4)
}

/** The stakeholder of a deputy from a page of /api/v2/deputados: active when of today's legislature; its party and state as links. */
export function deputyOfPage(r: Readonly<Record<string, string>>, today: Date): Record<string, unknown> {
  return deputy((r['id'] ?? '').trim(), r['nome'], Number(r['idLegislatura']) === legislatureOn(today), {
    party: r['siglaPartido'] ?? '',
    partyId: lastSegment(r['uriPartido'] ?? ''),
    uf: r['siglaUf'] ?? '',
  })
}

/** The stakeholder of a deputy known from an author row (its party and state at the time), for one no deputies' file gives. */
export function deputyOfAuthor(a: AuthorRow): Record<string, unknown> {
  return deputy(a.deputy, a.name.trim() || a.deputy, true, { party: a.party, uf: a.uf })
}

/** The stakeholder of an organ known only as an author (a row of `proposicoesAutores`). */
export function organAuthorOf(id: string, r: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    id: organId(id),
    openDataId: id,
    openDataResource: 'camara',
    name: r['nomeAutor'] || id,
    title: r['tipoAutor'] ?? '',
    organs: [],
  }
}

/** The stakeholder record of a row of `orgaos.csv`. */
export function organOf(r: Readonly<Record<string, string>>): Record<string, unknown> {
  const id = lastSegment(r['uri'] ?? '')
  return {
    id: organId(id),
    openDataId: id,
    openDataResource: 'camara',
    name: r['nome'] || r['sigla'] || id,
    title: r['tipoOrgao'] ?? '',
    situation: r['descricaoSituacao'] ?? '',
    active: (r['dataFim'] ?? '') === '',
    organs: [],
  }
}

/**
 * How a proposition read in a call merges with the stored one: the joins whose file the call did
 * not include are kept as stored, and so are a rapporteur's name and state the call's deputies'
 * files do not give (while the rapporteur is the same).
 */
export function mergeKeeping(keep: { authors: boolean; themes: boolean }) {
  return (read: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...read }
    if (keep.authors) out['authors'] = stored['authors']
    if (keep.themes) out['themes'] = stored['themes']
    type Rapporteur = { openDataId: string; name: string; uf: string }
    const before = new Map(((stored['rapporteurs'] ?? []) as Rapporteur[]).map((r) => [r.openDataId, r]))
    out['rapporteurs'] = ((read['rapporteurs'] ?? []) as Rapporteur[]).map((r) => {
      const same = before.get(r.openDataId)
      return same ? { ...r, name: r.name || same.name, uf: r.uf || same.uf } : r
    })
    return out
  }
}
