import { defineCommand } from 'citty'
import { COLLECTIONS, type CorpusName, openSnapshot } from 'legisearch'
import { invalid } from 'legisearch/internal'
import { guarded, readingSnapshot, snapshotArg, snapshotPath, table, webhooksAllowPrivateArg, webhooksOf } from './common.js'
import { formatArgs, formatOf, printJson, wholeWidth } from './format.js'
import { bodyOf } from './search-filters.js'

const CORPORA = COLLECTIONS.filter((c) => c !== 'stakeholders') as CorpusName[]

/** Whose monitor, and which: every `searches` command names both (ids are a client's). */
const ownerArgs = {
  client: { type: 'string', required: true, description: 'The client (an API key’s client) the monitor belongs to', valueHint: 'NAME' },
  monitor: { type: 'string', required: true, description: 'The monitor’s id (as `monitors list` shows it)', valueHint: 'ID' },
} as const

const save = defineCommand({
  meta: {
    name: 'save',
    description: 'Saves a search in a monitor (as POST /monitors/{monitorId}/searches): `alerts check` then lists its new documents',
  },
  args: {
    corpus: { type: 'positional', required: true, description: `The corpus: ${CORPORA.join(', ')}` },
    q: { type: 'string', description: 'The search box text, as `search` takes it' },
    filter: { type: 'string', description: 'A body filter k=v, repeatable, as `search` takes it' },
    body: { type: 'string', description: 'The JSON body (filters given with --filter are added to it)' },
    sort: { type: 'string', description: 'The order of its alerts: newest, recently_updated (default), older or relevance' },
    modes: { type: 'string', description: 'sensitive, keyword or both, comma-separated' },
    name: { type: 'string', description: 'A name for it' },
    webhook: { type: 'string', description: 'An http(s) URL each check POSTs its new documents to, signed', valueHint: 'URL' },
    ...webhooksAllowPrivateArg,
    ...ownerArgs,
    json: { type: 'boolean', description: 'Print the saved search as JSON (with its webhook secret)' },
    ...snapshotArg,
  },
  run: ({ args, rawArgs }) =>
    guarded(() => {
      const corpus = args.corpus as CorpusName
      if (!CORPORA.includes(corpus))
        throw invalid(`corpus: must be one of ${CORPORA.join(', ')} (got ${JSON.stringify(args.corpus)})`, ['corpus'])
      const query = Object.fromEntries((['q', 'sort', 'modes'] as const).flatMap((k) => (args[k] === undefined ? [] : [[k, args[k]]])))
      const body = bodyOf(corpus, rawArgs, args.body)
      const snap = openSnapshot(snapshotPath(args.snapshot), { webhooks: webhooksOf(args) })
      try {
        const saved = snap.saveSearch(args.client, args.monitor, {
          collection: corpus,
          query,
          body,
          ...(args.name === undefined ? {} : { name: args.name }),
          ...(args.webhook === undefined ? {} : { webhook: args.webhook }),
        })
        if (args.json) return printJson(saved)
        process.stdout.write(`saved search ${saved.id} in monitor ${saved.monitorId}: ${corpus} ${JSON.stringify(saved.query)}\n`)
        if (saved.webhookSecret !== null) {
          process.stdout.write(
            `webhook ${saved.webhook}; its signing secret (shown only now):\n${saved.webhookSecret}\n` +
              'Each delivery carries X-Legisearch-Signature: sha256=<hex HMAC-SHA256 of the body with this secret>.\n',
          )
        }
      } finally {
        snap.close()
      }
    }),
})

const list = defineCommand({
  meta: { name: 'list', description: 'The saved searches of a monitor, oldest first (as GET /monitors/{monitorId}/searches)' },
  args: { ...ownerArgs, ...formatArgs, ...snapshotArg },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const searches = readingSnapshot(args.snapshot, (snap) => snap.listSavedSearches(args.client, args.monitor))
      if (format === 'json') return printJson({ data: searches })
      if (searches.length === 0) return void process.stdout.write(`monitor ${args.monitor} has no saved search\n`)
      const rows = searches.map((s) => [
        s.id,
        s.name ?? '',
        s.collection,
        JSON.stringify(s.query),
        JSON.stringify(s.body),
        s.webhook ?? '',
        s.checkedAt ?? 'never',
      ])
      const w = (i: number, min: number) =>
        wholeWidth(
          rows.map((r) => r[i] as string),
          min,
        )
      process.stdout.write(
        `${table(['id', 'name', 'collection', 'query', 'body', 'webhook', 'checked'], rows, [w(0, 2), 24, 12, 32, 32, 32, 25])}\n`,
      )
    }),
})

const remove = defineCommand({
  meta: { name: 'delete', description: 'Deletes a saved search of a monitor (as DELETE /monitors/{monitorId}/searches/{searchId})' },
  args: { id: { type: 'positional', required: true, description: 'The saved search’s id' }, ...ownerArgs, ...snapshotArg },
  run: ({ args }) =>
    guarded(() => {
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        snap.deleteSavedSearch(args.client, args.monitor, args.id)
        process.stdout.write(`deleted saved search ${args.id}\n`)
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'searches', description: 'Saved searches in monitors: save, list, delete (`alerts check` lists their new documents)' },
  subCommands: { save, list, delete: remove },
})
