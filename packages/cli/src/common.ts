import { SingleBar } from 'cli-progress'
import {
  type IngestOptions,
  type IngestProgress,
  type IngestReport,
  type HeldRemovals,
  openSnapshot,
  type Snapshot,
  sources,
  LegisearchError,
} from 'legisearch'

/**
 * Exit codes: 0 ok, 1 usage (citty's own), 2 refused input, 3 network, 4 a UN list applied but the
 * watchlist holds back removals (its status is not yet the current list's), 5 the snapshot is
 * damaged (`corrupt`), 70 an internal error (a bug: `EX_SOFTWARE` of sysexits).
 */
export const EXIT = { ok: 0, usage: 1, refused: 2, network: 3, heldBack: 4, corrupt: 5, internal: 70, interrupted: 130 } as const

/** The `--snapshot` option every command takes. */
export const snapshotArg = {
  snapshot: {
    type: 'string',
    description: 'The snapshot file (default: $LEGISEARCH_SNAPSHOT, else ./legisearch.db)',
    valueHint: 'FILE',
  },
} as const

/** The `--webhooks-allow-private` option of the commands that save or send webhooks (`serve`, `mcp`, `alerts check`, `searches save`). */
export const webhooksAllowPrivateArg = {
  'webhooks-allow-private': {
    type: 'boolean',
    description:
      'Let webhooks target loopback, private, link-local… addresses (refused by default, so that a saved search cannot make this machine POST into its own network)',
  },
} as const

/** The open option `--webhooks-allow-private` asks for. */
export function webhooksOf(args: { 'webhooks-allow-private'?: boolean | undefined }): { allowPrivate: boolean } {
  return { allowPrivate: args['webhooks-allow-private'] === true }
}

export function snapshotPath(given: string | undefined): string {
  return given ?? process.env['LEGISEARCH_SNAPSHOT'] ?? 'legisearch.db'
}

/**
 * Opens the snapshot read-only, runs `body` on it and closes it, whatever `body` does.
 *
 * @example readingSnapshot(args.snapshot, (snap) => printJson(snap.listAllMonitors()))
 */
export function readingSnapshot<T>(snapshotOption: string | undefined, body: (snap: Snapshot) => T): T {
  const snap = openSnapshot(snapshotPath(snapshotOption), { readonly: true })
  try {
    return body(snap)
  } finally {
    snap.close()
  }
}

/**
 * Runs a command's body; a `LegisearchError` is printed as one line on stderr and sets the exit
 * code (2 for input the library refused, 3 for a network failure, 5 a damaged snapshot); anything
 * else is a bug: one line saying so (the stack with `LEGISEARCH_DEBUG=1`), exit code 70.
 *
 * @example await guarded(() => readingSnapshot(args.snapshot, (snap) => printJson(snap.counts())))
 */
export async function guarded(body: () => Promise<void> | void): Promise<void> {
  try {
    await body()
  } catch (e) {
    if (!(e instanceof LegisearchError)) {
      const first = (e instanceof Error ? e.message : String(e)).split('\n')[0]?.slice(0, 300) ?? ''
      process.stderr.write(`legisearch: internal error (a bug; please report it with the command): ${first}\n`)
      if (process.env['LEGISEARCH_DEBUG'] === '1' && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`)
      process.exitCode = EXIT.internal
      return
    }
    process.stderr.write(`legisearch: ${e.message}\n`)
    process.exitCode = e.status === 502 || e.status === 504 ? EXIT.network : (e.code as string) === 'corrupt' ? EXIT.corrupt : EXIT.refused
  }
}

/** A fixed-width text table for people (columns cut to `widths`). */
export function table(header: readonly string[], rows: readonly (readonly string[])[], widths: readonly number[]): string {
  const cell = (v: string, w: number) => (v.length > w ? `${v.slice(0, w - 1)}…` : v.padEnd(w))
  const line = (r: readonly string[]) =>
    r
      .map((v, i) => cell(v, widths[i] ?? 20))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...rows.map(line)].join('\n')
}

/** An ingest report as a table: one row per collection the source writes. */
export function countsTable(report: IngestReport): string {
  const writes = sources().find((s) => s.name === report.source)?.writes ?? []
  const rows = writes.map((c) => {
    const n = report.collections[c]
    return [c, String(n.inserted), String(n.updated), String(n.unchanged)]
  })
  return table(['collection', 'inserted', 'updated', 'unchanged'], rows, [14, 9, 9, 10])
}

/** The options of a UN list's reconciliation, on every command that can ingest one. */
export const watchlistArgs = {
  force: { type: 'boolean', description: 'UN list: apply an older list, or removals over the safety threshold' },
  'observed-on': { type: 'string', description: 'UN list: when it was observed, YYYY-MM-DD or a date-time (default now)' },
} as const

/** `snap.ingest`'s options from those arguments. */
export function watchlistOptions(args: { force?: boolean | undefined; 'observed-on'?: string | undefined }): IngestOptions {
  const watchlist = {
    ...(args.force ? { force: true } : {}),
    ...(args['observed-on'] === undefined ? {} : { observedOn: args['observed-on'] }),
  }
  return Object.keys(watchlist).length === 0 ? {} : { watchlist }
}

/**
 * Progress on stderr: a bar on a terminal, else one plain line per item and quarter (`reading
 * f: 50% (…)`); an unknown total shows bytes only.
 */
export function progressReporter(verb: 'reading' | 'downloading'): {
  update: (item: string, done: number, total: number | null, note: string) => void
  stop: () => void
} {
  if (process.stderr.isTTY) {
    const bar = new SingleBar({ format: '{item} [{bar}] {percentage}% | {note}', stream: process.stderr, hideCursor: true })
    let current = ''
    return {
      update: (item, done, total, note) => {
        if (item !== current) {
          if (current !== '') bar.stop()
          current = item
          bar.start(total ?? 0, 0, { item, note })
        }
        if (total !== null) bar.setTotal(total)
        bar.update(done, { note })
      },
      stop: () => bar.stop(),
    }
  }
  const said = new Map<string, number>()
  return {
    update: (item, done, total, note) => {
      const quarter = total === null ? 0 : total === 0 ? 4 : Math.floor((4 * done) / total)
      if ((said.get(item) ?? -1) >= quarter) return
      said.set(item, quarter)
      process.stderr.write(`${verb} ${item}: ${total === null ? `${done} bytes` : `${quarter * 25}%`} (${note})\n`)
    },
    stop: () => {},
  }
}

/**
 * An ingest's progress shown as one bar over the whole call (its bytes), with the file being read
 * (n of the call's files) and the records written.
 */
export function ingestProgress(source: string): { update: (p: IngestProgress) => void; stop: () => void } {
  const bar = progressReporter('reading')
  return {
    // 100 % is the last event (every file read, the report's records), not the last byte read.
    update: (p) =>
      bar.update(
        `${source} files`,
        p.report ? p.bytesTotal : Math.max(0, Math.min(p.bytesRead, p.bytesTotal - 1)),
        p.bytesTotal,
        `file ${p.fileNumber} of ${p.fileCount}: ${p.file}; ${p.records} records written`,
      ),
    stop: bar.stop,
  }
}

/**
 * Runs an ingest that Ctrl-C (SIGINT) or SIGTERM stops cleanly: the call stops at its next batch
 * and rolls back, and the command says so and exits 130. Returns null when it was stopped.
 *
 * @example const report = await interruptible((signal) => snap.ingest('camara', files, { signal }))
 */
export async function interruptible<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  const control = new AbortController()
  const stop = () => control.abort()
  // The command's own Ctrl-C handler (exit at once) waits until the ingest has settled.
  const exits = process.listeners('SIGINT')
  process.removeAllListeners('SIGINT')
  process.once('SIGINT', stop).once('SIGTERM', stop)
  try {
    return await run(control.signal)
  } catch (e) {
    if (!control.signal.aborted) throw e
    process.stderr.write('\nlegisearch: interrupted; nothing of this ingest was written\n')
    process.exitCode = EXIT.interrupted
    return null
  } finally {
    process.removeListener('SIGINT', stop).removeListener('SIGTERM', stop)
    for (const l of exits) process.once('SIGINT', l as () => void)
  }
}

/**
 * The removals the watchlist's guard holds back, in words, with the command that accepts them
 * (empty when there are none).
 */
export function heldRemovalsText(held: HeldRemovals, snapshotOption: string | undefined): string {
  if (held.count === 0) return ''
  const flag = snapshotOption === undefined ? '' : ` --snapshot ${snapshotOption}`
  const refs = held.refs.length <= 8 ? held.refs.join(', ') : `${held.refs.slice(0, 8).join(', ')} and ${held.refs.length - 8} more`
  return (
    `WATCHLIST NOT CURRENT: ${held.count} removal${held.count === 1 ? '' : 's'} held back by the mass-removal guard since the list of ${held.since ?? 'an earlier list'} ` +
    `(${refs}). They are still shown as listed though absent from every list since${held.newestList !== null && held.newestList !== held.since ? `, up to the list of ${held.newestList}` : ''}.\n` +
    `If the removals are real (check the UN press releases), accept them: legisearch watchlist accept-removals${flag} [--refs REF,REF] [--reason TEXT]\n`
  )
}

/**
 * After a UN list's ingest, in words: each list's reconciliation, its warnings, and what is held
 * back. A holding back sets exit code 4.
 */
export function reportLists(snap: Snapshot, ingested: IngestReport, snapshotOption: string | undefined): void {
  const n = (a: readonly string[]) => a.length
  for (const r of ingested.lists ?? []) {
    process.stdout.write(
      `list of ${r.dateGenerated}: ${r.applied ? 'applied' : 'already ingested, nothing written'}; ` +
        `listed ${n(r.listed)}, relisted ${n(r.relisted)}, amended ${n(r.amended)}, delisted ${n(r.delisted)}, ` +
        `held back ${n(r.blocked)}, unchanged ${r.unchanged}\n`,
    )
    for (const w of r.warnings) process.stdout.write(`warning: ${w}\n`)
  }
  reportHeldBack(snap, snapshotOption)
}

/**
 * What the watchlist holds back: said in words on stdout (unless `quietly`, for JSON output), and
 * exit code 4 when anything is.
 */
export function reportHeldBack(snap: Snapshot, snapshotOption: string | undefined, quietly = false): HeldRemovals {
  const held = snap.heldWatchlistRemovals()
  if (held.count === 0) return held
  if (!quietly) process.stdout.write(heldRemovalsText(held, snapshotOption))
  process.exitCode = EXIT.heldBack
  return held
}
