import { about } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { BATCH, batchOf, chunks, unlessStored } from '../batch.js'
import { fileError } from '../file-error.js'
import { type CsvRow, firstBytes, firstLine, headerColumns, readCsv, requireColumns, readsAs } from '../files.js'
import { flatRow, readJson, readJsonArray } from '../json-files.js'
import { API_STATUS, CAMARA_FILES, CAMARA_ORDER, type CamaraKind } from './columns.js'
import { fillPerson, mergePerson, relink } from '../people.js'
import {
  type AuthorRow,
  deputyOf,
  deputyOfAuthor,
  deputyOfPage,
  lastSegment,
  mergeKeeping,
  organAuthorOf,
  organOf,
  propositionOf,
} from './map.js'

/** Whether a file's first bytes are text (a header worth quoting in a message). */
const printable = (head: string) =>
  ![...head.slice(0, 200)].some((c) => {
    const n = c.charCodeAt(0)
    return (n < 0x20 && n !== 0x09 && n !== 0x0a && n !== 0x0d) || n === 0xfffd
  })

/** A rapporteur's name and state: the bulk file names them, an API page adds the state. */
function rapporteurOf(staged: readonly unknown[] | undefined): { name: string; uf: string } | undefined {
  const all = (staged ?? []) as { name: string; uf: string }[]
  return all.find((x) => x.uf !== '') ?? all[0]
}

/** A Câmara file: its kind, and whether it is the JSON variant (`{"dados": [...]}`). */
interface Kinded {
  readonly kind: CamaraKind
  readonly json: boolean
}

/** The kind of a Câmara file, from its header (CSV) or its first entry's keys (JSON); any other file is refused. */
function kindOf(file: InputFile): Kinded {
  const head = firstBytes(file, 65_536)
    .replace(/^\uFEFF/, '')
    .trimStart()
  const kinds = () => CAMARA_ORDER.map((k) => CAMARA_FILES[k].description).join('; ')
  if (head.startsWith('{')) {
    const keys = new Set([...head.matchAll(/"([A-Za-z_]\w*)"\s*:/g)].map((m) => m[1] as string))
    const kind = keys.has('dados') ? CAMARA_ORDER.find((k) => keys.has(CAMARA_FILES[k].jsonMarker)) : undefined
    if (kind === undefined)
      throw fileError(file, 1, `is not a Câmara file this source reads (${kinds()}), as CSV or as JSON {"dados": [...]}`)
    return { kind, json: true }
  }
  const columns = headerColumns(firstLine(file))
  const kind = CAMARA_ORDER.find((k) => CAMARA_FILES[k].marker !== null && columns.includes(CAMARA_FILES[k].marker))
  if (kind === undefined) {
    throw fileError(
      file,
      1,
      `is not a Câmara bulk file this source reads (${kinds()}); ${printable(head) ? `its header starts ${JSON.stringify(columns.slice(0, 4).join(';'))}` : 'it is not text'}`,
    )
  }
  return { kind, json: false }
}

/** A file's rows by column name: CSV rows with their line, or JSON entries flattened to the CSV's names with their position. */
async function* rows(file: InputFile, { kind, json }: Kinded, ctx: ReadContext): AsyncGenerator<CsvRow> {
  const spec = CAMARA_FILES[kind]
  const what = `the Câmara's ${spec.description}`
  if (!json) {
    yield* readCsv(file, { delimiter: ';', header: requireColumns(file, what, spec.columns) }, ctx)
    return
  }
  if (kind === 'proposicaoApi') {
    // One API answer, `{"dados": {…}}`: read whole, as the bulk file's row.
    const dados = (readJson(file) as { dados?: unknown }).dados
    if (dados === null || typeof dados !== 'object' || Array.isArray(dados))
      throw fileError(file, null, `is not ${what}: "dados" is not an object`)
    const flat = flatRow(dados as Record<string, unknown>)
    const missing = spec.json.filter((k) => !(k in flat))
    if (missing.length > 0) throw fileError(file, null, `is not ${what}: it lacks ${missing.join(', ')}`)
    const row: Record<string, string> = { ...flat }
    for (const [from, to] of Object.entries(API_STATUS)) row[`ultimoStatus_${to}`] = flat[`statusProposicao_${from}`] ?? ''
    row['ultimoStatus_idOrgao'] = lastSegment(row['ultimoStatus_uriOrgao'] ?? '')
    yield { row, line: 1 }
    return
  }
  for await (const { value, entry } of readJsonArray(file, 'dados', ctx)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fileError(file, `entry ${entry}`, 'is not a JSON object')
    const row = flatRow(value as Record<string, unknown>)
    if (entry === 1) {
      const missing = spec.json.filter((k) => !(k in row))
      if (missing.length > 0) throw fileError(file, 'entry 1', `is not ${what}: its entries lack ${missing.join(', ')}`)
    }
    yield { row, line: entry }
  }
}

/** An author row as staged. */
function authorRowOf(row: Readonly<Record<string, string>>): AuthorRow {
  return {
    order: Number(row['ordemAssinatura']) || 0,
    deputy: (row['idDeputadoAutor'] ?? '').trim(),
    uri: row['uriAutor'] ?? '',
    type: row['tipoAutor'] ?? '',
    name: row['nomeAutor'] ?? '',
    party: row['siglaPartidoAutor'] ?? '',
    uf: row['siglaUFAutor'] ?? '',
  }
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const byKind = new Map<CamaraKind, InputFile[]>()
  const kinded = new Map<InputFile, Kinded>()
  for (const f of files) {
    const k = kindOf(f)
    kinded.set(f, k)
    byKind.set(k.kind, [...(byKind.get(k.kind) ?? []), f])
  }
  const at = (file: InputFile) => (kinded.get(file)?.json ? 'entry' : 'line')
  const rowsOf = (file: InputFile) => rows(file, kinded.get(file) as Kinded, ctx)
  const deputies = ctx.stage('deputados')
  const authors = ctx.stage('autores')
  const themes = ctx.stage('temas')

  // The deputies who author (hundreds), with the party and state of their last author row: a
  // deputy no deputies' file names gets a stakeholder from it, and one that gives no party nor
  // state (deputados.csv) gains them.
  const deputyAuthors = new Map<string, { record: Record<string, unknown>; line: number; file: InputFile }>()
  for (const file of byKind.get('autores') ?? []) {
    for await (const { row, line } of rowsOf(file)) {
      const author = authorRowOf(row)
      if (author.deputy !== '') deputyAuthors.set(author.deputy, { record: deputyOfAuthor(author), line, file })
    }
  }
  for (const file of byKind.get('deputados') ?? []) {
    // Deputies of the newest legislature in the file are the active ones: one pass to find it.
    let latest = 0
    for await (const { row } of rowsOf(file)) latest = Math.max(latest, Number(row['idLegislaturaFinal']) || 0)
    for await (const part of chunks(rowsOf(file))) {
      const items = part.map(({ row, line }) => {
        const read = deputyOf(row, latest)
        const author = deputyAuthors.get(String(read['openDataId']))
        deputyAuthors.delete(String(read['openDataId']))
        const record = author ? fillPerson(author.record, read) : read
        deputies.add(String(record['openDataId']), { name: row['nome'] ?? '', uf: '' })
        return { record, line }
      })
      // This file gives no party nor state: a stored one is kept, the author rows' fill a gap.
      const keepLinks = (r: Record<string, unknown>, stored: Record<string, unknown>) =>
        fillPerson(r, mergePerson({ ...r, organs: [] }, stored))
      yield batchOf('stakeholders', file, items, keepLinks, at(file))
    }
  }
  for (const file of byKind.get('deputadosApi') ?? []) {
    // A page of /api/v2/deputados lists a deputy once per legislature: the latest entry of each
    // counts. Its state (`siglaUf`) names rapporteurs' states, which the bulk file lacks; a deputy
    // stored from the bulk file is kept as stored but for its party and state (the page's), one it
    // lacks (newer than it) is added.
    const latestOf = new Map<string, { row: Readonly<Record<string, string>>; line: number }>()
    for await (const { row, line } of rowsOf(file)) {
      const before = latestOf.get(row['id'] ?? '')
      if (before === undefined || Number(row['idLegislatura']) >= Number(before.row['idLegislatura']))
        latestOf.set(row['id'] ?? '', { row, line })
    }
    const today = new Date()
    const items = [...latestOf.values()].map(({ row, line }) => {
      deputyAuthors.delete((row['id'] ?? '').trim())
      deputies.add(row['id'] ?? '', { name: row['nome'] ?? '', uf: row['siglaUf'] ?? '' })
      return { record: deputyOfPage(row, today), line }
    })
    for (let i = 0; i < items.length; i += BATCH) yield batchOf('stakeholders', file, items.slice(i, i + BATCH), relink, at(file))
  }
  // Organs are few (thousands): their ids are kept to tell which organ authors they describe.
  const organs = new Set<string>()
  for (const file of byKind.get('orgaos') ?? []) {
    for await (const part of chunks(rowsOf(file))) {
      const items = part.map(({ row, line }) => ({ record: organOf(row), line }))
      for (const { record } of items) organs.add(String(record['openDataId']))
      yield batchOf('stakeholders', file, items, undefined, at(file))
    }
  }
  for (const file of byKind.get('autores') ?? []) {
    // An organ that authors (the Executive, a committee) but is not in an orgaos file of the call
    // still gets a stakeholder, from the author row; one stored from orgaos.csv is kept as is.
    const organAuthors: { record: Record<string, unknown>; line: number }[] = []
    for await (const { row, line } of rowsOf(file)) {
      const organ = (row['idDeputadoAutor'] ?? '').trim() === '' ? lastSegment(row['uriAutor'] ?? '') : ''
      if (organ && !organs.has(organ)) {
        organs.add(organ)
        organAuthors.push({ record: organAuthorOf(organ, row), line })
      }
      authors.add((row['idProposicao'] ?? '').trim(), authorRowOf(row))
    }
    yield* unlessStored('stakeholders', file, organAuthors, at(file))
    // Those no deputies' file of the call names: new, or stored and gaining a party or state they lack.
    const people = [...deputyAuthors.values()].filter((d) => d.file === file)
    for (let i = 0; i < people.length; i += BATCH) yield batchOf('stakeholders', file, people.slice(i, i + BATCH), fillPerson, at(file))
  }
  for (const file of byKind.get('temas') ?? []) {
    for await (const { row } of rowsOf(file)) {
      // No proposition id column: the id is the last segment of `uriProposicao`.
      themes.add(lastSegment(row['uriProposicao'] ?? ''), { openDataId: row['codTema'], name: row['tema'], relevance: row['relevancia'] })
    }
  }
  // A call without the authors', themes' or deputies' file keeps what is stored of them (the Câmara
  // republishes each file on its own; a newer propositions file alone must not empty the joins).
  const merge = mergeKeeping({
    authors: !byKind.has('autores'),
    themes: !byKind.has('temas'),
  })
  for (const file of [...(byKind.get('proposicoes') ?? []), ...(byKind.get('proposicaoApi') ?? [])]) {
    for await (const pending of chunks(rowsOf(file))) {
      const ids = pending.map((p) => (p.row['id'] ?? '').trim())
      const relators = pending.map((p) => lastSegment(p.row['ultimoStatus_uriRelator'] ?? '')).filter(Boolean)
      const a = authors.get(ids)
      const t = themes.get(ids)
      const d = deputies.get(relators)
      const items = pending.map((p, i) => {
        const relator = lastSegment(p.row['ultimoStatus_uriRelator'] ?? '')
        const record = propositionOf(p.row, {
          authors: (a.get(ids[i] as string) ?? []) as AuthorRow[],
          themes: (t.get(ids[i] as string) ?? []) as Record<string, unknown>[],
          rapporteur: relator ? rapporteurOf(d.get(relator)) : undefined,
        })
        return { record, line: p.line }
      })
      yield batchOf('propositions', file, items, merge, at(file))
    }
  }
}

/** The Câmara dos Deputados' bulk files: propositions with their authors and themes, deputies and organs. */
export const camara = defineSource(about, {
  unmappable: 'refuse',
  remote: {
    base: 'https://dadosabertos.camara.leg.br/',
    files: ({ year }) => [
      { path: 'arquivos/deputados/csv/deputados.csv', kind: 'deputados' },
      { path: 'arquivos/orgaos/csv/orgaos.csv', kind: 'orgaos' },
      { path: `arquivos/proposicoesAutores/csv/proposicoesAutores-${year}.csv`, kind: 'autores' },
      { path: `arquivos/proposicoesTemas/csv/proposicoesTemas-${year}.csv`, kind: 'temas' },
      { path: `arquivos/proposicoes/csv/proposicoes-${year}.csv`, kind: 'proposicoes' },
    ],
    recognizes: (file, kind) => readsAs(() => kindOf(file).kind === kind),
  },
  read,
})
