import * as z from 'zod'
import { defineCorpus } from '../define.js'
import { found } from '../found.js'
import { dateTime, freeObject, id, text } from '../fields.js'

/** The poster; besides the fixed fields it carries one string field named after the network (`twitter: '@handle'`). */
const stakeholder = z
  .object({
    id: text(),
    name: text(),
    title: text(),
    electoralUF: text(),
    acronymParty: text(),
    photoUrl: text(),
  })
  // Optional, as the fixed fields are (a key given as undefined is left out): so its type holds
  // them, also under `exactOptionalPropertyTypes`.
  .catchall(z.string({ error: 'must be a string (the poster’s handle on the network this field is named after)' }).optional())

const schema = z.strictObject({
  id: id(),
  openDataId: text(),
  openDataResource: text(),
  resource: text(),
  link: text(),
  text: text(),
  postedAt: dateTime(),
  stakeholder: stakeholder.default(() => stakeholder.parse({})),
  organ: freeObject(),
  social_organ_profile: z.boolean().default(false),
  media: z.array(z.strictObject({ media_key: text(), type: text(), url: text() })).default([]),
  mediaAnalysis: freeObject(),
})

export type SocialPost = z.output<typeof schema>

export const social = defineCorpus({
  name: 'social',
  description: "Parliamentarians' social-network posts (`POST /search/social`).",
  schema,
  result: found(schema).meta({ id: 'SocialResult' }),
  text: [{ name: 'text', weight: 1, highlight: true, get: (p) => p.text }],
  filters: {
    resources: { kind: 'open', values: (p) => [p.resource || p.openDataResource] },
    stakeholders: { kind: 'id', values: (p) => (p.stakeholder.id ? [p.stakeholder.id] : []) },
    parties: { kind: 'open', values: (p) => [p.stakeholder.acronymParty] },
    created_at: { kind: 'date', column: 'main' },
  },
  mainDate: (p) => p.postedAt,
  updatedDate: (p) => p.postedAt,
  savedKey: 'savedBuckets',
  relevance: false,
})
