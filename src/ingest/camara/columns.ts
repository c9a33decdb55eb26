/**
 * The Câmara's bulk files (`dadosabertos.camara.leg.br/arquivos/…`), recognised by their header:
 * each kind's columns that the mapping reads (a file lacking one is refused), and one column only
 * that kind has.
 */
export const CAMARA_FILES = {
  deputados: {
    description: 'deputados.csv (every deputy of every legislature)',
    marker: 'idLegislaturaInicial',
    columns: ['uri', 'nome', 'idLegislaturaInicial', 'idLegislaturaFinal', 'nomeCivil', 'siglaSexo', 'ufNascimento'],
  },
  orgaos: {
    description: 'orgaos.csv (the organs: committees, the Executive, the Board…)',
    marker: 'codTipoOrgao',
    columns: ['uri', 'sigla', 'nome', 'codTipoOrgao', 'tipoOrgao', 'descricaoSituacao'],
  },
  autores: {
    description: 'proposicoesAutores-YYYY.csv (authors of the year’s propositions)',
    marker: 'idDeputadoAutor',
    columns: [
      'idProposicao',
      'idDeputadoAutor',
      'uriAutor',
      'codTipoAutor',
      'tipoAutor',
      'nomeAutor',
      'siglaPartidoAutor',
      'siglaUFAutor',
      'ordemAssinatura',
      'proponente',
    ],
  },
  temas: {
    description: 'proposicoesTemas-YYYY.csv (themes of the year’s propositions)',
    marker: 'codTema',
    columns: ['uriProposicao', 'codTema', 'tema', 'relevancia'],
  },
  proposicoes: {
    description: 'proposicoes-YYYY.csv (the year’s propositions with their latest status)',
    marker: 'ultimoStatus_idSituacao',
    columns: [
      'id',
      'siglaTipo',
      'numero',
      'ano',
      'codTipo',
      'descricaoTipo',
      'ementa',
      'ementaDetalhada',
      'keywords',
      'dataApresentacao',
      'urlInteiroTeor',
      'ultimoStatus_dataHora',
      'ultimoStatus_sequencia',
      'ultimoStatus_uriRelator',
      'ultimoStatus_idOrgao',
      'ultimoStatus_siglaOrgao',
      'ultimoStatus_uriOrgao',
      'ultimoStatus_regime',
      'ultimoStatus_descricaoTramitacao',
      'ultimoStatus_descricaoSituacao',
      'ultimoStatus_idSituacao',
      'ultimoStatus_despacho',
      'ultimoStatus_apreciacao',
    ],
  },
} as const

export type CamaraKind = keyof typeof CAMARA_FILES

/** The order files are read in: who is named (deputies, organs) before what names them. */
export const CAMARA_ORDER: readonly CamaraKind[] = ['deputados', 'orgaos', 'autores', 'temas', 'proposicoes']
