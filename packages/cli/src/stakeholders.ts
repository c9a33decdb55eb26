import { defineCommand } from 'citty'
import { STAKEHOLDER_KINDS, type StakeholderKind } from 'legisearch'
import { invalid } from 'legisearch/internal'
import { guarded, readingSnapshot, snapshotArg, table } from './common.js'
import { formatArgs, formatOf, printJson, wholeWidth } from './format.js'

/** `--limit`: 1..100 (the library refuses anything else, naming findStakeholders.limit). */
function limitOf(given: string | undefined): number | undefined {
  if (given === undefined) return undefined
  if (!/^\d+$/.test(given.trim())) throw invalid(`--limit: must be an integer from 1 to 100 (got ${JSON.stringify(given)})`, ['limit'])
  return Number(given)
}

/** `--kind`: one kind or several, comma-separated (the library's kinds). */
function kindsOf(given: string | undefined): StakeholderKind[] | undefined {
  if (given === undefined) return undefined
  const kinds = given.split(',').map((k) => k.trim())
  const wrong = kinds.find((k) => !(STAKEHOLDER_KINDS as readonly string[]).includes(k))
  if (wrong !== undefined) {
    const what = wrong === '' ? 'an empty kind' : `unknown kind ${JSON.stringify(wrong)}`
    throw invalid(`--kind: ${what}; allowed: ${STAKEHOLDER_KINDS.join(', ')} (comma-separated)`, ['kind'])
  }
  return kinds as StakeholderKind[]
}

const find = defineCommand({
  meta: {
    name: 'find',
    description:
      'Finds stakeholders of every house by name (accents, case, prefixes and typos tolerated): the ids the authors, rapporteurs and stakeholders filters take',
  },
  args: {
    text: { type: 'positional', description: 'A name or part of one, e.g. "Katia Abreu"', required: true },
    limit: { type: 'string', description: 'How many, 1 to 100 (default 10)' },
    kind: { type: 'string', description: `Only these kinds, comma-separated: ${STAKEHOLDER_KINDS.join(', ')}` },
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const limit = limitOf(args.limit)
      const kind = kindsOf(args.kind)
      if (args.text.trim() === '') throw invalid('text: give a name to find (e.g. legisearch stakeholders find "Katia Abreu")', ['text'])
      const found = readingSnapshot(args.snapshot, (snap) =>
        snap.findStakeholders({ q: args.text, ...(limit === undefined ? {} : { limit }), ...(kind === undefined ? {} : { kind }) }),
      )
      if (format === 'json') return printJson(found)
      if (found.length === 0) {
        const of = kind === undefined ? '' : ` of kind ${kind.join(', ')}`
        process.stdout.write(`no stakeholder${of} matches ${JSON.stringify(args.text)}\n`)
        return
      }
      // Ids whole: they are copied into the authors, rapporteurs and stakeholders filters.
      const idWidth = wholeWidth(
        found.map((f) => f.id),
        2,
      )
      const rows = found.map((f) => [f.id, f.name, f.kind, f.title, f.party, f.uf, f.active ? 'yes' : 'no', String(f.records)])
      const header = ['id', 'name', 'kind', 'title', 'party', 'uf', 'active', 'records']
      process.stdout.write(`${table(header, rows, [idWidth, 32, 9, 22, 13, 3, 6, 7])}\n`)
    }),
})

const show = defineCommand({
  meta: { name: 'show', description: 'One stakeholder by id (as GET /stakeholders/{id} answers it)' },
  args: {
    id: { type: 'positional', description: 'The stakeholder id, e.g. senado-senador-1249', required: true },
    ...formatArgs,
    ...snapshotArg,
  },
  run: ({ args }) =>
    guarded(() => {
      const format = formatOf(args)
      const s = readingSnapshot(args.snapshot, (snap) => snap.getStakeholder(args.id))
      if (format === 'json') return printJson(s)
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
    }),
})

export default defineCommand({
  meta: { name: 'stakeholders', description: 'Finds stakeholders by name and shows one by id' },
  subCommands: { find, show },
})
