import { defineCommand } from 'citty'
import { sources } from 'legisearch'
import { guarded, table } from './common.js'

export default defineCommand({
  meta: { name: 'sources', description: 'The official sources: what each reads, where it is published, and how to fetch it' },
  args: { json: { type: 'boolean', description: 'Print as JSON' } },
  run: ({ args }) =>
    guarded(() => {
      const list = sources()
      if (args.json) {
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
        return
      }
      const rows = list.map((s) => [s.name, s.writes.join(', '), s.fetch.split(' ')[0] ?? '', s.origin])
      process.stdout.write(`${table(['source', 'writes', 'fetch', 'official address'], rows, [8, 26, 8, 70])}\n\n`)
      for (const s of list) {
        process.stdout.write(`${s.name}: ${s.description}\n  fetch: ${s.fetch}\n`)
        for (const k of s.kinds) process.stdout.write(`  - ${k.description}\n`)
      }
    }),
})
