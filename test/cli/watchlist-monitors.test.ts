/**
 * `legisearch watchlist search|show`, `monitors list|show` and `info`'s watchlist, run as a user
 * runs them (a child process), against what the library answers on the same file.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runCli as run } from '../helpers/cli.js'
import { COLUMNS } from '../../packages/cli/src/search-table.js'
import { openSnapshot } from 'legisearch'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'

const UN_2024 = fixture('un_sc/UN_consolidated_2024-09-26.xml')
const UN_2026 = fixture('un_sc/UN_consolidated_2026-02-27.xml')

/** A snapshot with the 2024 and 2026 UN lists reconciled in turn (the newer delists 6). */
function withLists(): string {
  const path = tempSnapshotPath()
  const snap = openSnapshot(path)
  snap.reconcileWatchlist(readFileSync(UN_2024), { observedOn: '2024-09-27' })
  snap.reconcileWatchlist(readFileSync(UN_2026), { observedOn: '2026-02-27' })
  snap.close()
  return path
}

describe('legisearch watchlist search|show', () => {
  it('search: GET /watchlist’s parameters; JSON is the library’s answer, the table shows each designation', () => {
    const path = withLists()
    const snap = openSnapshot(path, { readonly: true })
    try {
      const json = run(
        'watchlist',
        'search',
        'al qaida',
        '--status',
        'listed',
        '--subject-type',
        'entity',
        '--sort',
        'name',
        '--limit',
        '3',
        '--format',
        'json',
        '--snapshot',
        path,
      )
      expect(json.code, json.err).toBe(0)
      const want = snap.listWatchlist({ search: 'al qaida', status: 'listed', subjectType: 'entity', sort: 'name', limit: 3 })
      expect(want.data.length).toBe(3)
      expect(JSON.parse(json.out)).toEqual(want)

      const table = run(
        'watchlist',
        'search',
        'al qaida',
        '--status',
        'listed',
        '--subject-type',
        'entity',
        '--sort',
        'name',
        '--limit',
        '3',
        '--snapshot',
        path,
      )
      expect(table.code, table.err).toBe(0)
      for (const d of want.data) {
        expect(table.out).toMatch(
          new RegExp(`^${d.sourceRefNumber.replace('.', '\\.')}\\s+listed\\s+entity\\s+${d.regime}\\s+${d.listedOn ?? ''}\\s+`, 'm'),
        )
      }
      expect(table.out).toContain(`1–3 of ${want.total} designations`)

      const delisted = run(
        'watchlist',
        'search',
        '--status',
        'delisted',
        '--regime',
        'Al-Qaida',
        '--measure',
        'asset freeze',
        '--hide-deceased',
        '--offset',
        '1',
        '--json',
        '--snapshot',
        path,
      )
      expect(JSON.parse(delisted.out)).toEqual(
        snap.listWatchlist({ status: 'delisted', regime: 'Al-Qaida', measure: 'asset freeze', hideDeceased: true, offset: 1 }),
      )

      const bad = run('watchlist', 'search', '--status', 'gone', '--snapshot', path)
      expect([bad.code, bad.err]).toEqual([2, 'legisearch: status: must be one of listed, delisted\n'])
      const format = run('watchlist', 'search', '--format', 'xml', '--snapshot', path)
      expect([format.code, format.err]).toEqual([2, 'legisearch: --format: must be one of table, json (got "xml")\n'])
    } finally {
      snap.close()
    }
  })

  it('show: one designation (JSON as GET /watchlist/{ref}), its fields and audit history in words; an unknown ref exits 2', () => {
    const path = withLists()
    const snap = openSnapshot(path, { readonly: true })
    try {
      const delisted = snap.listWatchlist({ status: 'delisted', limit: 1 }).data[0]
      if (!delisted) throw new Error('no delisted designation')
      const ref = delisted.sourceRefNumber
      const json = run('watchlist', 'show', ref, '--json', '--snapshot', path)
      expect(json.code, json.err).toBe(0)
      expect(JSON.parse(json.out)).toEqual(snap.getDesignation(ref))
      const text = run('watchlist', 'show', ref, '--snapshot', path)
      expect(text.code, text.err).toBe(0)
      expect(text.out).toMatch(new RegExp(`^ref:\\s+${ref.replace('.', '\\.')}$`, 'm'))
      expect(text.out).toContain(`name:            ${delisted.primaryName}\n`)
      expect(text.out).toMatch(/^status:\s+delisted$/m)
      expect(text.out).toMatch(/^delisted on:\s+2026-02-27 \(observed by this service, not an official date\)$/m)
      expect(text.out).toMatch(/^ {2}\S+ {2}delisted {2}\(list of 2026-02-27T\S+\)$/m)
      const missing = run('watchlist', 'show', 'XXi.999', '--snapshot', path)
      expect([missing.code, missing.err]).toEqual([2, "legisearch: designation 'XXi.999' not found\n"])
    } finally {
      snap.close()
    }
  })

  it('info: the lists ingested, the newest, designations listed and delisted, nothing held back (text and JSON = snap.info())', () => {
    const path = withLists()
    const text = run('info', '--snapshot', path)
    expect(text.code, text.err).toBe(0)
    expect(text.out).toMatch(/^watchlist: 1,003 designations listed, as of the UN list of 2026-02-27T00:00:09\.554Z$/m)
    expect(text.out).toMatch(/^ {2}6 delisted; 2 UN lists ingested, the newest observed 2026-02-27T\S+$/m)
    expect(text.out).toMatch(/^no removal is held back$/m)
    const json = JSON.parse(run('info', '--json', '--snapshot', path).out)
    const snap = openSnapshot(path, { readonly: true })
    try {
      const info = snap.info()
      expect(json.watchlist).toEqual(info.watchlist)
      expect(info.watchlist).toMatchObject({
        lists: { count: 2, newest: '2026-02-27T00:00:09.554Z' },
        designations: { listed: 1003, delisted: 6 },
        heldBack: { count: 0, refs: [], since: null, newestList: '2026-02-27T00:00:09.554Z' },
      })
      expect(info.watchlist.designations.listed).toBe(snap.listWatchlist({ status: 'listed', limit: 1 }).total)
      expect(info.watchlist.designations.delisted).toBe(snap.listWatchlist({ status: 'delisted', limit: 1 }).total)
    } finally {
      snap.close()
    }
  })
})

describe('legisearch monitors list|show', () => {
  /** A snapshot with two clients' monitors, one holding documents of two corpora. */
  function withMonitors() {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.upsert('propositions', [
      { id: 'camara-2252341', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04', title: 'Lei das Fake News' },
      { id: 'camara-1', acronymType: 'PL', number: 1, year: 2023, datePresentation: '2023-02-02T10:00:00.250Z', title: 'Outro' },
    ])
    snap.upsert('social', [{ id: 'social-twitter-1313131313131313131313', postedAt: '2020-05-04T10:00:00Z', text: 'Sobre o PL 2630' }])
    const reforma = snap.createMonitor('ACME', 'Reforma')
    snap.saveToMonitor('ACME', reforma.id, 'social', 'social-twitter-1313131313131313131313')
    snap.saveToMonitor('ACME', reforma.id, 'propositions', 'camara-2252341')
    snap.saveToMonitor('ACME', reforma.id, 'propositions', 'camara-1')
    const other = snap.createMonitor('Other Org', 'Vazio')
    snap.close()
    return { path, reforma: reforma.id, other: other.id }
  }

  it('list: every client’s monitors (ids whole), or one client’s as GET /monitors answers', () => {
    const { path, reforma, other } = withMonitors()
    const all = run('monitors', 'list', '--snapshot', path)
    expect(all.code, all.err).toBe(0)
    expect(all.out).toMatch(new RegExp(`^${reforma}\\s+ACME\\s+Reforma\\s+3\\s+\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$`, 'm'))
    expect(all.out).toMatch(new RegExp(`^${other}\\s+Other Org\\s+Vazio\\s+0\\s+`, 'm'))
    const snap = openSnapshot(path, { readonly: true })
    try {
      expect(JSON.parse(run('monitors', 'list', '--client', 'ACME', '--json', '--snapshot', path).out)).toEqual({
        data: snap.listMonitors('ACME'),
      })
      expect(JSON.parse(run('monitors', 'list', '--format', 'json', '--snapshot', path).out)).toEqual({ data: snap.listAllMonitors() })
      expect(snap.listAllMonitors().map((m) => [m.clientId, m.id])).toEqual([
        ['ACME', reforma],
        ['Other Org', other],
      ])
    } finally {
      snap.close()
    }
    expect(run('monitors', 'list', '--client', 'Nobody', '--snapshot', path).out).toBe("client 'Nobody' has no monitor\n")
  })

  it('show: the saved documents per corpus in the order saved, in search’s columns, ids whole (JSON as GET /monitors/{id}); another client’s → exit 2', () => {
    const { path, reforma } = withMonitors()
    const text = run('monitors', 'show', reforma, '--snapshot', path)
    expect(text.code, text.err).toBe(0)
    const [head, ...sections] = text.out.trimEnd().split('\n\n')
    expect(head).toMatch(new RegExp(`^Reforma \\(${reforma}\\), client ACME, created \\S+: 3 documents$`))
    // One table per corpus holding documents, headed by the corpus, in the columns `search` shows it in.
    const tables = sections.map((s) => {
      const [title, header, , ...rows] = s.split('\n')
      return { title, header: header?.split(/\s{2,}/), rows: rows.map((r) => r.split(/\s{2,}/).slice(0, 3)) }
    })
    expect(tables).toEqual([
      {
        title: 'propositions (2)',
        header: COLUMNS.propositions.map((c) => c.name),
        rows: [
          ['camara-2252341', '2020-05-04', 'Lei das Fake Ne…'],
          ['camara-1', '2023-02-02', 'Outro'],
        ],
      },
      {
        title: 'social (1)',
        header: COLUMNS.social.map((c) => c.name),
        rows: [['social-twitter-1313131313131313131313', '2020-05-04', 'Sobre o PL 2630']],
      },
    ])
    const snap = openSnapshot(path, { readonly: true })
    try {
      const json = JSON.parse(run('monitors', 'show', reforma, '--client', 'ACME', '--json', '--snapshot', path).out)
      expect(json).toEqual(snap.getMonitor('ACME', reforma))
      // Canonical dates, as every result.
      expect(json.documents.propositions[1].datePresentation).toBe('2023-02-02T10:00:00+00:00')
      expect(json.documents.social[0].postedAt).toBe('2020-05-04T10:00:00+00:00')
    } finally {
      snap.close()
    }
    const theirs = run('monitors', 'show', reforma, '--client', 'Other Org', '--snapshot', path)
    expect([theirs.code, theirs.err]).toEqual([2, `legisearch: monitor '${reforma}' not found for client 'Other Org'\n`])
    const missing = run('monitors', 'show', 'no-such-monitor', '--snapshot', path)
    expect([missing.code, missing.err]).toEqual([
      2,
      "legisearch: monitor 'no-such-monitor' not found (`legisearch monitors list` shows the monitors)\n",
    ])
  })
})
