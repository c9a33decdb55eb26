import { statSync } from 'node:fs'
import { defineCommand } from 'citty'
import { SOURCE_NAMES, type SourceName, openSnapshot } from 'legisearch'
import {
  countsTable,
  guarded,
  reportHeldBack,
  reportLists,
  ingestProgress,
  interruptible,
  snapshotArg,
  snapshotPath,
  watchlistArgs,
  watchlistOptions,
} from './common.js'

export default defineCommand({
  meta: {
    name: 'ingest',
    description: `Ingests an official source's files into the snapshot, in one transaction (sources: ${SOURCE_NAMES.join(', ')})`,
  },
  args: {
    source: { type: 'positional', required: true, description: `The source: ${SOURCE_NAMES.join(', ')}` },
    files: { type: 'positional', required: false, description: 'Its files (any order; all are read in one transaction)' },
    ...snapshotArg,
    ...watchlistArgs,
    json: { type: 'boolean', description: 'Print the ingest report as JSON' },
  },
  run: ({ args }) =>
    guarded(async () => {
      const files = (args._ as string[]).slice(1)
      const snap = openSnapshot(snapshotPath(args.snapshot))
      const progress = ingestProgress(args.source)
      const started = performance.now()
      try {
        const report = await interruptible((signal) =>
          snap.ingest(args.source as SourceName, files, { ...watchlistOptions(args), onProgress: progress.update, signal }),
        )
        progress.stop()
        if (report === null) return
        if (args.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
          if (report.lists !== undefined) reportHeldBack(snap, args.snapshot, true)
          return
        }
        process.stdout.write(`${countsTable(report)}\n`)
        if (report.lists !== undefined) reportLists(snap, report, args.snapshot)
        const bytes = report.files.reduce((n, f) => n + statSync(f).size, 0)
        process.stdout.write(
          `${report.source}: ${report.files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        )
        for (const s of report.skipped) process.stdout.write(`skipped ${s.file}${s.line > 0 ? `, line ${s.line}` : ''}: ${s.why}\n`)
      } finally {
        progress.stop()
        snap.close()
      }
    }),
})
