/**
 * Every stored date-time of every source is in the one canonical form `YYYY-MM-DDTHH:MM:SS±HH:MM`
 * (no `Z`, no fraction of a second): after ingesting each source's real files of `test/fixtures`,
 * every record as stored in the snapshot file and every result is read back and checked.
 */
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { CORPUS_NAMES, type CorpusName } from 'legisearch'
import { tempSnapshot } from '../helpers/tmp-snapshot.js'
import { CASES } from './cases.js'
import { decodeRecord } from '../../packages/legisearch/src/store/record-codec.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

/** The date-time fields of each corpus (interface-spec 2.4–2.8), as paths into a record. */
const DATE_FIELDS: Record<CorpusName, readonly string[]> = {
  propositions: ['datePresentation', 'lastProceeding.date'],
  social: ['postedAt'],
  dou: ['date', 'createdAt', 'updatedAt'],
  bacen: ['date'],
  notices: ['date'],
  irs: ['date'],
}

const at = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), record)

/** Every string anywhere in a value that begins like a date-time (`YYYY-MM-DDTHH`), with its path. */
function dateLike(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}/.test(value) ? [[path, value]] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => dateLike(v, `${path}[${i}]`))
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => dateLike(v, path ? `${path}.${k}` : k))
  return []
}

/** The non-canonical date-times of some records, and how many date-times were checked. */
function audit(corpus: CorpusName, records: readonly unknown[]): { checked: number; bad: Set<string> } {
  let checked = 0
  const bad = new Set<string>()
  for (const r of records) {
    const id = String((r as { id: unknown }).id)
    for (const f of DATE_FIELDS[corpus]) {
      const v = at(r, f)
      if (v === undefined) continue
      checked++
      if (typeof v !== 'string' || !CANONICAL.test(v)) bad.add(`${corpus} ${id} ${f}: ${JSON.stringify(v)}`)
    }
    for (const [path, v] of dateLike(r)) if (!CANONICAL.test(v)) bad.add(`${corpus} ${id} ${path}: ${JSON.stringify(v)}`)
  }
  return { checked, bad }
}

describe.each(CASES)('source $label', (c) => {
  it('stores and returns every date-time in the canonical form', async () => {
    const snap = tempSnapshot()
    await snap.ingest(c.source, c.files)
    const db = new Database(snap.path, { readonly: true })
    try {
      const st = new Statements(db)
      // As stored: JSON, or deflated (`store/record-codec.ts`) once a corpus holds 512 records.
      const rows = (
        db.prepare('SELECT d.corpus AS corpus, r.record AS record FROM docs d JOIN records r ON r.rowid = d.rowid').all() as {
          corpus: CorpusName
          record: string | Buffer
        }[]
      ).map((r) => ({ corpus: r.corpus, record: decodeRecord(st, r.record) }))
      const counts = snap.counts() as Record<string, number>
      let checked = 0
      const bad: string[] = []
      for (const corpus of CORPUS_NAMES) {
        const stored = rows.filter((r) => r.corpus === corpus).map((r) => JSON.parse(r.record) as unknown)
        expect(stored.length, corpus).toBe(counts[corpus] ?? 0)
        const s = audit(corpus, stored)
        // Results: the newest and the oldest pages.
        const results = (['newest', 'older'] as const).flatMap((sort) => snap.search(corpus, { limit: 20, sort }).results)
        const r = audit(corpus, results)
        checked += s.checked
        bad.push(...s.bad, ...[...r.bad].map((b) => `result ${b}`))
        // Every record has its corpus date.
        if (stored.length > 0) expect(s.checked, corpus).toBeGreaterThanOrEqual(stored.length)
      }
      expect(checked > 0).toBe(Object.values(counts).some((n) => n > 0))
      expect(bad.slice(0, 10)).toEqual([])
      expect(bad.length).toBe(0)
    } finally {
      db.close()
    }
  })
})
