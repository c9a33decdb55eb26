import { about, KINDS, type Kind, ORDER } from './about.js'
import { defineSource, type InputFile, type ReadContext, type RecordBatch } from '../define.js'
import { batchOf, chunks, unlessStored } from '../batch.js'
import { fileError } from '../file-error.js'
import { readXmlRecords, rootOf, rootOfText } from '../xml.js'
import { firstEntryHead, isZip } from '../archives.js'
import { alespDeputyId, mergePerson, partyLink, stateLink, titleOf } from '../people.js'

/** Stable ids from the origin's: an ALESP deputy by the SPL id the authors file names (people.ts). */
export { alespDeputyId }
const propositionId = (id: string): string => `alesp-${id}`
type Author = { openDataId: string; acronymParty: string }

/**
 * How a proposition read in a call merges with the stored one: a type not in the call's naturezas
 * file, the authors when the call has no authors' file, and an author's party when it has no
 * deputies' file are kept as stored.
 */
function keeping(keep: { authors: boolean; parties: boolean }) {
  return (read: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> => {
    const out = { ...read }
    if (out['acronymType'] === '') {
      Object.assign(out, {
        acronymType: stored['acronymType'],
        type: stored['type'],
        title: `${String(stored['acronymType'])} ${String(read['title'])}`,
      })
    }
    if (keep.authors) out['authors'] = stored['authors']
    else if (keep.parties) {
      const before = new Map(((stored['authors'] ?? []) as Author[]).map((a) => [a.openDataId, a.acronymParty]))
      out['authors'] = ((read['authors'] ?? []) as Author[]).map((a) =>
        a.acronymParty === '' ? { ...a, acronymParty: before.get(a.openDataId) ?? '' } : a,
      )
    }
    return out
  }
}

/** `DtPublicacao` of a document never published. */
const NEVER = /^0001-01-01/

function kindOf(file: InputFile): Kind {
  const root = rootOf(file)
  const kind = ORDER.find((k) => KINDS[k].root === root)
  if (kind === undefined) {
    const kinds = ORDER.map((k) => KINDS[k].description).join('; ')
    throw fileError(file, 1, `is not an ALESP file this source reads (${kinds}); its root is ${root === null ? 'missing' : `<${root}>`}`)
  }
  return kind
}

function records(file: InputFile, kind: Kind, ctx: ReadContext) {
  const k = KINDS[kind]
  return readXmlRecords(file, { root: k.root, record: k.record, what: `ALESP's ${k.description}` }, ctx)
}

const t = (r: Readonly<Record<string, string>>, key: string) => (r[key] ?? '').trim()

async function* read(files: readonly InputFile[], ctx: ReadContext): AsyncGenerator<RecordBatch> {
  const byKind = new Map<Kind, InputFile[]>()
  for (const f of files) {
    const kind = kindOf(f)
    byKind.set(kind, [...(byKind.get(kind) ?? []), f])
  }
  const deputies = ctx.stage('deputados')
  const types = ctx.stage('naturezas')
  const authors = ctx.stage('autores')

  const known = new Set<string>()
  for (const file of byKind.get('deputados') ?? []) {
    for await (const part of chunks(records(file, 'deputados', ctx))) {
      const items = part.map(({ record: r, line }) => {
        const id = t(r, 'IdSPL')
        if (id === '') throw fileError(file, line, 'a <Deputado> has no <IdSPL>')
        known.add(id)
        deputies.add(id, { name: t(r, 'NomeParlamentar'), party: t(r, 'Partido') })
        const record = {
          id: alespDeputyId(id),
          openDataId: id,
          openDataResource: 'alesp',
          name: t(r, 'NomeParlamentar'),
          // The file gives no sex: the title in its neutral form.
          title: titleOf('deputadoEstadual', ''),
          situation: t(r, 'Situacao'),
          active: t(r, 'Situacao') === 'EXE',
          organs: [...partyLink(t(r, 'Partido'), 'alesp'), ...stateLink('SP', 'alesp')],
        }
        return { record, line }
      })
      yield batchOf('stakeholders', file, items, mergePerson)
    }
  }
  for (const file of byKind.get('naturezas') ?? []) {
    for await (const { record: r } of records(file, 'naturezas', ctx)) {
      types.add(t(r, 'idNatureza'), { acronym: t(r, 'sgNatureza'), name: t(r, 'nmNatureza') })
    }
  }
  for (const file of byKind.get('autores') ?? []) {
    // An author who is not in a deputados file of the call still gets a stakeholder from its row.
    const extra: { record: Record<string, unknown>; line: number }[] = []
    for await (const { record: r, line } of records(file, 'autores', ctx)) {
      const id = t(r, 'IdAutor')
      authors.add(t(r, 'IdDocumento'), { id, name: t(r, 'NomeAutor') })
      if (id !== '' && !known.has(id)) {
        known.add(id)
        extra.push({
          record: {
            id: alespDeputyId(id),
            openDataId: id,
            openDataResource: 'alesp',
            name: t(r, 'NomeAutor') || id,
            organs: stateLink('SP', 'alesp'),
          },
          line,
        })
      }
    }
    yield* unlessStored('stakeholders', file, extra)
  }
  const merge = keeping({ authors: !byKind.has('autores'), parties: !byKind.has('deputados') })
  for (const file of byKind.get('proposituras') ?? []) {
    for await (const pending of chunks(records(file, 'proposituras', ctx))) {
      const ids = pending.map((p) => t(p.record, 'IdDocumento'))
      const a = authors.get(ids)
      const ty = types.get(pending.map((p) => t(p.record, 'IdNatureza')))
      const people = deputies.get([...a.values()].flat().map((x) => (x as { id: string }).id))
      const out: { record: Record<string, unknown>; line: number }[] = []
      for (const p of pending) {
        // A type not in a naturezasSpl.xml of this call is taken from the stored record (merge);
        // a new record without one cannot be mapped and is skipped, reported by line.
        const type = (ty.get(t(p.record, 'IdNatureza'))?.[0] as { acronym: string; name: string } | undefined) ?? { acronym: '', name: '' }
        const number = t(p.record, 'NroLegislativo')
        const year = t(p.record, 'AnoLegislativo')
        const published = t(p.record, 'DtPublicacao')
        out.push({
          record: {
            id: propositionId(t(p.record, 'IdDocumento')),
            openDataId: t(p.record, 'IdDocumento'),
            openDataResource: 'alesp',
            openDataTypeId: t(p.record, 'IdNatureza'),
            title: `${type.acronym} ${number}/${year}`.trim(),
            acronymType: type.acronym,
            type: type.name,
            number: Number(number),
            year: Number(year),
            summary: t(p.record, 'Ementa'),
            datePresentation: published !== '' && !NEVER.test(published) ? published : t(p.record, 'DtEntradaSistema'),
            authors: ((a.get(t(p.record, 'IdDocumento')) ?? []) as { id: string; name: string }[]).map((x) => {
              const d = people.get(x.id)?.[0] as { name: string; party: string } | undefined
              return {
                openDataId: x.id,
                type: 'Deputado',
                name: x.name,
                acronymParty: d?.party ?? '',
                uf: 'SP',
                stakeholderId: x.id ? alespDeputyId(x.id) : null,
              }
            }),
          },
          line: p.line,
        })
      }
      if (out.length > 0) yield batchOf('propositions', file, out, merge)
    }
  }
}

/** ALESP (Assembleia Legislativa de São Paulo): propositions with their authors and types, and its deputies. */
export const alesp = defineSource(about, {
  unmappable: 'skip',
  // Whole-history files (no year): the two large ones are published zipped.
  remote: {
    base: 'https://www.al.sp.gov.br/repositorioDados/',
    files: () => [
      { path: 'deputados/deputados.xml', kind: 'deputados' },
      { path: 'processo_legislativo/naturezasSpl.xml', kind: 'naturezas' },
      { path: 'processo_legislativo/documento_autor.zip', kind: 'autores' },
      { path: 'processo_legislativo/proposituras.zip', kind: 'proposituras' },
    ],
    // A zip is recognised by its first file's root element (an error page, or another zip, is not it).
    recognizes: async (file, kind) => {
      const root = KINDS[kind as Kind]?.root
      if (!isZip(file)) return rootOf(file) === root
      const head = await firstEntryHead(file.path)
      return head !== null && rootOfText(head) === root
    },
  },
  read,
})
