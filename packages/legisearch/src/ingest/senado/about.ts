import { defineAbout } from '../define.js'

/** The Senado's API answers the source reads, recognised by their shape. */
export type Kind = 'comissoes' | 'senadores' | 'afastados' | 'senador' | 'detalhes' | 'relatorias' | 'processos'
export const ORDER: readonly Kind[] = ['comissoes', 'senadores', 'afastados', 'senador', 'detalhes', 'relatorias', 'processos']
export const DESCRIPTIONS: Record<Kind, string> = {
  comissoes: '/senador/{cod}/comissoes (a senator’s committees)',
  senadores: '/senador/lista/atual (the senators in office)',
  afastados: '/senador/afastados (the senators out of office)',
  senador: '/senador/{cod} (a senator in detail)',
  detalhes: '/processo/{id} (a process in detail: authors, classifications)',
  relatorias: '/processo/relatoria (rapporteurs)',
  processos: '/processo (a page of processes)',
}

/** The Senado Federal: processes (propositions) with authors, rapporteurs and classifications, and senators with their committees. */
export const about = defineAbout({
  name: 'senado',
  description: "The Senado Federal's open-data JSON: processes (with authors, rapporteurs, classifications) and senators (with committees)",
  origin: 'https://legis.senado.leg.br/dadosabertos/',
  kinds: ORDER.map((k) => ({ name: k, description: DESCRIPTIONS[k] })),
  writes: ['stakeholders', 'propositions'],
  fetch: { per: 'year' },
})
