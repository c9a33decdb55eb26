import type { InputFile } from '../ingest/define.js'
import { sizeOf } from '../ingest/files.js'
import type { IngestReport } from './ingest-report.js'

/**
 * How far an ingest call is, over the whole call: which file is being read (the n-th begun of how
 * many), the bytes of all its files read so far and their total, and the records written.
 */
export interface IngestProgress {
  /** The file being read, as messages name it (a file of an archive: `archive.zip:entry`). */
  readonly file: string
  /** How many of the call's files have been begun (this one included): 1 … `fileCount`. */
  readonly fileNumber: number
  /** The files the call reads: those given, an archive counted as the files in it. */
  readonly fileCount: number
  /** Bytes of the call's files read so far (an archive's files: as unpacked). */
  readonly bytesRead: number
  /** Bytes of all the call's files (an archive's files: as unpacked). */
  readonly bytesTotal: number
  /** Records written so far in the call, in every collection (`inserted` + `updated` + `unchanged`). */
  readonly records: number
  /**
   * On the last event only, sent once every file is read and before the call commits: what `ingest`
   * returns. Then `fileNumber` = `fileCount`, `bytesRead` = `bytesTotal` and `records` is the
   * report's total.
   */
  readonly report?: IngestReport
}

/** The records a report counts, in every collection. */
export function recordsOf(report: IngestReport): number {
  return Object.values(report.collections).reduce((n, c) => n + c.inserted + c.updated + c.unchanged, 0)
}

/**
 * Turns what a source reports of one file (`bytesRead` of `bytesTotal`, in its own units: bytes,
 * characters, or 1 of 1 for a file read whole) into the call's totals: each file weighs its size,
 * and the bytes read never go back nor pass the total.
 */
export class ProgressTotals {
  private readonly size = new Map<string, number>()
  private readonly counted = new Map<string, number>()
  private readonly total: number
  private read = 0
  private latest = ''

  constructor(private readonly files: readonly InputFile[]) {
    for (const f of files) this.size.set(f.name, sizeOf(f))
    this.total = [...this.size.values()].reduce((a, b) => a + b, 0)
  }

  /** The event for a file's progress as its source reports it. */
  of(file: InputFile, bytesRead: number, bytesTotal: number, records: number): IngestProgress {
    this.latest = file.name
    const size = this.size.get(file.name)
    if (size !== undefined) {
      const fraction = bytesTotal > 0 ? Math.min(1, Math.max(0, bytesRead / bytesTotal)) : 1
      const before = this.counted.get(file.name) ?? 0
      const now = Math.max(before, Math.round(fraction * size))
      this.counted.set(file.name, now)
      this.read += now - before
    }
    return {
      file: file.name,
      fileNumber: Math.max(1, this.counted.size),
      fileCount: this.files.length,
      bytesRead: this.read,
      bytesTotal: this.total,
      records,
    }
  }

  /** The last event: every file read, and the report (`file`: the last one a source reported). */
  last(report: IngestReport): IngestProgress {
    return {
      file: this.latest || (this.files[this.files.length - 1]?.name ?? ''),
      fileNumber: this.files.length,
      fileCount: this.files.length,
      bytesRead: this.total,
      bytesTotal: this.total,
      records: recordsOf(report),
      report,
    }
  }
}
