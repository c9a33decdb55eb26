/**
 * The documents' date columns (`store/doc-columns.ts`): what sorts and date filters read instead of
 * scanning `docs`. Written with every write across chunks, seen by another connection after its
 * write, read from `docs` in an older file opened read-only, filled by the migration, and checked
 * by `checkIntegrity`.
 */
import { copyFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot, type Snapshot } from 'legisearch'
import { CHUNK, fillDateColumns } from '../../packages/legisearch/src/store/doc-columns.js'
import { Statements } from '../../packages/legisearch/src/store/statements.js'
import { proposition } from '../helpers/records.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

/** A seeded random integer below `n`. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s % n
  }
}

const day = (k: number) => new Date(Date.UTC(2020, 0, 1) + k * 86_400_000).toISOString().slice(0, 10)

/** A proposition presented on day `k` after 2020-01-01 and last changed `u` days after that. */
const dated = (id: string, k: number, u: number) =>
  proposition(id, {
    summary: 'reforma tributária',
    datePresentation: day(k),
    lastProceeding: { date: `${day(k + u)}T10:00:00`, description: 'x' },
  })

/** The ids of a search's first `pages` pages (every page when not given), in order. */
function idsOf(snap: Snapshot, query: Record<string, unknown>, pages = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = []
  for (let page = 1; page <= pages; page++) {
    const r = snap.search('propositions', { ...query, limit: 20, page })
    out.push(...r.results.map((x) => (x as { id: string }).id))
    if (page * 20 >= r.pagination.total) break
  }
  return out
}

/** What the dates say, computed from the records held (`recent first, then by id`). */
function expected(held: Map<string, { k: number; u: number }>, key: 'k' | 'u'): string[] {
  const v = (x: { k: number; u: number }) => (key === 'k' ? x.k : x.k + x.u)
  return [...held].sort(([a, x], [b, y]) => v(y) - v(x) || (a < b ? -1 : a > b ? 1 : 0)).map(([id]) => id)
}

describe('date columns', () => {
  it('follow inserts, updates and removals over several chunks, in this connection and another', () => {
    const path = tempSnapshotPath()
    const writer = openSnapshot(path)
    const reader = openSnapshot(path, { readonly: true })
    const next = rng(7)
    const held = new Map<string, { k: number; u: number }>()
    const total = CHUNK * 3 + 17
    for (let round = 0; round < 4; round++) {
      const batch: Record<string, unknown>[] = []
      for (let i = 0; i < 700; i++) {
        const id = `d${next(total)}`
        const k = next(2000)
        const u = next(400)
        batch.push(dated(id, k, u))
      }
      // The last write of an id in a call wins.
      const last = new Map(batch.map((r) => [r.id as string, r]))
      writer.upsert('propositions', untyped([...last.values()]))
      for (const [id, r] of last) {
        const k = (Date.parse(r.datePresentation as string) - Date.UTC(2020, 0, 1)) / 86_400_000
        const u =
          (Date.parse(`${(r.lastProceeding as { date: string }).date.slice(0, 10)}`) - Date.parse(r.datePresentation as string)) /
          86_400_000
        held.set(id, { k, u })
      }
      const gone = [...held.keys()].filter(() => next(10) === 0)
      writer.remove('propositions', gone)
      for (const id of gone) held.delete(id)
      for (const snap of [writer, reader]) {
        expect(idsOf(snap, { sort: 'newest' }, 3)).toEqual(expected(held, 'k').slice(0, 60))
        expect(idsOf(snap, { q: 'reforma', sort: 'recently_updated' }, 3)).toEqual(expected(held, 'u').slice(0, 60))
        // Range totals read every document's dates.
        for (const [lo, hi] of [
          [0, 300],
          [500, 900],
          [1200, 1999],
          [1990, 2400],
        ] as const) {
          const range = { from: day(lo), to: day(hi) }
          const created = [...held.values()].filter((x) => x.k >= lo && x.k <= hi).length
          const updated = [...held.values()].filter((x) => x.k + x.u >= lo && x.k + x.u <= hi).length
          expect(snap.search('propositions', { sort: 'newest' }, { created_at: range }).pagination.total).toBe(created)
          expect(snap.search('propositions', { q: 'reforma' }, { updated_at: range }).pagination.total).toBe(updated)
        }
      }
    }
    expect(writer.checkIntegrity()).toEqual({ ok: true, problems: [] })
    reader.close()
    writer.close()
  })

  it('are read from docs in a file older than them opened read-only, and filled when it is opened writable', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.upsert('propositions', untyped(Array.from({ length: 300 }, (_, i) => dated(`p${i}`, (i * 37) % 1000, i % 11))))
    const newest = idsOf(snap, { sort: 'newest' })
    const filtered = snap.search('propositions', { sort: 'recently_updated' }, { updated_at: { from: day(100), to: day(400) } })
    snap.close()
    // The file as schema 7 wrote it: no date columns.
    const old = tempSnapshotPath('old.db')
    copyFileSync(path, old)
    const db = new Database(old)
    db.exec("DROP TABLE doc_dates; DELETE FROM meta WHERE key = 'doc_dates:stamp'")
    db.pragma('user_version = 7')
    db.close()

    const ro = openSnapshot(old, { readonly: true })
    expect(idsOf(ro, { sort: 'newest' })).toEqual(newest)
    expect(ro.search('propositions', { sort: 'recently_updated' }, { updated_at: { from: day(100), to: day(400) } })).toEqual(filtered)
    expect(ro.checkIntegrity().ok).toBe(true)
    ro.close()

    const upgraded = openSnapshot(old)
    expect(idsOf(upgraded, { sort: 'newest' })).toEqual(newest)
    expect(upgraded.checkIntegrity()).toEqual({ ok: true, problems: [] })
    upgraded.close()
    const check = new Database(old)
    expect(check.prepare("SELECT count(*) FROM doc_dates WHERE corpus = 'propositions'").pluck().get()).toBeGreaterThan(0)
    // Filled a page of docs at a time (the migration's pages hold 65,536: here 7, so that many pages are written).
    check.exec('DELETE FROM doc_dates')
    check.transaction(() => fillDateColumns(new Statements(check), 7))()
    check.close()
    const refilled = openSnapshot(old, { readonly: true })
    expect(idsOf(refilled, { sort: 'newest' })).toEqual(newest)
    expect(refilled.checkIntegrity()).toEqual({ ok: true, problems: [] })
    refilled.close()
  })

  it('that disagree with docs are reported by checkIntegrity', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.upsert('propositions', untyped([dated('a', 10, 1), dated('b', 20, 1)]))
    snap.close()
    const db = new Database(path)
    const blob = db.prepare("SELECT dates FROM doc_dates WHERE corpus = 'propositions'").pluck().get() as Buffer
    const changed = Buffer.from(blob)
    // Every main date of the chunk shifted by a day.
    const view = new Float64Array(changed.buffer, changed.byteOffset, CHUNK)
    for (let i = 0; i < CHUNK; i++) if (view[i] !== 0) view[i] = (view[i] as number) + 86_400_000
    db.prepare("UPDATE doc_dates SET dates = ? WHERE corpus = 'propositions'").run(changed)
    db.close()
    const damaged = openSnapshot(path)
    const report = damaged.checkIntegrity()
    expect(report.ok).toBe(false)
    expect(report.problems.join('\n')).toMatch(/doc_dates: 2 documents' dates differ from docs \(first: propositions rowid \d+\)/)
    damaged.close()
  })
})
