import { defineAbout } from '../define.js'

/** The Receita Federal's norms (instructions, ordinances…), from its portal's API. */
export const about = defineAbout({
  name: 'irs',
  description: "The Receita Federal's norms (its normasinternet2 portal's API answers, the original or the in-force view)",
  origin: 'https://normasinternet2.receita.fazenda.gov.br/api/consulta-externa/ato/',
  kinds: [
    { name: 'ato', description: 'an /ato/{idAto}/visao/{original|vigente} answer ({"idAto", "epigrafe", "ementas", "outrosSegmentos"…})' },
  ],
  writes: ['irs'],
  fetch: { ids: 'idAto, or idAto/view (view: vigente, the default, or original): 61197, 14681/original' },
})
