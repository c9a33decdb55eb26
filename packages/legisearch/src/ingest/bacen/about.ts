import { defineAbout } from '../define.js'

/** The BCB's norms (resolutions, circulars…), from its site's API. */
export const about = defineAbout({
  name: 'bacen',
  description: "The Banco Central do Brasil's normative documents (its site's exibenormativo API answers)",
  origin: 'https://www.bcb.gov.br/api/conteudo/app/normativos/exibenormativo',
  kinds: [
    { name: 'exibenormativo', description: 'an exibenormativo answer ({"conteudo": [ {Titulo, Tipo, Numero, Assunto, Texto, Data…} ]})' },
  ],
  writes: ['bacen'],
  fetch: { ids: 'type/number, as the BCB writes them: Resolução CMN/4968, Circular/3978' },
})
