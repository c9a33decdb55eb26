import { defineCommand } from 'citty'
import { serveMcp } from '@legisearch/mcp'
import { guarded, snapshotArg, snapshotPath, webhooksAllowPrivateArg } from './common.js'

export default defineCommand({
  meta: {
    name: 'mcp',
    description:
      'Serves the snapshot to AI agents over the Model Context Protocol (stdio): each search, the watchlist and stakeholders as tools',
  },
  args: {
    ...snapshotArg,
    client: { type: 'string', description: 'The client whose monitors fill savedBuckets in results (default none)', valueHint: 'NAME' },
    writable: {
      type: 'boolean',
      description: 'Open the snapshot writable: the save_search and check_alerts tools need it (default read-only)',
    },
    ...webhooksAllowPrivateArg,
  },
  run: ({ args }) =>
    guarded(() =>
      serveMcp({
        snapshot: snapshotPath(args.snapshot),
        ...(args.client ? { clientId: args.client } : {}),
        ...(args.writable ? { writable: true } : {}),
        ...(args['webhooks-allow-private'] ? { webhooksAllowPrivate: true } : {}),
      }),
    ),
})
