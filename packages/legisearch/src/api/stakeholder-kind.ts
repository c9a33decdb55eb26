import { PARTY_ROLE, STAKEHOLDER_ID_PREFIX } from '../ingest/people.js'
import { fold } from '../text/fold.js'

/**
 * What a stakeholder is. The spec's shape (2.8) has no such field, and the sources store people,
 * committees and other organs side by side: the kind is read from the stored fields (title, name,
 * id, organs) by one table of rules, the same for every source.
 */

/** The kinds `findStakeholders` tells apart (its `kind` on each match, and its `kind` filter). */
export const STAKEHOLDER_KINDS = ['person', 'committee', 'party', 'organ', 'unknown'] as const

/** `person`, `committee`, `party`, `organ` or `unknown` (see {@link KIND_RULES}). */
export type StakeholderKind = (typeof STAKEHOLDER_KINDS)[number]

/** The stored fields the rules read. */
export interface KindFields {
  readonly id: string
  readonly name: string
  readonly title: string
  readonly organs: readonly { readonly role: string }[]
}

/** A stakeholder's fields as the rules compare them: title and name folded (case and accents), trimmed. */
interface Folded {
  readonly id: string
  readonly title: string
  readonly name: string
  readonly roles: readonly string[]
}

/** One rule: when it holds (in words, as the README says it), the kind it gives. */
interface KindRule {
  readonly kind: StakeholderKind
  readonly when: string
  readonly test: (s: Folded) => boolean
}

const titled = (re: RegExp) => (s: Folded) => re.test(s.title)
const untitledNamed = (re: RegExp) => (s: Folded) => s.title === '' && re.test(s.name)
const idStarts =
  (...prefixes: readonly string[]) =>
  (s: Folded) =>
    prefixes.some((p) => s.id.startsWith(p))

/** Words that begin a committee's title or name: Comissão…, Subcomissão…, Grupo de Trabalho, CPI, CPMI. */
const COMMITTEE = /^((sub)?comissao|grupo de trabalho|cpm?i)\b/
/** Words that begin a party's, a party caucus's or a party leadership's title or name. */
const PARTY = /^(partido|bancada|lideranca)\b/

/**
 * The rules, in order: the first that holds gives the kind. Titles first (the Câmara's organ type
 * and a person's post are titles), then the name when there is no title, then the id the source
 * minted, then a party link; `unknown` when none holds (a record upserted with a name only).
 */
export const KIND_RULES: readonly KindRule[] = [
  {
    kind: 'person',
    when: 'the title is a parliamentarian’s post: Deputado/Deputada/Deputado(a) (Federal, Estadual, Distrital), Senador/Senadora/Senador(a), Vereador/Vereadora',
    test: titled(/^(deputad[oa]|senador|vereador)/),
  },
  {
    kind: 'organ',
    when: 'the title is Comissão Diretora: the Câmara’s Mesa and its offices (Presidência, Secretarias), a governing board, not a committee',
    test: titled(/^comissao diretora\b/),
  },
  {
    kind: 'committee',
    when: 'the title begins Comissão, Subcomissão, CPI, CPMI or Grupo de Trabalho (permanent, special, mixed, inquiry, external committees, provisional-measure committees, working groups)',
    test: titled(COMMITTEE),
  },
  {
    kind: 'party',
    when: 'the title begins Partido, Bancada or Liderança: a party, its caucus or its leadership in a house',
    test: titled(PARTY),
  },
  {
    kind: 'organ',
    when: 'the title begins Órgão (do Poder Executivo, do Poder Legislativo, da Câmara…), Conselho, Procuradoria, Corregedoria, Ouvidoria, Plenário, Coordenadoria, Secretaria or Mesa',
    test: titled(/^(orgao|conselho|procuradoria|corregedoria|ouvidoria|plenario|coordenadoria|secretaria|mesa)\b/),
  },
  {
    kind: 'committee',
    when: 'no title, and the name begins as a committee’s (Comissão, Subcomissão, CPI…)',
    test: untitledNamed(COMMITTEE),
  },
  { kind: 'party', when: 'no title, and the name begins Partido, Bancada or Liderança', test: untitledNamed(PARTY) },
  {
    kind: 'organ',
    when: 'no title, and the name begins Mesa, Poder, Governo, Governador(a), Tribunal, Ministério, Procuradoria or Defensoria',
    test: untitledNamed(/^(mesa|poder|governo|governador|tribunal|ministerio|procuradoria|defensoria)\b/),
  },
  {
    kind: 'person',
    when: `the id is a parliamentarian’s the sources mint (${STAKEHOLDER_ID_PREFIX.camaraDeputy}…, ${STAKEHOLDER_ID_PREFIX.senator}…, ${STAKEHOLDER_ID_PREFIX.alespDeputy}…): an author or poster known by name only`,
    test: idStarts(STAKEHOLDER_ID_PREFIX.camaraDeputy, STAKEHOLDER_ID_PREFIX.senator, STAKEHOLDER_ID_PREFIX.alespDeputy),
  },
  {
    kind: 'organ',
    when: `the id is a Câmara organ’s (${STAKEHOLDER_ID_PREFIX.camaraOrgan}…) of any other title`,
    test: idStarts(STAKEHOLDER_ID_PREFIX.camaraOrgan),
  },
  { kind: 'person', when: `a party link in organs (role ${PARTY_ROLE}): only people carry one`, test: (s) => s.roles.includes(PARTY_ROLE) },
]

/**
 * A stakeholder's kind, by the first of {@link KIND_RULES} that holds; `unknown` when none does.
 *
 * @example stakeholderKind({ id: 'camara-orgao-2003', name: 'Comissão de Finanças e Tributação', title: 'Comissão Permanente', organs: [] }) // 'committee'
 */
export function stakeholderKind(s: KindFields): StakeholderKind {
  const folded: Folded = {
    id: s.id,
    title: fold(s.title.trim()),
    name: fold(s.name.trim()),
    roles: s.organs.map((o) => o.role),
  }
  return KIND_RULES.find((r) => r.test(folded))?.kind ?? 'unknown'
}
