/**
 * What an alerts check costs: generated propositions in a fresh snapshot, a broad saved search (no
 * `q`: every proposition matches) and a narrow one (`q`), then a write of `--changed` propositions
 * (new ones) and the check, timed; and a check with nothing written (it reads no search at all).
 *
 * Usage: `tsx bench/alerts-check.ts [--count 100000] [--changed 1000] [--seed 42]`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { generate } from '../scripts/generate/index.js'
import { openSnapshot } from '../packages/legisearch/src/index.js'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    changed: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '42' },
  },
})
const [count, changed, seed] = [Number(values.count), Number(values.changed), Number(values.seed)]
const dir = mkdtempSync(join(tmpdir(), 'ls-alerts-'))
const snap = openSnapshot(join(dir, 'alerts.db'))
const ms = (t: number) => `${(performance.now() - t).toFixed(1)} ms`
try {
  const stakeholders = [...generate('stakeholders', 2_000, { seed })]
  snap.upsert('stakeholders', stakeholders)
  const all = [...generate('propositions', count + changed, { seed, stakeholders })]
  for (let i = 0; i < count; i += 10_000) snap.upsert('propositions', all.slice(i, Math.min(i + 10_000, count)))
  const m = snap.createMonitor('bench', 'M')
  snap.saveSearch('bench', m.id, { collection: 'propositions', name: 'every proposition' })
  snap.saveSearch('bench', m.id, { collection: 'propositions', query: { q: 'reforma' }, name: 'q=reforma' })
  let t = performance.now()
  snap.checkAlerts('bench', m.id)
  console.log(`${count.toLocaleString('en')} propositions; a check with nothing written: ${ms(t)}`)
  t = performance.now()
  snap.upsert('propositions', all.slice(count))
  console.log(`${changed.toLocaleString('en')} new propositions written: ${ms(t)}`)
  t = performance.now()
  const found = snap.checkAlerts('bench', m.id).data
  const broad = found.filter((a) => a.document !== undefined).length
  console.log(`the check: ${ms(t)}, ${broad.toLocaleString('en')} alerts (both saved searches)`)
} finally {
  snap.close()
  rmSync(dir, { recursive: true, force: true })
}
