/**
 * The source cases of the ingest conformance suite: for each registered source, its real files in
 * `test/fixtures`, what they hold (counted here by reading the files independently of src/), and
 * how to make a bad copy of each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { SourceName } from 'legisearch'
import { parseCsv, readCsvRecords } from '../helpers/csv.js'
import { fixture } from '../helpers/fixtures.js'
import { zipEntries } from '../helpers/zip.js'

export interface SourceCase {
  readonly source: SourceName
  /** What the case is (a source may have several: the Câmara's CSV and JSON variants). */
  readonly label: string
  /** The real files, in the order given to `ingest` (any order must do). */
  readonly files: readonly string[]
  /** Records each collection must hold after the ingest, counted from the files. */
  expected(): {
    propositions: number
    stakeholders: number
    watchlist: number
    /** Records of the other corpora (absent: none). */
    corpora?: Partial<Record<'social' | 'dou' | 'bacen' | 'notices' | 'irs', number>>
    authors: number
    themes: number
  }
  /** The collection a file's records go to first (its `duplicates` and `newer` edit are counted there). */
  readonly main: 'propositions' | 'watchlist' | 'dou' | 'bacen' | 'irs' | 'notices' | 'social'
  /** A file of another source or kind, which this source must refuse. */
  readonly foreign: string
  /** Records repeated within the files: the first ingest reports them `unchanged`. */
  readonly duplicates: number
  /**
   * The good files given beside each bad copy (default: all the others); a case with many large
   * files names a few small ones, so the many bad-copy calls stay quick.
   */
  readonly companions?: readonly string[]
  /** Bad copies of a file (each must be refused with nothing written). */
  readonly variants: readonly (readonly [label: string, make: (bytes: Buffer) => Buffer])[]
  /**
   * Writes into `dir` a newer copy of the main file with one record edited (partial where the
   * source keeps what a file omits), and, where the published file cannot undo it (a UN list older
   * than the newest is refused), `back`: a yet newer copy with the record as published.
   */
  newer(dir: string): { path: string; kept: number; back?: string }
}

/** What a case of one of the other corpora holds: `n` records of `corpus`, nothing else. */
function only(corpus: 'social' | 'dou' | 'bacen' | 'notices' | 'irs', n: number): ReturnType<SourceCase['expected']> {
  return { propositions: 0, stakeholders: 0, watchlist: 0, corpora: { [corpus]: n }, authors: 0, themes: 0 }
}

/**
 * A newer copy of a JSON file in `dir`, edited by `edit` (which returns how many records the copy
 * keeps).
 */
function newerJson<T>(main: string, dir: string, edit: (data: T) => number): { path: string; kept: number } {
  const data = JSON.parse(readFileSync(main, 'utf8')) as T
  const kept = edit(data)
  const path = join(dir, `newer-${basename(main)}`)
  writeFileSync(path, JSON.stringify(data))
  return { path, kept }
}

/** Bad copies of a JSON answer: cut in half, or of another shape (`other`), and the common ones. */
const jsonVariants = (other: string): SourceCase['variants'] => [
  ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
  ['another shape', () => Buffer.from(other)],
  ...COMMON_VARIANTS,
]

/** Bad copies every text file can be made into. */
const COMMON_VARIANTS: SourceCase['variants'] = [
  ['not UTF-8 (Latin-1)', (b) => Buffer.from(b.toString('utf8').replace(/^\uFEFF/, ''), 'latin1')],
  ['empty', () => Buffer.alloc(0)],
]

/** The CSV text without its `n`th column (0-based), header and rows (fields split on `";"`). */
function dropColumn(text: string, n: number): string {
  return text
    .split('\n')
    .map((line) => {
      const fields = line.split('";"')
      if (fields.length <= n) return line
      fields.splice(n, 1)
      return fields.join('";"')
    })
    .join('\n')
}

const alespFiles = [
  'alesp-proposituras-amostra.xml',
  'alesp-documento-autor-amostra.xml',
  'alesp-naturezas-amostra.xml',
  'alesp-deputados-amostra.xml',
].map((f) => fixture(`alesp/${f}`))
const senadoFiles = [
  'v3-processo/processo-lista.json',
  'v3-processo/processo-detalhe.json',
  'v3-processo/processo-relatoria.json',
  'legado/senador-lista-atual.json',
  'legado/senador-comissoes.json',
].map((f) => fixture(`senado/${f}`))
const unFiles = [fixture('un_sc/UN_consolidated_2026-02-27.xml')]
const camara = (f: string) => fixture(`camara/${f}`)
const camaraFiles = ['proposicoes-2023.csv', 'proposicoesAutores-2023.csv', 'proposicoesTemas-2023.csv', 'deputados.csv', 'orgaos.csv'].map(
  camara,
)

/** The Câmara slice read independently: propositions, authors and themes joined by proposition id. */
export function camaraFacts() {
  const props = readCsvRecords(camara('proposicoes-2023.csv'), ';')
  const ids = new Set(props.map((p) => p['id'] as string))
  const authors = readCsvRecords(camara('proposicoesAutores-2023.csv'), ';')
  const themes = readCsvRecords(camara('proposicoesTemas-2023.csv'), ';')
  const propOfTheme = (t: Record<string, string>) => (t['uriProposicao'] as string).split('/').pop() as string
  return {
    props,
    authors: authors.filter((a) => ids.has(a['idProposicao'] as string)),
    allAuthors: authors,
    themes: themes.filter((t) => ids.has(propOfTheme(t))),
    propOfTheme,
    deputies: readCsvRecords(camara('deputados.csv'), ';'),
    organs: readCsvRecords(camara('orgaos.csv'), ';'),
  }
}

/**
 * The Câmara's JSON variants (`{"dados": [...]}`), made here from the CSV files as the Câmara
 * publishes them (nested `ultimoStatus`, numbers as numbers) into a temporary directory (never the
 * repository), except `deputados.json.gz`, which is the real JSON file.
 */
const JSON_DIR = mkdtempSync(join(tmpdir(), 'legisearch-camara-json-'))
process.on('exit', () => rmSync(JSON_DIR, { recursive: true, force: true }))
const NUMERIC = new Set([
  'id',
  'numero',
  'ano',
  'codTipo',
  'idProposicao',
  'codTipoAutor',
  'ordemAssinatura',
  'proponente',
  'codTema',
  'relevancia',
  'codTipoOrgao',
  'codSituacao',
])

/** A CSV file's rows as the JSON variant's entries. */
export function camaraJsonOf(csv: string): string {
  const entries = readCsvRecords(csv, ';').map((r) => {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(r)) {
      const [outer, inner] = k.split('_') as [string, string | undefined]
      const value = NUMERIC.has(inner ?? outer) && /^-?\d+$/.test(v) ? Number(v) : v
      if (inner === undefined) out[outer] = value
      else out[outer] = { ...((out[outer] as Record<string, unknown> | undefined) ?? {}), [inner]: value }
    }
    return out
  })
  return JSON.stringify({ dados: entries }, null, 1)
}

const camaraJsonFiles = ['proposicoes-2023', 'proposicoesAutores-2023', 'proposicoesTemas-2023', 'orgaos'].map((f) =>
  join(JSON_DIR, `${f}.json`),
)
for (const [i, f] of camaraJsonFiles.entries()) writeFileSync(f, camaraJsonOf(camaraFiles[i === 3 ? 4 : i] as string))

/** The DOU's real files: the day zips (INLABS) and one loose DO1 act. */
const douFiles = [
  'inlabs-original-2023-01-13-DO2.zip',
  'inlabs-xml-2023-03-20-DO2.zip',
  'inlabs-xml-2023-05-23-DO2.zip',
  'inlabs-xml-2023-05-23-DO2E.zip',
  'inlabs-xml-2023-05-23-DO3.zip',
  'inlabs-xml-2023-05-23-DO3E.zip',
  'do1-sample/515_20260911_24349152.xml',
].map((f) => fixture(`dou/${f}`))

/** Every act file of the DOU's real files (zip entries read with the tests' own reader), by name. */
export const douActs: ReadonlyMap<string, Buffer> = new Map(
  (
    await Promise.all(
      douFiles.map(async (f) => (f.endsWith('.zip') ? [...(await zipEntries(f))] : [[basename(f), readFileSync(f)] as [string, Buffer]])),
    )
  ).flat(),
)

const bacenFiles = ['resolucao-cmn-4968-2021-bcb-api.json', 'resolucao-cmn-5207-2025-bcb-api.json'].map((f) => fixture(`bacen/${f}`))

const irsFiles = ['receita_ato_14681_original.json', 'receita_ato_15079_original.json', 'receita_ato_61197_vigente.json'].map((f) =>
  fixture(`rfb/normasinternet2-api/${f}`),
)

const newsFiles = ['camara-rss-eleicoes-subset.xml', 'camara-labhackercd/newsMockData.js', 'camara-labhackercd/radioMockData.js'].map((f) =>
  fixture(`news/${f}`),
)
/** A saved search answer's object (the file is a JS module: `export const x = {…}`). */
export const searchAnswerOf = (f: string) => {
  const text = readFileSync(f, 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1)) as { hits: { hits: { _index: string; _source: Record<string, unknown> }[] } }
}

const socialFiles = [
  'parlametria-leggo-twitter-dados/tweets.csv',
  'parlametria-leggo-twitter-dados/tweets_to_process.csv',
  'parlametria-leggo-twitter-dados/perfil_parlamentar.csv',
  'parlametria-leggo-twitter-dados/parlamentares.csv',
  'labhackercd/twitterData.js',
].map((f) => fixture(`social/${f}`))

export const CASES: readonly SourceCase[] = [
  {
    source: 'camara',
    label: 'camara (CSV)',
    main: 'propositions',
    files: camaraFiles,
    expected: () => {
      const f = camaraFacts()
      // Organs that author but are not in orgaos.csv get a stakeholder of their own.
      const organIds = new Set(f.organs.map((o) => (o['uri'] as string).split('/').pop()))
      const authorOrgans = new Set(
        f.allAuthors.filter((a) => a['idDeputadoAutor'] === '').map((a) => (a['uriAutor'] as string).split('/').pop()),
      )
      const extra = [...authorOrgans].filter((id) => !organIds.has(id)).length
      // So do deputies who author but are not in deputados.csv.
      const deputyIds = new Set(f.deputies.map((d) => (d['uri'] as string).split('/').pop()))
      const authorDeputies = new Set(
        f.allAuthors.map((a) => a['idDeputadoAutor'] as string).filter((id) => id !== '' && !deputyIds.has(id)),
      )
      return {
        propositions: f.props.length,
        stakeholders: f.deputies.length + f.organs.length + extra + authorDeputies.size,
        watchlist: 0,
        authors: f.authors.length,
        themes: f.themes.length,
      }
    },
    foreign: fixture('un_sc/UN_consolidated_2026-02-27.xml'),
    duplicates: 0,
    variants: [
      ['truncated inside a quoted field', (b) => b.subarray(0, b.lastIndexOf(Buffer.from(';"')) + 2)],
      ['a column missing', (b) => Buffer.from(dropColumn(b.toString('utf8'), 1))],
      ...COMMON_VARIANTS,
    ],
    newer: (dir) => {
      // The header and every other record of the first third, one record's `ementa` edited.
      const main = camaraFiles[0] as string
      const [header, ...records] = parseCsv(readFileSync(main, 'utf8'), ';')
      const kept = records.slice(0, Math.floor(records.length / 3)).filter((_, k) => k % 2 === 0)
      const at = (header as string[]).indexOf('ementa')
      const first = kept[0] as string[]
      first[at] = `${first[at]} (edited)`
      const quote = (r: readonly string[]) => r.map((v) => `"${v.replace(/"/g, '""')}"`).join(';')
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, [header as string[], ...kept].map(quote).join('\n') + '\n')
      return { path, kept: kept.length }
    },
  },
  {
    source: 'senado',
    label: 'senado',
    main: 'propositions',
    files: senadoFiles,
    expected: () => {
      const json = (i: number) => JSON.parse(readFileSync(senadoFiles[i] as string, 'utf8'))
      const list = json(0) as { id: number; autoria: string }[]
      const detail = json(1) as { id: number; autoriaIniciativa: unknown[]; classificacoes: unknown[] }
      const rapporteurs = (json(2) as { codigoParlamentar: number; dataDestituicao: string | null }[]).filter(
        (r) => r.dataDestituicao === null,
      )
      const senators = json(3).ListaParlamentarEmExercicio.Parlamentares.Parlamentar.map(
        (p: { IdentificacaoParlamentar: { CodigoParlamentar: string } }) => p.IdentificacaoParlamentar.CodigoParlamentar,
      )
      const detailed = list.filter((p) => p.id === detail.id)
      return {
        propositions: list.length,
        watchlist: 0,
        stakeholders:
          senators.length + new Set(rapporteurs.map((r) => String(r.codigoParlamentar)).filter((c) => !senators.includes(c))).size,
        // The detailed process's authors; the others' `autoria` text as one author each.
        authors: detailed.length * detail.autoriaIniciativa.length + list.filter((p) => p.id !== detail.id && p.autoria !== '').length,
        themes: detailed.length * detail.classificacoes.length,
      }
    },
    foreign: fixture('un_sc/UN_consolidated_2026-02-27.xml'),
    duplicates: 0,
    variants: [
      ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
      ['another shape', () => Buffer.from('{"dados": []}')],
      ...COMMON_VARIANTS,
    ],
    newer: (dir) => {
      const main = senadoFiles[0] as string
      const [first] = JSON.parse(readFileSync(main, 'utf8')) as { ementa: string }[]
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, JSON.stringify([{ ...first, ementa: `${first?.ementa} (edited)` }]))
      return { path, kept: 1 }
    },
  },
  {
    source: 'alesp',
    label: 'alesp',
    main: 'propositions',
    files: alespFiles,
    expected: () => {
      const text = (f: string) => readFileSync(fixture(`alesp/${f}`), 'utf8')
      const docs = new Set([...text('alesp-proposituras-amostra.xml').matchAll(/<IdDocumento>(\d+)<\/IdDocumento>/g)].map((m) => m[1]))
      const authorRows = [...text('alesp-documento-autor-amostra.xml').matchAll(/<IdAutor>(\d+)<\/IdAutor><IdDocumento>(\d+)</g)]
      const deputies = new Set([...text('alesp-deputados-amostra.xml').matchAll(/<IdSPL>(\d+)<\/IdSPL>/g)].map((m) => m[1]))
      const authorIds = new Set(authorRows.map((m) => m[1]))
      return {
        propositions: docs.size,
        watchlist: 0,
        stakeholders: deputies.size + [...authorIds].filter((id) => !deputies.has(id)).length,
        authors: authorRows.filter((m) => docs.has(m[2])).length,
        themes: 0,
      }
    },
    foreign: fixture('un_sc/UN_consolidated_2026-02-27.xml'),
    // IdDocumento 10055 is in the sample twice, byte for byte (as in the source file).
    duplicates: 1,
    variants: [
      ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
      [
        'another root',
        (b) =>
          Buffer.from(
            b
              .toString('utf8')
              .replace(/<(\/?)(proposituras|documentos_autores|Deputados)>/g, '<$1registros>')
              .replace(/<(\/?)natureza>\n/, '<$1registros>\n'),
          ),
      ],
      ...COMMON_VARIANTS,
    ],
    newer: (dir) => {
      const main = alespFiles[0] as string
      const all = [...readFileSync(main, 'utf8').matchAll(/<propositura>[\s\S]*?<\/propositura>/g)].map((m) => m[0])
      const kept = [...new Set(all)].slice(0, 3)
      kept[0] = (kept[0] as string).replace('</Ementa>', ' (edited)</Ementa>')
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, `<?xml version="1.0" encoding="UTF-8"?>\n<proposituras>\n${kept.join('\n')}\n</proposituras>\n`)
      return { path, kept: kept.length }
    },
  },
  {
    source: 'un',
    label: 'un',
    main: 'watchlist',
    files: unFiles,
    expected: () => {
      const text = readFileSync(unFiles[0] as string, 'utf8')
      return {
        propositions: 0,
        stakeholders: 0,
        watchlist: [...text.matchAll(/<(INDIVIDUAL|ENTITY)>/g)].length,
        authors: 0,
        themes: 0,
      }
    },
    foreign: camara('proposicoes-2023.csv'),
    duplicates: 0,
    variants: [
      ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
      ['another root', (b) => Buffer.from(b.toString('utf8').replace(/<(\/?)CONSOLIDATED_LIST\b/g, '<$1SANCTIONS_LIST'))],
      ['not UTF-8 (Latin-1)', (b) => Buffer.from(b.toString('utf8').replace(/^\uFEFF/, ''), 'latin1')],
      ['empty', () => Buffer.alloc(0)],
    ],
    newer: (dir) => {
      // A list one day newer with one designation's comment edited; then one two days newer as published.
      const main = unFiles[0] as string
      const text = readFileSync(main, 'utf8')
      const generated = /dateGenerated="([^"]+)"/.exec(text)?.[1] as string
      const later = (days: number) => new Date(Date.parse(generated) + days * 86_400_000).toISOString()
      const dated = (days: number) => text.replace(`dateGenerated="${generated}"`, `dateGenerated="${later(days)}"`)
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, dated(1).replace('</COMMENTS1>', ' (edited)</COMMENTS1>'))
      const back = join(dir, `back-${basename(main)}`)
      writeFileSync(back, dated(2))
      return { path, kept: [...text.matchAll(/<(INDIVIDUAL|ENTITY)>/g)].length, back }
    },
  },
  {
    source: 'camara',
    label: 'camara (JSON)',
    main: 'propositions',
    files: [...camaraJsonFiles.slice(0, 3), camara('deputados.json.gz'), camaraJsonFiles[3] as string],
    expected: () => (CASES[0] as SourceCase).expected(),
    foreign: fixture('senado/v3-processo/processo-lista.json'),
    duplicates: 0,
    variants: [
      ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
      ['another shape', () => Buffer.from('{"dados": {"id": 1}}')],
      ...COMMON_VARIANTS,
    ],
    newer: (dir) => {
      const main = camaraJsonFiles[0] as string
      const { dados } = JSON.parse(readFileSync(main, 'utf8')) as { dados: { ementa: string }[] }
      const kept = dados.slice(0, Math.floor(dados.length / 3)).filter((_, k) => k % 2 === 0)
      const first = kept[0] as { ementa: string }
      first.ementa = `${first.ementa} (edited)`
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, JSON.stringify({ dados: kept }))
      return { path, kept: kept.length }
    },
  },
  {
    source: 'dou',
    label: 'dou',
    main: 'dou',
    files: douFiles,
    companions: [douFiles[3] as string, douFiles[5] as string, douFiles[6] as string],
    expected: () => {
      // An act split over several files shares one idMateria: acts are the distinct idMateria.
      const ids = new Set([...douActs.values()].map((b) => /idMateria="(\d+)"/.exec(b.toString('utf8'))?.[1]))
      return only('dou', ids.size)
    },
    foreign: camara('proposicoes-2023.csv'),
    duplicates: 0,
    variants: [
      ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
      ['not UTF-8 (Latin-1)', (b) => Buffer.from(b.toString('utf8').replace(/^\uFEFF/, ''), 'latin1')],
      ['empty', () => Buffer.alloc(0)],
    ],
    newer: (dir) => {
      const main = douFiles[douFiles.length - 1] as string
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(
        path,
        readFileSync(main, 'utf8').replace('</p></Texto>', ' (edited)</p></Texto>').replace('Adotar a(s)', 'Adotar (edited) a(s)'),
      )
      return { path, kept: 1, back: main }
    },
  },
  {
    source: 'bacen',
    label: 'bacen',
    main: 'bacen',
    files: bacenFiles,
    expected: () =>
      only(
        'bacen',
        bacenFiles.reduce((n, f) => n + (JSON.parse(readFileSync(f, 'utf8')) as { conteudo: unknown[] }).conteudo.length, 0),
      ),
    foreign: camara('proposicoes-2023.csv'),
    duplicates: 0,
    variants: jsonVariants('{"dados": []}'),
    newer: (dir) =>
      newerJson<{ conteudo: { Assunto: string }[] }>(bacenFiles[0] as string, dir, (answer) => {
        const first = answer.conteudo[0] as { Assunto: string }
        first.Assunto = `${first.Assunto.trim()} (edited)`
        return answer.conteudo.length
      }),
  },
  {
    source: 'irs',
    label: 'irs',
    main: 'irs',
    files: irsFiles,
    expected: () => only('irs', new Set(irsFiles.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { idAto: number }).idAto)).size),
    foreign: fixture('bacen/resolucao-cmn-5207-2025-bcb-api.json'),
    duplicates: 0,
    variants: jsonVariants('{"conteudo": []}'),
    newer: (dir) =>
      newerJson<{ ementas: { textoIntegra: string }[] }>(irsFiles[0] as string, dir, (act) => {
        const first = act.ementas[0] as { textoIntegra: string }
        first.textoIntegra = `${first.textoIntegra} (edited)`
        return 1
      }),
  },
  {
    source: 'notices',
    label: 'notices',
    main: 'notices',
    files: newsFiles,
    expected: () => {
      const rss = [...readFileSync(newsFiles[0] as string, 'utf8').matchAll(/<link>https:\/\/www\.camara\.leg\.br\/noticias\/(\d+)-/g)].map(
        (m) => `noticias-${m[1]}`,
      )
      const search = newsFiles.slice(1).flatMap((f) => searchAnswerOf(f).hits.hits.map((h) => `${h._index}-${String(h._source['id'])}`))
      return only('notices', new Set([...rss, ...search]).size)
    },
    foreign: fixture('bacen/resolucao-cmn-5207-2025-bcb-api.json'),
    duplicates: 0,
    variants: [['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))], ...COMMON_VARIANTS],
    newer: (dir) => {
      const main = newsFiles[0] as string
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, readFileSync(main, 'utf8').replace('conheça as regras', 'conheça as regras (edited)'))
      return { path, kept: [...readFileSync(main, 'utf8').matchAll(/<item>/g)].length }
    },
  },
  {
    source: 'social',
    label: 'social',
    main: 'social',
    files: socialFiles,
    expected: () => {
      const ids = [socialFiles[0], socialFiles[1]].flatMap((f) => readCsvRecords(f as string, ',').map((r) => r['id_tweet'] as string))
      // Every profile with an origin id is a stakeholder: by house and id (Parlametria's ids are 1/2 + the origin's).
      const house = (casa: string) => casa.replace('â', 'a')
      const people = new Set([
        ...readCsvRecords(socialFiles[2] as string, ',')
          .filter((r) => r['id_parlamentar'] !== '')
          .map((r) => `${house(r['casa'] as string)}:${r['id_parlamentar']}`),
        ...readCsvRecords(socialFiles[3] as string, ',')
          .filter((r) => (r['id_parlamentar_parlametria'] as string).length > 1)
          .map((r) => `${house(r['casa'] as string)}:${(r['id_parlamentar_parlametria'] as string).slice(1)}`),
      ])
      return { ...only('social', new Set(ids).size), stakeholders: people.size }
    },
    foreign: camara('proposicoes-2023.csv'),
    // A tweet is listed once per proposition it cites: the repeats are the same post.
    get duplicates() {
      const ids = [socialFiles[0], socialFiles[1]].flatMap((f) => readCsvRecords(f as string, ',').map((r) => r['id_tweet'] as string))
      return ids.length - new Set(ids).size
    },
    variants: [['truncated inside a quoted field', (b) => b.subarray(0, b.lastIndexOf(Buffer.from(',"')) + 2)], ...COMMON_VARIANTS],
    newer: (dir) => {
      const main = socialFiles[1] as string
      const [header, ...records] = parseCsv(readFileSync(main, 'utf8'), ',')
      const kept = records.slice(0, 10)
      const at = (header as string[]).indexOf('text')
      const first = kept[0] as string[]
      first[at] = `${first[at]} (edited)`
      const quote = (r: readonly string[]) => r.map((v) => `"${v.replace(/"/g, '""')}"`).join(',')
      const path = join(dir, `newer-${basename(main)}`)
      writeFileSync(path, [header as string[], ...kept].map(quote).join('\n') + '\n')
      return { path, kept: kept.length, back: main }
    },
  },
]
