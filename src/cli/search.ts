import { defineCommand } from 'citty'
import { LegisearchError } from '../common/errors.js'
import { COLLECTIONS, type CorpusName, openSnapshot } from '../api/snapshot.js'
import { guarded, snapshotArg, snapshotPath, table } from './common.js'

const CORPORA = COLLECTIONS.filter((c) => c !== 'stakeholders')

/**
 * The body of `--filter k=v` flags: `k=a,b` is a list, `k=FROM..TO` (or `k=FROM..`) a DateRange.
 * Repeated flags add to the body; `--body` JSON is the base.
 */
function bodyOf(rawArgs: readonly string[], base: string | undefined): Record<string, unknown> {
  let body: Record<string, unknown> = {}
  if (base !== undefined) {
    try {
      body = JSON.parse(base) as Record<string, unknown>
    } catch (e) {
      throw new LegisearchError(400, 'invalid_json', `--body: not JSON (${(e as Error).message})`)
    }
  }
  for (let i = 0; i < rawArgs.length; i++) {
    const a = rawArgs[i] as string
    const value = a === '--filter' ? rawArgs[++i] : a.startsWith('--filter=') ? a.slice('--filter='.length) : undefined
    if (value === undefined) continue
    const eq = value.indexOf('=')
    if (eq <= 0)
      throw new LegisearchError(
        400,
        'invalid_parameters',
        `--filter: ${JSON.stringify(value)} is not k=v (e.g. states=SP,RJ or created_at=2023-01-01..2023-02-28)`,
      )
    const key = value.slice(0, eq)
    const v = value.slice(eq + 1)
    const range = /^(\d{4}-\d{2}-\d{2})?\.\.(\d{4}-\d{2}-\d{2})?$/.exec(v)
    body[key] = range
      ? { ...(range[1] ? { from: range[1] } : {}), ...(range[2] ? { to: range[2] } : {}) }
      : [...((body[key] as string[] | undefined) ?? []), ...v.split(',').map((x) => x.trim())]
  }
  return body
}

export default defineCommand({
  meta: { name: 'search', description: `Searches a corpus (${CORPORA.join(', ')}) as POST /search/<corpus> does` },
  args: {
    corpus: { type: 'positional', required: true, description: `The corpus: ${CORPORA.join(', ')}` },
    q: { type: 'string', description: 'The search box text (words, "phrases", -exclusions, OR, PL 2630/2020)' },
    filter: {
      type: 'string',
      description: 'A body filter k=v: a list (states=SP,RJ) or a DateRange (created_at=2023-01-01..2023-02-28); repeatable',
    },
    body: { type: 'string', description: 'The JSON body (filters given with --filter are added to it)' },
    sort: { type: 'string', description: 'newest, recently_updated (default), older or relevance' },
    modes: { type: 'string', description: 'sensitive, keyword or both, comma-separated' },
    page: { type: 'string', description: 'The page (from 1)' },
    limit: { type: 'string', description: 'Results per page, 1 to 20 (default 10)' },
    client: { type: 'string', description: "A client id: results carry that client's saved references" },
    json: { type: 'boolean', description: "Print the endpoint's exact JSON response" },
    ...snapshotArg,
  },
  run: ({ args, rawArgs }) =>
    guarded(() => {
      const query = Object.fromEntries(
        (['q', 'sort', 'modes', 'page', 'limit'] as const).flatMap((k) => (args[k] === undefined ? [] : [[k, args[k]]])),
      )
      const body = bodyOf(rawArgs, args.body)
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        const response = snap.search(
          args.corpus as CorpusName,
          query,
          body,
          args.client === undefined ? undefined : { clientId: args.client },
        )
        if (args.json) {
          process.stdout.write(`${JSON.stringify(response, null, 2)}\n`)
          return
        }
        const rows = response.results.map((r) => {
          const x = r as Record<string, unknown>
          const date = String(x['datePresentation'] ?? x['date'] ?? x['postedAt'] ?? '').slice(0, 10)
          return [String(x['id']), date, String(x['title'] || x['text'] || '').replace(/\s+/g, ' ')]
        })
        process.stdout.write(`${table(['id', 'date', 'title'], rows, [22, 10, 90])}\n`)
        const p = response.pagination
        process.stdout.write(`page ${p.page} of ${p.pages}, ${p.total.toLocaleString('en-US')} results\n`)
      } finally {
        snap.close()
      }
    }),
})
