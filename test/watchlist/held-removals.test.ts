/**
 * Removals held back by the guard, as an operator meets them: what `heldWatchlistRemovals` says,
 * accepting them (only what was reviewed, never back in time), the newest list's own bytes
 * restoring it after a forced older list, and a read-only snapshot of the schema before the
 * audit events' `override` column.
 */
import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openSnapshot } from 'legisearch'
import { MIGRATIONS } from '../../packages/legisearch/src/store/migrations/registry.js'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { stateOf } from './safety-support.js'
import { fixture } from '../helpers/fixtures.js'

const list = (name: string) => readFileSync(fixture(`un_sc/${name}`))
const Y2017 = 'consolidated-2017-07-03.xml'
const Y2020 = 'consolidated-2020-03-20.xml' // removes 125 of 1,021 (12.2%), 32 months later

describe('held-back removals', () => {
  it('an acceptance is refused when another list came since the one reviewed, or when dated before the last observation', () => {
    const snap = openSnapshot(tempSnapshotPath())
    snap.reconcileWatchlist(list(Y2017), { observedOn: '2017-07-03' })
    // A flat 5% guard holds the 2020 removals back.
    const r = snap.reconcileWatchlist(list(Y2020), { observedOn: '2020-03-21', removalRatioPerMonth: 0 })
    expect(r.blocked).toHaveLength(125)
    const held = snap.heldWatchlistRemovals()
    expect(held).toMatchObject({ count: 125, since: r.dateGenerated, newestList: r.dateGenerated })
    const before = stateOf(snap)
    const stale = errorOf(() => snap.acceptWatchlistRemovals({ newestList: '2017-07-03T20:27:45.483-04:00' }))
    expect([stale.status, stale.path, stale.message]).toEqual([
      400,
      ['newestList'],
      `options.newestList: the newest list ingested is the list of ${r.dateGenerated}, not 2017-07-03T20:27:45.483-04:00: review what it holds back (heldWatchlistRemovals()) and accept again; nothing was changed`,
    ])
    const early = errorOf(() => snap.acceptWatchlistRemovals({ observedOn: '2019-01-01' }))
    expect(early.message).toBe(
      'options.observedOn: 2019-01-01T00:00:00.000Z is before the last observation (2020-03-21T00:00:00.000Z); nothing was changed',
    )
    expect(errorOf(() => snap.acceptWatchlistRemovals({ refs: [] })).message).toMatch(/^options\.refs: must name at least one reference/)
    expect(stateOf(snap)).toEqual(before)
    const done = snap.acceptWatchlistRemovals({ newestList: r.dateGenerated, reason: 'SC press releases', observedOn: '2020-03-22' })
    expect(done).toEqual({ delisted: held.refs, observedAt: '2020-03-22T00:00:00.000Z', stillHeld: 0 })
    expect(snap.listWatchlist({ status: 'listed', limit: 1 }).total).toBe(1014)
    snap.close()
  })

  it("after a forced older list, the newest list's own bytes restore it: its removals are judged against the list the snapshot reflects", () => {
    const snap = openSnapshot(tempSnapshotPath())
    snap.reconcileWatchlist(list(Y2017), { observedOn: '2017-07-03' })
    snap.reconcileWatchlist(list(Y2020), { observedOn: '2020-03-21' })
    snap.reconcileWatchlist(list(Y2017), { observedOn: '2020-03-22', force: true })
    const restored = snap.reconcileWatchlist(list(Y2020), { observedOn: '2020-03-23' })
    expect(restored.blocked).toEqual([])
    expect(restored.delisted.length).toBeGreaterThan(100)
    expect(snap.listWatchlist({ status: 'listed', limit: 1 }).total).toBe(1014)
    snap.close()
  })

  it('a snapshot of schema 6 (before `override`) opens read-only and reads its histories; a writable open adds the column', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.reconcileWatchlist(list(Y2017), { observedOn: '2017-07-03' })
    snap.close()
    const db = new Database(path)
    db.exec('ALTER TABLE watchlist_events DROP COLUMN override')
    db.pragma('user_version = 6')
    db.close()
    const ro = openSnapshot(path, { readonly: true })
    expect(ro.getDesignationHistory('QDi.001')).toEqual([
      { type: 'listed', observedAt: '2017-07-03T00:00:00.000Z', listDateGenerated: '2017-07-03T20:27:45.483-04:00' },
    ])
    expect(ro.screen([{ name: 'Saif al-Adel' }])[0]?.matches[0]?.ref).toBe('QDi.001')
    ro.close()
    openSnapshot(path).close()
    const after = new Database(path, { readonly: true })
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    expect((after.prepare('PRAGMA table_info(watchlist_events)').all() as { name: string }[]).map((c) => c.name)).toContain('override')
    after.close()
  })
})
