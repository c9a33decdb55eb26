import { defineCommand } from 'citty'
import { CORPUS_NAMES, openSnapshot } from '../api/snapshot.js'
import { notFound } from '../common/errors.js'
import { guarded, snapshotArg, snapshotPath, table } from './common.js'
import { formatArgs, formatOf, printJson, wholeWidth } from './format.js'

const clientArg = {
  client: {
    type: 'string',
    description: 'The client (an API key’s client) whose monitors to read; default: every client’s, as whoever holds the file sees them',
  },
} as const

const list = defineCommand({
  meta: { name: 'list', description: 'Monitors (folders of saved documents), oldest first, with how many documents each holds' },
  args: { ...clientArg, ...formatArgs, ...snapshotArg },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        // One client's, as `GET /monitors` answers it; or every client's, each with its client.
        const mine = args.client === undefined ? null : snap.listMonitors(args.client)
        if (format === 'json') return printJson({ data: mine ?? snap.listAllMonitors() })
        const monitors = mine === null ? snap.listAllMonitors() : mine.map((m) => ({ clientId: args.client as string, ...m }))
        if (monitors.length === 0) {
          process.stdout.write(args.client === undefined ? 'no monitor yet\n' : `client '${args.client}' has no monitor\n`)
          return
        }
        const rows = monitors.map((m) => [m.id, m.clientId, m.name, String(m.items), m.createdAt])
        const w = (i: number, min: number) =>
          wholeWidth(
            rows.map((r) => r[i] as string),
            min,
          )
        process.stdout.write(`${table(['id', 'client', 'name', 'documents', 'created'], rows, [w(0, 2), w(1, 6), 40, 9, 25])}\n`)
      } finally {
        snap.close()
      }
    }),
})

/** A saved document's row: its id whole, its date, and its title (or first words). */
function documentRow(corpus: string, d: Record<string, unknown>): string[] {
  const date = String(d['datePresentation'] ?? d['postedAt'] ?? d['date'] ?? '').slice(0, 10)
  const ident = corpus === 'propositions' ? `${String(d['acronymType'])} ${String(d['number'])}/${String(d['year'])} ` : ''
  const title = String(d['title'] || d['text'] || d['summary'] || '').replace(/\s+/g, ' ')
  return [corpus, String(d['id']), date, `${ident}${title}`]
}

const show = defineCommand({
  meta: {
    name: 'show',
    description: 'A monitor’s saved documents, per corpus, in the order saved (as GET /monitors/{monitorId} answers)',
  },
  args: {
    id: { type: 'positional', required: true, description: 'The monitor’s id (as `monitors list` shows it)' },
    ...clientArg,
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        // Without --client, the monitor's own client: ids are unique across clients.
        const client = args.client ?? snap.listAllMonitors().find((m) => m.id === args.id)?.clientId
        if (client === undefined) throw notFound(`monitor '${args.id}' not found (\`legisearch monitors list\` shows the monitors)`)
        const m = snap.getMonitor(client, args.id)
        if (format === 'json') return printJson(m)
        process.stdout.write(
          `${m.name} (${m.id}), client ${client}, created ${m.createdAt}: ${m.items} document${m.items === 1 ? '' : 's'}\n`,
        )
        const rows = CORPUS_NAMES.flatMap((c) => (m.documents[c] as unknown as Record<string, unknown>[]).map((d) => documentRow(c, d)))
        if (rows.length === 0) return
        const idWidth = wholeWidth(
          rows.map((r) => r[1] as string),
          2,
        )
        process.stdout.write(`\n${table(['collection', 'id', 'date', 'title'], rows, [12, idWidth, 10, 80])}\n`)
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'monitors', description: 'Monitors: clients’ folders of saved documents (read; the HTTP API writes them)' },
  subCommands: { list, show },
})
