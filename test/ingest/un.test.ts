/**
 * The UN list as an ingest source: lists given in any order are reconciled oldest first, exactly as
 * `reconcileWatchlist` called on each in turn; a refused list later in the call undoes the earlier
 * ones; the reconciliation options pass through.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Snapshot } from 'legisearch'
import { rejectionOf } from '../helpers/errors.js'
import { tempDir, tempSnapshot } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'

const UN = (f: string) => fixture(`un_sc/${f}`)
const LISTS = ['consolidated-2025-11-20.xml', 'consolidated-2025-12-10.xml', 'UN_consolidated_2026-02-27.xml'].map(UN)

/** The whole watchlist and every designation's history, as one comparable value. */
function watchlistOf(snap: Snapshot) {
  const out: unknown[] = []
  for (let offset = 0; ; offset += 100) {
    const page = snap.listWatchlist({ limit: 100, offset })
    out.push(...page.data.map((d) => [d, snap.getDesignationHistory(d.sourceRefNumber)]))
    if (offset + 100 >= page.total) return out
  }
}

describe('un: the UN list as a source', () => {
  const observedOn = '2026-03-01'

  it('lists in any order are reconciled oldest first, as reconcileWatchlist on each in turn', async () => {
    const a = tempSnapshot()
    const report = await a.ingest('un', [...LISTS].reverse(), { watchlist: { observedOn } })
    expect(report.lists?.map((l) => l.dateGenerated.slice(0, 10))).toEqual(['2025-11-20', '2025-12-10', '2026-02-27'])
    const b = tempSnapshot()
    const one = LISTS.map((f) => b.reconcileWatchlist(readFileSync(f), { observedOn }))
    expect(report.lists).toEqual(one)
    const sum = (k: 'listed' | 'unchanged') => one.reduce((n, r) => n + (k === 'listed' ? r.listed.length : r.unchanged), 0)
    expect(report.collections.watchlist.inserted).toBe(sum('listed'))
    expect(report.collections.watchlist.unchanged).toBe(sum('unchanged'))
    expect(watchlistOf(a)).toEqual(watchlistOf(b))
  })

  it('lists whose root writes dateGenerated in single quotes (the 2024–2025 files) are ordered by it too', async () => {
    const y2024 = UN('UN_consolidated_2024-09-26.xml')
    const y2017 = UN('consolidated-2017-06-20.xml')
    expect(readFileSync(y2024, 'utf8').slice(0, 400)).toMatch(/dateGenerated='2024-09-26/)
    const snap = tempSnapshot()
    const report = await snap.ingest('un', [y2024, y2017], { watchlist: { observedOn } })
    expect(report.lists?.map((l) => [l.dateGenerated.slice(0, 10), l.applied])).toEqual([
      ['2017-06-20', true],
      ['2024-09-26', true],
    ])
  })

  it('the same lists again change nothing and say so (an older list of the call is not refused)', async () => {
    const snap = tempSnapshot()
    await snap.ingest('un', LISTS, { watchlist: { observedOn } })
    const before = watchlistOf(snap)
    const again = await snap.ingest('un', [...LISTS].reverse())
    expect(again.lists?.map((l) => l.applied)).toEqual([false, false, false])
    expect(again.collections.watchlist.inserted + again.collections.watchlist.updated).toBe(0)
    expect(again.lists?.every((l) => l.warnings.some((w) => /already ingested/.test(w)))).toBe(true)
    expect(watchlistOf(snap)).toEqual(before)
  })

  it('a list refused later in the call undoes the lists applied before it', async () => {
    const snap = tempSnapshot()
    const dir = tempDir()
    // The newest list's date with other content: refused once the published one is applied.
    const other = join(dir, 'other.xml')
    writeFileSync(other, readFileSync(LISTS[2] as string, 'utf8').replace('</COMMENTS1>', ' (edited)</COMMENTS1>'))
    const e = await rejectionOf(snap.ingest('un', [LISTS[0] as string, LISTS[2] as string, other]))
    expect(e.message).toContain(other)
    expect(e.message).toMatch(/like the newest list ingested, but with other content/)
    expect(snap.listWatchlist({ limit: 1 }).total).toBe(0)
    expect(snap.ingests()).toEqual([])
  })

  it('an older list is refused naming the option that applies it, which does', async () => {
    const snap = tempSnapshot()
    await snap.ingest('un', [LISTS[2] as string])
    const before = watchlistOf(snap)
    const e = await rejectionOf(snap.ingest('un', [LISTS[1] as string]))
    expect(e.message).toContain(LISTS[1])
    expect(e.message).toMatch(/older than the newest list ingested .*Pass \{ watchlist: \{ force: true \} \} \(--force\)/)
    expect(watchlistOf(snap)).toEqual(before)
    const forced = await snap.ingest('un', [LISTS[1] as string], { watchlist: { force: true } })
    expect(forced.lists?.[0]?.applied).toBe(true)
    expect((await rejectionOf(snap.ingest('un', [LISTS[1] as string], { watchlist: { forse: true } as never }))).message).toMatch(
      /watchlist/,
    )
  })
})
