/**
 * `legisearch search` as an analyst reads it: `--filter` values with commas (one value per flag),
 * the table's columns per corpus with whole ids and the official page (`officialLink`), on
 * synthetic records and on the real files.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli as run } from '../helpers/cli.js'
import { CORPUS_NAMES, officialLink, openSnapshot } from 'legisearch'
import { COLUMNS, resultsTable } from '../../packages/cli/src/search-table.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'
import { fixture } from '../helpers/fixtures.js'
import { untyped } from '../helpers/untyped.js'

const DOU_ZIP = fixture('dou/inlabs-xml-2023-03-20-DO2.zip')
const BACEN = fixture('bacen/resolucao-cmn-5207-2025-bcb-api.json')
const IRS = fixture('rfb/normasinternet2-api/receita_ato_14681_original.json')
const MCTI = 'Ministério da Ciência, Tecnologia e Inovação'

const LONG_ID = 'social-twitter-1313320474637365248'

/** One record of each corpus, as the sources write them. */
const RECORDS = {
  propositions: {
    id: 'camara-2345485',
    openDataId: '2345485',
    openDataResource: 'camara',
    acronymType: 'PL',
    number: 1,
    year: 2023,
    title: 'PL 1/2023',
    summary: 'Dispõe sobre a política nacional de cuidados.',
    datePresentation: '2022-12-30T12:00:00-03:00',
    authors: [{ name: 'Ana Silva' }, { name: 'Bruno Souza' }],
  },
  social: {
    id: LONG_ID,
    resource: 'twitter',
    link: 'https://twitter.com/katiaabreu/status/1313320474637365248',
    text: 'Aprovamos hoje o\nPL 873/2020.',
    postedAt: '2020-10-06T12:00:00-03:00',
    stakeholder: { id: 'senado-senador-1249', name: 'Kátia Abreu', twitter: '@KatiaAbreu' },
  },
  dou: {
    id: 'dou-20409853',
    title: 'ATO SEGEP.PR Nº 39, DE 9 DE MARÇO DE 2023',
    content: 'O DESEMBARGADOR PRESIDENTE…',
    section: 'Seção 2',
    hierarchy: 'Poder Judiciário/Tribunal Regional do Trabalho da 20ª Região/Presidência',
    location: 'DOU nº 54, de 20/03/2023, Seção 2, página 113',
    date: '2023-03-20T00:00:00-03:00',
  },
  bacen: {
    id: 'bacen-52581',
    openDataId: '52581',
    type: 'Resolução CMN',
    title: 'Resolução CMN N° 5.207',
    subject: 'Altera a Resolução CMN nº 4.958',
    date: '2025-04-30T18:22:00-03:00',
  },
  notices: {
    id: 'notices-camara-1001',
    site: 'Agência Câmara',
    title: 'Câmara aprova projeto',
    url: 'https://www.camara.leg.br/noticias/1001-camara-aprova',
    date: '2023-05-23T10:00:00-03:00',
  },
  irs: {
    id: 'irs-61197',
    type: 'Instrução Normativa',
    organ: 'RFB',
    number: 1548,
    subject: 'Dispõe sobre o Cadastro de Pessoas Físicas (CPF).',
    link: 'https://normasinternet2.receita.fazenda.gov.br/#/consulta/externa/61197',
    date: '2015-02-13T00:00:00-03:00',
  },
} as const

describe('the table of `search`, per corpus', () => {
  const dir = sharedTempDir()
  const path = () => join(dir(), 'tables.db')
  beforeAll(() => {
    const snap = openSnapshot(path())
    for (const corpus of CORPUS_NAMES) snap.upsert(corpus, untyped([RECORDS[corpus]]))
    snap.close()
  })

  it('every corpus has its columns: the whole id first, the date, and the official link last', () => {
    for (const corpus of CORPUS_NAMES) {
      const names = COLUMNS[corpus].map((c) => c.name)
      expect(names[0], corpus).toBe('id')
      expect(names[1], corpus).toBe('date')
      expect(names.at(-1), corpus).toBe('link')
    }
    expect(COLUMNS.propositions.map((c) => c.name)).toEqual(['id', 'date', 'title', 'summary', 'authors', 'link'])
    expect(COLUMNS.social.map((c) => c.name)).toEqual(['id', 'date', 'poster', 'text', 'link'])
    expect(COLUMNS.irs.map((c) => c.name)).toEqual(['id', 'date', 'title', 'subject', 'link'])
  })

  it('shows whole ids and links, the poster, the authors, and a title for the Receita (type, issuer and number)', () => {
    const snap = openSnapshot(path(), { readonly: true })
    try {
      const lines = (corpus: (typeof CORPUS_NAMES)[number]) => resultsTable(corpus, snap.search(corpus).results).split('\n')
      expect(lines('social')[0]).toMatch(/^id\s+date\s+poster\s+text\s+link$/)
      expect(lines('social')[2]).toMatch(
        new RegExp(
          `^${LONG_ID}\\s+2020-10-06\\s+Kátia Abreu\\s+Aprovamos hoje o PL 873/2020\\.\\s+https://twitter\\.com/katiaabreu/status/1313320474637365248$`,
        ),
      )
      expect(lines('propositions')[2]).toMatch(
        /^camara-2345485\s+2022-12-30\s+PL 1\/2023\s+Dispõe sobre .*\s+Ana Silva; Bruno Souza\s+https:\/\/www\.camara\.leg\.br\/propostas-legislativas\/2345485$/,
      )
      expect(lines('irs')[2]).toMatch(/^irs-61197\s+2015-02-13\s+Instrução Normativa RFB nº 1\.548\s+Dispõe sobre o Cadastro/)
      expect(lines('bacen')[2]).toMatch(
        /Resolução CMN N° 5\.207 .*https:\/\/www\.bcb\.gov\.br\/estabilidadefinanceira\/exibenormativo\?tipo=Resolu%C3%A7%C3%A3o%20CMN&numero=5207$/,
      )
      expect(lines('dou')[2]).toMatch(
        /^dou-20409853\s+2023-03-20\s+ATO SEGEP.*Poder Judiciário .*index\.jsp\?data=20\/03\/2023&jornal=529&pagina=113$/,
      )
      expect(lines('notices')[2]).toMatch(
        /^notices-camara-1001\s+2023-05-23\s+Agência Câmara\s+Câmara aprova projeto\s+https:\/\/www\.camara/,
      )
    } finally {
      snap.close()
    }
  })

  it('the command prints ids whole, however long', () => {
    const r = run('search', 'social', '--snapshot', path())
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain(`${LONG_ID}  2020-10-06`)
    expect(r.out).not.toContain('…  2020')
  })

  it('--filter errors name the flag and what is allowed (exit 2)', () => {
    const unknown = run('search', 'dou', '--filter', 'orgs=x', '--snapshot', path())
    expect(unknown.code).toBe(2)
    expect(unknown.err).toBe(
      'legisearch: --filter orgs=x: dou has no filter "orgs"; it takes keywords.or, keywords.and, keywords.not, sections, organizations, created_at (or keywords:=JSON)\n',
    )
    expect(run('search', 'dou', '--filter', 'created_at=2023-02-30', '--snapshot', path()).err).toMatch(
      /^legisearch: --filter created_at=2023-02-30: created_at takes a date range FROM\.\.TO/,
    )
    expect(run('search', 'propositions', '--filter', 'processing=maybe', '--snapshot', path()).err).toBe(
      "legisearch: --filter processing=maybe: processing[0]: must be 'true' or 'false' (strings)\n",
    )
    expect(run('search', 'dou', '--filter', 'sections:=[1', '--snapshot', path()).err).toMatch(
      /^legisearch: --filter sections:=\[1: the value after := is not JSON/,
    )
  })
})

describe('on the real files', () => {
  const dir = sharedTempDir()
  const path = () => join(dir(), 'real.db')
  beforeAll(async () => {
    const snap = openSnapshot(path())
    try {
      await snap.ingest('dou', [DOU_ZIP])
      await snap.ingest('bacen', [BACEN])
      await snap.ingest('irs', [IRS])
    } finally {
      snap.close()
    }
  }, 120_000)

  it('a --filter value with commas is one value: the Ministry’s 33 acts of 2023-03-20, as the body list finds them', () => {
    const snap = openSnapshot(path(), { readonly: true })
    const expected = snap.searchDou({ limit: 20 }, { organizations: [MCTI] })
    snap.close()
    expect(expected.pagination.total).toBe(33)
    const one = run('search', 'dou', '--filter', `organizations=${MCTI}`, '--limit', '20', '--json', '--snapshot', path())
    expect(one.code, one.err).toBe(0)
    expect(JSON.parse(one.out)).toEqual(expected)
    // Several values: the flag repeated, or a JSON list after :=.
    const repeated = run(
      'search',
      'dou',
      '--filter',
      `organizations=${MCTI}`,
      '--filter',
      'organizations=Banco Central do Brasil',
      '--json',
      '--snapshot',
      path(),
    )
    const listed = run(
      'search',
      'dou',
      '--filter',
      `organizations:=${JSON.stringify([MCTI, 'Banco Central do Brasil'])}`,
      '--json',
      '--snapshot',
      path(),
    )
    const total = (o: string) => (JSON.parse(o) as { pagination: { total: number } }).pagination.total
    expect(total(repeated.out)).toBeGreaterThan(33)
    expect(total(listed.out)).toBe(total(repeated.out))
  })

  it('officialLink: the DOU page as the origin’s pdfPage gives it, the BCB norm’s page, the Receita act’s address', () => {
    const snap = openSnapshot(path(), { readonly: true })
    try {
      const act = snap.searchDou({ q: 'SEGEP.PR 39' }).results.find((r) => r.id === 'dou-20409853')
      // `pdfPage` of 529_20230320_20409853.xml.
      expect(act && officialLink('dou', act)).toBe(
        'http://pesquisa.in.gov.br/imprensa/jsp/visualiza/index.jsp?data=20/03/2023&jornal=529&pagina=113',
      )
      const norm = snap.searchBacen().results[0]
      expect(norm && officialLink('bacen', norm)).toBe(
        `https://www.bcb.gov.br/estabilidadefinanceira/exibenormativo?tipo=${encodeURIComponent('Resolução CMN')}&numero=5207`,
      )
      const irs = snap.searchIrs().results[0]
      expect(irs && officialLink('irs', irs)).toBe('https://normasinternet2.receita.fazenda.gov.br/#/consulta/externa/14681')
    } finally {
      snap.close()
    }
    const table = run('search', 'irs', '--snapshot', path())
    expect(table.out).toMatch(/^irs-14681\s+\d{4}-\d{2}-\d{2}\s+\S.*nº \d/m)
  })
})
