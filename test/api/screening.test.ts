/**
 * `snap.screen` as a library user calls it: checked at the entrance (every fault named with its
 * entry), one result per entry in input order, a read that works on a read-only snapshot, and an
 * index that follows the watchlist when it changes. Real-list cases read test/fixtures/un_sc.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SCREEN_DEFAULTS, openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { tempSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { LIST_2024, LIST_2026 } from '../watchlist/support.js'

describe('snap.screen: the entrance', () => {
  it('refuses bad entries and options naming each, and answers nothing against an empty watchlist', () => {
    const snap = tempSnapshot()
    const bad: [unknown, unknown, string][] = [
      [[], undefined, 'entries: must hold 1 to 10000 entries'],
      ['Osama', undefined, 'entries: must be an array of { name, birthDate?, nationality?, id? }'],
      [[{ name: 'a' }, { name: ' ' }], undefined, 'entries[1].name: must not be blank'],
      [[{ name: '!!' }], undefined, 'entries[0].name: must hold at least one letter or digit'],
      ...['1963-13', '0000', '1899', String(new Date().getUTCFullYear() + 1), '1963-02-29', '1963-2-1', '63'].map(
        (birthDate): [unknown, unknown, string] => [
          [{ name: 'a', birthDate }],
          undefined,
          'entries[0].birthDate: must be a date YYYY, YYYY-MM or YYYY-MM-DD, from 1900 to this year',
        ],
      ),
      [[{ name: 'a', dob: '1963' }], undefined, "entries[0]: unknown field 'dob'"],
      [[{ name: 'a' }], { threshold: 1.5 }, 'options.threshold: must be a number from 0 to 1'],
      [[{ name: 'a' }], { limit: 0 }, 'options.limit: must be an integer from 1 to 50'],
      [[{ name: 'a' }], { includeDelisted: 'yes' }, 'options.includeDelisted: must be true or false'],
    ]
    for (const [entries, options, message] of bad) {
      const e = errorOf(() => snap.screen(entries as never, options as never))
      expect([e.status, e.code, e.message.startsWith(message)], `${JSON.stringify(entries)} ${message}: got ${e.message}`).toEqual([
        400,
        'invalid_parameters',
        true,
      ])
    }
    expect(errorOf(() => snap.screen(Array.from({ length: SCREEN_DEFAULTS.maxEntries + 1 }, () => ({ name: 'a' })))).message).toMatch(
      /^entries: must hold 1 to 10000 entries; split a larger batch/,
    )
    expect(
      snap.screen([
        { name: 'a', birthDate: '1964-02-29' },
        { name: 'b', birthDate: '2000-12' },
      ]),
    ).toHaveLength(2)
    expect(snap.screen([{ name: 'Osama bin Laden', id: 'x' }, { name: 'Maria' }])).toEqual([
      { id: 'x', name: 'Osama bin Laden', matches: [] },
      { name: 'Maria', matches: [] },
    ])
  })
})

describe('snap.screen on the real UN list', () => {
  it('finds the names analysts type, in input order, on a read-only snapshot; delisted only when asked', () => {
    const path = tempSnapshotPath()
    const writer = openSnapshot(path)
    writer.reconcileWatchlist(readFileSync(LIST_2024), { observedOn: '2024-09-26' })
    writer.reconcileWatchlist(readFileSync(LIST_2026), { observedOn: '2026-02-27' })
    writer.close()
    const snap = openSnapshot(path, { readonly: true })
    const cases = [
      { name: 'Ayman al-Zawahiri', ref: 'QDi.006' },
      { name: 'Saif al-Adel', ref: 'QDi.001' },
      { name: 'Salek, Abdulhai', ref: 'TAi.108' },
      { name: 'Tharwat Salah Chehata', ref: 'QDi.017' },
    ]
    const results = snap.screen(cases.map((c, i) => ({ name: c.name, id: String(i) })))
    expect(results.map((r) => [r.id, r.name, r.matches[0]?.ref])).toEqual(cases.map((c, i) => [String(i), c.name, c.ref]))
    for (const r of results) {
      const best = r.matches[0]
      expect(best?.score).toBeGreaterThanOrEqual(SCREEN_DEFAULTS.threshold)
      expect(best?.status).toBe('listed')
      expect(best?.reasons.length).toBeGreaterThan(0)
      // Best first, never more than the limit.
      expect(r.matches.map((m) => m.score)).toEqual([...r.matches.map((m) => m.score)].sort((a, b) => b - a))
      expect(r.matches.length).toBeLessThanOrEqual(SCREEN_DEFAULTS.limit)
    }
    // QDi.328 (HAJJAJ BIN FAHD AL AJMI) was delisted between the two lists.
    expect(snap.screen([{ name: 'Hajjaj bin Fahd al-Ajmi' }])[0]?.matches.some((m) => m.ref === 'QDi.328')).toBe(false)
    const delisted = snap.screen([{ name: 'Hajjaj bin Fahd al-Ajmi' }], { includeDelisted: true })[0]?.matches[0]
    expect([delisted?.ref, delisted?.status, delisted?.lastEventType]).toEqual(['QDi.328', 'delisted', 'delisted'])
    // A birth year that disagrees lowers the score and says so.
    const [born, wrong] = snap.screen([
      { name: 'Tharwat Salah Shihata', birthDate: '1960-06-29' },
      { name: 'Tharwat Salah Shihata', birthDate: '1990' },
    ])
    expect((wrong?.matches[0]?.score ?? 0) < (born?.matches[0]?.score ?? 0) || wrong?.matches.length === 0).toBe(true)
    expect(born?.matches[0]?.reasons.join(' ')).toMatch(/birth year 1960/)
    expect(snap.screen([{ name: 'Tharwat Salah Shihata', birthDate: '1990' }], { threshold: 0 })[0]?.matches[0]?.reasons.join(' ')).toMatch(
      /birth year 1990 not in/,
    )
    // A nationality the matcher cannot read changes nothing, and each match says so.
    const [known, unread] = snap.screen([{ name: 'Tharwat Salah Shihata' }, { name: 'Tharwat Salah Shihata', nationality: 'Atlantis' }])
    expect(unread?.matches.map((m) => m.score)).toEqual(known?.matches.map((m) => m.score))
    expect(unread?.matches[0]?.reasons.at(-1)).toBe('nationality "Atlantis" not recognized, not used')
    snap.close()
  })

  it('follows the watchlist: a name screened before a list is ingested is found after it', () => {
    const snap = tempSnapshot()
    expect(snap.screen([{ name: 'Ayman al-Zawahiri' }])[0]?.matches).toEqual([])
    snap.reconcileWatchlist(readFileSync(LIST_2026), { observedOn: '2026-02-27' })
    expect(snap.screen([{ name: 'Ayman al-Zawahiri' }])[0]?.matches[0]?.ref).toBe('QDi.006')
    const report = snap.screenReport({ entries: [{ name: 'Ayman al-Zawahiri' }] })
    expect({ ...report, results: report.results.length, watchlistVersion: typeof report.watchlistVersion }).toEqual({
      results: 1,
      threshold: SCREEN_DEFAULTS.threshold,
      listDateGenerated: '2026-02-27T00:00:09.554Z',
      heldBackRemovals: 0,
      watchlistVersion: 'string',
    })
    // A cut list held back, then its removals accepted: the index follows, the version moves.
    const cut = readFileSync(LIST_2026, 'utf8')
      .replace(/<ENTITIES>[\s\S]*<\/ENTITIES>/, '<ENTITIES/>')
      .replace(/<INDIVIDUAL>(?:(?!<\/INDIVIDUAL>)[\s\S])*?QDi\.006\s*<\/REFERENCE_NUMBER>[\s\S]*?<\/INDIVIDUAL>/, '')
      .replace('dateGenerated="2026-02-27T00:00:09.554Z"', 'dateGenerated="2026-02-28T00:00:00.000Z"')
    const held = snap.reconcileWatchlist(cut, { observedOn: '2026-02-28' })
    expect(held.blocked).toContain('QDi.006')
    expect(snap.screen([{ name: 'Ayman al-Zawahiri' }])[0]?.matches[0]).toMatchObject({
      ref: 'QDi.006',
      lastEventType: 'reconciliation_blocked',
    })
    expect(snap.screenReport({ entries: [{ name: 'x' }] }).heldBackRemovals).toBe(held.blocked.length)
    snap.acceptWatchlistRemovals({ refs: ['QDi.006'], observedOn: '2026-02-28' })
    expect(snap.screen([{ name: 'Ayman al-Zawahiri' }])[0]?.matches.map((m) => m.ref)).not.toContain('QDi.006')
    expect(snap.screen([{ name: 'Ayman al-Zawahiri' }], { includeDelisted: true })[0]?.matches[0]).toMatchObject({
      ref: 'QDi.006',
      status: 'delisted',
    })
    expect(snap.screenReport({ entries: [{ name: 'x' }] }).watchlistVersion).not.toBe(report.watchlistVersion)
  })
})
