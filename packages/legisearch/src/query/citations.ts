import { fold } from '../text/fold.js'
import { tokenize } from '../text/tokenize.js'
import type { TextItem } from '../text-index/text-query.js'
import { identifierKey } from './identifiers.js'

/**
 * The citation grammar: how people write a bill or a norm (`MP 1154/2023`, `Medida Provisória
 * 1.154`, `PL nº 504/23`, `IN RFB 1700`, `Resolução CMN nº 5.207/2025`, `Lei 8.666/93`), read in
 * `q` and in a norm's own title, and written back as every spelling a text may use. The README's
 * "Citations" table is this file's table.
 *
 * A citation is a type (its acronym or name), for norms optionally who issued it (`RFB`, `CMN`), an
 * optional number sign (`nº`, `n°`, `n.º`, `no.`), a number with or without dots, and optionally
 * `/year` (two or four digits).
 */

/**
 * The version of what this file derives from a norm's title (its indexed `citation` text and keys):
 * bumped when that changes, so corpora indexed under an earlier one are indexed again.
 */
export const CITATION_GRAMMAR_VERSION = 3

/** One kind of bill or norm: how texts write it, and (norms) who may issue it. */
export interface CitationType {
  /** The type's key in identifier keys: `pl`, `mpv`, `in`, `resolucao`. */
  readonly key: string
  readonly kind: 'bill' | 'norm'
  /** How texts write it; the single-word ones are acronyms (a bill's are stored as `acronymType`). */
  readonly spellings: readonly string[]
  /** Norms: the issuers that may follow the type (`IN RFB`, `Resolução CMN`). */
  readonly issuers?: readonly string[]
  /**
   * Norms: the issuers searched for too when none is typed (`Instrução Normativa 1548` also finds
   * `IN RFB nº 1548`); by default every one of `issuers`. Each adds a set of phrases to the search,
   * so types whose issuers are many and seldom written (`Portaria`) expand into none.
   */
  readonly usual?: readonly string[]
}

const bill = (key: string, ...spellings: string[]): CitationType => ({ key, kind: 'bill', spellings })
const norm = (key: string, spellings: string[], issuers: string[] = [], usual: string[] = issuers): CitationType => ({
  key,
  kind: 'norm',
  spellings,
  issuers,
  usual,
})

/**
 * Every type the grammar knows. Bills from the Câmara's and Senado's type tables; a name two types
 * share (`Projeto de Decreto Legislativo`: PDL since 2019, PDC before) cites either.
 */
export const CITATION_TYPES: readonly CitationType[] = [
  bill('pl', 'PL', 'Projeto de Lei'),
  bill('plp', 'PLP', 'Projeto de Lei Complementar'),
  bill('pec', 'PEC', 'Proposta de Emenda à Constituição', 'Proposta de Emenda Constitucional'),
  bill('mpv', 'MPV', 'MP', 'Medida Provisória'),
  bill('pdl', 'PDL', 'Projeto de Decreto Legislativo'),
  bill('pdc', 'PDC', 'Projeto de Decreto Legislativo'),
  bill('pls', 'PLS', 'Projeto de Lei do Senado'),
  bill('plc', 'PLC', 'Projeto de Lei da Câmara'),
  bill('plv', 'PLV', 'Projeto de Lei de Conversão'),
  bill('pln', 'PLN'),
  bill('ploa', 'PLOA'),
  bill('prc', 'PRC'),
  bill('prs', 'PRS'),
  bill('pds', 'PDS'),
  bill('req', 'REQ', 'Requerimento'),
  bill('rqs', 'RQS', 'Requerimento'),
  bill('ric', 'RIC', 'Requerimento de Informação'),
  bill('inc', 'INC', 'Indicação'),
  bill('msc', 'MSC', 'Mensagem'),
  bill('emc', 'EMC'),
  bill('pel', 'PEL'),
  bill('plo', 'PLO'),
  bill('pr', 'PR'),
  bill('pdo', 'PDO'),
  bill('rcp', 'RCP'),
  bill('sug', 'SUG'),
  bill('tvr', 'TVR'),
  norm('lei', ['Lei']),
  norm('lc', ['LC', 'Lei Complementar']),
  norm('decreto', ['Decreto']),
  norm('decreto-lei', ['Decreto-Lei', 'DL']),
  norm('portaria', ['Portaria'], ['MF', 'ME', 'RFB', 'PGFN', 'Normativa', 'Conjunta', 'Interministerial'], []),
  norm('in', ['IN', 'Instrução Normativa'], ['RFB', 'SRF', 'BCB']),
  norm('resolucao', ['Resolução', 'Res'], ['CMN', 'BCB']),
  norm('resolucao-conjunta', ['Resolução Conjunta'], ['BCB', 'CMN']),
  norm('circular', ['Circular'], ['BCB'], []),
  norm('carta-circular', ['Carta Circular'], ['BCB'], []),
  norm('comunicado', ['Comunicado'], ['BCB'], []),
  norm('solucao-de-consulta', ['Solução de Consulta'], ['Cosit']),
]

/** A citation read from text: candidate types (one kind), the issuers written, the number and year. */
export interface Citation {
  readonly types: readonly CitationType[]
  /**
   * The issuers as written after the type (`RFB`, or `SRF`, `RFB` for `SRF/RFB`), folded; [] when
   * none. Before a number sign they may be any issuing unit (`PORTARIA MCTI Nº 709`, `PORTARIA GPR
   * Nº 1.217`), not only the table's.
   */
  readonly issuers: readonly string[]
  readonly number: number
  readonly year?: number
}

/** A number sign between the type and the number: `nº`, `n°`, `n.º`, `no.`, `nr.`, `núm.` (`no` alone is a word). */
const SIGN = /^(?:n[º°]\.?|n\.[º°o]?|no\.|nr\.?|n[uú]m(?:ero)?\.?|n)$/i
/** A number with or without dots, then optionally `/year`, then optionally a punctuation mark. */
const NUMBER_YEAR = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:\/(\d{4}|\d{2}))?[.,;:]?$/
/** A type glued to its number: `PL2630`, `PL-2630/20`, `PEC.45/2019`, `IN1700`. */
const GLUED = /^(\p{L}{2,5})[-.]?(\d{1,3}(?:\.\d{3})+|\d+)(?:\/(\d{4}|\d{2}))?[.,;:]?$/u

/** In a norm's own title a `No` before the number is the sign (`PORTARIA-DAP/DGP/C Ex No 544`). */
const TITLE_SIGN = /^(?:n[º°]\.?|n\.[º°o]?|no\.?|nr\.?|n[uú]m(?:ero)?\.?|n)$/i
const YEAR_LIKE = /^(19|20)\d\d$/

interface Spelling {
  readonly words: readonly string[]
  readonly type: CitationType
}

/** The spellings and the one-word acronyms among them: built by the first citation read, not when the library loads. */
interface Tables {
  /** Every spelling, folded into words, longest first (so `Projeto de Lei Complementar` wins over `Projeto de Lei`). */
  readonly spellings: readonly Spelling[]
  readonly acronyms: ReadonlyMap<string, readonly CitationType[]>
}

let tables: Tables | undefined

function tablesOf(): Tables {
  if (tables !== undefined) return tables
  const spellings = CITATION_TYPES.flatMap((type) => type.spellings.map((s) => ({ words: foldedWords(s), type }))).sort(
    (a, b) => b.words.length - a.words.length,
  )
  const acronyms = new Map<string, CitationType[]>()
  for (const s of spellings) {
    const [only] = s.words
    if (s.words.length === 1 && only !== undefined) acronyms.set(only, [...(acronyms.get(only) ?? []), s.type])
  }
  tables = { spellings, acronyms }
  return tables
}

function foldedWords(text: string): string[] {
  return tokenize(text).map((t) => fold(t.text))
}

/**
 * The citation at the start of `words` (whole words as typed, e.g. a search box's), and how many
 * of them it takes; null when they do not start with one.
 *
 * @example citationAt(['MP', '1154/2023', 'reforma']) // { citation: MPV (or MP) 1154 of 2023, consumed: 2 }
 */
export function citationAt(words: readonly string[]): { citation: Citation; consumed: number } | null {
  const first = words[0]
  if (first === undefined) return null
  const glued = GLUED.exec(first)
  if (glued) {
    const types = tablesOf().acronyms.get(fold(glued[1] as string))
    const digits = (glued[2] as string).replace(/\./g, '')
    // `mp3` and `pr2024` stay words: a glued type needs a year, or a number of three digits or
    // more that does not look like a year.
    if (types && (glued[3] !== undefined || (digits.length >= 3 && !YEAR_LIKE.test(digits)))) {
      const citation = make(types, [], digits, glued[3])
      if (citation) return { citation, consumed: 1 }
    }
  }
  // The type, issuers and sign are the words before the first word that is a number.
  for (let k = 1; k < Math.min(words.length, 9); k++) {
    const m = NUMBER_YEAR.exec(words[k] as string)
    if (!m) continue
    const head = readHead(words.slice(0, k), 3)
    if (!head) return null
    const [, digits, year] = m as unknown as [string, string, string | undefined]
    // `Lei 2004`, `decreto 2023`: a bare four-digit year after a norm's name is the year searched
    // for, not a number (write `Lei nº 2004` or `Lei 2.004` to cite it).
    const plainYear = YEAR_LIKE.test(digits) && year === undefined && !head.sign && head.issuers.length === 0
    if (plainYear && head.types.every((t) => t.kind === 'norm') && !isAcronym(words[0] as string)) return null
    const citation = make(head.types, head.issuers, digits.replace(/\./g, ''), year)
    return citation ? { citation, consumed: k + 1 } : null
  }
  return null
}

/**
 * The citation a norm's own title or type line states (`Resolução CMN N° 4.968`, `PORTARIA Nº 109,
 * DE 22 DE MAIO DE 2023`); what follows the number is ignored. Null when the text starts otherwise.
 *
 * @example citationOfTitle('Instrução Normativa SRF nº 208, de 27/09/2002') // IN SRF 208
 */
export function citationOfTitle(title: string): Citation | null {
  const words = title.trim().split(/\s+/).slice(0, 20)
  for (let k = 1; k < words.length && k < 14; k++) {
    const m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:\/(\d{4}))?(?!\d)/.exec(words[k] as string)
    if (!m) continue
    const head = readHead(words.slice(0, k), 10, TITLE_SIGN)
    if (!head) return null
    // The year the title states: `/2002`, `, DE 22 DE MAIO DE 2022`, `, de 27/09/2002`.
    const year =
      m[2] ??
      DATED.exec(words.slice(k + 1).join(' '))
        ?.slice(1)
        .find((y) => y !== undefined)
    return make(head.types, head.issuers, (m[1] as string).replace(/\./g, ''), year)
  }
  return null
}

const MONTHS = 'janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro'
/** A title's date after the number: `, DE 22 DE MAIO DE 2023`, `, de 1º de abril de 2021`, `, de 27/09/2002`. */
const DATED = new RegExp(
  `^[^\\p{L}\\p{N}]*de\\s+(?:\\d{1,2}[º°o]?\\s+de\\s+(?:${MONTHS})\\s+de\\s+(\\d{4})|\\d{1,2}/\\d{1,2}/(\\d{4}))`,
  'iu',
)

function isAcronym(word: string): boolean {
  return tablesOf().acronyms.has(fold(word)) && word === word.toUpperCase()
}

/**
 * Type, issuers and sign (whole words as written), in that order, and nothing else; the longest
 * type spelling first. Before a sign, up to `units` words that are not the table's issuers are
 * taken as the issuing unit (`PORTARIA MCTI Nº 709`); without a sign, only the table's issuers.
 */
function readHead(
  written: readonly string[],
  units: number,
  signs: RegExp = SIGN,
): { types: CitationType[]; issuers: string[]; sign: boolean } | null {
  const sign = written.length > 1 && signs.test(written[written.length - 1] as string)
  const body = (sign ? written.slice(0, -1) : written).flatMap(foldedWords)
  let length = -1
  let types: CitationType[] = []
  for (const s of tablesOf().spellings) {
    if (length !== -1 && s.words.length < length) break
    if (s.words.length > body.length || !s.words.every((w, k) => body[k] === w)) continue
    const issuers = body.slice(s.words.length)
    const known = new Set((s.type.issuers ?? []).map(fold))
    const unit = sign && s.type.kind === 'norm' && issuers.length <= units
    if (!unit && !issuers.every((w) => known.has(w))) continue
    length = s.words.length
    if (!types.includes(s.type)) types = [...types, s.type]
  }
  if (types.length === 0) return null
  return { types, issuers: body.slice(length), sign }
}

function make(types: readonly CitationType[], issuers: readonly string[], digits: string, yearText: string | undefined): Citation | null {
  const number = Number(digits)
  if (!Number.isSafeInteger(number)) return null
  const year = yearText === undefined ? undefined : fullYear(yearText)
  return year === undefined ? { types, issuers, number } : { types, issuers, number, year }
}

/**
 * A year as citations write it: four digits as they are; two digits this century's when that year
 * has begun, else the last century's (`/20` → 2020, `/93` → 1993), as `Lei 8.666/93` means.
 */
export function fullYear(text: string, now: Date = new Date()): number {
  const y = Number(text)
  if (text.length !== 2) return y
  return 2000 + y <= now.getUTCFullYear() ? 2000 + y : 1900 + y
}

/** How texts write the sign: none, `nº`/`Nº`, `n°`/`n.`, `n.º`, `no`, `n o` (a scanned `nº`). */
const SIGNS: readonly (readonly string[])[] = [[], ['nº'], ['n'], ['n', 'º'], ['no'], ['n', 'o']]

/**
 * Every way a text may write the citation, as phrases to match (one OR group): each spelling of
 * each type; the issuers written (or, when none was, none and each usual one); with or without a
 * number sign; the year in four digits, in two, or (when none was given) absent; and an acronym
 * glued to its number (`PL2630`). The acronym form of a bill carries its identifier key, and each
 * type's plain form its norm key, so the bill or norm itself ranks first.
 *
 * @example citationPhrases(citationAt(['PL', '873/20'])!.citation).some((i) => i.words.join(' ') === 'PL nº 873 2020') // true
 */
export function citationPhrases(c: Citation): TextItem[] {
  const out = new Map<string, TextItem>()
  const add = (words: string[], identifier?: string) => {
    const key = words.map(fold).join(' ')
    const had = out.get(key)
    if (had === undefined || (had.identifier === undefined && identifier !== undefined))
      out.set(key, identifier === undefined ? { words } : { words, identifier })
  }
  const years = c.year === undefined ? [[]] : [[String(c.year)], [String(c.year % 100).padStart(2, '0')]]
  for (const type of c.types) {
    const issuerSets = c.issuers.length > 0 ? [c.issuers.map((w) => w.toUpperCase())] : [[], ...(type.usual ?? []).map((w) => [w])]
    for (const [n, spelling] of type.spellings.entries()) {
      const name = tokenize(spelling).map((t) => t.text)
      const acronym = name.length === 1
      // A bill's key under each acronym it may be stored as; a norm's once, on its first spelling.
      const keyed = type.kind === 'bill' ? acronym : n === 0
      for (const issuers of issuerSets) {
        for (const [y, year] of years.entries()) {
          for (const sign of SIGNS) {
            const plain = keyed && sign.length === 0 && y === 0 && issuers.length === c.issuers.length
            const identifier = plain ? keyOf(type, acronym ? (name[0] as string) : undefined, c) : undefined
            add([...name, ...issuers, ...sign, String(c.number), ...year], identifier)
          }
          if (acronym && issuers.length === 0) add([`${name[0] as string}${c.number}`, ...year])
        }
      }
    }
  }
  return [...out.values()]
}

/** The key a citation looks up: a bill's under each acronym it may be stored as, a norm's under its type. */
function keyOf(type: CitationType, acronym: string | undefined, c: Citation): string | undefined {
  if (type.kind === 'bill') {
    if (acronym === undefined) return undefined
    return identifierKey(
      c.year === undefined ? { type: fold(acronym), number: c.number } : { type: fold(acronym), number: c.number, year: c.year },
    )
  }
  return [type.key, ...c.issuers, String(c.number), ...(c.year === undefined ? [] : [String(c.year)])].join(' ')
}

/**
 * The keys a norm answers to, from the most specific: with and without its issuers and year
 * (`in srf 208 2002`, `in srf 208`, `in 208 2002`, `in 208`).
 *
 * @example normKeys(citationOfTitle('Resolução CMN N° 4.968')!, 2021)[0] // 'resolucao cmn 4968 2021'
 */
export function normKeys(c: Citation, year: number | undefined): string[] {
  const keys: string[] = []
  for (const type of c.types) {
    for (const issuers of c.issuers.length > 0 ? [c.issuers, []] : [[]]) {
      for (const y of year === undefined ? [[]] : [[String(year)], []]) keys.push([type.key, ...issuers, String(c.number), ...y].join(' '))
    }
  }
  return keys
}

/**
 * The text a norm is indexed under so every citation of it finds it: each spelling of its type with
 * its issuers, number and year (`IN SRF 208/2002 · Instrução Normativa SRF 208/2002`).
 *
 * @example citationText(citationOfTitle('Resolução CMN N° 4.968')!, 2021) // 'Resolução CMN 4968/2021 · Resolução 4968/2021 · Res CMN 4968/2021 · Res 4968/2021'
 */
export function citationText(c: Citation, year: number | undefined): string {
  const issuerSets = c.issuers.length > 0 ? [c.issuers.map((w) => w.toUpperCase()), []] : [[]]
  const tail = `${c.number}${year === undefined ? '' : `/${year}`}`
  return c.types.flatMap((t) => t.spellings.flatMap((s) => issuerSets.map((issuers) => [s, ...issuers, tail].join(' ')))).join(' · ')
}
