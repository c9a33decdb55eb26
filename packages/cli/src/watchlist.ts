import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineCommand } from 'citty'
import { openSnapshot, UN_CONSOLIDATED_LIST_URL, fetchSource, fetchUnConsolidatedList } from 'legisearch'
import {
  EXIT,
  guarded,
  readingSnapshot,
  reportHeldBack,
  reportLists,
  snapshotArg,
  snapshotPath,
  table,
  watchlistArgs,
  watchlistOptions,
} from './common.js'
import { formatArgs, formatOf, printJson, wholeWidth } from './format.js'

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
      readingSnapshot(args.snapshot, (snap) => {
        if (args.json) process.stdout.write(`${JSON.stringify(snap.heldWatchlistRemovals(), null, 2)}\n`)
        if (reportHeldBack(snap, args.snapshot, Boolean(args.json)).count === 0 && !args.json) {
          process.stdout.write('no removal is held back\n')
        }
      })
    }),
})

/** `watchlist search`'s options, as `GET /watchlist` names its query parameters. */
const QUERY_OPTIONS = {
  status: 'status',
  'subject-type': 'subjectType',
  regime: 'regime',
  measure: 'measure',
  sort: 'sort',
  limit: 'limit',
  offset: 'offset',
} as const

const search = defineCommand({
  meta: {
    name: 'search',
    description: 'Designations by name (any name or alias, accents and word order ignored) and filters, as GET /watchlist answers',
  },
  args: {
    text: { type: 'positional', required: false, description: 'A name or part of one (GET /watchlist?search=)' },
    status: { type: 'string', description: 'listed or delisted' },
    'subject-type': { type: 'string', description: 'individual or entity' },
    regime: {
      type: 'string',
      description:
        'A sanctions regime as the list names it: Al-Qaida, Taliban, DPRK, Iran, Iraq, DRC, Sudan, Libya, Somalia, CAR, Haiti, Yemen, GB, SouthSudan',
    },
    measure: { type: 'string', description: 'A measure: asset freeze, travel ban, arms embargo, port entry ban or deflagging' },
    'hide-deceased': { type: 'boolean', description: 'Leave out individuals known to be deceased' },
    sort: { type: 'string', description: 'recently_changed (default), name or listed_on' },
    limit: { type: 'string', description: 'Designations per page, 1 to 100 (default 20)' },
    offset: { type: 'string', description: 'How many to skip (default 0)' },
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const query: Record<string, string> = {}
      if (args.text !== undefined) query['search'] = args.text
      for (const [option, param] of Object.entries(QUERY_OPTIONS)) {
        const value = args[option as keyof typeof QUERY_OPTIONS]
        if (value !== undefined) query[param] = value
      }
      if (args['hide-deceased']) query['hideDeceased'] = 'true'
      readingSnapshot(args.snapshot, (snap) => {
        const page = snap.listWatchlist(query)
        if (format === 'json') return printJson(page)
        const rows = page.data.map((d) => [d.sourceRefNumber, d.status, d.subjectType, d.regime, d.listedOn ?? '', d.primaryName])
        const refWidth = wholeWidth(
          rows.map((r) => r[0] as string),
          10,
        )
        process.stdout.write(`${table(['ref', 'status', 'type', 'regime', 'listed on', 'name'], rows, [refWidth, 8, 10, 14, 10, 70])}\n`)
        const offset = Number(query['offset'] ?? 0)
        const shown = page.data.length === 0 ? 'none' : `${offset + 1}–${offset + page.data.length}`
        process.stdout.write(`${shown} of ${page.total.toLocaleString('en-US')} designations\n`)
        reportHeldBack(snap, args.snapshot)
      })
    }),
})

const show = defineCommand({
  meta: { name: 'show', description: 'One designation by its reference number, as GET /watchlist/{ref} answers, and its audit history' },
  args: {
    ref: { type: 'positional', required: true, description: 'The reference number (e.g. QDi.001)' },
    lang: { type: 'string', description: 'Show the narrative translated into this language (ISO 639-1), where a translation is stored' },
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      readingSnapshot(args.snapshot, (snap) => {
        const d = snap.getDesignation(args.ref, args.lang === undefined ? undefined : { lang: args.lang })
        if (format === 'json') return printJson(d)
        const line = (label: string, value: string | null | undefined) => {
          if (value !== null && value !== undefined && value !== '') process.stdout.write(`${`${label}:`.padEnd(17)}${value}\n`)
        }
        line('ref', d.sourceRefNumber)
        line('name', d.primaryName)
        line('original script', d.nameOriginalScript)
        line('type', d.subjectType)
        line('status', d.status)
        line('regime', d.regime)
        line('committee', d.committee)
        line('listed on', d.listedOn)
        line('delisted on', d.delistedOn === null ? null : `${d.delistedOn} (observed by this service, not an official date)`)
        line('last updated', d.sourceLastUpdated)
        line('nationalities', d.nationalities.join(', '))
        line('press release', [d.pressReleaseSymbol, d.pressReleaseUrl].filter((x) => x).join(' '))
        for (const a of d.aliases) line('alias', a.quality === '' ? a.name : `${a.name} (${a.quality})`)
        line('narrative', d.narrativeTranslated ?? d.narrative)
        if (d.narrativeTranslated !== null) line('translated to', d.narrativeTranslatedLang)
        const history = snap.getDesignationHistory(d.sourceRefNumber)
        if (history.length > 0) {
          process.stdout.write('\nhistory:\n')
          for (const e of history) {
            process.stdout.write(`  ${e.observedAt}  ${e.type}  (list of ${e.listDateGenerated})${e.override ? `; ${e.override}` : ''}\n`)
          }
        }
      })
    }),
})

export default defineCommand({
  meta: { name: 'watchlist', description: 'The sanctions watchlist (UN Security Council Consolidated List)' },
  subCommands: { search, show, update, held, 'accept-removals': acceptRemovals },
})
