import { invalid } from 'legisearch/internal'

/** The output formats of the listing commands: a table for people, or the library's exact JSON. */
export const FORMATS = ['table', 'json'] as const
export type Format = (typeof FORMATS)[number]

/** The `--format` option (and its `--json` shorthand) of a listing command. */
export const formatArgs = {
  format: { type: 'string', description: 'table (default) or json (the library’s exact answer)', valueHint: 'table|json' },
  json: { type: 'boolean', description: 'The same as --format json' },
} as const

/**
 * The format asked for; an unknown one is refused naming the allowed ones.
 *
 * @example formatOf({ format: 'json' }) // 'json'
 */
export function formatOf(args: { format?: string | undefined; json?: boolean | undefined }): Format {
  if (args.json) return 'json'
  const format = args.format ?? 'table'
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw invalid(`--format: must be one of ${FORMATS.join(', ')} (got ${JSON.stringify(format)})`, ['format'])
  }
  return format as Format
}

/** Writes a value as indented JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

/** The width of a column that shows its values whole (ids must be copyable), at least `min`. */
export function wholeWidth(values: readonly string[], min: number): number {
  return values.reduce((w, v) => Math.max(w, v.length), min)
}
