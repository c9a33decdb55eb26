import * as z from 'zod'
import { defineCorpus } from '../define.js'
import { found } from '../found.js'
import { dateTime, id, text } from '../fields.js'

const schema = z.strictObject({
  id: id(),
  openDataId: text(),
  openDataResource: text(),
  resource: text(),
  site: text(),
  title: text(),
  description: text(),
  descriptionEn: text(),
  content: text(),
  url: text(),
  image: text(),
  date: dateTime(),
})

export type Notice = z.output<typeof schema>

export const notices = defineCorpus({
  name: 'notices',
  description: 'News of the legislative houses (`POST /search/notices`).',
  schema,
  result: found(schema).meta({ id: 'NoticeResult' }),
  text: [
    { name: 'title', weight: 3, highlight: true, get: (n) => n.title },
    { name: 'description', weight: 2, highlight: true, get: (n) => n.description },
    { name: 'content', weight: 1, highlight: true, get: (n) => n.content },
  ],
  filters: {
    resources: { kind: 'open', values: (n) => [n.openDataResource] },
    created_at: { kind: 'date', column: 'main' },
  },
  mainDate: (n) => n.date,
  updatedDate: (n) => n.date,
  savedKey: 'savedBuckets',
  relevance: false,
})
