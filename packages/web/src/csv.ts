/**
 * Reads names to screen from a CSV file: RFC 4180 fields (quoted, with `""` and line breaks
 * inside quotes), a comma or semicolon separator. With a header naming `name` (or `nome`), its
 * `name`, `birthDate`, `nationality` and `id` columns; without one, the first column of every row.
 */
import type { ScreenEntry } from './api'

/** The rows of a CSV text. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === sep) {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows.filter((r) => r.some((f) => f.trim() !== ''))
}

/**
 * The entries of a CSV text.
 *
 * @example entriesOfCsv('name,nationality\nAyman al-Zawahiri,EG\n') // [{ name: 'Ayman al-Zawahiri', nationality: 'EG' }]
 */
export function entriesOfCsv(text: string): ScreenEntry[] {
  const rows = parseCsv(text)
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase())
  const nameAt = header.findIndex((h) => h === 'name' || h === 'nome')
  if (nameAt === -1) return rows.map((r) => ({ name: (r[0] ?? '').trim() })).filter((e) => e.name !== '')
  const at = (key: string) => header.indexOf(key.toLowerCase())
  const columns = { birthDate: at('birthDate'), nationality: at('nationality'), id: at('id') }
  return rows
    .slice(1)
    .map((r) => {
      const entry: ScreenEntry = { name: (r[nameAt] ?? '').trim() }
      for (const [key, i] of Object.entries(columns)) {
        const v = i === -1 ? '' : (r[i] ?? '').trim()
        if (v !== '') (entry as unknown as Record<string, string>)[key] = v
      }
      return entry
    })
    .filter((e) => e.name !== '')
}
