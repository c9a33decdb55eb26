import { invalid } from '../../common/errors.js'
import { batchOf } from '../batch.js'
import { about } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { fileError } from '../file-error.js'
import { readsAs } from '../files.js'
import { readJson } from '../json-files.js'
import { textOfHtml } from '../html.js'

/**
 * The Receita Federal's norms as its portal's API answers them
 * (`normasinternet2.receita.fazenda.gov.br/api/consulta-externa/ato/{idAto}/visao/{original|vigente}`),
 * one act per file. Both views are read; given both for one act in a call, `vigente` (the
 * wording in force) is the one kept.
 */
type Json = Record<string, unknown>
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim()
/** The objects of a JSON array (anything else in it, and anything not an array, is no segment). */
const list = (v: unknown): Json[] =>
  Array.isArray(v) ? (v.filter((x) => x !== null && typeof x === 'object' && !Array.isArray(x)) as Json[]) : []

interface Segment {
  readonly ordemSegmentoAto?: number
  readonly textoIntegra?: unknown
  readonly omitir?: boolean
  readonly tachado?: boolean
  readonly original?: boolean
  readonly compilado?: boolean
}

/**
 * Whether an answer is the `vigente` view (the wording in force) rather than the original one: its
 * `visao`, else the name `fetch irs` saves it under (`ato-61197-vigente.json`).
 */
const isInForce = (act: Json, file?: InputFile) =>
  str(act['visao']) === 'vigente' || str(act['_view']) === 'vigente' || /-vigente\.json$/i.test(file?.name ?? '')

/**
 * The body's text: the original view's original segments, or the view in force's compiled ones
 * with struck-through (revoked) wording left out — all of it kept when the whole act is revoked,
 * so a revoked act is still found by its text — in order, each as plain text.
 */
function bodyOf(act: Json, inForce: boolean): string {
  const segments = list(act['outrosSegmentos']) as Segment[]
  const shown = segments.filter((s) => !s.omitir && (inForce ? s.compilado !== false : s.original !== false))
  const current = inForce && shown.some((s) => !s.tachado) ? shown.filter((s) => !s.tachado) : shown
  return [...current]
    .sort((a, b) => (a.ordemSegmentoAto ?? 0) - (b.ordemSegmentoAto ?? 0))
    .map((s) => textOfHtml(s.textoIntegra ?? '', { dropRevoked: inForce && current !== shown }))
    .filter((t) => t !== '')
    .join('\n')
}

function recordOf(act: Json, inForce: boolean): Record<string, unknown> {
  const epigrafe = (act['epigrafe'] ?? {}) as Json
  const tipo = (epigrafe['tipoAto'] ?? {}) as Json
  const id = str(act['idAto'])
  const day = str(epigrafe['dataAto'])
  const revocations = list(act['ancorasNoAto'])
    .map((a) => str(a['texto']))
    .filter((t) => t !== '')
  return {
    id: `irs-${id}`,
    type: str(tipo['nomeTipoAto']),
    subject: list(act['ementas'])
      .map((s) => textOfHtml(s['textoIntegra']))
      .filter((t) => t !== '')
      .join('\n'),
    content: [bodyOf(act, inForce), ...revocations].filter((t) => t !== '').join('\n'),
    link: `https://normasinternet2.receita.fazenda.gov.br/#/consulta/externa/${id}`,
    number: Number(str(epigrafe['numeroAto']).replace(/\D/g, '')) || 0,
    organ: list(epigrafe['orgaos'])
      .map((o) => str(o['siglaOrgao']))
      .filter((s) => s !== '')
      .join('/'),
    date: /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00-03:00` : day,
  }
}

function actOf(file: InputFile): Json {
  const act = readJson(file) as Json | null
  if (
    !act ||
    typeof act !== 'object' ||
    Array.isArray(act) ||
    str(act['idAto']) === '' ||
    act['epigrafe'] === null ||
    typeof act['epigrafe'] !== 'object'
  ) {
    throw fileError(file, null, 'is not an answer of the Receita’s normasinternet2 API ({"idAto": …, "epigrafe": {…}, "ementas": […]})')
  }
  return act
}

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  // First which act and view each file is (one answer in memory at a time): an act given in both
  // views is written once, in the view in force, so the same files again change nothing.
  const seen = files.map((file) => {
    const act = actOf(file)
    return { file, id: str(act['idAto']), inForce: isInForce(act, file) }
  })
  const inForce = new Set(seen.filter((x) => x.inForce).map((x) => x.id))
  const written = new Set<string>()
  for (const { file, id, inForce: current } of seen) {
    if ((!current && inForce.has(id)) || written.has(id)) continue
    written.add(id)
    ctx.progress(file, 1, 1)
    yield batchOf('irs', file, [{ record: recordOf(actOf(file), current), line: 1 }], undefined, 'entry')
  }
}

/** The Receita Federal's norms (instructions, ordinances…), from its portal's API. */
export const irs = defineSource(about, {
  unmappable: 'refuse',
  remote: {
    base: 'https://normasinternet2.receita.fazenda.gov.br/',
    // The API answers 403 without a same-site origin.
    headers: { referer: 'https://normasinternet2.receita.fazenda.gov.br/', origin: 'https://normasinternet2.receita.fazenda.gov.br' },
    files: ({ ids }) =>
      ids.map((id) => {
        const m = /^(\d+)(?:\/(vigente|original))?$/.exec(id.trim())
        if (!m) throw invalid(`ids: '${id}' is not idAto or idAto/view (e.g. 61197, 14681/original)`, ['ids'])
        const view = m[2] ?? 'vigente'
        return { path: `api/consulta-externa/ato/${m[1]}/visao/${view}`, kind: 'ato', save: `ato-${m[1]}-${view}.json` }
      }),
    recognizes: (file) => readsAs(() => actOf(file)),
  },
  read,
})
