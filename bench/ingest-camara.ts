/**
 * Ingest speed and memory of the Câmara source on its real files (`test/fixtures/camara`), at
 * the slice's size and at larger sizes made by repeating the year's rows under new ids, so that
 * the peak RSS can be seen not to grow with the files. Each ingest runs in a fresh process (its
 * peak RSS is its own). Prints a table; not part of `npm test`.
 *
 *   npx tsx bench/ingest-camara.ts [--scales 1,10,40]
 *
 * Both formats the Câmara publishes are measured: the CSV files and their JSON variants.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'csv-parse/sync'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import { fixture } from '../test/helpers/fixtures.js'

const camara = (f: string) => fixture(`camara/${f}`)
const SELF = fileURLToPath(import.meta.url)
const FIXED = ['deputados.csv', 'orgaos.csv']
const YEARLY = ['proposicoes-2023.csv', 'proposicoesAutores-2023.csv', 'proposicoesTemas-2023.csv']

if (process.argv[2] === '--child') {
  const [dir, db, format] = process.argv.slice(3) as [string, string, 'csv' | 'json']
  const files = [...FIXED.map(camara), ...YEARLY.map((f) => join(dir, format === 'json' ? f.replace(/\.csv$/, '.json') : f))]
  const snap = openSnapshot(db)
  const t = performance.now()
  const report = await snap.ingest('camara', files)
  const ms = performance.now() - t
  snap.close()
  const records = report.collections.propositions.inserted + report.collections.stakeholders.inserted
  process.stdout.write(
    JSON.stringify({
      ms,
      records,
      propositions: report.collections.propositions.inserted,
      maxRssMB: process.resourceUsage().maxRSS / 1024,
    }),
  )
  process.exit(0)
}

const quote = (r: readonly string[]) => r.map((v) => `"${v.replace(/"/g, '""')}"`).join(';')
const read = (f: string) => parse(readFileSync(camara(f)), { delimiter: ';', bom: true }) as string[][]

/** A CSV row as the JSON variant's entry (`ultimoStatus_x` nested as `ultimoStatus.x`). */
function entryOf(header: readonly string[], row: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  header.forEach((k, i) => {
    const [outer, inner] = k.split('_') as [string, string | undefined]
    if (inner === undefined) out[outer] = row[i]
    else out[outer] = { ...((out[outer] as Record<string, unknown> | undefined) ?? {}), [inner]: row[i] }
  })
  return out
}

/**
 * The yearly files repeated `k` times, each copy's proposition ids moved by 10,000,000, as CSV and
 * as the JSON variant (`{"dados": [...]}`, written entry by entry); returns the CSV bytes.
 */
function scaled(k: number, dir: string): number {
  let bytes = 0
  for (const f of YEARLY) {
    const [header, ...rows] = read(f)
    const col = (name: string) => (header as string[]).indexOf(name)
    const shift = (v: string, n: number) => v.replace(/(\d+)$/, (d) => String(Number(d) + n * 10_000_000))
    const out: string[] = [quote(header as string[])]
    for (let n = 0; n < k; n++) {
      for (const r of rows) {
        const copy = [...r]
        for (const c of ['id', 'idProposicao', 'uriProposicao', 'uri']) {
          const i = col(c)
          if (i >= 0) copy[i] = shift(copy[i] as string, n)
        }
        out.push(quote(copy))
      }
    }
    writeFileSync(join(dir, f), `${out.join('\n')}\n`)
    bytes += statSync(join(dir, f)).size
    const json = openSync(join(dir, f.replace(/\.csv$/, '.json')), 'w')
    writeSync(json, '{"dados":[\n')
    out.slice(1).forEach((line, i) => {
      const [row] = parse(line, { delimiter: ';' }) as string[][]
      writeSync(json, `${i === 0 ? '' : ',\n'}${JSON.stringify(entryOf(header as string[], row as string[]))}`)
    })
    writeSync(json, '\n]}\n')
    closeSync(json)
  }
  return bytes
}

const scalesArg = process.argv.indexOf('--scales')
const scales = (scalesArg > 0 ? (process.argv[scalesArg + 1] as string) : '1,10,40').split(',').map(Number)
console.log(`legisearch ingest bench: the Câmara source, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`)
console.log(
  '| yearly files × | format | yearly CSV MB | propositions | records written (with 11,627 stakeholders) | time | records/s | peak RSS |',
)
console.log('|---:|---|---:|---:|---:|---:|---:|---:|')
for (const k of scales) {
  const dir = mkdtempSync(join(tmpdir(), 'legisearch-bench-camara-'))
  try {
    const bytes = scaled(k, dir)
    for (const format of ['csv', 'json'] as const) {
      const db = join(dir, `snap-${format}.db`)
      const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', dir, db, format], { encoding: 'utf8' })
      if (r.status !== 0) throw new Error(r.stderr)
      const m = JSON.parse(r.stdout) as { ms: number; records: number; propositions: number; maxRssMB: number }
      console.log(
        `| ${k} | ${format} | ${(bytes / 1e6).toFixed(1)} | ${m.propositions.toLocaleString('en-US')} | ${m.records.toLocaleString('en-US')} | ${(m.ms / 1000).toFixed(1)} s | ${Math.round(m.records / (m.ms / 1000)).toLocaleString('en-US')} | ${Math.round(m.maxRssMB)} MB |`,
      )
      rmSync(db, { force: true })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
