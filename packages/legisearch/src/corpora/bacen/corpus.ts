import * as z from 'zod'
import { defineCorpus } from '../define.js'
import { found } from '../found.js'
import { dateTime, id, text } from '../fields.js'
import { normCitation } from '../norm-citation.js'

const schema = z.strictObject({
  id: id(),
  openDataId: text(),
  openDataResource: text(),
  type: text(),
  title: text(),
  subject: text(),
  summary: text(),
  responsible: text(),
  date: dateTime(),
})

export type BacenDocument = z.output<typeof schema>

/** `Resolução CMN N° 4.968`: the title states the norm's citation. */
const citation = normCitation<BacenDocument>(
  (d) => [d.title, `${d.type} ${d.title}`],
  (d) => d.date,
)

export const bacen = defineCorpus({
  name: 'bacen',
  description: 'Banco Central do Brasil norms and documents (`POST /search/bacen`).',
  schema,
  result: found(schema).meta({ id: 'BacenResult' }),
  text: [
    { name: 'title', weight: 3, highlight: true, get: (d) => d.title },
    { name: 'subject', weight: 2, highlight: true, get: (d) => d.subject },
    { name: 'summary', weight: 1, highlight: true, get: (d) => d.summary },
    citation.field,
  ],
  filters: {
    types: { kind: 'open', values: (d) => [d.type] },
    created_at: { kind: 'date', column: 'main' },
  },
  mainDate: (d) => d.date,
  updatedDate: (d) => d.date,
  savedKey: 'savedBuckets',
  relevance: false,
  identifiers: citation.identifiers,
})
