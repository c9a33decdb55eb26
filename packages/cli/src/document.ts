import { defineCommand } from 'citty'
import type { CorpusName } from 'legisearch'
import { guarded, readingSnapshot, snapshotArg } from './common.js'
import { printJson } from './format.js'

/** `legisearch document <collection> <id>`: one stored document by id, as JSON (what `getDocument` answers). */
export default defineCommand({
  meta: {
    name: 'document',
    description: 'One document by its id, as JSON: the result a search finding it gives (as GET /documents/{collection}/{id} answers it)',
  },
  args: {
    collection: { type: 'positional', description: 'propositions, social, dou, bacen, notices or irs', required: true },
    id: { type: 'positional', description: 'The document id (a search result’s id)', required: true },
    client: { type: 'string', description: "A client id: the document carries that client's saved references" },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const ctx = args.client === undefined ? undefined : { clientId: args.client }
      printJson(readingSnapshot(args.snapshot, (snap) => snap.getDocument(args.collection as CorpusName, args.id, ctx)))
    }),
})
