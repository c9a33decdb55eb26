/**
 * Legal forms of organisations written out or abbreviated (`Limited` / `Ltd`, `Joint Stock
 * Company` / `JSC` / Russian `OAO`, `Aktiengesellschaft` / `AG`), each read as one canonical word
 * so the two spellings meet; and dotted abbreviations (`p.l.c.`, `A.B.C.`) read as one word.
 */

// Longest phrases first: `open joint stock company` before `joint stock company`.
// prettier-ignore
const PHRASES: readonly [string, string][] = [
  ['open joint stock company', 'ojsc'], ['closed joint stock company', 'cjsc'], ['public joint stock company', 'pjsc'],
  ['joint stock company', 'jsc'], ['public limited company', 'plc'], ['limited liability company', 'llc'],
  ['limited liability partnership', 'llp'], ['limited partnership', 'lp'], ['gesellschaft mit beschrankter haftung', 'gmbh'],
  ['societatea cu raspundere limitata', 'srl'], ['societa a responsabilita limitata', 'srl'], ['sociedad anonima', 'sa'],
  ['societe anonyme', 'sa'], ['sociedade anonima', 'sa'], ['sociedade limitada', 'ltda'], ['sp z o o', 'spzoo'],
  ['proprietary limited', 'ptyltd'], ['pty ltd', 'ptyltd'],
]
const WORDS: Readonly<Record<string, string>> = {
  limited: 'ltd', incorporated: 'inc', corporation: 'corp', company: 'co', international: 'intl', aktiengesellschaft: 'ag',
  oao: 'ojsc', zao: 'cjsc', pao: 'pjsc', ooo: 'llc', ao: 'jsc', akg: 'ag', sociedad: 'soc', societe: 'soc',
} // prettier-ignore

const PHRASE_RE = new RegExp(`\\b(?:${PHRASES.map(([p]) => p.replace(/ /g, '\\s+')).join('|')})\\b`, 'g')
const PHRASE_OF = new Map(PHRASES.map(([p, c]) => [p, c]))

/**
 * Letters separated by dots read as one word: `p.l.c.` → `plc`, `a.b.c.` → `abc`.
 *
 * @example joinDotted('hsbc holdings p.l.c.') // 'hsbc holdings plc.'
 */
export function joinDotted(text: string): string {
  return text.replace(/\b[a-z](?:\.[a-z])+\b/g, (m) => m.replace(/\./g, ''))
}

/**
 * An organisation's name (lower-case ASCII) with its legal forms canonical.
 *
 * @example canonicalLegalForms('tactical missiles corporation joint stock company') // 'tactical missiles corp jsc'
 */
export function canonicalLegalForms(text: string): string {
  return text.replace(PHRASE_RE, (m) => PHRASE_OF.get(m.replace(/\s+/g, ' ')) ?? m).replace(/[a-z]+/g, (w) => WORDS[w] ?? w)
}
