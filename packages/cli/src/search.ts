import { defineCommand } from 'citty'
import { invalid } from 'legisearch/internal'
import { COLLECTIONS, type CorpusName, openSnapshot } from 'legisearch'
import { guarded, snapshotArg, snapshotPath } from './common.js'
import { FORMATS, exportFormatOf, exportResults } from './search-export.js'
import { bodyOf } from './search-filters.js'
import { countsTable } from './search-facets.js'
import { resultsTable } from './search-table.js'
import { EVERYTHING, runSearchEverything } from './search-everything.js'

const CORPORA = COLLECTIONS.filter((c) => c !== 'stakeholders') as CorpusName[]

export default defineCommand({
  meta: {
    name: 'search',
    description: `Searches a corpus (${CORPORA.join(', ')}) as POST /search/<corpus> does, or every corpus at once (${EVERYTHING}: POST /search)`,
  },
  args: {
    corpus: { type: 'positional', required: true, description: `The corpus: ${CORPORA.join(', ')}, or ${EVERYTHING} (every corpus)` },
    q: { type: 'string', description: 'The search box text (words, "phrases", -exclusions, OR, PL 2630/2020)' },
    filter: {
      type: 'string',
      description:
        'A body filter k=v, repeatable: ONE value of a list (commas are part of it: repeat --filter for more), ' +
        'a DateRange FROM..TO / FROM.. / DAY, keywords.or|and|not=WORDS; k:=JSON gives the field as JSON',
    },
    body: { type: 'string', description: 'The JSON body (filters given with --filter are added to it)' },
    sort: { type: 'string', description: 'newest, recently_updated (default), older or relevance' },
    modes: { type: 'string', description: 'sensitive, keyword or both, comma-separated' },
    page: { type: 'string', description: 'The page (from 1)' },
    limit: { type: 'string', description: 'Results per page, 1 to 20 (default 10)' },
    facets: {
      type: 'string',
      description: 'Count these value filters over every match, comma-separated (all: every one), printed after the results',
      valueHint: 'parties,states',
    },
    histogram: { type: 'string', description: 'Count every match per month or year of the main date', valueHint: 'month|year' },
    all: { type: 'boolean', description: 'Every result, page by page (with --format; a progress bar on a terminal)' },
    format: {
      type: 'string',
      description: `Write results as ${FORMATS.join(' or ')} (CSV: the table's columns, whole; JSONL: whole results)`,
    },
    out: { type: 'string', description: 'Write to this file (whole or not at all) instead of stdout', valueHint: 'FILE' },
    client: { type: 'string', description: "A client id: results carry that client's saved references" },
    json: { type: 'boolean', description: "Print the endpoint's exact JSON response" },
    ...snapshotArg,
  },
  run: ({ args, rawArgs }) =>
    guarded(async () => {
      if (args.corpus === EVERYTHING) return runSearchEverything(args, rawArgs)
      const corpus = args.corpus as CorpusName
      if (!CORPORA.includes(corpus))
        throw invalid(`corpus: must be one of ${CORPORA.join(', ')}, ${EVERYTHING} (got ${JSON.stringify(args.corpus)})`, ['corpus'])
      const format = exportFormatOf(args.format, args.out)
      if (args.json && format !== undefined)
        throw invalid('--json: not with --format (--format jsonl writes whole results, one a line)', ['json'])
      if (args.all && format === undefined)
        throw invalid('--all: give --format csv or --format jsonl (or an --out FILE ending .csv or .jsonl)', ['all'])
      if (args.out !== undefined && format === undefined) throw invalid('--out: give --format csv or --format jsonl', ['out'])
      if (args.all && (args.page !== undefined || args.limit !== undefined))
        throw invalid('--all: every result is written; --page and --limit do not apply', ['all'])
      for (const k of ['facets', 'histogram'] as const)
        if (args[k] !== undefined && format !== undefined)
          throw invalid(`--${k}: counts print with the table or --json, not with --format`, [k])
      const query = Object.fromEntries(
        (['q', 'sort', 'modes', 'page', 'limit', 'facets', 'histogram'] as const).flatMap((k) =>
          args[k] === undefined ? [] : [[k, args[k]]],
        ),
      )
      const body = bodyOf(corpus, rawArgs, args.body)
      const ctx = args.client === undefined ? undefined : { clientId: args.client }
      const snap = openSnapshot(snapshotPath(args.snapshot), { readonly: true })
      try {
        if (args.all) {
          const all = snap.searchAll(corpus, query, body, ctx)
          const written = await exportResults(corpus, all, all.total, format as NonNullable<typeof format>, args.out)
          if (written === null) return
          process.stderr.write(
            `${written.toLocaleString('en-US')} ${corpus} ${written === 1 ? 'result' : 'results'} written${args.out === undefined ? '' : ` to ${args.out}`}\n`,
          )
          return
        }
        const response = snap.search(corpus, query, body, ctx)
        if (format !== undefined) {
          await exportResults(corpus, response.results, response.results.length, format, args.out)
          return
        }
        if (args.json) {
          process.stdout.write(`${JSON.stringify(response, null, 2)}\n`)
          return
        }
        process.stdout.write(`${resultsTable(corpus, response.results)}\n`)
        const p = response.pagination
        process.stdout.write(`page ${p.page} of ${p.pages}, ${p.total.toLocaleString('en-US')} ${p.total === 1 ? 'result' : 'results'}\n`)
        if (response.facets !== undefined || response.histogram !== undefined) process.stdout.write(`\n${countsTable(response)}\n`)
      } finally {
        snap.close()
      }
    }),
})
