import { readFileSync } from 'node:fs'
import { defineCommand } from 'citty'
import { openSnapshot } from '../api/snapshot.js'
import { UN_CONSOLIDATED_LIST_URL, fetchUnConsolidatedList } from '../api/sources.js'
import { guarded, snapshotArg, snapshotPath } from './common.js'

const update = defineCommand({
  meta: { name: 'update', description: 'Reconciles the watchlist with the UN Security Council Consolidated List (downloaded, or --file)' },
  args: {
    file: { type: 'string', description: 'A saved list (XML) instead of downloading it' },
    url: { type: 'string', description: `Where to download it (default ${UN_CONSOLIDATED_LIST_URL})` },
    force: { type: 'boolean', description: 'Apply an older list, or removals over the safety threshold' },
    'observed-on': { type: 'string', description: 'When the list was observed: YYYY-MM-DD or a date-time (default now)' },
    json: { type: 'boolean', description: 'Print the reconciliation report as JSON' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(async () => {
      const xml =
        args.file !== undefined ? readFileSync(args.file) : (await fetchUnConsolidatedList(args.url ?? UN_CONSOLIDATED_LIST_URL)).xml
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        const report = snap.reconcileWatchlist(xml, {
          ...(args.force ? { force: true } : {}),
          ...(args['observed-on'] === undefined ? {} : { observedOn: args['observed-on'] }),
        })
        if (args.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
          return
        }
        const n = (a: readonly string[]) => a.length
        process.stdout.write(
          `list of ${report.dateGenerated}: ${report.applied ? 'applied' : 'already ingested, nothing written'}; ` +
            `listed ${n(report.listed)}, relisted ${n(report.relisted)}, amended ${n(report.amended)}, delisted ${n(report.delisted)}, ` +
            `held back ${n(report.blocked)}, unchanged ${report.unchanged}\n`,
        )
        for (const w of report.warnings) process.stdout.write(`warning: ${w}\n`)
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'watchlist', description: 'The sanctions watchlist (UN Security Council Consolidated List)' },
  subCommands: { update },
})
