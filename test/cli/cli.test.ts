/**
 * The `legisearch` command run as a user runs it (a child process): ingest, search (table and
 * JSON), info, and the exit codes: 0 ok, 1 usage, 2 refused input.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliArgs, runCli as run, runCliFromSource } from '../helpers/cli.js'
import { SOURCE_NAMES, openSnapshot } from 'legisearch'
import { tempDir, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'

const FILES = ['proposicoes-2023.csv', 'proposicoesAutores-2023.csv', 'proposicoesTemas-2023.csv', 'deputados.csv', 'orgaos.csv'].map((f) =>
  fixture(`camara/${f}`),
)
const UN_2026 = fixture('un_sc/UN_consolidated_2026-02-27.xml')
const UN_2024 = fixture('un_sc/UN_consolidated_2024-09-26.xml')

describe('legisearch (the command)', () => {
  it('`sources` lists every source with how to fetch it (a table, or JSON)', () => {
    const text = run('sources')
    expect(text.code, text.err).toBe(0)
    for (const name of SOURCE_NAMES) expect(text.out).toMatch(new RegExp(`^${name}\\s`, 'm'))
    const json = run('sources', '--json')
    const list = JSON.parse(json.out) as { name: string; fetch: string; writes: string[] }[]
    expect(list.map((s) => s.name)).toEqual([...SOURCE_NAMES])
    expect(list.find((s) => s.name === 'dou')?.fetch).toBe('--date YYYY-MM-DD (login)')
    expect(list.find((s) => s.name === 'camara')?.fetch).toBe('--year YYYY')
    expect(list.find((s) => s.name === 'bacen')?.fetch).toMatch(/^--ids /)
  })

  it('runs from the source through tsx as from the build the other tests spawn', () => {
    // `sources` exits 0 (see the test below); `ingest` with no source is a usage error, exit 1.
    for (const args of [['sources', '--json'], ['ingest']]) {
      const [source, built] = [runCliFromSource(...args), run(...args)]
      expect(source).toEqual(built)
    }
  })

  it('usage errors exit 1 with the usage; --help exits 0', () => {
    const none = run('ingest')
    expect(none.code).toBe(1)
    expect(none.out + none.err).toMatch(/USAGE/)
    const help = run('search', '--help')
    expect(help.code).toBe(0)
    expect(help.out).toMatch(/--filter/)
  })

  it('ingests the Câmara files, then searches as the library does (table and exact JSON), and says what it holds', () => {
    const path = tempSnapshotPath()
    const ingest = run('ingest', 'camara', ...FILES, '--snapshot', path)
    expect(ingest.code, ingest.err).toBe(0)
    expect(ingest.out).toMatch(/propositions\s+1493\s+0\s+0/)
    expect(ingest.err).toMatch(/reading camara files: 100% \(file 5 of 5: /)

    const json = run(
      'search',
      'propositions',
      '--q',
      'PL 1/2023',
      '--sort',
      'relevance',
      '--filter',
      'states=CE',
      '--filter',
      'states=SP',
      '--json',
      '--snapshot',
      path,
    )
    expect(json.code, json.err).toBe(0)
    const snap = openSnapshot(path, { readonly: true })
    expect(JSON.parse(json.out)).toEqual(snap.searchPropositions({ q: 'PL 1/2023', sort: 'relevance' }, { states: ['CE', 'SP'] }))
    const ranged = run(
      'search',
      'propositions',
      '--filter',
      'created_at=2023-02-01..2023-02-10',
      '--limit',
      '3',
      '--json',
      '--snapshot',
      path,
    )
    expect(JSON.parse(ranged.out).pagination).toEqual(
      snap.searchPropositions({ limit: 3 }, { created_at: { from: '2023-02-01', to: '2023-02-10' } }).pagination,
    )
    snap.close()

    const table = run('search', 'propositions', '--q', 'PL 1/2023', '--snapshot', path)
    expect(table.out).toMatch(/camara-2345485\s+2022-12-30\s+PL 1\/2023/)
    expect(table.out).toMatch(/page 1 of 1, 1 result\b/)

    const info = run('info', '--json', '--snapshot', path)
    const parsed = JSON.parse(info.out)
    expect(parsed.counts.propositions).toBe(1493)
    expect(parsed.ingests.map((i: { source: string }) => i.source)).toEqual(['camara'])
  })

  it('watchlist update --file applies a saved UN list, then finds it already ingested', () => {
    const path = tempSnapshotPath()
    const first = run('watchlist', 'update', '--file', UN_2026, '--observed-on', '2026-02-27', '--snapshot', path)
    expect(first.code, first.err).toBe(0)
    expect(first.out).toMatch(
      /^list of 2026-02-27T\S+: applied; listed 1003, relisted 0, amended 0, delisted 0, held back 0, unchanged 0$/m,
    )
    const again = run('watchlist', 'update', '--file', UN_2026, '--observed-on', '2026-02-27', '--snapshot', path)
    expect(again.out).toMatch(/already ingested, nothing written/)
    const older = run('watchlist', 'update', '--file', UN_2024, '--observed-on', '2026-02-28', '--snapshot', path)
    expect(older.code).toBe(2)
    expect(older.err).toMatch(/older than the newest list ingested/)
  })

  it('a UN list whose removals are held back: said in words without --json, exit 4; `watchlist held`, `info` say it; `accept-removals` applies them', () => {
    const path = tempSnapshotPath()
    const old = fixture('un_sc/consolidated-2017-06-20.xml')
    // Seven years apart: 305 of 1,024 removals (29.8%) are over the 25% ceiling.
    const first = run('ingest', 'un', UN_2024, old, '--observed-on', '2026-02-27', '--snapshot', path)
    expect(first.code, first.err).toBe(4)
    expect(first.out).toMatch(/^list of 2017-06-20\S+: applied; listed 1024,/m)
    expect(first.out).toMatch(
      /^warning: this list would remove 305 of 1024 listed designations \(29\.8% > the 25\.0% allowed 88\.5 months after/m,
    )
    expect(first.out).toMatch(
      /^WATCHLIST NOT CURRENT: 305 removals held back by the mass-removal guard since the list of 2024-09-26T00:00:07\.514Z \(CFe\.001, /m,
    )
    expect(first.out).toContain(`legisearch watchlist accept-removals --snapshot ${path} [--refs REF,REF] [--reason TEXT]`)
    const held = run('watchlist', 'held', '--json', '--snapshot', path)
    expect(held.code).toBe(4)
    expect(JSON.parse(held.out)).toMatchObject({ count: 305, since: '2024-09-26T00:00:07.514Z' })
    const info = run('info', '--snapshot', path)
    expect(info.code, info.err).toBe(0)
    expect(info.out).toMatch(/^watchlist: 1,180 designations listed, as of the UN list of 2024-09-26T00:00:07\.514Z$/m)
    expect(info.out).toMatch(/^WATCHLIST NOT CURRENT: 305 removals/m)
    const some = run('watchlist', 'accept-removals', '--refs', 'IQe.001,IQe.002', '--reason', 'SC/14000', '--snapshot', path)
    expect(some.code, some.err).toBe(4)
    expect(some.out).toMatch(/^delisted 2 designations held back since the list of 2024-09-26T00:00:07\.514Z: IQe\.001, IQe\.002$/m)
    const wrong = run('watchlist', 'accept-removals', '--refs', 'QDi.001', '--snapshot', path)
    expect(wrong.code).toBe(2)
    expect(wrong.err).toMatch(/options\.refs: QDi\.001 is not held back by the removal guard \(held back now: 303\); nothing was changed/)
    const rest = run('watchlist', 'accept-removals', '--snapshot', path)
    expect(rest.code, rest.err).toBe(0)
    expect(rest.out).toMatch(/^delisted 303 designations/m)
    expect(rest.out).toMatch(/the watchlist now reflects the newest list ingested/)
    const snap = openSnapshot(path, { readonly: true })
    expect(snap.listWatchlist({ status: 'listed', limit: 1 }).total).toBe(875)
    expect(snap.getDesignationHistory('IQe.001').at(-1)?.override).toBe('accepted by an operator: SC/14000')
    snap.close()
    expect(run('info', '--snapshot', path).out).toMatch(/^no removal is held back$/m)
  })

  it('`screen` reads a CSV (a file or stdin) and writes a table, CSV or JSON lines: one row per match, a row for a name with none', () => {
    const path = tempSnapshotPath()
    const snap = openSnapshot(path)
    snap.reconcileWatchlist(readFileSync(UN_2026), { observedOn: '2026-02-27' })
    snap.close()
    const dir = tempDir()
    const csv = join(dir, 'names.csv')
    writeFileSync(csv, 'name,birthDate,nationality,id\n"Salek, Abdulhai",1965,af,c1\nMaria Aparecida da Silva,1980,br,c2\n')
    const table = run('screen', csv, '--snapshot', path)
    expect(table.code, table.err).toBe(0)
    expect(table.out).toMatch(/^1\s+Salek, Abdulhai\s+TAi\.108\s+1\.000\s+listed\s+ABDULHAI SALEK$/m)
    expect(table.out).toMatch(/^2\s+Maria Aparecida da Silva$/m)
    expect(table.out).toMatch(/2 names screened, 1 with a match at score ≥ 0\.8; no match is not proof of absence/)
    const asCsv = run('screen', csv, '--format', 'csv', '--snapshot', path)
    const lines = asCsv.out.trim().split('\n')
    expect(lines[0]).toBe('entry,id,name,rank,ref,score,matchedName,status,lastEventType,reasons')
    expect(lines[1]).toMatch(
      /^1,c1,"Salek, Abdulhai",1,TAi\.108,1\.000,ABDULHAI SALEK,listed,\w+,".*birth year 1965.*nationality af matches.*"$/,
    )
    expect(lines.slice(2)).toEqual(['2,c2,Maria Aparecida da Silva,0,,,,,,'])
    const stdin = spawnSync(process.execPath, cliArgs('screen', '-', '--format', 'jsonl', '--snapshot', path), {
      input: 'name\nTharwat Salah Chehata\n',
      encoding: 'utf8',
    })
    expect(stdin.status, stdin.stderr).toBe(0)
    expect((JSON.parse(stdin.stdout) as { matches: { ref: string }[] }).matches[0]?.ref).toBe('QDi.017')
    writeFileSync(csv, 'nome,nascimento\nX,1980\n')
    const wrong = run('screen', csv, '--snapshot', path)
    expect([wrong.code, wrong.err]).toEqual([
      2,
      `legisearch: FILE: ${csv} has columns nome, nascimento; a screening file has a header with a name column and optionally birthDate, nationality, id, each once (unknown: nome, nascimento)\n`,
    ])
    // The line a fault is on, blank lines and a quoted line break counted.
    writeFileSync(csv, 'name,birthDate\nX,1980\n\n"Y\nZ",1981\nW,29/06/1960\n')
    const date = run('screen', csv, '--snapshot', path)
    expect([date.code, date.err]).toEqual([
      2,
      `legisearch: ${csv}, line 6: birthDate: must be a date YYYY, YYYY-MM or YYYY-MM-DD, from 1900 to this year\n`,
    ])
    expect(run('screen', csv, '--threshold', '0x1', '--snapshot', path).err).toBe(
      'legisearch: --threshold: must be a number such as 0.8 (got "0x1")\n',
    )
    writeFileSync(csv, 'name\nX\n')
    expect(run('screen', csv, '--limit', '0', '--snapshot', path).err).toBe('legisearch: --limit: must be an integer from 1 to 50\n')
  })

  it('refused input exits 2 with one line naming it', () => {
    const path = tempSnapshotPath()
    openSnapshot(path).close()
    const bad = run('search', 'propositions', '--limit', '50', '--snapshot', path)
    expect(bad.code).toBe(2)
    expect(bad.err).toBe('legisearch: limit: must be an integer from 1 to 20 (got "50")\n')
    const missing = run('info', '--snapshot', tempSnapshotPath('absent.db'))
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/snapshot file not found/)
    const unknown = run('ingest', 'nowhere', '/etc/hostname', '--snapshot', path)
    expect(unknown.code).toBe(2)
    expect(unknown.err).toMatch(/source: must be one of camara/)
    const filter = run('search', 'dou', '--filter', 'sections', '--snapshot', path)
    expect(filter.code).toBe(2)
    expect(filter.err).toMatch(/--filter: "sections" is not k=v/)
  })
})

const SOCIAL_FILES = ['tweets_to_process.csv', 'perfil_parlamentar.csv', 'parlamentares.csv'].map((f) =>
  fixture(`social/parlametria-leggo-twitter-dados/${f}`),
)

describe('legisearch stakeholders', () => {
  it('finds across houses (table with whole ids, or JSON as the library answers) and shows one by id', async () => {
    const path = tempSnapshotPath()
    expect(run('ingest', 'social', ...SOCIAL_FILES, '--snapshot', path).code).toBe(0)
    const json = run('stakeholders', 'find', 'Katia Abreu', '--limit', '3', '--format', 'json', '--snapshot', path)
    expect(json.code, json.err).toBe(0)
    const snap = openSnapshot(path, { readonly: true })
    try {
      expect(JSON.parse(json.out)).toEqual(snap.findStakeholders({ q: 'Katia Abreu', limit: 3 }))
      expect(JSON.parse(json.out)[0]).toMatchObject({ id: 'senado-senador-1249', records: 1503 })
      const table = run('stakeholders', 'find', 'katia abreu', '--snapshot', path)
      expect(table.code, table.err).toBe(0)
      expect(table.out).toMatch(/^senado-senador-1249\s+Kátia Abreu\s+person\s+Senador\(a\)\s+PDT\s+TO\s+no\s+1503$/m)
      const show = run('stakeholders', 'show', 'senado-senador-1249', '--format', 'json', '--snapshot', path)
      expect(JSON.parse(show.out)).toEqual(snap.getStakeholder('senado-senador-1249'))
      // `--json`, as on the other listing commands.
      expect(JSON.parse(run('stakeholders', 'show', 'senado-senador-1249', '--json', '--snapshot', path).out)).toEqual(
        snap.getStakeholder('senado-senador-1249'),
      )
      expect(JSON.parse(run('stakeholders', 'find', 'Katia Abreu', '--limit', '3', '--json', '--snapshot', path).out)).toEqual(
        JSON.parse(json.out),
      )
      expect(run('stakeholders', 'show', 'senado-senador-1249', '--snapshot', path).out).toMatch(/^Partido\s+PDT/m)
    } finally {
      snap.close()
    }
    const unknown = run('stakeholders', 'show', 'nobody', '--snapshot', path)
    expect([unknown.code, unknown.err]).toEqual([2, "legisearch: stakeholder 'nobody' not found\n"])
    const format = run('stakeholders', 'find', 'katia', '--format', 'csv', '--snapshot', path)
    expect([format.code, format.err]).toEqual([2, 'legisearch: --format: must be one of table, json (got "csv")\n'])
  })

  it('--kind keeps the kinds given (a committee that authors bills, the Executive); the kind column says each one’s', () => {
    const path = tempSnapshotPath()
    expect(
      run('ingest', 'camara', fixture('camara/orgaos.csv'), fixture('camara/proposicoesAutores-2023.csv'), '--snapshot', path).code,
    ).toBe(0)
    const json = run('stakeholders', 'find', 'saude', '--kind', 'committee,organ', '--limit', '20', '--json', '--snapshot', path)
    expect(json.code, json.err).toBe(0)
    const snap = openSnapshot(path, { readonly: true })
    try {
      expect(JSON.parse(json.out)).toEqual(snap.findStakeholders({ q: 'saude', kind: ['committee', 'organ'], limit: 20 }))
    } finally {
      snap.close()
    }
    const table = run('stakeholders', 'find', 'comissão de saúde', '--kind', 'committee', '--limit', '3', '--snapshot', path)
    expect(table.code, table.err).toBe(0)
    expect(table.out).toMatch(/^id\s+name\s+kind\s+title\s+party\s+uf\s+active\s+records$/m)
    expect(table.out).toMatch(/^camara-orgao-2014\s+Comissão de Saúde\s+committee\s+Comissão Permanente\s/m)
    expect(run('stakeholders', 'find', 'poder executivo', '--kind', 'organ', '--limit', '1', '--snapshot', path).out).toMatch(
      /^camara-orgao-253\s+Poder Executivo\s+organ\s/m,
    )
    const none = run('stakeholders', 'find', 'poder executivo', '--kind', 'party', '--snapshot', path)
    expect([none.code, none.out]).toEqual([0, 'no stakeholder of kind party matches "poder executivo"\n'])
    const bad = run('stakeholders', 'find', 'saude', '--kind', 'committee,people', '--snapshot', path)
    expect([bad.code, bad.err]).toEqual([
      2,
      'legisearch: --kind: unknown kind "people"; allowed: person, committee, party, organ, unknown (comma-separated)\n',
    ])
  })
})
