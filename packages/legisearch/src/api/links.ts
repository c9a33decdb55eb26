import { invalid } from '../common/errors.js'
import { shown } from '../common/shown.js'
import type { CorpusName } from '../corpora/registry.js'

type Fields = Readonly<Record<string, unknown>>

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** A proposition's page, by the house it came from (`openDataResource`) and its id there (`openDataId`). */
const PROPOSITION_PAGES: Readonly<Record<string, (id: string) => string>> = {
  camara: (id) => `https://www.camara.leg.br/propostas-legislativas/${id}`,
  alesp: (id) => `https://www.al.sp.gov.br/propositura/?id=${id}`,
}

/**
 * The DOU's `jornal` code of a section, as the origin's `pdfPage` addresses write it (PROVENANCE of
 * the DOU files: 515, 529, 530 for sections 1 to 3; 604 and 608 for the extras of 2 and 3).
 */
const DOU_JOURNALS: Readonly<Record<string, number>> = { '1': 515, '2': 529, '3': 530, '2 extra': 604, '3 extra': 608 }

/** The DOU page an act was printed on: the origin's `pdfPage`, from its day, section and page. */
function douPage(r: Fields): string | null {
  const section = /(\d+)(\s*-?\s*extra)?/i.exec(str(r['section']))
  const page = /página\s+(\d+)/i.exec(str(r['location']))
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(str(r['date']))
  if (!section || !page || !day) return null
  const journal = DOU_JOURNALS[`${Number(section[1])}${section[2] ? ' extra' : ''}`]
  if (journal === undefined) return null
  return `http://pesquisa.in.gov.br/imprensa/jsp/visualiza/index.jsp?data=${day[3]}/${day[2]}/${day[1]}&jornal=${journal}&pagina=${page[1]}`
}

/** A BCB norm's page, by its type and the number its title ends with (`Resolução CMN N° 5.207`). */
function bacenPage(r: Fields): string | null {
  const type = str(r['type'])
  const number = /(\d[\d.]*)\s*$/.exec(str(r['title']))?.[1]?.replace(/\./g, '')
  if (type === '' || number === undefined) return null
  return `https://www.bcb.gov.br/estabilidadefinanceira/exibenormativo?tipo=${encodeURIComponent(type)}&numero=${number}`
}

/** The address of the origin's own page of a record, per corpus (one entry per registered corpus). */
const LINKS: Readonly<Record<CorpusName, (r: Fields) => string | null>> = {
  propositions: (r) => {
    const id = str(r['openDataId'])
    const page = PROPOSITION_PAGES[str(r['openDataResource']).toLowerCase()]
    return page && /^\d+$/.test(id) ? page(id) : null
  },
  social: (r) => str(r['link']) || null,
  dou: douPage,
  bacen: bacenPage,
  notices: (r) => str(r['url']) || null,
  irs: (r) => str(r['link']) || null,
}

/**
 * The official page of a record (a search result or a stored record) at its origin, or null when
 * its fields do not give one. Where the result shape has a field for it (`link` of social and irs,
 * `url` of notices) that field is the answer; otherwise it is derived from stored fields: the
 * Câmara's proposition page (`openDataId`), the ALESP's, the DOU page the act was printed on (its
 * day, section and page), the BCB norm's page (its type and number). Senado propositions and the
 * DOU's first-section extras have none (the stored fields do not name the page).
 *
 * @example officialLink('propositions', { openDataResource: 'camara', openDataId: '2345485' })
 * // 'https://www.camara.leg.br/propostas-legislativas/2345485'
 */
export function officialLink(corpus: CorpusName, record: object): string | null {
  if (typeof corpus !== 'string' || !Object.hasOwn(LINKS, corpus))
    throw invalid(`corpus: must be one of ${Object.keys(LINKS).join(', ')} (got ${shown(corpus)})`, ['corpus'])
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    throw invalid(`record: must be a record object (got ${shown(record)})`, ['record'])
  return LINKS[corpus](record as Fields)
}
