import { LegisearchError } from '../common/errors.js'

/** Exit codes: 0 ok, 1 usage (citty's own), 2 refused input, 3 network. */
export const EXIT = { ok: 0, usage: 1, refused: 2, network: 3 } as const

/** The `--snapshot` option every command takes. */
export const snapshotArg = {
  snapshot: {
    type: 'string',
    description: 'The snapshot file (default: $LEGISEARCH_SNAPSHOT, else ./legisearch.db)',
    valueHint: 'FILE',
  },
} as const

export function snapshotPath(given: string | undefined): string {
  return given ?? process.env['LEGISEARCH_SNAPSHOT'] ?? 'legisearch.db'
}

/**
 * Runs a command's body; a `LegisearchError` is printed as one line on stderr and sets the exit
 * code (2 for input the library refused, 3 for a network failure); anything else is a bug and
 * propagates.
 */
export async function guarded(body: () => Promise<void> | void): Promise<void> {
  try {
    await body()
  } catch (e) {
    if (!(e instanceof LegisearchError)) throw e
    process.stderr.write(`legisearch: ${e.message}\n`)
    process.exitCode = e.status === 502 || e.status === 504 ? EXIT.network : EXIT.refused
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
