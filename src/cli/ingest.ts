import { statSync } from 'node:fs'
import { SingleBar } from 'cli-progress'
import { defineCommand } from 'citty'
import type { IngestProgress } from '../api/ingest.js'
import { SOURCE_NAMES, type SourceName, openSnapshot } from '../api/snapshot.js'
import { countsTable, guarded, snapshotArg, snapshotPath, watchlistArgs, watchlistOptions } from './common.js'

/** Progress on stderr: a bar on a terminal, else a plain line per file and quarter. */
function progressReporter(): { onProgress: (p: IngestProgress) => void; stop: () => void } {
  if (process.stderr.isTTY) {
    const bar = new SingleBar({ format: '{file} [{bar}] {percentage}% | {records} records', stream: process.stderr, hideCursor: true })
    let current = ''
    return {
      onProgress: (p) => {
        if (p.file !== current) {
          if (current !== '') bar.stop()
          current = p.file
          bar.start(p.bytesTotal, 0, { file: p.file, records: p.records })
        }
        bar.update(p.bytesRead, { records: p.records })
      },
      stop: () => bar.stop(),
    }
  }
  const said = new Map<string, number>()
  return {
    onProgress: (p) => {
      const quarter = p.bytesTotal === 0 ? 4 : Math.floor((4 * p.bytesRead) / p.bytesTotal)
      if ((said.get(p.file) ?? -1) >= quarter) return
      said.set(p.file, quarter)
      process.stderr.write(`reading ${p.file}: ${quarter * 25}% (${p.records} records written)\n`)
    },
    stop: () => {},
  }
}

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
      const progress = progressReporter()
      const started = performance.now()
      try {
        const report = await snap.ingest(args.source as SourceName, files, { ...watchlistOptions(args), onProgress: progress.onProgress })
        progress.stop()
        if (args.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
          return
        }
        process.stdout.write(`${countsTable(report)}\n`)
        const bytes = files.reduce((n, f) => n + statSync(f).size, 0)
        process.stdout.write(
          `${report.source}: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
        )
        for (const s of report.skipped) process.stdout.write(`skipped ${s.file}, line ${s.line}: ${s.why}\n`)
      } finally {
        progress.stop()
        snap.close()
      }
    }),
})
