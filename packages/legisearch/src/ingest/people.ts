/**
 * What the sources say of a person beyond the spec's stakeholder fields. The shape (spec 2.8) has
 * no party, state or sex: a party and a state are kept as links in `organs` (role `Partido`, id
 * `partido-<ACRONYM>`; role `UF`, id `uf-<UF>`), and a title is worded as the source gives the
 * person's sex (`Deputada Federal`, `Senadora`), or in the neutral form the Câmara itself uses
 * (`Deputado(a) Federal`, `Senador(a)`) when no file of the call gives it.
 */

/**
 * How the sources' stakeholder ids begin: a stable id is the prefix and the origin's own id
 * (`camara-deputado-220659`), the same on every ingest. The makers below and `stakeholderKind`
 * (api/stakeholder-kind.ts) read this one table.
 */
export const STAKEHOLDER_ID_PREFIX = {
  camaraDeputy: 'camara-deputado-',
  camaraOrgan: 'camara-orgao-',
  senator: 'senado-senador-',
  alespDeputy: 'alesp-deputado-',
} as const

/** A Câmara deputy's id by the Câmara's id: `deputyId('220659')` → `camara-deputado-220659`. */
export const deputyId = (id: string): string => `${STAKEHOLDER_ID_PREFIX.camaraDeputy}${id}`
/** A Câmara organ's id (a committee, the Executive as an author…) by the Câmara's id. */
export const organId = (id: string): string => `${STAKEHOLDER_ID_PREFIX.camaraOrgan}${id}`
/** A senator's id by `CodigoParlamentar`: `senatorId(1249)` → `senado-senador-1249`. */
export const senatorId = (code: string | number): string => `${STAKEHOLDER_ID_PREFIX.senator}${code}`
/** An ALESP deputy's id by the SPL id the authors file names (`IdAutor` = `IdSPL`). */
export const alespDeputyId = (idSpl: string): string => `${STAKEHOLDER_ID_PREFIX.alespDeputy}${idSpl}`

/** A link of a stakeholder's `organs`. */
export interface OrganLink {
  readonly id: string
  readonly name: string
  readonly initials: string
  readonly openDataId: string
  readonly openDataResource: string
  readonly role: string
  readonly active: boolean
}

/** The role of a party link. */
export const PARTY_ROLE = 'Partido'
/** The role of a state link. */
export const STATE_ROLE = 'UF'

/**
 * A party link: `partyLink('PSB', 'senado')` → `{ id: 'partido-PSB', initials: 'PSB', role: 'Partido', … }`;
 * none for a blank acronym.
 *
 * @example partyLink('PT', 'camara', 'Partido dos Trabalhadores', '36844')
 */
export function partyLink(acronym: string, resource: string, name = '', openDataId = ''): OrganLink[] {
  const a = acronym.trim()
  if (a === '') return []
  return [
    { id: `partido-${a}`, name: name.trim() || a, initials: a, openDataId, openDataResource: resource, role: PARTY_ROLE, active: true },
  ]
}

/**
 * A state link: `stateLink('MA', 'senado')` → `{ id: 'uf-MA', initials: 'MA', role: 'UF', … }`; none for a blank state.
 *
 * @example stateLink('SP', 'alesp')
 */
export function stateLink(uf: string, resource: string): OrganLink[] {
  const u = uf.trim().toUpperCase()
  if (u === '') return []
  return [{ id: `uf-${u}`, name: u, initials: u, openDataId: '', openDataResource: resource, role: STATE_ROLE, active: true }]
}

/** `F`, `Feminino` → female; `M`, `Masculino` → male; anything else unknown. */
function sexOf(sex: string): 'F' | 'M' | '' {
  const s = sex.trim().toUpperCase()
  return s === 'F' || s === 'FEMININO' ? 'F' : s === 'M' || s === 'MASCULINO' ? 'M' : ''
}

const TITLES = {
  deputadoFederal: { M: 'Deputado Federal', F: 'Deputada Federal', '': 'Deputado(a) Federal' },
  deputadoEstadual: { M: 'Deputado Estadual', F: 'Deputada Estadual', '': 'Deputado(a) Estadual' },
  senador: { M: 'Senador', F: 'Senadora', '': 'Senador(a)' },
} as const

/**
 * A title worded for the sex the source gives (`F`/`M`/`Feminino`/`Masculino`), neutral when it gives none.
 *
 * @example titleOf('deputadoFederal', 'F') // 'Deputada Federal'
 */
export function titleOf(post: keyof typeof TITLES, sex: string): string {
  return TITLES[post][sexOf(sex)]
}

/** Whether a title is one of the neutral forms (the source did not give the sex). */
export function isNeutralTitle(title: unknown): boolean {
  return typeof title === 'string' && title.includes('(a)')
}

type Json = Record<string, unknown>
const linksOf = (r: Json) => (Array.isArray(r['organs']) ? (r['organs'] as OrganLink[]) : [])
/** A link's kind: a party, a state, or an organ (committees and the like, whatever their role). */
const kindOf = (o: OrganLink) => (o.role === PARTY_ROLE ? 'party' : o.role === STATE_ROLE ? 'state' : 'organ')

/**
 * How a person read from a file merges with the stored record: the read record's fields win,
 * except a neutral title over a worded one, and the stored links of a kind the read record has
 * none of (a party, a state, organs such as committees) are kept: a file that does not give a party does not
 * erase the one another file gave.
 *
 * @example mergePerson({ id: 'x', title: 'Senador(a)', organs: [] }, { id: 'x', title: 'Senadora', organs: [party] })
 */
export function mergePerson(read: Json, stored: Json): Json {
  const kinds = new Set(linksOf(read).map(kindOf))
  const kept = linksOf(stored).filter((o) => !kinds.has(kindOf(o)))
  const out: Json = { ...read, organs: [...linksOf(read), ...kept] }
  if (isNeutralTitle(read['title']) && typeof stored['title'] === 'string' && stored['title'] !== '') out['title'] = stored['title']
  return out
}

/**
 * How a person known only from another source's files (a poster of the social files, an author
 * row) merges with the stored record: the stored one stays, gaining only the links of kinds it
 * has none of and a worded title for a neutral one.
 *
 * @example fillPerson({ id: 'x', organs: [party] }, storedFromTheCamara)
 */
export function fillPerson(read: Json, stored: Json): Json {
  const kinds = new Set(linksOf(stored).map(kindOf))
  const added = linksOf(read).filter((o) => !kinds.has(kindOf(o)))
  const out: Json = { ...stored, organs: [...linksOf(stored), ...added] }
  if (isNeutralTitle(stored['title']) && typeof read['title'] === 'string' && !isNeutralTitle(read['title']) && read['title'] !== '')
    out['title'] = read['title']
  return out
}

/**
 * The stored record with the read record's links in place of the stored links of the same kinds
 * (a newer party and state from a list of deputies, the rest of the stored record kept).
 *
 * @example relink({ id: 'x', organs: [newParty] }, stored)
 */
export function relink(read: Json, stored: Json): Json {
  return mergePerson({ ...stored, organs: linksOf(read) }, stored)
}
