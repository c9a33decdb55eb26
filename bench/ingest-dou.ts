/**
 * Ingest speed and memory of the DOU source on its real INLABS files (`test/fixtures/dou`): each
 * day zip alone, all of them in one call, and the largest day (Section 3, 2,691 act files)
 * repeated 10 times as 10 zips under new `idMateria`s, to see that memory is one day's whatever
 * the number of days. Each ingest runs in a fresh process. Prints a table; not part of `npm test`.
 *
 *   npx tsx bench/ingest-dou.ts
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openSnapshot } from '../src/index.js'
import { fixtureDir } from '../test/helpers/fixtures.js'
import { zipEntries, zipOf } from '../test/helpers/zip.js'

const DOU = `${fixtureDir('dou')}/`
const SELF = fileURLToPath(import.meta.url)

if (process.argv[2] === '--child') {
  const [db, ...files] = process.argv.slice(3) as [string, ...string[]]
  const snap = openSnapshot(db)
  const t = performance.now()
  const report = await snap.ingest('dou', files)
  const ms = performance.now() - t
  snap.close()
  process.stdout.write(JSON.stringify({ ms, acts: report.collections.dou.inserted, maxRssMB: process.resourceUsage().maxRSS / 1024 }))
  process.exit(0)
}

const zips = readdirSync(DOU)
  .filter((f) => f.endsWith('.zip'))
  .map((f) => DOU + f)
const dir = mkdtempSync(join(tmpdir(), 'legisearch-bench-dou-'))
try {
  // The largest day, 10 times under new ids (idMateria + k * 100,000,000).
  const largest = zips.reduce((a, b) => (statSync(a).size >= statSync(b).size ? a : b))
  const entries = await zipEntries(largest)
  const copies: string[] = []
  for (let k = 0; k < 10; k++) {
    const shifted = Object.fromEntries(
      [...entries].map(([name, bytes]) => [
        name,
        Buffer.from(bytes.toString('utf8').replace(/idMateria="(\d+)"/, (_m, id: string) => `idMateria="${Number(id) + k * 100_000_000}"`)),
      ]),
    )
    const path = join(dir, `day-${k}-${basename(largest)}`)
    writeFileSync(path, await zipOf(shifted))
    copies.push(path)
  }
  const runs: [string, string[]][] = [
    ...zips.map((z): [string, string[]] => [basename(z), [z]]),
    ['all 6 zips + 1 act', [...zips, join(DOU, 'do1-sample/515_20260911_24349152.xml')]],
    [`${basename(largest)} ×10 (10 zips)`, copies],
  ]
  console.log(`legisearch ingest bench: the DOU source, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`)
  console.log('| files | zipped MB | acts | time | acts/s | peak RSS |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const [label, files] of runs) {
    const db = join(dir, 'snap.db')
    const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', db, ...files], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(r.stderr)
    const m = JSON.parse(r.stdout) as { ms: number; acts: number; maxRssMB: number }
    const mb = files.reduce((n, f) => n + statSync(f).size, 0) / 1e6
    console.log(
      `| ${label} | ${mb.toFixed(1)} | ${m.acts.toLocaleString('en-US')} | ${(m.ms / 1000).toFixed(1)} s | ${Math.round(m.acts / (m.ms / 1000)).toLocaleString('en-US')} | ${Math.round(m.maxRssMB)} MB |`,
    )
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true })
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
