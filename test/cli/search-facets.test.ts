/**
 * `legisearch search <corpus> --facets … --histogram …`: the counts printed after the results
 * (the library's, as a table or in `--json`), and a bad facet refused naming the allowed ones.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { generate } from '../../scripts/generate/index.js'
import { openSnapshot } from 'legisearch'
import { runCli as run } from '../helpers/cli.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

describe('search --facets --histogram', () => {
  const dir = sharedTempDir()
  const path = () => join(dir(), 'facets.db')
  beforeAll(() => {
    const snap = openSnapshot(path())
    snap.upsert('stakeholders', [...generate('stakeholders', 40)])
    snap.upsert('propositions', untyped([...generate('propositions', 60)] as unknown[]))
    snap.close()
  })

  it('prints each facet’s values and counts and the histogram after the results; --json is the library’s answer', () => {
    const snap = openSnapshot(path(), { readonly: true })
    const want = snap.searchPropositions({ facets: 'parties,states', histogram: 'month', limit: 2 })
    snap.close()
    const table = run('search', 'propositions', '--facets', 'parties,states', '--histogram', 'month', '--limit', '2', '--snapshot', path())
    expect(table.code, table.err).toBe(0)
    const party = want.facets?.['parties']?.[0] as { value: string; count: number }
    const month = want.histogram?.[0] as { period: string; count: number }
    expect(table.out).toMatch(new RegExp(`\\nparties\\n  ${party.value}\\s+${party.count}\\n`))
    expect(table.out).toMatch(/\nstates\n {2}\S+\s+\d+\n/)
    expect(table.out).toMatch(new RegExp(`\\nhistogram\\n  ${month.period}\\s+${month.count}\\n`))
    const json = run(
      'search',
      'propositions',
      '--facets',
      'parties,states',
      '--histogram',
      'month',
      '--limit',
      '2',
      '--json',
      '--snapshot',
      path(),
    )
    expect(json.code, json.err).toBe(0)
    expect(JSON.parse(json.out)).toEqual(JSON.parse(JSON.stringify(want)))
  })

  it('an unknown facet is refused naming the corpus’s facets; counts are refused with an export', () => {
    const r = run('search', 'propositions', '--facets', 'colors', '--snapshot', path())
    expect(r.code).not.toBe(0)
    expect(r.err).toMatch(/facets: unknown facet 'colors'; propositions counts all, resources, types/)
    const exported = run('search', 'propositions', '--histogram', 'year', '--format', 'csv', '--snapshot', path())
    expect(exported.code).not.toBe(0)
    expect(exported.err).toMatch(/--histogram: counts print with the table or --json, not with --format/)
  })
})
