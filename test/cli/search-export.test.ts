/**
 * A whole result set out of the command line (`search … --all --format csv|jsonl --out FILE`) and
 * out of the library (`snap.searchAll`): 10,000 matching records, each exactly once, the filter's
 * value holding a comma.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { LegisearchError, openSnapshot } from 'legisearch'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { cliArgs } from '../helpers/cli.js'

const MCTI = 'Ministério da Ciência, Tecnologia e Inovação'
const MATCHING = 10_000
const OTHERS = 300

function run(...args: string[]) {
  const started = performance.now()
  const r = spawnSync(process.execPath, cliArgs(...args), {
    encoding: 'utf8',
    env: { ...process.env, LEGISEARCH_SNAPSHOT: '' },
    maxBuffer: 256 * 1024 * 1024,
  })
  return { code: r.status, out: r.stdout, err: r.stderr, ms: performance.now() - started }
}

/** An act of the gazette; `i` spreads the dates over a year so several acts share a day (ties broken by id). */
function act(i: number, organization: string) {
  const day = String(1 + (i % 28)).padStart(2, '0')
  const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')
  return {
    id: `dou-${organization === MCTI ? 'mcti' : 'other'}-${i}`,
    title: `PORTARIA Nº ${i}, DE ${day}/${month}/2023`,
    content: `Extrato ${i}: contrato, aditivo e "aspas", vírgulas; e
uma segunda linha.`,
    section: i % 3 === 0 ? 'Seção 3' : 'Seção 2',
    hierarchy: `${organization}/Secretaria ${i % 7}`,
    location: `DOU nº 54, de ${day}/${month}/2023, Seção 2, página ${1 + (i % 200)}`,
    date: `2023-${month}-${day}`,
  }
}

describe('exporting a whole result set', () => {
  const dir = sharedTempDir()
  const path = () => join(dir(), 'export.db')
  const expected = new Set(Array.from({ length: MATCHING }, (_, i) => `dou-mcti-${i}`))

  beforeAll(() => {
    const snap = openSnapshot(path())
    try {
      snap.upsert('dou', [
        ...Array.from({ length: MATCHING }, (_, i) => act(i, MCTI)),
        ...Array.from({ length: OTHERS }, (_, i) => act(i, 'Ministério da Saúde')),
      ])
    } finally {
      snap.close()
    }
  }, 60_000)

  it('snap.searchAll yields every match once, in the order of the pages of search', () => {
    const snap = openSnapshot(path(), { readonly: true })
    try {
      const all = snap.searchAll('dou', { sort: 'newest' }, { organizations: [MCTI] })
      expect(all.total).toBe(MATCHING)
      const ids = [...all].map((r) => r.id)
      expect(ids).toHaveLength(MATCHING)
      expect(new Set(ids)).toEqual(expected)
      // The first pages and a late one, as search pages them.
      for (const page of [1, 2, 3, 417]) {
        const paged = snap.searchDou({ sort: 'newest', limit: 20, page }, { organizations: [MCTI] }).results.map((r) => r.id)
        expect(ids.slice((page - 1) * 20, page * 20)).toEqual(paged)
      }
      // The results are search's results (highlights, saved references).
      const first = snap.searchAll('dou', { q: 'portaria 7', sort: 'newest' }, { organizations: [MCTI] })
      const one = snap.searchDou({ q: 'portaria 7', sort: 'newest', limit: 20 }, { organizations: [MCTI] })
      expect(first.total).toBe(one.pagination.total)
      expect([...first].slice(0, 20)).toEqual(one.results)
    } finally {
      snap.close()
    }
  })

  it('snap.searchAll: matches fixed at the call; a record removed before its page is left out, one added is not yielded', () => {
    const snap = openSnapshot(path())
    try {
      const all = snap.searchAll('dou', { sort: 'older' }, { organizations: [MCTI] })
      const it = all[Symbol.iterator]()
      const head = Array.from({ length: 10 }, () => it.next().value as { id: string })
      // A writer between pages: the newest match goes, a new one comes, one not yet read changes.
      const removed = snap.searchDou({ sort: 'newest', limit: 1 }, { organizations: [MCTI] }).results[0]?.id as string
      snap.remove('dou', [removed])
      snap.upsert('dou', [{ ...act(99_999, MCTI), id: 'dou-mcti-new' }])
      const changed = snap.searchDou({ sort: 'newest', limit: 1, page: 2 }, { organizations: [MCTI] }).results[0]?.id as string
      const before = act(Number(changed.slice('dou-mcti-'.length)), MCTI)
      snap.upsert('dou', [{ ...before, title: 'RETIFICADA' }])
      const rest = [...{ [Symbol.iterator]: () => it }] as { id: string; title: string }[]
      const ids = [...head.map((r) => r.id), ...rest.map((r) => r.id)]
      expect(ids).toHaveLength(MATCHING - 1)
      expect(new Set(ids).size).toBe(MATCHING - 1)
      expect(ids).not.toContain(removed)
      expect(ids).not.toContain('dou-mcti-new')
      expect(rest.find((r) => r.id === changed)?.title).toBe('RETIFICADA')
      snap.upsert('dou', [before])
      // Put back as it was for the other tests.
      snap.remove('dou', ['dou-mcti-new'])
      const i = Number(removed.slice('dou-mcti-'.length))
      snap.upsert('dou', [act(i, MCTI)])
    } finally {
      snap.close()
    }
  })

  it('snap.searchAll refuses page and limit, and a closed snapshot', () => {
    const snap = openSnapshot(path(), { readonly: true })
    expect(() => snap.searchAll('dou', { limit: 20 })).toThrow(/limit: searchAll yields every result/)
    expect(() => snap.searchAll('dou', new URLSearchParams('page=2'))).toThrow(LegisearchError)
    const all = snap.searchAll('dou', {}, { organizations: [MCTI] })
    snap.close()
    expect(() => [...all]).toThrow(/is closed/)
  })

  it('`search --all --format csv --out` writes every match once, in the corpus columns, with a comma in the filter value', () => {
    const out = join(dir(), 'mcti.csv')
    const r = run('search', 'dou', '--filter', `organizations=${MCTI}`, '--all', '--format', 'csv', '--out', out, '--snapshot', path())
    expect(r.code, r.err).toBe(0)
    expect(r.err).toMatch(/^10,000 dou results written to .*mcti\.csv$/m)
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[]
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'date', 'title', 'organization', 'summary', 'link'])
    expect(rows).toHaveLength(MATCHING)
    expect(new Set(rows.map((x) => x.id))).toEqual(expected)
    const row = rows.find((x) => x.id === 'dou-mcti-3') as Record<string, string>
    expect(row).toEqual({
      id: 'dou-mcti-3',
      date: '2023-01-04T00:00:00-03:00',
      title: 'PORTARIA Nº 3, DE 04/01/2023',
      organization: MCTI,
      summary: 'Extrato 3: contrato, aditivo e "aspas", vírgulas; e uma segunda linha.',
      link: 'http://pesquisa.in.gov.br/imprensa/jsp/visualiza/index.jsp?data=04/01/2023&jornal=530&pagina=4',
    })
    process.stdout.write(`search --all --format csv: ${MATCHING} results in ${Math.round(r.ms)} ms (with the process start)\n`)
  }, 60_000)

  it('`search --all --format jsonl` (stdout, and --out by its extension) writes every result whole, once', () => {
    const snap = openSnapshot(path(), { readonly: true })
    const whole = [...snap.searchAll('dou', {}, { organizations: [MCTI] })]
    snap.close()
    const r = run('search', 'dou', '--filter', `organizations=${MCTI}`, '--all', '--format', 'jsonl', '--snapshot', path())
    expect(r.code, r.err).toBe(0)
    const lines = r.out.trimEnd().split('\n')
    expect(lines).toHaveLength(MATCHING)
    const parsed = lines.map((l) => JSON.parse(l) as { id: string })
    expect(new Set(parsed.map((x) => x.id))).toEqual(expected)
    expect(parsed).toEqual(whole)
    process.stdout.write(`search --all --format jsonl: ${MATCHING} results in ${Math.round(r.ms)} ms (with the process start)\n`)

    const out = join(dir(), 'mcti.jsonl')
    const file = run('search', 'dou', '--q', 'portaria', '--filter', `organizations=${MCTI}`, '--all', '--out', out, '--snapshot', path())
    expect(file.code, file.err).toBe(0)
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(MATCHING)
  }, 60_000)

  it('refuses --all without a format, with --page, and --format with --json, naming the flags', () => {
    expect(run('search', 'dou', '--all', '--snapshot', path()).err).toMatch(/^legisearch: --all: give --format csv or --format jsonl/)
    expect(run('search', 'dou', '--all', '--format', 'csv', '--page', '2', '--snapshot', path()).err).toMatch(
      /^legisearch: --all: every result is written; --page and --limit do not apply/,
    )
    const bad = run('search', 'dou', '--format', 'xlsx', '--snapshot', path())
    expect(bad.code).toBe(2)
    expect(bad.err).toBe('legisearch: --format: must be one of csv, jsonl (got "xlsx")\n')
    expect(run('search', 'dou', '--format', 'csv', '--json', '--snapshot', path()).err).toMatch(/--json: not with --format/)
  })
})
