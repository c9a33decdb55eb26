import { defineCommand } from 'citty'
import { CORPUS_NAMES, openSnapshot } from 'legisearch'
import { guarded, readingSnapshot, snapshotArg, snapshotPath, table } from './common.js'
import { formatArgs, formatOf, printJson, wholeWidth } from './format.js'
import { resultsTable } from './search-table.js'
import { notFound, clipped } from 'legisearch/internal'

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
      readingSnapshot(args.snapshot, (snap) => {
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
      })
    }),
})

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
      const [client, m] = readingSnapshot(args.snapshot, (snap) => {
        // Without --client, the monitor's own client: ids are unique across clients.
        const owner = args.client ?? snap.listAllMonitors().find((x) => x.id === args.id)?.clientId
        if (owner === undefined) throw notFound(`monitor '${clipped(args.id)}' not found (\`legisearch monitors list\` shows the monitors)`)
        return [owner, snap.getMonitor(owner, args.id)] as const
      })
      if (format === 'json') return printJson(m)
      process.stdout.write(
        `${m.name} (${m.id}), client ${client}, created ${m.createdAt}: ${m.items} document${m.items === 1 ? '' : 's'}\n`,
      )
      // Each corpus's documents in that corpus's search columns (one table of columns per corpus).
      for (const corpus of CORPUS_NAMES) {
        const docs = m.documents[corpus]
        if (docs.length > 0) process.stdout.write(`\n${corpus} (${docs.length})\n${resultsTable(corpus, docs)}\n`)
      }
    }),
})

const create = defineCommand({
  meta: { name: 'create', description: 'Creates a monitor of a client (as POST /monitors), e.g. to save searches in it (`searches save`)' },
  args: {
    name: { type: 'positional', required: true, description: 'The monitor’s name (1..200 characters)' },
    client: { type: 'string', required: true, description: 'The client (an API key’s client) it belongs to', valueHint: 'NAME' },
    json: { type: 'boolean', description: 'Print { id, name } as JSON' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        const m = snap.createMonitor(args.client, args.name)
        if (args.json) return printJson(m)
        process.stdout.write(`${m.id}\n`)
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: {
    name: 'monitors',
    description: 'Monitors: clients’ folders of saved documents and searches (list, show, create; the HTTP API saves documents in them)',
  },
  subCommands: { list, show, create },
})
