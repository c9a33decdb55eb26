import * as z from 'zod'
import { fold } from '../../text/fold.js'
import { defineCorpus } from '../define.js'
import { found } from '../found.js'
import { dateTime, id, optionalDateTime, text } from '../fields.js'
import { normCitation } from '../norm-citation.js'
import { sectionKey, sectionKeys } from './section.js'

const schema = z.strictObject({
  id: id(),
  title: text(),
  content: text(),
  resume: text(),
  section: text(),
  hierarchy: text(),
  location: text(),
  date: dateTime(),
  createdAt: optionalDateTime(),
  updatedAt: optionalDateTime(),
})

export type DouAct = z.output<typeof schema>

/** `PORTARIA Nº 109, DE 22 DE MAIO DE 2023`: the title states the act's citation, its year the date's. */
const citation = normCitation<DouAct>(
  (a) => [a.title],
  (a) => a.date,
)

export const dou = defineCorpus({
  name: 'dou',
  description: 'Acts of the Diário Oficial da União (`POST /search/dou`).',
  schema,
  result: found(schema.extend({ createdAt: dateTime(), updatedAt: dateTime() })).meta({
    id: 'DouResult',
    description: '`createdAt`/`updatedAt` are `date` when the record had none.',
  }),
  text: [
    { name: 'title', weight: 3, highlight: true, get: (a) => a.title },
    { name: 'resume', weight: 2, highlight: true, get: (a) => a.resume },
    { name: 'content', weight: 1, highlight: true, get: (a) => a.content },
    citation.field,
  ],
  filters: {
    sections: { kind: 'open', values: (a) => sectionKeys(a.section), normalize: sectionKey },
    // The main issuing organization: the first link of the slash-separated hierarchy.
    organizations: { kind: 'open', values: (a) => [a.hierarchy.split('/')[0] ?? ''], normalize: (v) => fold(v).trim() },
    created_at: { kind: 'date', column: 'main' },
  },
  mainDate: (a) => a.date,
  updatedDate: (a) => a.updatedAt ?? a.date,
  savedKey: 'savedBuckets',
  relevance: false,
  identifiers: citation.identifiers,
  toResult: (a) => ({ ...a, createdAt: a.createdAt ?? a.date, updatedAt: a.updatedAt ?? a.date }),
})
