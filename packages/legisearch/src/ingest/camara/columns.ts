/**
 * The Câmara's bulk files (`dadosabertos.camara.leg.br/arquivos/…`), recognised by their header:
 * each kind's published columns (a file lacking any is not that file, and is refused), and one
 * column only that kind has. The JSON variant of each (`{"dados": [...]}`, nested objects
 * flattened to the CSV's `a_b` names) is recognised by `jsonMarker`, a key only its entries have,
 * and must hold every key of `json`: the ones the mapping reads.
 */
export const CAMARA_FILES = {
  deputados: {
    description: 'deputados.csv (every deputy of every legislature)',
    marker: 'idLegislaturaInicial',
    jsonMarker: 'idLegislaturaInicial',
    json: ['uri', 'nome', 'idLegislaturaFinal'],
    columns:
      'uri nome idLegislaturaInicial idLegislaturaFinal nomeCivil cpf siglaSexo urlRedeSocial urlWebsite dataNascimento dataFalecimento ufNascimento municipioNascimento'.split(
        ' ',
      ),
  },
  orgaos: {
    description: 'orgaos.csv (the organs: committees, the Executive, the Board…)',
    marker: 'codTipoOrgao',
    jsonMarker: 'codTipoOrgao',
    json: ['uri', 'sigla', 'nome', 'tipoOrgao', 'dataFim'],
    columns:
      'uri sigla apelido nome nomePublicacao codTipoOrgao tipoOrgao dataInicio dataInstalacao dataFim dataFimOriginal codSituacao descricaoSituacao casa sala urlWebsite'.split(
        ' ',
      ),
  },
  autores: {
    description: 'proposicoesAutores-YYYY.csv (authors of the year’s propositions)',
    marker: 'idDeputadoAutor',
    jsonMarker: 'idDeputadoAutor',
    json: ['idProposicao', 'idDeputadoAutor', 'uriAutor', 'tipoAutor', 'nomeAutor', 'siglaPartidoAutor', 'siglaUFAutor', 'ordemAssinatura'],
    columns:
      'idProposicao uriProposicao idDeputadoAutor uriAutor codTipoAutor tipoAutor nomeAutor siglaPartidoAutor uriPartidoAutor siglaUFAutor ordemAssinatura proponente'.split(
        ' ',
      ),
  },
  temas: {
    description: 'proposicoesTemas-YYYY.csv (themes of the year’s propositions)',
    marker: 'codTema',
    jsonMarker: 'codTema',
    json: ['uriProposicao', 'codTema', 'tema', 'relevancia'],
    columns: 'uriProposicao siglaTipo numero ano codTema tema relevancia'.split(' '),
  },
  proposicoes: {
    description: 'proposicoes-YYYY.csv (the year’s propositions with their latest status)',
    marker: 'ultimoStatus_idSituacao',
    jsonMarker: 'ultimoStatus',
    json: 'id siglaTipo numero ano codTipo descricaoTipo ementa ementaDetalhada dataApresentacao ultimoStatus_dataHora ultimoStatus_sequencia ultimoStatus_uriRelator ultimoStatus_idOrgao ultimoStatus_siglaOrgao ultimoStatus_uriOrgao ultimoStatus_regime ultimoStatus_descricaoTramitacao ultimoStatus_descricaoSituacao ultimoStatus_idSituacao ultimoStatus_apreciacao'.split(
      ' ',
    ),
    columns:
      'id uri siglaTipo numero ano codTipo descricaoTipo ementa ementaDetalhada keywords dataApresentacao uriOrgaoNumerador uriPropAnterior uriPropPrincipal uriPropPosterior urlInteiroTeor urnFinal ultimoStatus_dataHora ultimoStatus_sequencia ultimoStatus_uriRelator ultimoStatus_idOrgao ultimoStatus_siglaOrgao ultimoStatus_uriOrgao ultimoStatus_regime ultimoStatus_descricaoTramitacao ultimoStatus_idTipoTramitacao ultimoStatus_descricaoSituacao ultimoStatus_idSituacao ultimoStatus_despacho ultimoStatus_apreciacao ultimoStatus_url'.split(
        ' ',
      ),
  },
  deputadosApi: {
    description: 'a page of the API’s /api/v2/deputados (deputies of a period, with party and state)',
    marker: null,
    columns: [],
    jsonMarker: 'idLegislatura',
    json: ['id', 'nome', 'idLegislatura'],
  },
  proposicaoApi: {
    description: 'an answer of the API’s /api/v2/proposicoes/{id} (one proposition with its current status)',
    marker: null,
    columns: [],
    jsonMarker: 'statusProposicao',
    json: 'id siglaTipo numero ano codTipo descricaoTipo ementa dataApresentacao statusProposicao_dataHora statusProposicao_codSituacao statusProposicao_descricaoSituacao'.split(
      ' ',
    ),
  },
} as const

/**
 * The API's `statusProposicao` fields under the bulk files' `ultimoStatus_` names (the organ's id
 * is its address's last segment in both).
 */
export const API_STATUS: Readonly<Record<string, string>> = {
  dataHora: 'dataHora',
  sequencia: 'sequencia',
  uriUltimoRelator: 'uriRelator',
  siglaOrgao: 'siglaOrgao',
  uriOrgao: 'uriOrgao',
  regime: 'regime',
  descricaoTramitacao: 'descricaoTramitacao',
  codTipoTramitacao: 'idTipoTramitacao',
  descricaoSituacao: 'descricaoSituacao',
  codSituacao: 'idSituacao',
  despacho: 'despacho',
  apreciacao: 'apreciacao',
  url: 'url',
}

export type CamaraKind = keyof typeof CAMARA_FILES

/** The order files are read in: who is named (deputies, organs) before what names them. */
export const CAMARA_ORDER: readonly CamaraKind[] = [
  'deputados',
  'deputadosApi',
  'orgaos',
  'autores',
  'temas',
  'proposicoes',
  'proposicaoApi',
]
