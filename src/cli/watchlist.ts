import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineCommand } from 'citty'
import type { IngestReport } from '../api/ingest.js'
import { openSnapshot } from '../api/snapshot.js'
import { UN_CONSOLIDATED_LIST_URL, fetchSource, fetchUnConsolidatedList } from '../api/sources.js'
import { guarded, snapshotArg, snapshotPath, watchlistArgs, watchlistOptions } from './common.js'

/** Prints each list's reconciliation: JSON, or one line per list and its warnings. */
function report(ingested: IngestReport, json: boolean): void {
  const reports = ingested.lists ?? []
  if (json) {
    process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`)
    return
  }
  const n = (a: readonly string[]) => a.length
  for (const r of reports) {
    process.stdout.write(
      `list of ${r.dateGenerated}: ${r.applied ? 'applied' : 'already ingested, nothing written'}; ` +
        `listed ${n(r.listed)}, relisted ${n(r.relisted)}, amended ${n(r.amended)}, delisted ${n(r.delisted)}, ` +
        `held back ${n(r.blocked)}, unchanged ${r.unchanged}\n`,
    )
    for (const w of r.warnings) process.stdout.write(`warning: ${w}\n`)
  }
}

const update = defineCommand({
  meta: {
    name: 'update',
    description:
      'Reconciles the watchlist with the UN Security Council Consolidated List (downloaded, or --file); the same as `ingest un` / `fetch un --ingest`',
  },
  args: {
    file: { type: 'string', description: 'A saved list (XML) instead of downloading it' },
    url: { type: 'string', description: 'The list’s full address, when not at the official path (a mirror); downloaded whole, not kept' },
    'base-url': {
      type: 'string',
      description: `Another address than the official one (default ${new URL(UN_CONSOLIDATED_LIST_URL).origin})`,
    },
    dir: {
      type: 'string',
      description: 'Where the official list is kept between runs, for conditional downloads (default ./legisearch-downloads)',
    },
    ...watchlistArgs,
    json: { type: 'boolean', description: 'Print the reconciliation report as JSON' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(async () => {
      let temporary: string | null = null
      try {
        let file = args.file
        if (file === undefined && args.url !== undefined) {
          // A mirror's address: the whole list, downloaded as fetchUnConsolidatedList does, read from a temporary file.
          temporary = mkdtempSync(join(tmpdir(), 'legisearch-un-'))
          file = join(temporary, 'consolidated.xml')
          writeFileSync(file, (await fetchUnConsolidatedList(args.url)).xml)
        }
        file ??= (
          await fetchSource('un', {
            dir: args.dir ?? 'legisearch-downloads',
            ...(args['base-url'] === undefined ? {} : { baseUrl: args['base-url'] }),
          })
        )[0]?.path
        if (file === undefined) throw new Error('fetchSource(un) returned no file')
        const snap = openSnapshot(snapshotPath(args.snapshot))
        try {
          report(await snap.ingest('un', [file], watchlistOptions(args)), Boolean(args.json))
        } finally {
          snap.close()
        }
      } finally {
        if (temporary !== null) rmSync(temporary, { recursive: true, force: true })
      }
    }),
})

export default defineCommand({
  meta: { name: 'watchlist', description: 'The sanctions watchlist (UN Security Council Consolidated List)' },
  subCommands: { update },
})
