import type { InputFile, RecordBatch } from './define.js'

/** Records per batch a source hands to the runner. */
export const BATCH = 500

/** A stream's items in arrays of `size` (the last may be shorter). */
export async function* chunks<T>(items: AsyncIterable<T>, size = BATCH): AsyncGenerator<T[]> {
  let part: T[] = []
  for await (const item of items) {
    part.push(item)
    if (part.length >= size) {
      yield part
      part = []
    }
  }
  if (part.length > 0) yield part
}

/** A batch of records with the lines they come from. */
export function batchOf(
  collection: RecordBatch['collection'],
  file: InputFile,
  items: readonly { readonly record: Record<string, unknown>; readonly line: number }[],
  merge?: RecordBatch['merge'],
  at: 'line' | 'entry' = 'line',
): RecordBatch {
  return { collection, file, records: items.map((i) => i.record), lines: items.map((i) => i.line), at, ...(merge ? { merge } : {}) }
}

/**
 * Records known only from another file's rows (an author who is in no deputies' or organs' file of
 * the call), in batches: written when new, a stored one kept as it is.
 */
export function* unlessStored(
  collection: RecordBatch['collection'],
  file: InputFile,
  items: readonly { readonly record: Record<string, unknown>; readonly line: number }[],
  at: 'line' | 'entry' = 'line',
): Generator<RecordBatch> {
  for (let i = 0; i < items.length; i += BATCH) yield batchOf(collection, file, items.slice(i, i + BATCH), (_read, stored) => stored, at)
}
