/** A small RFC 4180 CSV reader for tests, written independently of src/ (which uses csv-parse). */
import { readFileSync } from 'node:fs'

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180): comma-separated (or another delimiter), fields optionally in double quotes, "" inside quotes is one ",
// quoted fields may hold commas and line breaks; records end with CRLF or LF.

/** The rows of a CSV text, each an array of fields. A trailing line break adds no empty row. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let fieldStarted = false
  const endField = () => {
    row.push(field)
    field = ''
    fieldStarted = false
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  for (; i < text.length; i++) {
    const c = text[i] as string
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += c
      continue
    }
    if (c === '"' && !fieldStarted && field === '') {
      quoted = true
      fieldStarted = true
    } else if (c === delimiter) endField()
    else if (c === '\r' && text[i + 1] === '\n') {
      endRow()
      i++
    } else if (c === '\n') endRow()
    else {
      field += c
      fieldStarted = true
    }
  }
  if (quoted) throw new Error('CSV: a quoted field is not closed at the end of the text')
  if (fieldStarted || field !== '' || row.length > 0) endRow()
  return rows
}

/** The records of a CSV file with a header row, as objects keyed by the header's names. */
export function readCsvRecords(file: string, delimiter = ','): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'), delimiter)
  if (!header) return []
  return rows.map((r, n) => {
    if (r.length !== header.length) throw new Error(`${file}: row ${n + 2} has ${r.length} fields, the header ${header.length}`)
    return Object.fromEntries(header.map((h, i) => [h, r[i] as string]))
  })
}
