import { existsSync, statSync } from 'node:fs'
import { defineCommand } from 'citty'
import { openSnapshot } from '../api/snapshot.js'
import { guarded, heldRemovalsText, snapshotArg, snapshotPath, table } from './common.js'

export default defineCommand({
  meta: { name: 'info', description: 'Records per collection, the file size, and the latest ingest of each source' },
  args: { ...snapshotArg, json: { type: 'boolean', description: 'Print as JSON' } },
  run: ({ args }) =>
    guarded(() => {
      const path = snapshotPath(args.snapshot)
      const snap = openSnapshot(path, { readonly: true })
      try {
        const bytes = [path, `${path}-wal`].filter((f) => existsSync(f)).reduce((n, f) => n + statSync(f).size, 0)
        const info = { snapshot: path, bytes, counts: snap.counts(), ingests: snap.ingests(), watchlist: snap.heldWatchlistRemovals() }
        if (args.json) {
          process.stdout.write(`${JSON.stringify(info, null, 2)}\n`)
          return
        }
        process.stdout.write(`${path}: ${(bytes / 1e6).toFixed(1)} MB\n\n`)
        const counts = Object.entries(info.counts).map(([c, n]) => [c, n.toLocaleString('en-US')])
        process.stdout.write(`${table(['collection', 'records'], counts, [14, 10])}\n\n`)
        if (info.ingests.length === 0) process.stdout.write('no ingest yet\n')
        else {
          const rows = info.ingests.map((i) => [i.source, i.finishedAt, i.files.join(', ')])
          process.stdout.write(`${table(['source', 'latest ingest', 'files'], rows, [10, 24, 80])}\n`)
        }
        if (info.watchlist.newestList !== null) {
          const listed = snap.listWatchlist({ status: 'listed', limit: 1 }).total
          process.stdout.write(
            `\nwatchlist: ${listed.toLocaleString('en-US')} designations listed, as of the UN list of ${info.watchlist.newestList}\n`,
          )
          const held = heldRemovalsText(info.watchlist, args.snapshot)
          process.stdout.write(held === '' ? 'no removal is held back\n' : held)
        }
      } finally {
        snap.close()
      }
    }),
})
