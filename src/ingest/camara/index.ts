import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { batchOf, chunks, unlessStored } from '../batch.js'
import { fileError, firstLine, headerColumns, readCsv, requireColumns } from '../files.js'
import { CAMARA_FILES, CAMARA_ORDER, type CamaraKind } from './columns.js'
import { type AuthorRow, deputyOf, lastSegment, mergeKeeping, organAuthorOf, organOf, propositionOf } from './map.js'

/** The kind of a Câmara file, from its header; any other file is refused. */
function kindOf(file: InputFile): CamaraKind {
  const columns = headerColumns(firstLine(file))
  const kind = CAMARA_ORDER.find((k) => columns.includes(CAMARA_FILES[k].marker))
  if (kind === undefined) {
    const kinds = CAMARA_ORDER.map((k) => CAMARA_FILES[k].description).join('; ')
    throw fileError(
      file,
      1,
      `is not a Câmara bulk file this source reads (${kinds}); its header starts ${JSON.stringify(columns.slice(0, 4).join(';'))}`,
    )
  }
  return kind
}

function rows(file: InputFile, kind: CamaraKind, ctx: ReadContext) {
  const spec = CAMARA_FILES[kind]
  return readCsv(file, { delimiter: ';', header: requireColumns(file, `the Câmara's ${spec.description}`, spec.columns) }, ctx)
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const byKind = new Map<CamaraKind, InputFile[]>()
  for (const f of files) {
    const kind = kindOf(f)
    byKind.set(kind, [...(byKind.get(kind) ?? []), f])
  }
  const deputies = ctx.stage('deputados')
  const authors = ctx.stage('autores')
  const themes = ctx.stage('temas')

  for (const file of byKind.get('deputados') ?? []) {
    // Deputies of the newest legislature in the file are the active ones: one pass to find it.
    let latest = 0
    for await (const { row } of rows(file, 'deputados', ctx)) latest = Math.max(latest, Number(row['idLegislaturaFinal']) || 0)
    for await (const part of chunks(rows(file, 'deputados', ctx))) {
      const items = part.map(({ row, line }) => {
        const record = deputyOf(row, latest)
        deputies.add(String(record['openDataId']), { name: row['nome'] ?? '', uf: '' })
        return { record, line }
      })
      yield batchOf('stakeholders', file, items)
    }
  }
  // Organs are few (thousands): their ids are kept to tell which organ authors they describe.
  const organs = new Set<string>()
  for (const file of byKind.get('orgaos') ?? []) {
    for await (const part of chunks(rows(file, 'orgaos', ctx))) {
      const items = part.map(({ row, line }) => ({ record: organOf(row), line }))
      for (const { record } of items) organs.add(String(record['openDataId']))
      yield batchOf('stakeholders', file, items)
    }
  }
  for (const file of byKind.get('autores') ?? []) {
    // An organ that authors (the Executive, a committee) but is not in an orgaos file of the call
    // still gets a stakeholder, from the author row; one stored from orgaos.csv is kept as is.
    const organAuthors: { record: Record<string, unknown>; line: number }[] = []
    for await (const { row, line } of rows(file, 'autores', ctx)) {
      const organ = (row['idDeputadoAutor'] ?? '').trim() === '' ? lastSegment(row['uriAutor'] ?? '') : ''
      if (organ && !organs.has(organ)) {
        organs.add(organ)
        organAuthors.push({ record: organAuthorOf(organ, row), line })
      }
      const author: AuthorRow = {
        order: Number(row['ordemAssinatura']) || 0,
        deputy: (row['idDeputadoAutor'] ?? '').trim(),
        uri: row['uriAutor'] ?? '',
        type: row['tipoAutor'] ?? '',
        name: row['nomeAutor'] ?? '',
        party: row['siglaPartidoAutor'] ?? '',
        uf: row['siglaUFAutor'] ?? '',
      }
      authors.add((row['idProposicao'] ?? '').trim(), author)
    }
    yield* unlessStored('stakeholders', file, organAuthors)
  }
  for (const file of byKind.get('temas') ?? []) {
    for await (const { row } of rows(file, 'temas', ctx)) {
      // No proposition id column: the id is the last segment of `uriProposicao`.
      themes.add(lastSegment(row['uriProposicao'] ?? ''), { openDataId: row['codTema'], name: row['tema'], relevance: row['relevancia'] })
    }
  }
  // A call without the authors', themes' or deputies' file keeps what is stored of them (the Câmara
  // republishes each file on its own; a newer propositions file alone must not empty the joins).
  const merge = mergeKeeping({ authors: !byKind.has('autores'), themes: !byKind.has('temas'), rapporteurNames: !byKind.has('deputados') })
  for (const file of byKind.get('proposicoes') ?? []) {
    for await (const pending of chunks(rows(file, 'proposicoes', ctx))) {
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
          rapporteur: relator ? (d.get(relator)?.[0] as { name: string; uf: string } | undefined) : undefined,
        })
        return { record, line: p.line }
      })
      yield batchOf('propositions', file, items, merge)
    }
  }
}

/** The Câmara dos Deputados' bulk files: propositions with their authors and themes, deputies and organs. */
export const camara = defineSource({
  name: 'camara',
  description: "The Câmara dos Deputados' bulk files: propositions (with authors, themes and latest status), deputies and organs",
  origin: 'https://dadosabertos.camara.leg.br/arquivos/',
  kinds: CAMARA_ORDER.map((k) => ({ name: k, description: CAMARA_FILES[k].description })),
  writes: ['stakeholders', 'propositions'],
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
    recognizes: (file, kind) => {
      try {
        return kindOf(file) === kind
      } catch {
        return false
      }
    },
  },
  read,
})
