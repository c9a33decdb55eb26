// scratch (not committed): ingest N generated propositions in calls of 10k, timed per call.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from '../scripts/generate/index.js'
import { openSnapshot } from '../src/index.js'
const n = Number(process.argv[2] ?? 30000)
const dir = mkdtempSync(join(tmpdir(), 'ing-'))
const snap = openSnapshot(join(dir, 's.db'))
const stakeholders = [...generate('stakeholders', 10_000, { seed: 42 })]
snap.upsert('stakeholders', stakeholders)
const all = [...generate('propositions', n, { seed: 42, stakeholders, fullText: true })]
let total = 0
for (let i = 0; i < n; i += 10_000) {
  const t = performance.now()
  snap.upsert('propositions', all.slice(i, i + 10_000))
  const ms = performance.now() - t
  total += ms
  console.log(`call ${i / 10_000}: ${ms.toFixed(0)} ms`)
}
console.log(`${n} in ${(total / 1000).toFixed(1)} s: ${Math.round(n / (total / 1000))}/s`)
snap.close()
