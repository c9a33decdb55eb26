/**
 * `legisearch search everything` run as a user runs it: the exact JSON of `searchEverything`,
 * one table of every corpus with each corpus's total, and refusals with exit code 2.
 */
import { describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { CORPUS_NAMES, openSnapshot } from 'legisearch'
import { runCli as run } from '../helpers/cli.js'
import { tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

describe('legisearch search everything', () => {
  it('prints the library’s answer (--json) or one table with each corpus’s total; refuses with exit 2', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.upsert('stakeholders', [...generate('stakeholders', 40)])
    for (const c of CORPUS_NAMES) snap.upsert(c, untyped([...(generate(c, 40) as Iterable<unknown>)]))
    const expected = snap.searchEverything(
      { q: 'lei', sort: 'newest', limit: 5, page: 2 },
      { created_at: { from: '2000-01-01', to: '2030-12-31' } },
    )
    const first = snap.searchEverything({ q: 'saúde', limit: 4 })
    snap.close()

    const json = run(
      'search',
      'everything',
      '--q',
      'lei',
      '--sort',
      'newest',
      '--limit',
      '5',
      '--page',
      '2',
      '--filter',
      'created_at=2000-01-01..2030-12-31',
      '--json',
      '--snapshot',
      path,
    )
    expect(json.code, json.err).toBe(0)
    expect(JSON.parse(json.out)).toEqual(JSON.parse(JSON.stringify(expected)))

    const table = run('search', 'everything', '--q', 'saúde', '--limit', '4', '--snapshot', path)
    expect(table.code, table.err).toBe(0)
    const lines = table.out.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^corpus\s+id\s+date\s+title\s+link$/)
    expect(lines.slice(2, -1).map((l) => l.split(/\s+/).slice(0, 2).join('/'))).toEqual(first.results.map((r) => `${r.corpus}/${r.id}`))
    expect(lines.at(-1)).toBe(
      `page 1 of ${first.pagination.pages}, ${first.pagination.total} results (${CORPUS_NAMES.map((c) => `${c} ${first.totals[c]}`).join(', ')})`,
    )

    const refused = run('search', 'everything', '--filter', 'parties=PT', '--snapshot', path)
    expect(refused.code).toBe(2)
    expect(refused.err).toMatch(/unknown field 'parties'; POST \/search \(every corpus\) takes created_at/)
    const sort = run('search', 'everything', '--sort', 'older', '--snapshot', path)
    expect(sort.code).toBe(2)
    expect(sort.err).toMatch(/sort: must be one of relevance, newest/)
    for (const flag of ['--facets=parties', '--histogram=year']) {
      const counts = run('search', 'everything', flag, '--snapshot', path)
      expect(counts.code, flag).toBe(2)
      expect(counts.err).toMatch(new RegExp(`${flag.split('=')[0]}: not with everything \\(counts are per corpus`))
    }
  })
})
