import { defineCommand } from 'citty'
import { openSnapshot } from '../api/snapshot.js'
import { UN_CONSOLIDATED_LIST_URL, fetchSource } from '../api/sources.js'
import { guarded, snapshotArg, snapshotPath, watchlistArgs, watchlistOptions } from './common.js'

const update = defineCommand({
  meta: {
    name: 'update',
    description:
      'Reconciles the watchlist with the UN Security Council Consolidated List (downloaded, or --file); the same as `ingest un` / `fetch un --ingest`',
  },
  args: {
    file: { type: 'string', description: 'A saved list (XML) instead of downloading it' },
    'base-url': {
      type: 'string',
      description: `Another address than the official one (default ${new URL(UN_CONSOLIDATED_LIST_URL).origin})`,
    },
    dir: { type: 'string', description: 'Where downloads are kept between runs (default ./legisearch-downloads)' },
    ...watchlistArgs,
    json: { type: 'boolean', description: 'Print the reconciliation report as JSON' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(async () => {
      const file =
        args.file ??
        (
          await fetchSource('un', {
            dir: args.dir ?? 'legisearch-downloads',
            ...(args['base-url'] === undefined ? {} : { baseUrl: args['base-url'] }),
          })
        )[0]?.path
      if (file === undefined) throw new Error('fetchSource(un) returned no file')
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        const reports = (await snap.ingest('un', [file], watchlistOptions(args))).lists ?? []
        if (args.json) {
          process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`)
          return
        }
        const n = (a: readonly string[]) => a.length
        for (const report of reports) {
          process.stdout.write(
            `list of ${report.dateGenerated}: ${report.applied ? 'applied' : 'already ingested, nothing written'}; ` +
              `listed ${n(report.listed)}, relisted ${n(report.relisted)}, amended ${n(report.amended)}, delisted ${n(report.delisted)}, ` +
              `held back ${n(report.blocked)}, unchanged ${report.unchanged}\n`,
          )
          for (const w of report.warnings) process.stdout.write(`warning: ${w}\n`)
        }
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'watchlist', description: 'The sanctions watchlist (UN Security Council Consolidated List)' },
  subCommands: { update },
})
