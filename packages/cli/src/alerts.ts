import { defineCommand } from 'citty'
import { type Alert, type CorpusName, openSnapshot, type WebhookDelivery } from 'legisearch'
import { EXIT, guarded, snapshotArg, snapshotPath, webhooksAllowPrivateArg, webhooksOf } from './common.js'
import { formatArgs, formatOf, printJson } from './format.js'
import { resultsTable } from './search-table.js'

const check = defineCommand({
  meta: {
    name: 'check',
    description:
      'Lists the documents matching each saved search that were added or changed since its last check (by ingest time), at most --limit per saved search (oldest write first), marks only those seen (the next check goes on where this one stopped), and POSTs them to each saved search’s webhook',
  },
  args: {
    client: { type: 'string', description: 'The client whose saved searches to check; default: every client’s', valueHint: 'NAME' },
    monitor: { type: 'string', description: 'Only this monitor’s saved searches (needs --client)', valueHint: 'ID' },
    limit: {
      type: 'string',
      description: 'How many new documents to list per saved search, 1..1000 (default 100); the rest wait for the next check',
      valueHint: 'N',
    },
    ...webhooksAllowPrivateArg,
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(async () => {
      const format = formatOf(args)
      if (args.monitor !== undefined && args.client === undefined) {
        process.stderr.write('legisearch: --monitor: give --client too (a monitor is a client’s)\n')
        process.exitCode = EXIT.refused
        return
      }
      const snap = openSnapshot(snapshotPath(args.snapshot), { webhooks: webhooksOf(args) })
      const data: Alert[] = []
      const more: string[] = []
      const sending: Promise<WebhookDelivery[]>[] = []
      let names: Map<string, string>
      try {
        const clients = args.client === undefined ? [...new Set(snap.listAllMonitors().map((m) => m.clientId))] : [args.client]
        names = new Map()
        for (const client of clients) {
          // Each client's check is its own transaction; its webhooks go once it committed.
          const checked = snap.checkAlertsAndNotify(client, args.monitor, args.limit === undefined ? undefined : { limit: args.limit })
          data.push(...checked.data)
          more.push(...checked.more)
          sending.push(checked.deliveries)
          for (const m of snap.listMonitors(client)) for (const s of snap.listSavedSearches(client, m.id)) names.set(s.id, s.name ?? s.id)
        }
      } finally {
        snap.close()
      }
      const deliveries = (await Promise.all(sending)).flat()
      if (format === 'json') printJson({ data, more, deliveries })
      else {
        if (data.length === 0) process.stdout.write('no new document\n')
        for (const [searchId, alerts] of grouped(data)) {
          const collection = alerts[0]?.collection as CorpusName
          process.stdout.write(
            `${names.get(searchId) ?? searchId} (${collection}): ${alerts.length} new${more.includes(searchId) ? ' (more waiting: check again)' : ''}\n${resultsTable(
              collection,
              alerts.map((a) => a.document),
            )}\n\n`,
          )
        }
        for (const d of deliveries) {
          process.stderr.write(
            d.delivered
              ? `webhook ${d.url}: delivered ${d.documents} document${d.documents === 1 ? '' : 's'} (try ${d.attempts})\n`
              : `webhook ${d.url}: NOT delivered after ${d.attempts} tr${d.attempts === 1 ? 'y' : 'ies'}: ${d.error ?? 'failed'}\n`,
          )
        }
      }
      // The check is done (documents marked seen) either way; a webhook not delivered is a network failure.
      if (deliveries.some((d) => !d.delivered)) process.exitCode = EXIT.network
    }),
})

/** Alerts by saved search, in the order given. */
function grouped(data: readonly Alert[]): Map<string, Alert[]> {
  const out = new Map<string, Alert[]>()
  for (const a of data) out.set(a.searchId, [...(out.get(a.searchId) ?? []), a])
  return out
}

export default defineCommand({
  meta: { name: 'alerts', description: 'Alerts of saved searches: the documents added or changed since the last check' },
  subCommands: { check },
})
