/**
 * Ingest speed and memory of the DOU source on its real INLABS files (`test/fixtures/dou`): each
 * day zip alone, all of them in one call, and the largest day (Section 3, 2,691 act files)
 * repeated 10 times as 10 zips under new `idMateria`s, to see that memory is one day's whatever
 * the number of days. Each ingest runs in a fresh process. Prints a table; not part of `npm test`.
 * `--reader` runs the reader alone (unpacking, parsing, converting; nothing written) to tell its
 * share from the write path's. CPU is the child's user + system time (the machine is shared: wall
 * time depends on the other processes, CPU time much less).
 *
 *   npx tsx bench/ingest-dou.ts [--reader]
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openSnapshot } from '../packages/legisearch/src/index.js'
import { withUnpacked } from '../packages/legisearch/src/ingest/archives.js'
import { loadSource } from '../packages/legisearch/src/ingest/registry.js'
import { fixtureDir } from '../test/helpers/fixtures.js'
import { zipEntries, zipOf } from '../test/helpers/zip.js'

const DOU = `${fixtureDir('dou')}/`
const SELF = fileURLToPath(import.meta.url)

const READER = process.argv.includes('--reader')

/**
 * This process's peak RSS: VmHWM, the high-water mark of its own memory since exec. Not
 * `resourceUsage().maxRSS`: Linux carries the parent's RSS at fork into the child's maxRSS, so
 * every child reported at least this bench's own RSS (169–224 MB here, the ten copies held).
 */
function peakRssMB(): number {
  try {
    const kB = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    if (kB !== undefined) return Number(kB) / 1024
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024
}

if (process.argv[2] === '--child') {
  const [db, ...files] = process.argv.slice(3).filter((a) => a !== '--reader') as [string, ...string[]]
  const cpu = process.cpuUsage()
  const t = performance.now()
  let acts = 0
  if (READER) {
    // The reader as the ingest runs it (`withUnpacked`, then the source's batches), nothing written.
    const ctx = { stage: () => ({ add: () => {}, get: () => new Map() }), progress: () => {}, skip: () => {} }
    await withUnpacked(
      files.map((p) => ({ path: p, name: p })),
      async (inputs) => {
        for await (const batch of (await loadSource('dou')).read(inputs, ctx)) if ('records' in batch) acts += batch.records.length
      },
    )
  } else {
    const snap = openSnapshot(db)
    acts = (await snap.ingest('dou', files)).collections.dou.inserted
    snap.close()
  }
  const ms = performance.now() - t
  const used = process.cpuUsage(cpu)
  process.stdout.write(JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000, acts, maxRssMB: peakRssMB() }))
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
  console.log(
    `legisearch ingest bench: the DOU source${READER ? ', the reader alone' : ''}, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}`,
  )
  console.log('| files | zipped MB | acts | time | CPU | acts/s | acts/CPU s | peak RSS |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const [label, files] of runs) {
    const db = join(dir, 'snap.db')
    const args = ['--import', 'tsx', SELF, '--child', db, ...files, ...(READER ? ['--reader'] : [])]
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(r.stderr)
    const m = JSON.parse(r.stdout) as { ms: number; cpuMs: number; acts: number; maxRssMB: number }
    const mb = files.reduce((n, f) => n + statSync(f).size, 0) / 1e6
    console.log(
      `| ${label} | ${mb.toFixed(1)} | ${m.acts.toLocaleString('en-US')} | ${(m.ms / 1000).toFixed(1)} s | ${(m.cpuMs / 1000).toFixed(1)} s | ${Math.round(m.acts / (m.ms / 1000)).toLocaleString('en-US')} | ${Math.round(m.acts / (m.cpuMs / 1000)).toLocaleString('en-US')} | ${Math.round(m.maxRssMB)} MB |`,
    )
    for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true })
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
