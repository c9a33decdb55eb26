/**
 * Ingest speed and memory of every registered source on its real files (the conformance cases'
 * files of `test/fixtures`): one call per source, each in a fresh process into a new snapshot.
 * Prints a table; not part of `npm test`. The Câmara and the DOU at larger sizes:
 * `bench/ingest-camara.ts`, `bench/ingest-dou.ts`.
 *
 *   npx tsx bench/ingest-sources.ts
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SourceName, openSnapshot } from '../packages/legisearch/src/index.js'

const SELF = fileURLToPath(import.meta.url)

if (process.argv[2] === '--child') {
  const [db, source, ...files] = process.argv.slice(3) as [string, SourceName, ...string[]]
  const snap = openSnapshot(db)
  const t = performance.now()
  const report = await snap.ingest(source, files)
  const ms = performance.now() - t
  snap.close()
  const records = Object.values(report.collections).reduce((n, c) => n + c.inserted + c.updated + c.unchanged, 0)
  process.stdout.write(JSON.stringify({ ms, records, maxRssMB: process.resourceUsage().maxRSS / 1024 }))
  process.exit(0)
}

// Loaded only here: the cases read the real files at import (the child's memory must be its ingest's).
const { CASES } = await import('../test/ingest/cases.js')
console.log(`legisearch ingest bench: every source on its real files, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`)
console.log('| source (case) | files | MB | records | time | records/s | peak RSS |')
console.log('|---|---:|---:|---:|---:|---:|---:|')
const dir = mkdtempSync(join(tmpdir(), 'legisearch-bench-sources-'))
try {
  for (const c of CASES) {
    const db = join(dir, 'snap.db')
    const r = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', db, c.source, ...c.files], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(r.stderr)
    const m = JSON.parse(r.stdout) as { ms: number; records: number; maxRssMB: number }
    const mb = c.files.reduce((n, f) => n + statSync(f).size, 0) / 1e6
    console.log(
      `| ${c.label} | ${c.files.length} | ${mb.toFixed(1)} | ${m.records.toLocaleString('en-US')} | ${(m.ms / 1000).toFixed(2)} s | ${Math.round(m.records / (m.ms / 1000)).toLocaleString('en-US')} | ${Math.round(m.maxRssMB)} MB |`,
    )
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true })
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
