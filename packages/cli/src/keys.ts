import { defineCommand } from 'citty'
import { ENDPOINTS, PLANS, PLAN_NAMES, openSnapshot } from 'legisearch'
import { guarded, snapshotArg, snapshotPath, table } from './common.js'
import { invalid, clipped } from 'legisearch/internal'

const create = defineCommand({
  meta: { name: 'create', description: 'Creates an API key for the HTTP server and prints it once (only its hash is kept)' },
  args: {
    ...snapshotArg,
    client: {
      type: 'string',
      required: true,
      description: 'The organization the key belongs to (it owns its monitors)',
      valueHint: 'NAME',
    },
    plan: {
      type: 'string',
      required: true,
      description: `The plan: ${PLAN_NAMES.map((p) => `${p} (${PLANS[p].endpoints.length} endpoints, ${PLANS[p].ratePerMinute}/min)`).join(', ')}`,
      valueHint: 'PLAN',
    },
    endpoints: { type: 'string', description: `Instead of the plan's, comma-separated: ${ENDPOINTS.join(', ')}`, valueHint: 'LIST' },
    rate: { type: 'string', description: "Requests a minute, instead of the plan's", valueHint: 'N' },
    json: { type: 'boolean', description: 'Print the key and what it may do as JSON' },
  },
  run: ({ args }) =>
    guarded(() => {
      const rate = args.rate === undefined ? undefined : Number(args.rate)
      if (rate !== undefined && !/^\d+$/.test(args.rate ?? ''))
        throw invalid(`--rate: must be a whole number of requests a minute (got '${clipped(args.rate ?? '')}')`)
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        const key = snap.createApiKey({
          client: args.client,
          plan: args.plan as never,
          ...(args.endpoints === undefined ? {} : { endpoints: args.endpoints.split(',').map((e) => e.trim()) as never }),
          ...(rate === undefined ? {} : { ratePerMinute: rate }),
        })
        if (args.json) {
          process.stdout.write(`${JSON.stringify(key, null, 2)}\n`)
          return
        }
        process.stdout.write(
          `${key.key}\n\nkey ${key.id} for ${key.clientId}, plan ${key.plan}: ${key.endpoints.join(', ')}; ${key.ratePerMinute} requests a minute.\n` +
            'This is the only time the key is shown; keep it (send it in the x-api-key header).\n',
        )
      } finally {
        snap.close()
      }
    }),
})

const list = defineCommand({
  meta: { name: 'list', description: 'Lists API keys (never their secrets)' },
  args: { ...snapshotArg, json: { type: 'boolean', description: 'Print as JSON' } },
  run: ({ args }) =>
    guarded(() => {
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        const keys = snap.listApiKeys()
        if (args.json) {
          process.stdout.write(`${JSON.stringify(keys, null, 2)}\n`)
          return
        }
        if (keys.length === 0) {
          process.stdout.write('no API keys; `legisearch keys create --client NAME --plan PLAN` makes one\n')
          return
        }
        const rows = keys.map((k) => [
          k.id,
          k.clientId,
          k.plan,
          String(k.ratePerMinute),
          k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
          k.endpoints.join(', '),
        ])
        process.stdout.write(`${table(['id', 'client', 'plan', 'rate/min', 'state', 'endpoints'], rows, [12, 16, 8, 8, 32, 60])}\n`)
      } finally {
        snap.close()
      }
    }),
})

const revoke = defineCommand({
  meta: { name: 'revoke', description: 'Revokes an API key by id (as `keys list` shows it); it is refused from then on' },
  args: { ...snapshotArg, id: { type: 'positional', required: true, description: 'The key id', valueHint: 'ID' } },
  run: ({ args }) =>
    guarded(() => {
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        snap.revokeApiKey(args.id)
        process.stdout.write(`revoked ${args.id}\n`)
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'keys', description: 'API keys of the HTTP server: create, list, revoke' },
  subCommands: { create, list, revoke },
})
