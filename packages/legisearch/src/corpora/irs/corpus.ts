import * as z from 'zod'
import { defineCorpus } from '../define.js'
import { found } from '../found.js'
import { dateTime, id, int, text } from '../fields.js'
import { normCitation } from '../norm-citation.js'

const schema = z.strictObject({
  id: id(),
  type: text(),
  subject: text(),
  content: text(),
  link: text(),
  number: int(),
  /** The issuing unit's acronym (the spec's `the service` column, a string here). */
  organ: text(),
  date: dateTime(),
})

export type IrsDocument = z.output<typeof schema>

/** Type, issuing unit and number (`Instrução Normativa` `SRF` `208`) state the norm's citation. */
const citation = normCitation<IrsDocument>(
  (d) => (d.number > 0 ? [`${d.type} ${d.organ} nº ${d.number}`, `${d.type} nº ${d.number}`] : []),
  (d) => d.date,
)

export const irs = defineCorpus({
  name: 'irs',
  description: 'Receita Federal norms and documents (`POST /search/irs`).',
  schema,
  result: found(schema).meta({ id: 'IrsResult' }),
  text: [
    { name: 'subject', weight: 3, highlight: true, get: (d) => d.subject },
    { name: 'content', weight: 1, highlight: true, get: (d) => d.content },
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
