import { defineAbout } from '../define.js'

/** ALESP's open-data files (`al.sp.gov.br/repositorioDados/`), recognised by their root element. */
export const KINDS = {
  deputados: { root: 'Deputados', record: 'Deputado', description: 'deputados.xml (the deputies)' },
  naturezas: { root: 'natureza', record: 'natureza', description: 'naturezasSpl.xml (the proposition types)' },
  autores: { root: 'documentos_autores', record: 'DocumentoAutor', description: 'documento_autor.xml (authors of documents)' },
  proposituras: { root: 'proposituras', record: 'propositura', description: 'proposituras.xml (the propositions)' },
} as const
export type Kind = keyof typeof KINDS
export const ORDER: readonly Kind[] = ['deputados', 'naturezas', 'autores', 'proposituras']

/** ALESP (Assembleia Legislativa de São Paulo): propositions with their authors and types, and its deputies. */
export const about = defineAbout({
  name: 'alesp',
  description: "ALESP's open-data XML: propositions (with authors and types) and deputies",
  origin: 'https://www.al.sp.gov.br/repositorioDados/',
  kinds: ORDER.map((k) => ({ name: k, description: KINDS[k].description })),
  writes: ['stakeholders', 'propositions'],
  fetch: {},
})
