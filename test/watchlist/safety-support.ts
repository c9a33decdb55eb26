/**
 * Shared helpers of the reconciliation safety tests (safety-*.test.ts, DECISIONS §6): each rule is
 * checked with a REAL list made bad. The real files are read from test/fixtures/un_sc;
 * every bad variant is written to a temporary directory and read back from there.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import type { Designation, Snapshot } from 'legisearch'
import { sharedTempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { readList } from './independent-diff.js'
import { fixture } from '../helpers/fixtures.js'

/** The UN list directory is there (the safety tests are skipped without it). */

export const LATEST = 'UN_consolidated_2026-02-27.xml' // 1,003 records, dateGenerated 2026-02-27T00:00:09.554Z
export const PREVIOUS = 'consolidated-2026-01-28.xml' // 999 records, dateGenerated 2026-01-28T00:00:11.197Z
export const OLDER = 'consolidated-2025-12-10.xml' // 999 records, dateGenerated 2025-12-10T00:00:06.263Z
/** The dateGenerated of LATEST, as written in the file. */
export const LATEST_GENERATED = '2026-02-27T00:00:09.554Z'

const cache = new Map<string, string>()
/** A real file's text, read once. */
export function real(name: string): string {
  let text = cache.get(name)
  if (text === undefined) {
    text = readFileSync(fixture(`un_sc/${name}`), 'utf8')
    cache.set(name, text)
  }
  return text
}

let variantDir: (() => string) | undefined
let written = 0

/**
 * Call once in the body of a test file's outer `describe` (not in a test): the variants that
 * `file` writes for the block's hooks and tests go to a temporary directory made for the block
 * and deleted after it.
 */
export function useVariantDir(): void {
  variantDir = sharedTempDir()
}

/** Writes a variant to the temporary directory and reads it back as the Buffer to reconcile. */
export function file(content: string | Buffer): Buffer {
  if (!variantDir) throw new Error('file(): call useVariantDir() in the describe block first')
  const p = path.join(variantDir(), `variant-${++written}.xml`)
  writeFileSync(p, content)
  return readFileSync(p)
}

export const RECORD = /<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g

export function refOf(block: string): string {
  return (/<REFERENCE_NUMBER>([\s\S]*?)<\/REFERENCE_NUMBER>/.exec(block)?.[1] ?? '').trim()
}

/** The list with its dateGenerated replaced. */
export function withDate(xml: string, iso: string): string {
  const out = xml.replace(/dateGenerated=(["'])[^"']*\1/, `dateGenerated="${iso}"`)
  expect(out).not.toBe(xml)
  return out
}

/** The list with one record's XML block rewritten. */
export function editRecord(xml: string, ref: string, edit: (block: string) => string): string {
  let hits = 0
  const out = xml.replace(RECORD, (block) => {
    if (refOf(block) !== ref) return block
    hits++
    const next = edit(block)
    expect(next, `edit of ${ref} changed nothing`).not.toBe(block)
    return next
  })
  expect(hits, `records with REFERENCE_NUMBER ${ref}`).toBe(1)
  return out
}

/** The list without the records a predicate selects (with the whitespace before each). */
export function dropRecords(xml: string, drop: (block: string) => boolean): string {
  return xml.replace(/\s*<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g, (m) => (drop(m) ? '' : m))
}

export const at = (day: string) => `${day}T00:00:00.000Z`
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** An instant written as an ISO date-time without zone, in Brasília time (UTC−03:00). */
export function brasilia(ms: number): string {
  return new Date(ms - 3 * HOUR).toISOString().slice(0, 19)
}

/** Everything a caller can see of the watchlist: every designation (both statuses) and every history. */
export function stateOf(snap: Snapshot): {
  designations: Designation[]
  histories: Record<string, number>
  totals: Record<string, number>
} {
  const designations: Designation[] = []
  for (let offset = 0; ; offset += 100) {
    const page = snap.listWatchlist({ limit: 100, offset, sort: 'name' })
    designations.push(...page.data)
    if (designations.length >= page.total || page.data.length === 0) break
  }
  const histories: Record<string, number> = {}
  for (const d of designations) histories[d.sourceRefNumber] = snap.getDesignationHistory(d.sourceRefNumber).length
  return {
    designations,
    histories,
    totals: {
      listed: snap.listWatchlist({ status: 'listed', limit: 1 }).total,
      delisted: snap.listWatchlist({ status: 'delisted', limit: 1 }).total,
    },
  }
}

/**
 * A snapshot of the current test alone (`tempSnapshot`, deleted when the test finishes) with the
 * real list `name` reconciled into it, observed on the day of its dateGenerated. Not to be confused
 * with support.ts's `snapshotWith(lists)`, one snapshot shared by a describe block.
 */
export function tempSnapshotWithList(name: string): Snapshot {
  const snap = tempSnapshot()
  const day = readList(real(name)).dateGenerated.slice(0, 10)
  const r = snap.reconcileWatchlist(file(real(name)), { observedOn: day })
  expect(r.applied).toBe(true)
  return snap
}
