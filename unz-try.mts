import { readdirSync } from 'node:fs'
import { withUnpacked } from './src/ingest/archives.js'
const dir = '/work/shared/data/dou/'
const files = readdirSync(dir).filter((f) => f.endsWith('.zip')).map((f) => ({ path: dir + f, name: dir + f }))
for (let i = 0; i < 3; i++) {
  const t = performance.now()
  const n = await withUnpacked(files, async (inputs) => inputs.length)
  console.log(n, Math.round(performance.now() - t), 'ms')
}
