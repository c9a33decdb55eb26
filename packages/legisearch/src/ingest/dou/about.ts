import { defineAbout } from '../define.js'

/** The Diário Oficial da União (INLABS XML): acts, split acts joined. */
export const about = defineAbout({
  name: 'dou',
  description: 'The Diário Oficial da União in INLABS XML (a zip per day and section, one act per file): acts, split acts joined',
  origin: 'https://inlabs.in.gov.br/',
  kinds: [{ name: 'act', description: 'an INLABS act (<xml><article idMateria=…>), alone or in a day’s zip (YYYY-MM-DD-DO1.zip…)' }],
  writes: ['dou'],
  fetch: { per: 'day', login: true },
})
