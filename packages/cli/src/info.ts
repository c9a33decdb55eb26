import { existsSync, statSync } from 'node:fs'
import { defineCommand } from 'citty'
import { openSnapshot } from 'legisearch'
import { guarded, heldRemovalsText, snapshotArg, snapshotPath, table } from './common.js'

export default defineCommand({
  meta: {
    name: 'info',
    description:
      'Records per collection, the file size, the latest ingest of each source, and the watchlist (lists ingested, listed, delisted, held back)',
  },
  args: { ...snapshotArg, json: { type: 'boolean', description: 'Print as JSON' } },
  run: ({ args }) =>
    guarded(() => {
      const path = snapshotPath(args.snapshot)
      const snap = openSnapshot(path, { readonly: true })
      try {
        const bytes = [path, `${path}-wal`].filter((f) => existsSync(f)).reduce((n, f) => n + statSync(f).size, 0)
        const info = { snapshot: path, bytes, ...snap.info() }
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
        const w = info.watchlist
        if (w.lists.newest === null) {
          process.stdout.write('\nwatchlist: no UN list ingested yet (legisearch watchlist update)\n')
          return
        }
        const n = (x: number) => x.toLocaleString('en-US')
        process.stdout.write(
          `\nwatchlist: ${n(w.designations.listed)} designations listed, as of the UN list of ${w.lists.newest}\n` +
            `  ${n(w.designations.delisted)} delisted; ${n(w.lists.count)} UN list${w.lists.count === 1 ? '' : 's'} ingested, the newest observed ${w.lists.newestObservedAt ?? '?'}\n`,
        )
        const held = heldRemovalsText(w.heldBack, args.snapshot)
        process.stdout.write(held === '' ? 'no removal is held back\n' : held)
      } finally {
        snap.close()
      }
    }),
})
