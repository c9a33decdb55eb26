import { existsSync } from 'node:fs'
import { defineCommand } from 'citty'
import { openSnapshot } from 'legisearch'
import { invalid } from 'legisearch/internal'
import { guarded, snapshotArg, snapshotPath } from './common.js'

/**
 * `legisearch upgrade`: opens a snapshot written by an earlier version once writable, so its schema
 * and the text index of any corpus whose layout changed are brought up to date (what read-only
 * opens, the server's workers and `legisearch mcp` cannot do), and says how long it took.
 */
export default defineCommand({
  meta: {
    name: 'upgrade',
    description: 'Bring a snapshot written by an earlier version up to date (schema, and the text index of corpora whose layout changed)',
  },
  args: { ...snapshotArg },
  run: ({ args }) =>
    guarded(() => {
      const path = snapshotPath(args.snapshot)
      // Never create a file here: a typo in the path must not leave an empty snapshot behind.
      if (!existsSync(path)) throw invalid(`--snapshot: no file at ${path}; upgrade opens an existing snapshot`, ['snapshot'])
      const started = performance.now()
      openSnapshot(path).close()
      process.stdout.write(`${path}: up to date (${((performance.now() - started) / 1000).toFixed(1)} s)\n`)
    }),
})
