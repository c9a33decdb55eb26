import { z } from 'zod'
import { defineCorpus } from '../define.js'
import { found } from '../results.js'
import { dateTime, id, int, text } from '../fields.js'

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

export const irs = defineCorpus({
  name: 'irs',
  description: 'Receita Federal norms and documents (`POST /search/irs`).',
  schema,
  result: found(schema).meta({ id: 'IrsResult' }),
  text: [
    { name: 'subject', weight: 3, highlight: true, get: (d) => d.subject },
    { name: 'content', weight: 1, highlight: true, get: (d) => d.content },
  ],
  filters: {
    types: { kind: 'open', values: (d) => [d.type] },
    created_at: { kind: 'date', column: 'main' },
  },
  mainDate: (d) => d.date,
  updatedDate: (d) => d.date,
  savedKey: 'savedBuckets',
  relevance: false,
})
