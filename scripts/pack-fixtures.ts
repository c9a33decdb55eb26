/**
 * Packs the public official files the tests read into `test/fixtures/` (`npx tsx scripts/pack-fixtures.ts
 * [data folder]`, default `../shared/data`): each file as published, large text files compressed
 * with brotli (`<name>.br`, unpacked by `test/helpers/fixtures.ts`), zips and `.gz` as they are;
 * each source's PROVENANCE.md copied with a note of what is here; `test/fixtures/sizes.json`
 * records the unpacked size of each `.br` file. The name-matching sets are not packed (their
 * licence is non-commercial: they stay outside the repository).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants } from 'node:zlib'
import { FIXTURES_DIR, FIXTURE_SIZES } from '../test/helpers/fixtures.js'

/** The files the tests, `scripts/demo.ts` and `bench/` read, by source folder. */
export const FIXTURE_FILES: Readonly<Record<string, readonly string[]>> = {
  alesp: [
    'alesp-proposituras-amostra.xml',
    'alesp-documento-autor-amostra.xml',
    'alesp-naturezas-amostra.xml',
    'alesp-deputados-amostra.xml',
  ],
  bacen: ['resolucao-cmn-4968-2021-bcb-api.json', 'resolucao-cmn-5207-2025-bcb-api.json'],
  camara: [
    'proposicoes-2023.csv',
    'proposicoesAutores-2023.csv',
    'proposicoesTemas-2023.csv',
    'deputados.csv',
    'deputados.json.gz',
    'orgaos.csv',
    'api/deputados_dataInicio-2021-01-01_dataFim-2024-01-01_pagina-1.json',
    'api/deputados_dataInicio-2025-01-01_dataFim-2028-01-01.json',
    'samples-2026/camara-proposicoes-2026-amostra.csv',
    'samples-2026/camara-proposicoesAutores-2026-amostra.csv',
    'samples-2026/camara-proposicoesTemas-2026-amostra.csv',
  ],
  dou: [
    'inlabs-original-2023-01-13-DO2.zip',
    'inlabs-xml-2023-03-20-DO2.zip',
    'inlabs-xml-2023-05-23-DO2.zip',
    'inlabs-xml-2023-05-23-DO2E.zip',
    'inlabs-xml-2023-05-23-DO3.zip',
    'inlabs-xml-2023-05-23-DO3E.zip',
    'do1-sample/515_20260911_24349152.xml',
  ],
  news: ['camara-rss-eleicoes-subset.xml', 'camara-labhackercd/newsMockData.js', 'camara-labhackercd/radioMockData.js'],
  rfb: [
    'normasinternet2-api/receita_ato_14681_original.json',
    'normasinternet2-api/receita_ato_15079_original.json',
    'normasinternet2-api/receita_ato_61197_vigente.json',
  ],
  senado: [
    'v3-processo/processo-lista.json',
    'v3-processo/processo-detalhe.json',
    'v3-processo/processo-relatoria.json',
    'legado/senador-lista-atual.json',
    'legado/senador-comissoes.json',
    'legado/senadores-afastados.json',
    'legado/senador-detalhe.json',
  ],
  social: [
    'parlametria-leggo-twitter-dados/tweets.csv',
    'parlametria-leggo-twitter-dados/tweets_to_process.csv',
    'parlametria-leggo-twitter-dados/perfil_parlamentar.csv',
    'parlametria-leggo-twitter-dados/parlamentares.csv',
    'labhackercd/twitterData.js',
  ],
  // Every version: the replay test reads the folder.
  un_sc: [
    'consolidated-2017-06-20.xml',
    'consolidated-2017-06-30.xml',
    'consolidated-2017-07-03.xml',
    'consolidated-2020-03-20.xml',
    'consolidated-2020-11-30.xml',
    'consolidated-2020-12-01.xml',
    'consolidated-2022-09-15.xml',
    'consolidated-2023-03-09.xml',
    'UN_consolidated_2024-09-26.xml',
    'consolidated-2025-04-19.xml',
    'consolidated-2025-11-20.xml',
    'consolidated-2025-11-29.xml',
    'consolidated-2025-12-10.xml',
    'consolidated-2026-01-28.xml',
    'UN_consolidated_2026-02-27.xml',
  ],
}

/** Text files larger than this are stored brotli-compressed. */
const COMPRESS_OVER = 100_000

/** Whether a file is kept as published (already compressed, or small). */
const keptAsIs = (name: string, bytes: number) => /\.(zip|gz)$/.test(name) || bytes <= COMPRESS_OVER

function pack(data: string): void {
  rmSync(join(FIXTURES_DIR, '.unpacked'), { recursive: true, force: true })
  const sizes: Record<string, number> = {}
  for (const [source, files] of Object.entries(FIXTURE_FILES)) {
    rmSync(join(FIXTURES_DIR, source), { recursive: true, force: true })
    const lines: string[] = []
    for (const file of files) {
      const from = join(data, source, file)
      const rel = `${source}/${file}`
      const bytes = statSync(from).size
      mkdirSync(dirname(join(FIXTURES_DIR, rel)), { recursive: true })
      if (keptAsIs(file, bytes)) {
        copyFileSync(from, join(FIXTURES_DIR, rel))
        lines.push(`- \`${file}\` (${bytes.toLocaleString('en')} bytes, as published)`)
      } else {
        const packed = brotliCompressSync(readFileSync(from), {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
        })
        writeFileSync(join(FIXTURES_DIR, `${rel}.br`), packed)
        sizes[rel] = bytes
        lines.push(
          `- \`${file}.br\`: \`${file}\` (${bytes.toLocaleString('en')} bytes) brotli-compressed to ${packed.length.toLocaleString('en')} bytes`,
        )
      }
    }
    const provenance = readFileSync(join(data, source, 'PROVENANCE.md'), 'utf8').trimEnd()
    writeFileSync(
      join(FIXTURES_DIR, source, 'PROVENANCE.md'),
      `${provenance}\n\n## In this repository (test/fixtures/${source})\n\n` +
        'Only the files the tests, `scripts/demo.ts` and `bench/` read, byte for byte as in the folder described above ' +
        '(copied by `scripts/pack-fixtures.ts`); files over 100 KB are stored brotli-compressed (`.br`) and unpacked by ' +
        '`test/helpers/fixtures.ts` into the git-ignored `test/fixtures/.unpacked/`. The other files named above are not here.\n\n' +
        `${lines.join('\n')}\n`,
    )
  }
  writeFileSync(FIXTURE_SIZES, `${JSON.stringify(sizes, null, 1)}\n`)
  console.log(`packed ${Object.values(FIXTURE_FILES).flat().length} files into ${FIXTURES_DIR}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  pack(process.argv[2] ?? fileURLToPath(new URL('../../shared/data/', import.meta.url)))
}
