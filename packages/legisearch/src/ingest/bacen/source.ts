import { invalid } from '../../common/errors.js'
import { batchOf } from '../batch.js'
import { about } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { fileError } from '../file-error.js'
import { readsAs } from '../files.js'
import { readJson } from '../json-files.js'
import { textOfHtml } from '../html.js'

/**
 * The Banco Central do Brasil's normative documents as its site's API answers them
 * (`/api/conteudo/app/normativos/exibenormativo?p1=<tipo>&p2=<número>`:
 * `{"view": "views/exibenormativo.aspx", "conteudo": [ {…one norm…} ]}`), one answer per file.
 */
type Json = Record<string, unknown>
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim()

/** The norms of an answer; any other JSON is refused. */
function normsOf(file: InputFile): Json[] {
  const data = readJson(file) as Json | null
  const conteudo = data && typeof data === 'object' && !Array.isArray(data) ? data['conteudo'] : undefined
  if (!Array.isArray(conteudo) || (data?.['view'] !== undefined && !String(data['view']).includes('exibenormativo'))) {
    throw fileError(
      file,
      null,
      'is not an answer of the BCB’s exibenormativo API ({"view": "views/exibenormativo.aspx", "conteudo": [...]})',
    )
  }
  return conteudo as Json[]
}

/** A norm's record: the wording in force as its text (revoked wording, struck through, left out). */
function recordOf(n: Json): Record<string, unknown> {
  const id = str(n['Id'])
  return {
    id: `bacen-${id}`,
    openDataId: id,
    openDataResource: 'bacen',
    type: str(n['Tipo']),
    title: str(n['Titulo']),
    subject: str(n['Assunto']),
    summary: textOfHtml(typeof n['Texto'] === 'string' ? n['Texto'] : '', { dropRevoked: true }),
    // exibenormativo names no responsible department (the search API's `ResponsavelOWSText` does).
    responsible: str(n['Responsavel']),
    date: str(n['Data']),
  }
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  for (const file of files) {
    const norms = normsOf(file)
    ctx.progress(file, 1, 1)
    yield batchOf(
      'bacen',
      file,
      norms.map((n, i) => {
        if (n === null || typeof n !== 'object' || str(n['Id']) === '') throw fileError(file, `entry ${i + 1}`, 'is not a norm (no Id)')
        return { record: recordOf(n), line: i + 1 }
      }),
      undefined,
      'entry',
    )
  }
}

/** The BCB's norms (resolutions, circulars…), from its site's API. */
export const bacen = defineSource(about, {
  unmappable: 'refuse',
  remote: {
    base: 'https://www.bcb.gov.br/',
    files: ({ ids }) =>
      ids.map((id) => {
        const at = id.lastIndexOf('/')
        const [type, number] = at > 0 ? [id.slice(0, at).trim(), id.slice(at + 1).trim()] : ['', '']
        if (type === '' || !/^\d+$/.test(number)) throw invalid(`ids: '${id}' is not type/number (e.g. Resolução CMN/4968)`, ['ids'])
        return {
          path: `api/conteudo/app/normativos/exibenormativo?p1=${encodeURIComponent(type)}&p2=${number}`,
          kind: 'exibenormativo',
          save: `${type.replace(/[^\p{L}\p{N}]+/gu, '-')}-${number}.json`,
        }
      }),
    recognizes: (file) => readsAs(() => normsOf(file)),
  },
  read,
})
