import { defineAbout } from '../define.js'
import { CAMARA_FILES, CAMARA_ORDER } from './columns.js'

/** The Câmara dos Deputados' bulk files: propositions with their authors and themes, deputies and organs. */
export const about = defineAbout({
  name: 'camara',
  description: "The Câmara dos Deputados' bulk files: propositions (with authors, themes and latest status), deputies and organs",
  origin: 'https://dadosabertos.camara.leg.br/arquivos/',
  kinds: CAMARA_ORDER.map((k) => ({ name: k, description: CAMARA_FILES[k].description })),
  writes: ['stakeholders', 'propositions'],
  fetch: { per: 'year' },
})
