import { RECORD_LIMITS } from '../../common/json-value.js'
import { dirname } from 'node:path'
import { LegisearchError } from '../../common/errors.js'
import { upstream } from '../../common/http.js'
import { redactUrl, redactUrlIn } from '../../common/redact-url.js'
import { firstEntryHead, isZip } from '../archives.js'
import { BATCH } from '../batch.js'
import { about } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { fileError } from '../file-error.js'
import { type OpenFiles, firstBytes, openFiles, readText } from '../files.js'
import { rootOfText } from '../xml.js'
import { parsedAct, plainAct } from './act-xml.js'
import { textOfHtml } from '../html.js'

/**
 * The Diário Oficial da União in the INLABS XML format of the Imprensa Nacional: one act per file
 * (`<xml><article …><body>…</body></article></xml>`, UTF-8 with a BOM), published in a zip per day
 * and section (`2023-05-23-DO3.zip`); the runner unpacks the zips. A long act is split over several
 * files that share `idMateria` (the continuation parts have an empty `Identifica`): they are joined,
 * in order, into one act.
 */

/** Largest act file read (the real ones are a few kB to a few hundred kB). */
const MAX_ACT_BYTES = 50_000_000

/** One file of an act, as read. */
interface Part {
  readonly file: InputFile
  readonly attrs: Readonly<Record<string, string>>
  readonly identifica: string
  readonly ementa: string
  readonly titulo: string
  readonly html: string
}

/** Reads one act file: strict UTF-8, well-formed, the INLABS shape. */
function partOf(file: InputFile, ctx: ReadContext, open: OpenFiles): Part {
  const text = readText(file, MAX_ACT_BYTES, 'no INLABS act is', true, open)
  ctx.progress(file, text.length, text.length)
  const root = rootOfText(text.slice(0, 4096))
  if (root !== 'xml') {
    throw fileError(file, 1, `is not an INLABS act (<xml><article …>); its root is ${root === null ? 'missing' : `<${root}>`}`)
  }
  const { attrs, identifica, ementa, titulo, html } = plainAct(text) ?? parsedAct(file, text)
  for (const required of ['idMateria', 'pubName', 'pubDate']) {
    if ((attrs[required] ?? '').trim() === '') throw fileError(file, null, `is not an INLABS act: <article> has no ${required}`)
  }
  return { file, attrs, identifica: identifica.trim(), ementa: ementa.trim(), titulo: titulo.trim(), html }
}

/** `DO2E` → `Seção 2 - Extra` (the label `sections` answers to as `2`, `Seção 2` and `Seção 2 Extra`). */
export function sectionOf(pubName: string): string {
  const m = /^DO(\d+)(E?)/i.exec(pubName.trim())
  if (!m) return pubName.trim()
  return `Seção ${Number(m[1])}${m[2] ? ' - Extra' : ''}`
}

/** `20/03/2023` → `2023-03-20T00:00:00-03:00` (the day in Brasília), or null. */
function dayOf(pubDate: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(pubDate.trim())
  return m ? `${m[3]}-${m[2]}-${m[1]}T00:00:00-03:00` : null
}

/** The act of the parts of one `idMateria`, in order (the part with the heading first, then by article id). */
function actOf(parts: readonly Part[]): { record: Record<string, unknown>; part: Part } {
  const ordered = [...parts].sort(
    (a, b) => Number(b.identifica !== '') - Number(a.identifica !== '') || Number(a.attrs['id'] ?? 0) - Number(b.attrs['id'] ?? 0),
  )
  const head = ordered[0] as Part
  const a = head.attrs
  const date = dayOf(a['pubDate'] ?? '')
  if (date === null) throw fileError(head.file, null, `has a pubDate that is not DD/MM/YYYY (${JSON.stringify(a['pubDate'])})`)
  const title = head.identifica || head.titulo || [a['artType'], a['name']].filter(Boolean).join(' ')
  const page = (a['numberPage'] ?? '').trim()
  return {
    part: head,
    record: {
      id: `dou-${(a['idMateria'] ?? '').trim()}`,
      title,
      content: ordered
        .map((p) => textOfHtml(p.html))
        .filter((t) => t !== '')
        .join('\n'),
      resume: ordered.map((p) => p.ementa).find((e) => e !== '') ?? '',
      section: sectionOf(a['pubName'] ?? ''),
      hierarchy: (a['artCategory'] ?? '').trim(),
      location: `DOU nº ${(a['editionNumber'] ?? '').trim()}, de ${(a['pubDate'] ?? '').trim()}${page ? `, ${sectionOf(a['pubName'] ?? '')}, página ${page}` : ''}`,
      date,
    },
  }
}

/** What one batch of acts handed to the writer holds at most. */
export interface DouBatchBounds {
  /** Acts. */
  readonly acts: number
  /** Characters of act text past which the batch is handed on (an act is never split: one long act may pass it alone). */
  readonly chars: number
}

/** The batches the DOU reader hands on: 500 acts, or fewer past 8 million characters of text. */
export const DOU_BATCH: DouBatchBounds = { acts: BATCH, chars: 8_000_000 }

/**
 * The acts of the call, streamed: each act file is read, parsed and converted as its turn comes,
 * its record handed on in a batch (`bounds`) and let go; only the parts of a split act wait for
 * their last part. Files are grouped by the archive they came from (a day's zip), parts joined by
 * `idMateria` within it, so memory is one batch and one act's parts whatever the number of days.
 *
 * @example for await (const batch of readDou(inputs, ctx, { acts: 50, chars: 100_000 })) write(batch)
 */
export async function* readDou(
  files: readonly InputFile[],
  ctx: ReadContext,
  bounds: DouBatchBounds = DOU_BATCH,
): AsyncGenerator<RecordBatch> {
  // A day is an archive (a zip), or the loose act files of one folder. What else a day's zip holds
  // (an act's images) is no act: only its XML files are read.
  const byArchive = new Map<string, InputFile[]>()
  for (const f of files) {
    const at = f.name.lastIndexOf(':')
    const archive = at > 0 && /\.zip$/i.test(f.name.slice(0, at)) ? f.name.slice(0, at) : dirname(f.name)
    if (at > 0 && archive !== dirname(f.name) && !/\.xml$/i.test(f.name)) continue
    const group = byArchive.get(archive)
    if (group) group.push(f)
    else byArchive.set(archive, [f])
  }
  // A day's acts are packed one after another in one file by the unpacking: it stays open.
  const open = openFiles()
  try {
    // The parts each act has in each day (its idMateria is in the first bytes of each file); an act
    // found in several days of the call is written as the last day has it (a re-publication).
    // The first 2 kB hold it in every real act (a match there is the first of the 8 kB read else).
    const idIn = (f: InputFile, n: number) => /\bidMateria="([^"]*)"/.exec(firstBytes(f, n, open))?.[1]
    const materiaOf = (f: InputFile) => (idIn(f, 2048) ?? idIn(f, 8192))?.trim() ?? `?${f.name}`
    const groups = [...byArchive.values()].map((group) => ({ group, materias: group.map(materiaOf) }))
    const lastDay = new Map<string, number>()
    groups.forEach(({ materias }, day) => {
      for (const m of materias) lastDay.set(m, day)
    })
    for (const [day, { group, materias }] of groups.entries()) {
      // An act is written as soon as its last part is read: only split acts wait, not a day's acts.
      const expected = new Map<string, number>()
      for (const m of materias) expected.set(m, (expected.get(m) ?? 0) + 1)
      const pending = new Map<string, Part[]>()
      // The acts of the batch under way: their records and files only (their parts are let go).
      let records: Record<string, unknown>[] = []
      let recordFiles: InputFile[] = []
      let chars = 0
      // An act whose joined text is over what a field holds is left out and reported (the call's
      // other acts are written): one very long act does not refuse a day.
      const keep = (act: ReturnType<typeof actOf>) => {
        const length = String(act.record['content']).length
        if (length <= RECORD_LIMITS.fieldChars) {
          records.push(act.record)
          recordFiles.push(act.part.file)
          chars += length
        } else
          ctx.skip(
            act.part.file,
            0,
            `act ${String(act.record['id'])}: its text is ${length.toLocaleString('en-US')} characters, over the ${RECORD_LIMITS.fieldChars.toLocaleString('en-US')} a field holds; left out`,
          )
      }
      const flush = function* (): Generator<RecordBatch> {
        if (records.length === 0) return
        // An act has no line: a record that does not validate is named by its file alone.
        yield { collection: 'dou', file: recordFiles[0] as InputFile, files: recordFiles, records }
        records = []
        recordFiles = []
        chars = 0
      }
      for (const [i, f] of group.entries()) {
        if (lastDay.get(materias[i] as string) !== day) continue
        const part = partOf(f, ctx, open)
        const key = (part.attrs['idMateria'] ?? '').trim()
        const parts = [...(pending.get(key) ?? []), part]
        if (parts.length < (expected.get(key) ?? 1)) {
          pending.set(key, parts)
          continue
        }
        pending.delete(key)
        keep(actOf(parts))
        if (records.length >= bounds.acts || chars >= bounds.chars) yield* flush()
      }
      // Parts whose head named another idMateria than their parse (a damaged head): joined as read.
      for (const parts of pending.values()) {
        keep(actOf(parts))
        if (records.length >= bounds.acts || chars >= bounds.chars) yield* flush()
      }
      yield* flush()
    }
  } finally {
    open.close()
  }
}

/** The sections INLABS publishes a day's zip for (the extras only on days with an extra edition). */
const SECTIONS = ['DO1', 'DO2', 'DO3', 'DO1E', 'DO2E', 'DO3E'] as const
/** The header INLABS' own download scripts send. */
const ORIGEM = { origem: '736372697074' }

/**
 * Signs in to INLABS with `INLABS_EMAIL` and `INLABS_PASSWORD` (read here, never stored, printed
 * or logged) and returns the session cookie header for the downloads.
 */
async function login(ctx: { base: string; fetch: typeof globalThis.fetch; timeoutMs: number }): Promise<Record<string, string>> {
  const email = process.env['INLABS_EMAIL'] ?? ''
  const password = process.env['INLABS_PASSWORD'] ?? ''
  if (email === '' || password === '') {
    throw new LegisearchError(
      'invalid_parameters',
      'INLABS needs a login: set INLABS_EMAIL and INLABS_PASSWORD (an account of inlabs.in.gov.br) in the environment',
      ['env'],
    )
  }
  const url = new URL('logar.php', ctx.base.endsWith('/') ? ctx.base : `${ctx.base}/`).href
  let response: Response
  try {
    response = await ctx.fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(ctx.timeoutMs),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...ORIGEM },
      body: new URLSearchParams({ email, password }).toString(),
    })
  } catch (e) {
    throw upstream(`${redactUrl(url)}: the INLABS login failed (${redactUrlIn((e as Error).message, url)})`)
  }
  await response.body?.cancel().catch(() => {})
  if (response.status >= 500) throw upstream(`${redactUrl(url)}: the INLABS login failed (HTTP ${response.status})`)
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0] as string)
    .find((c) => c.startsWith('inlabs_session_cookie='))
  if (cookie === undefined) {
    throw new LegisearchError(
      'unauthorized',
      `${redactUrl(url)}: INLABS refused the login of INLABS_EMAIL (no session); check INLABS_EMAIL and INLABS_PASSWORD`,
    )
  }
  return { cookie, ...ORIGEM }
}

/** The Diário Oficial da União (INLABS XML): acts, split acts joined. */
export const dou = defineSource(about, {
  unmappable: 'refuse',
  // A day's zip per section, behind a login (`fetch dou --date YYYY-MM-DD`).
  remote: {
    base: 'https://inlabs.in.gov.br/',
    files: ({ date }) =>
      SECTIONS.map((section) => ({
        path: `index.php?p=${date}&dl=${date}-${section}.zip`,
        kind: 'act',
        save: `${date}-${section}.zip`,
        // A day has no extra edition unless one was published; some days have no section 1 either (weekends).
        optional: true,
      })),
    login,
    // A zip whose first file is an INLABS act (not the login page INLABS answers a lost session with).
    recognizes: async (file) => isZip(file) && rootOfText((await firstEntryHead(file.path)) ?? '') === 'xml',
  },
  read: (files, ctx) => readDou(files, ctx),
})
