import { openSnapshot } from './src/index.js'
import { mkdtempSync, readdirSync } from 'node:fs'
const d = mkdtempSync('/tmp/dou-')
const s = openSnapshot(`${d}/s.db`)
const dir = '/work/shared/data/dou/'
const files = [...readdirSync(dir).filter((f) => f.endsWith('.zip')).map((f) => dir + f), dir + 'do1-sample/515_20260911_24349152.xml']
const t = performance.now()
const r = await s.ingest('dou', files)
console.log(Math.round(performance.now() - t), 'ms', r.collections.dou, r.skipped.length)
const res = s.searchDou({ q: '"medida preventiva"', limit: 2 }, { sections: ['1'] })
console.log(res.pagination, JSON.stringify(res.results[0], null, 1)?.slice(0, 1500))
const r2 = s.searchDou({ limit: 1 }, { sections: ['Seção 3'] })
console.log(r2.pagination.total)
const again = await s.ingest('dou', files)
console.log(again.collections.dou)
