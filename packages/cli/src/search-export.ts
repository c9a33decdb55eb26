import { createWriteStream, renameSync, rmSync } from 'node:fs'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { SingleBar } from 'cli-progress'
import { stringify } from 'csv-stringify/sync'
import type { CorpusName } from 'legisearch'
import { invalid } from 'legisearch/internal'
import { COLUMNS, rowOf } from './search-table.js'

/** The formats of `search --format`: CSV in the corpus's columns, or JSON Lines of whole results. */
export const FORMATS = ['csv', 'jsonl'] as const
export type Format = (typeof FORMATS)[number]

/** Results gathered into one write. */
const CHUNK = 500

/** `search --format` (an export format), or the one `--out`'s extension names (`.csv`, `.jsonl`/`.ndjson`); undefined when neither says. */
export function exportFormatOf(given: string | undefined, out: string | undefined): Format | undefined {
  if (given !== undefined) {
    if (!(FORMATS as readonly string[]).includes(given))
      throw invalid(`--format: must be one of ${FORMATS.join(', ')} (got ${JSON.stringify(given)})`, ['format'])
    return given as Format
  }
  if (out === undefined) return undefined
  if (/\.csv$/i.test(out)) return 'csv'
  if (/\.(jsonl|ndjson)$/i.test(out)) return 'jsonl'
  return undefined
}

/** The text of results in a format; `first` says whether the CSV header goes before them. */
function chunkOf(corpus: CorpusName, format: Format, results: readonly Record<string, unknown>[], first: boolean): string {
  if (format === 'jsonl') return results.map((r) => `${JSON.stringify(r)}\n`).join('')
  const header = first ? [COLUMNS[corpus].map((c) => c.name)] : []
  return header.length + results.length === 0 ? '' : stringify([...header, ...results.map((r) => rowOf(corpus, r))])
}

/**
 * Progress on stderr while results are written: a bar on a terminal (how many of the total, the
 * rate, the time left); nothing elsewhere (a pipe or a log gets the closing line only).
 */
function progress(total: number): { tick: (n: number) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { tick: () => {}, stop: () => {} }
  const bar = new SingleBar({
    format: 'exporting [{bar}] {percentage}% | {value}/{total} results | {eta_formatted} left',
    stream: process.stderr,
    hideCursor: true,
  })
  bar.start(total, 0)
  return { tick: (n) => bar.increment(n), stop: () => bar.stop() }
}

/**
 * Writes results (an iterable, read as it is written: memory holds one chunk) in `format` to `out`
 * (a file, written whole or not at all: it is written beside under another name and renamed at
 * the end) or to stdout. Returns how many results were written; null when the reader of stdout
 * went away first (`| head`).
 */
export async function exportResults(
  corpus: CorpusName,
  results: Iterable<Record<string, unknown>>,
  total: number,
  format: Format,
  out: string | undefined,
): Promise<number | null> {
  const bar = progress(total)
  let written = 0
  function* chunks(): Generator<string> {
    let first = true
    let batch: Record<string, unknown>[] = []
    for (const r of results) {
      batch.push(r)
      if (batch.length < CHUNK) continue
      yield chunkOf(corpus, format, batch, first)
      first = false
      written += batch.length
      bar.tick(batch.length)
      batch = []
    }
    // The header even when nothing matched: the file says which columns it would have.
    const last = chunkOf(corpus, format, batch, first)
    if (last !== '') yield last
    written += batch.length
    bar.tick(batch.length)
  }
  const partial = out === undefined ? undefined : `${out}.partial-${process.pid}`
  try {
    const target: Writable = partial === undefined ? process.stdout : createWriteStream(partial)
    await pipeline(Readable.from(chunks()), target, { end: partial !== undefined })
    if (partial !== undefined && out !== undefined) renameSync(partial, out)
  } catch (e) {
    if (partial !== undefined) rmSync(partial, { force: true })
    // A reader that went away (`| head`) ends the export, not in an error.
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EPIPE') return null
    if (out !== undefined && code !== undefined) throw invalid(`--out ${out}: cannot write it (${(e as Error).message})`, ['out'])
    throw e
  } finally {
    bar.stop()
  }
  return written
}
