import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineCommand } from 'citty'
import { openSnapshot } from '../api/snapshot.js'
import { UN_CONSOLIDATED_LIST_URL, fetchSource, fetchUnConsolidatedList } from '../api/sources.js'
import { EXIT, guarded, reportHeldBack, reportLists, snapshotArg, snapshotPath, watchlistArgs, watchlistOptions } from './common.js'

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
          const ingested = await snap.ingest('un', [file], watchlistOptions(args))
          if (args.json) {
            const reports = ingested.lists ?? []
            process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`)
            reportHeldBack(snap, args.snapshot, true)
          } else reportLists(snap, ingested, args.snapshot)
        } finally {
          snap.close()
        }
      } finally {
        if (temporary !== null) rmSync(temporary, { recursive: true, force: true })
      }
    }),
})

const acceptRemovals = defineCommand({
  meta: {
    name: 'accept-removals',
    description:
      'Delists the designations whose removal the mass-removal guard held back (all, or --refs), as of the day their absence was first observed, with an audit event',
  },
  args: {
    refs: {
      type: 'string',
      description: 'Only these references, comma-separated (default: every held-back removal)',
      valueHint: 'REF,REF',
    },
    reason: { type: 'string', description: 'Why they are accepted (kept in each audit event), e.g. the press release' },
    'newest-list': {
      type: 'string',
      description: 'Only if the newest list ingested is still this one (its dateGenerated, as `watchlist held` shows it)',
    },
    json: { type: 'boolean', description: 'Print the report as JSON' },
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const refs = args.refs
        ?.split(',')
        .map((r) => r.trim())
        .filter((r) => r !== '')
      const snap = openSnapshot(snapshotPath(args.snapshot))
      try {
        const before = snap.heldWatchlistRemovals()
        const r = snap.acceptWatchlistRemovals({
          ...(refs === undefined ? {} : { refs }),
          ...(args.reason === undefined ? {} : { reason: args.reason }),
          ...(args['newest-list'] === undefined ? {} : { newestList: args['newest-list'] }),
        })
        if (args.json) {
          process.stdout.write(`${JSON.stringify(r, null, 2)}\n`)
          if (r.stillHeld > 0) process.exitCode = EXIT.heldBack
          return
        }
        if (r.delisted.length === 0) {
          process.stdout.write('no removal is held back; nothing was changed\n')
          return
        }
        process.stdout.write(
          `delisted ${r.delisted.length} designation${r.delisted.length === 1 ? '' : 's'} held back since the list of ${before.since ?? '?'}: ${r.delisted.join(', ')}\n`,
        )
        if (reportHeldBack(snap, args.snapshot).count === 0) process.stdout.write('the watchlist now reflects the newest list ingested\n')
      } finally {
        snap.close()
      }
    }),
})

const held = defineCommand({
  meta: { name: 'held', description: 'Lists the removals the mass-removal guard holds back (exit code 4 when there are any)' },
  args: { json: { type: 'boolean', description: 'Print as JSON' }, ...snapshotArg },
  run: ({ args }) =>
    guarded(() => {
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        if (args.json) process.stdout.write(`${JSON.stringify(snap.heldWatchlistRemovals(), null, 2)}\n`)
        if (reportHeldBack(snap, args.snapshot, Boolean(args.json)).count === 0 && !args.json) {
          process.stdout.write('no removal is held back\n')
        }
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'watchlist', description: 'The sanctions watchlist (UN Security Council Consolidated List)' },
  subCommands: { update, held, 'accept-removals': acceptRemovals },
})
