/**
 * `legisearch document <collection> <id>` run as a user runs it (a child process): the library's
 * `getDocument` as indented JSON, for a real ingested act and a proposition, with `--client`'s
 * saved references; a bad collection or an unknown id exits 2 with one line naming it.
 */
import { describe, expect, it } from 'vitest'
import { CORPUS_NAMES, openSnapshot } from 'legisearch'
import { runCli as run } from '../helpers/cli.js'
import { fixture } from '../helpers/fixtures.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'

describe('legisearch document', () => {
  it('prints one document as JSON, as the library and a search give it; errors exit 2 naming the input', async () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    await snap.ingest('dou', [fixture('dou/inlabs-xml-2023-03-20-DO2.zip')])
    snap.upsert('propositions', [{ id: 'p1', acronymType: 'PL', number: 2630, year: 2020, datePresentation: '2020-05-04' }])
    const m = snap.createMonitor('acme', 'Pauta')
    snap.saveToMonitor('acme', m.id, 'propositions', 'p1')
    const act = snap.searchDou({ limit: 1 }).results[0]
    snap.close()
    if (!act) throw new Error('the DOU fixture holds no act')

    const lib = openSnapshot(path, { readonly: true })
    try {
      const out = run('document', 'dou', act.id, '--snapshot', path)
      expect(out.code, out.err).toBe(0)
      expect(out.out).toBe(`${JSON.stringify(lib.getDocument('dou', act.id), null, 2)}\n`)
      expect(JSON.parse(out.out)).toEqual(JSON.parse(JSON.stringify(act)))
      const mine = run('document', 'propositions', 'p1', '--client', 'acme', '--snapshot', path)
      expect(mine.code, mine.err).toBe(0)
      expect(JSON.parse(mine.out)).toEqual(JSON.parse(JSON.stringify(lib.getDocument('propositions', 'p1', { clientId: 'acme' }))))
      expect((JSON.parse(mine.out) as { savedPropositions: { monitorName: string }[] }).savedPropositions[0]?.monitorName).toBe('Pauta')
    } finally {
      lib.close()
    }

    const missing = run('document', 'dou', 'no-such-act', '--snapshot', path)
    expect([missing.code, missing.out, missing.err]).toEqual([2, '', "legisearch: dou document 'no-such-act' not found\n"])
    const bad = run('document', 'laws', 'x', '--snapshot', path)
    expect([bad.code, bad.err]).toEqual([2, `legisearch: collection: must be one of ${CORPUS_NAMES.join(', ')} (got "laws")\n`])
    expect(run('document', 'dou', '--snapshot', path).code).toBe(1)
  })
})
