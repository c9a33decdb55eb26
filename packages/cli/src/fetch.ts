import { statSync } from 'node:fs'
import { defineCommand } from 'citty'
import { type SourceName, SOURCE_NAMES, openSnapshot, fetchSource, LegisearchError } from 'legisearch'
import { redactUrl } from 'legisearch/internal'
import {
  countsTable,
  guarded,
  reportHeldBack,
  reportLists,
  progressReporter,
  ingestProgress,
  interruptible,
  snapshotArg,
  snapshotPath,
  table,
  watchlistArgs,
  watchlistOptions,
} from './common.js'

export default defineCommand({
  meta: { name: 'fetch', description: "Downloads a source's files from its official address; --ingest writes the changed ones" },
  args: {
    source: { type: 'positional', required: true, description: `The source: ${SOURCE_NAMES.join(', ')}` },
    year: { type: 'string', description: 'The year of the yearly files (default: this year)' },
    date: { type: 'string', description: 'The day of a daily source (dou), YYYY-MM-DD (default: today)' },
    ids: {
      type: 'string',
      description: 'The documents of a one-document-per-file source, comma-separated (bacen: Resolução CMN/4968; irs: 61197)',
    },
    dir: { type: 'string', description: 'Where downloads are kept between runs (default ./legisearch-downloads)' },
    'base-url': { type: 'string', description: 'Another address than the official one (a mirror)' },
    'timeout-ms': { type: 'string', description: 'Time per attempt in ms (default 120000)' },
    ingest: { type: 'boolean', description: 'Ingest the files that changed into the snapshot' },
    ...snapshotArg,
    ...watchlistArgs,
  },
  run: ({ args }) =>
    guarded(async () => {
      const year = args.year === undefined ? undefined : Number(args.year)
      if (year !== undefined && !Number.isInteger(year)) {
        throw new LegisearchError('invalid_parameters', `--year: must be a year such as 2023 (got ${JSON.stringify(args.year)})`)
      }
      const timeoutMs = args['timeout-ms'] === undefined ? undefined : Number(args['timeout-ms'])
      if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
        throw new LegisearchError('invalid_parameters', `--timeout-ms: must be a positive integer (got ${args['timeout-ms']})`)
      }
      const progress = progressReporter('downloading')
      const files = await fetchSource(args.source, {
        onProgress: (p) => progress.update(redactUrl(p.url), p.bytesRead, p.bytesTotal, `${(p.bytesRead / 1e6).toFixed(1)} MB`),
        dir: args.dir ?? 'legisearch-downloads',
        ...(year === undefined ? {} : { year }),
        ...(args.date === undefined ? {} : { date: args.date }),
        ...(args.ids === undefined
          ? {}
          : {
              ids: args.ids
                .split(',')
                .map((x) => x.trim())
                .filter((x) => x !== ''),
            }),
        ...(args['base-url'] === undefined ? {} : { baseUrl: args['base-url'] }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        onFile: (f) => {
          progress.stop()
          process.stderr.write(`${f.changed ? 'downloaded' : 'unchanged '} ${redactUrl(f.url)} (${(f.bytes / 1e6).toFixed(1)} MB)\n`)
        },
      })
      const rows = files.map((f) => [f.path, f.changed ? 'changed' : 'unchanged', f.bytes.toLocaleString('en-US')])
      process.stdout.write(`${table(['file', 'state', 'bytes'], rows, [60, 9, 12])}\n`)
      if (!args.ingest) return
      if (files.length === 0) {
        process.stdout.write('nothing published for that day; nothing to ingest\n')
        return
      }
      const snap = openSnapshot(snapshotPath(args.snapshot))
      // The files of a year join one another (authors to propositions): unless the snapshot's last
      // ingest of the source took this very set after every file was written (a download that
      // changed a file, or a failed ingest, leaves a file newer than it), the whole set goes in;
      // records stored as they are stay untouched.
      const paths = files.map((f) => f.path)
      const last = snap.ingests().find((i) => i.source === args.source)
      const since = last === undefined ? 0 : Date.parse(last.finishedAt)
      const current = last !== undefined && paths.every((p) => last.files.includes(p) && statSync(p).mtimeMs <= since)
      if (current && !args.force) {
        process.stdout.write('nothing changed; nothing to ingest\n')
        // A daily run keeps saying what the watchlist holds back until an operator accepts it.
        if (args.source === 'un') reportHeldBack(snap, args.snapshot)
        snap.close()
        return
      }
      const reading = ingestProgress(args.source)
      try {
        const report = await interruptible((signal) =>
          snap.ingest(args.source as SourceName, paths, { ...watchlistOptions(args), onProgress: reading.update, signal }),
        )
        reading.stop()
        if (report === null) return
        process.stdout.write(`${countsTable(report)}\n`)
        if (report.lists !== undefined) reportLists(snap, report, args.snapshot)
      } finally {
        snap.close()
      }
    }),
})
