/**
 * The source cases of the ingest conformance suite: for each registered source, its real files in
 * `../shared/data`, what they hold (counted here by reading the files independently of src/), and
 * how to make a bad copy of each.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SourceName } from '../../src/index.js'
import { readCsvRecords } from '../helpers/csv.js'

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url))

export interface SourceCase {
  readonly source: SourceName
  /** The real files, in the order given to `ingest` (any order must do). */
  readonly files: readonly string[]
  /** Whether every file is present (the suite skips with a message otherwise). */
  readonly present: boolean
  /** Records each collection must hold after the ingest, counted from the files. */
  expected(): { propositions: number; stakeholders: number; authors: number; themes: number }
  /** A file of another source or kind, which this source must refuse. */
  readonly foreign: string
  /** A column of the first file whose value the records carry (edited to make a newer file). */
  readonly editable: string
}

const camaraDir = `${DATA}camara/`
const camaraFiles = ['proposicoes-2023.csv', 'proposicoesAutores-2023.csv', 'proposicoesTemas-2023.csv', 'deputados.csv', 'orgaos.csv'].map(
  (f) => camaraDir + f,
)

/** The Câmara slice read independently: propositions, authors and themes joined by proposition id. */
export function camaraFacts() {
  const props = readCsvRecords(`${camaraDir}proposicoes-2023.csv`, ';')
  const ids = new Set(props.map((p) => p['id'] as string))
  const authors = readCsvRecords(`${camaraDir}proposicoesAutores-2023.csv`, ';')
  const themes = readCsvRecords(`${camaraDir}proposicoesTemas-2023.csv`, ';')
  const propOfTheme = (t: Record<string, string>) => (t['uriProposicao'] as string).split('/').pop() as string
  return {
    props,
    authors: authors.filter((a) => ids.has(a['idProposicao'] as string)),
    allAuthors: authors,
    themes: themes.filter((t) => ids.has(propOfTheme(t))),
    propOfTheme,
    deputies: readCsvRecords(`${camaraDir}deputados.csv`, ';'),
    organs: readCsvRecords(`${camaraDir}orgaos.csv`, ';'),
  }
}

export const CASES: readonly SourceCase[] = [
  {
    source: 'camara',
    files: camaraFiles,
    present: camaraFiles.every((f) => existsSync(f)),
    expected: () => {
      const f = camaraFacts()
      // Organs that author but are not in orgaos.csv get a stakeholder of their own.
      const organIds = new Set(f.organs.map((o) => (o['uri'] as string).split('/').pop()))
      const authorOrgans = new Set(
        f.allAuthors.filter((a) => a['idDeputadoAutor'] === '').map((a) => (a['uriAutor'] as string).split('/').pop()),
      )
      const extra = [...authorOrgans].filter((id) => !organIds.has(id)).length
      return {
        propositions: f.props.length,
        stakeholders: f.deputies.length + f.organs.length + extra,
        authors: f.authors.length,
        themes: f.themes.length,
      }
    },
    foreign: `${DATA}un_sc/UN_consolidated_2026-02-27.xml`,
    editable: 'ementa',
  },
]
