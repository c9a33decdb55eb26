import { defineCommand } from 'citty'
import { openSnapshot } from '../api/snapshot.js'
import { invalid } from '../common/errors.js'
import { guarded, snapshotArg, snapshotPath, table } from './common.js'

/** `--format`: a table for people, JSON for programs. */
function formatOf(given: string | undefined): 'table' | 'json' {
  const f = given ?? 'table'
  if (f !== 'table' && f !== 'json') throw invalid(`--format: must be table or json (got ${JSON.stringify(f)})`, ['format'])
  return f
}

/** `--limit`: 1..100 (the library refuses anything else, naming findStakeholders.limit). */
function limitOf(given: string | undefined): number | undefined {
  if (given === undefined) return undefined
  if (!/^\d+$/.test(given.trim())) throw invalid(`--limit: must be an integer from 1 to 100 (got ${JSON.stringify(given)})`, ['limit'])
  return Number(given)
}

const formatArg = {
  format: { type: 'string', description: 'table (default) or json', valueHint: 'table|json' },
} as const

const find = defineCommand({
  meta: {
    name: 'find',
    description:
      'Finds stakeholders of every house by name (accents, case, prefixes and typos tolerated): the ids the authors, rapporteurs and stakeholders filters take',
  },
  args: {
    text: { type: 'positional', description: 'A name or part of one, e.g. "Katia Abreu"', required: true },
    limit: { type: 'string', description: 'How many, 1 to 100 (default 10)' },
    ...formatArg,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args.format)
      const limit = limitOf(args.limit)
      if (args.text.trim() === '') throw invalid('text: give a name to find (e.g. legisearch stakeholders find "Katia Abreu")', ['text'])
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        const found = snap.findStakeholders({ q: args.text, ...(limit === undefined ? {} : { limit }) })
        if (format === 'json') {
          process.stdout.write(`${JSON.stringify(found, null, 2)}\n`)
          return
        }
        if (found.length === 0) {
          process.stdout.write(`no stakeholder matches ${JSON.stringify(args.text)}\n`)
          return
        }
        // The id column is as wide as the longest id: ids are copied whole into filters.
        const idWidth = Math.max(2, ...found.map((f) => f.id.length))
        const rows = found.map((f) => [f.id, f.name, f.title, f.party, f.uf, f.active ? 'yes' : 'no', String(f.records)])
        process.stdout.write(
          `${table(['id', 'name', 'title', 'party', 'uf', 'active', 'records'], rows, [idWidth, 32, 22, 13, 3, 6, 7])}\n`,
        )
      } finally {
        snap.close()
      }
    }),
})

const show = defineCommand({
  meta: { name: 'show', description: 'One stakeholder by id (as GET /stakeholders/{id} answers it)' },
  args: {
    id: { type: 'positional', description: 'The stakeholder id, e.g. senado-senador-1249', required: true },
    ...formatArg,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args.format)
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        const s = snap.getStakeholder(args.id)
        if (format === 'json') {
          process.stdout.write(`${JSON.stringify(s, null, 2)}\n`)
          return
        }
        const fields: [string, string][] = [
          ['id', s.id],
          ['name', s.name],
          ['title', s.title],
          ['origin', [s.openDataResource, s.openDataId].filter(Boolean).join(' ')],
          ['situation', s.situation],
          ['active', s.active ? 'yes' : 'no'],
        ]
        process.stdout.write(`${fields.map(([k, v]) => `${k.padEnd(10)} ${v}`).join('\n')}\n`)
        if (s.organs.length > 0) {
          const rows = s.organs.map((o) => [o.role, o.initials || o.id, o.name, o.active ? 'yes' : 'no'])
          process.stdout.write(`\n${table(['role', 'initials', 'name', 'active'], rows, [14, 14, 60, 6])}\n`)
        }
      } finally {
        snap.close()
      }
    }),
})

export default defineCommand({
  meta: { name: 'stakeholders', description: 'Finds stakeholders by name and shows one by id' },
  subCommands: { find, show },
})
