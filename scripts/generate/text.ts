/** Small text helpers shared by the collection generators. */

/**
 * Fills `{name}` placeholders, asking `get` for each one on demand (so a record computes only what
 * its template uses). A placeholder `get` does not know is an error in the vocabulary: fail loudly.
 */
export function fill(template: string, get: (key: string) => string | undefined): string {
  const out = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = get(key)
    if (v === undefined) throw new Error(`vocabulary template uses an unknown placeholder {${key}}: ${template}`)
    return v
  })
  return contractions(out)
}

const CONTRACTED: Readonly<Record<string, string>> = {
  'de a': 'da',
  'de o': 'do',
  'de as': 'das',
  'de os': 'dos',
  'em a': 'na',
  'em o': 'no',
  'em as': 'nas',
  'em os': 'nos',
  'a a': 'à',
  'a o': 'ao',
  'a as': 'às',
  'a os': 'aos',
  'por a': 'pela',
  'por o': 'pelo',
  'por as': 'pelas',
  'por os': 'pelos',
}

/**
 * Portuguese contracts a preposition with the article that follows it: a template's `trata de
 * {subject}` with `a saúde pública` reads `trata da saúde pública`. The vocabularies never hold such
 * a pair themselves, so only the joins made by placeholders change.
 */
export function contractions(s: string): string {
  return s.replace(/(?<![\p{L}\p{N}])(de|em|a|por) (as|os|a|o)(?= )/gu, (m: string) => CONTRACTED[m] ?? m)
}

/** `8666` → `8.666`, `1234567` → `1.234.567` (Brazilian thousands separator). */
export function thousands(n: number): string {
  const s = String(Math.trunc(n))
  if (s.length <= 3) return s
  let out = ''
  const head = s.length % 3
  if (head > 0) out = s.slice(0, head)
  for (let i = head; i < s.length; i += 3) out += (out ? '.' : '') + s.slice(i, i + 3)
  return out
}

/** An amount in cents as `1.234.567,89`. */
export function money(cents: number): string {
  const c = Math.round(cents)
  return `${thousands(Math.floor(c / 100))},${String(c % 100).padStart(2, '0')}`
}

/** `5` → `5º`, `12` → `12` (article numbering: ordinal up to nine). */
export function ordinal(n: number): string {
  return n < 10 ? `${n}º` : String(n)
}

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export function lowerFirst(s: string): string {
  // Keep acronyms and proper names that open a sentence (`IRPF`, `Pix`) as they are.
  const first = s.split(' ', 1)[0] ?? ''
  if (first.length > 1 && (first === first.toUpperCase() || /^(Pix|Drex|Open)$/.test(first))) return s
  return s.charAt(0).toLowerCase() + s.slice(1)
}

/** Upper case as the gazette writes names and titles (`São João` → `SÃO JOÃO`). */
export function upper(s: string): string {
  return s.toUpperCase()
}

export function stripAccents(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '')
}

/** `Câmara aprova projeto sobre a saúde pública` → `camara-aprova-projeto-sobre-a-saude-publica`. */
export function slugify(s: string, max = 80): string {
  const slug = stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= max) return slug
  const cut = slug.slice(0, max)
  const dash = cut.lastIndexOf('-')
  return dash > 20 ? cut.slice(0, dash) : cut
}

/** Contractions of a preposition with the article of a feminine/masculine noun. */
export function contract(prep: 'de' | 'em' | 'a', art: 'a' | 'o'): string {
  if (prep === 'de') return art === 'a' ? 'da' : 'do'
  if (prep === 'em') return art === 'a' ? 'na' : 'no'
  return art === 'a' ? 'à' : 'ao'
}

/** The article a program or policy name takes (`a Política Nacional…`, `o Programa…`). */
export function articleOf(name: string): 'a' | 'o' {
  return /^(Política|Semana|Estratégia|Rede|Jornada|Agenda)\b/.test(name) ? 'a' : 'o'
}

/**
 * An upper-case act name as sentence text: `PORTARIA GM/MS` → `Portaria GM/MS`,
 * `INSTRUÇÃO NORMATIVA RFB` → `Instrução Normativa RFB`, `RESOLUÇÃO-RDC` → `Resolução-RDC`.
 * Words of five letters or more are words; shorter ones are acronyms and stay as written.
 */
export function actName(kind: string): string {
  return kind.replace(/[\p{L}]+/gu, (w) => (w.length >= 5 ? w.charAt(0) + w.slice(1).toLowerCase() : w))
}
