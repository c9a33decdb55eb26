/**
 * The tools of the MCP server: each search, one document by id, the watchlist, a designation,
 * stakeholder lookup and detail. Each tool's input schema is the library's own zod schema (a
 * search's is its query string and its body side by side), and each call is the library's method:
 * the library validates, so an agent gets the very messages an HTTP client or a library caller gets.
 */
import { invalid, clipped, z } from 'legisearch/internal'
import type { ZodObject } from 'legisearch/internal'
import { LegisearchError, schemas, CORPUS_NAMES, type CorpusName, type FindStakeholdersInput, type Snapshot } from 'legisearch'

export interface Tool {
  readonly name: string
  readonly description: string
  /** The arguments, as the library's schema (its input form is what the tool lists). */
  readonly input: ZodObject
  readonly run: (snap: Snapshot, args: Record<string, unknown>, clientId: string | undefined) => unknown
  /** The tool writes the snapshot (needs `legisearch mcp --writable`); the others only read. */
  readonly writes?: boolean
}

/** The client of a saved-search tool, and a snapshot it may write: refused, saying how, otherwise. */
function alertsClient(snap: Snapshot, clientId: string | undefined, writes: boolean): string {
  if (clientId === undefined) {
    throw invalid('this MCP server was started without --client: saved searches belong to a client’s monitors; start it with --client NAME')
  }
  if (writes && snap.readonly) {
    throw new LegisearchError(
      'forbidden',
      'this MCP server serves its snapshot read-only: start it with --writable to save searches and check alerts (a check marks the documents it lists as seen)',
    )
  }
  return clientId
}

const monitorIdArg = z.string().min(1).meta({ description: 'A monitor id, as list_monitors gives it.' })

const QUERY_KEYS = new Set(Object.keys(schemas.searchQuerySchema.shape))

/** A search's arguments: the query-string parameters, then the body's fields. */
function split(args: Record<string, unknown>): [query: Record<string, unknown>, body: Record<string, unknown>] {
  const query: Record<string, unknown> = {}
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(args)) (QUERY_KEYS.has(k) ? query : body)[k] = v
  return [query, body]
}

const FILTERS_HELP =
  'Free text in `q` (words, "phrases", AND/OR/NOT, bill identifiers such as PL 2630/2020); `page`, `limit` (1..20), `sort` ' +
  '(newest, recently_updated, older, relevance), `modes`; the other arguments are the body filters (`keywords`, `created_at` ' +
  '{from, to}, …). Answers { results, pagination }. `facets` (filter names, or `all`) adds each filter’s value counts over every ' +
  'match, `histogram` (month, year) the matches per period of the main date: { facets: { parties: [{ value, count }] }, histogram: [{ period, count }] }.'

export const TOOLS: readonly Tool[] = [
  ...CORPUS_NAMES.map((name): Tool => ({
    name: `search_${name}`,
    description: `Searches ${name} (POST /search/${name}). ${FILTERS_HELP}`,
    input: schemas.searchQuerySchema.extend(schemas.searchBodySchemas[name].shape),
    run: (snap, args, clientId) => {
      const [query, body] = split(args)
      return snap.search(name, query, body, clientId === undefined ? undefined : { clientId })
    },
  })),
  // One search across every corpus (POST /search, an extension).
  {
    name: 'search_everything',
    description:
      'Searches every corpus at once (POST /search): "everything that mentions PL 2630/2020". `q`, `modes`, `page`, `limit` (1..20) ' +
      'as the other searches; `sort` relevance (default: the corpora interleaved by rank, a bill identifier typed in `q` first) or ' +
      'newest; `created_at` {from, to} the only filter (search one corpus for its others). Answers { results: each its corpus’s result ' +
      'with `corpus`, pagination, totals: per corpus }.',
    input: schemas.everythingQuerySchema.extend(schemas.everythingBodySchema.shape),
    run: (snap, args, clientId) => {
      const query: Record<string, unknown> = {}
      const body: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(args)) (Object.hasOwn(schemas.everythingQuerySchema.shape, k) ? query : body)[k] = v
      return snap.searchEverything(query, body, clientId === undefined ? undefined : { clientId })
    },
  },
  {
    name: 'list_watchlist',
    description:
      'The UN Security Council sanctions watchlist (GET /watchlist): `search` (an exact substring of any name after removing accents, ' +
      'case and punctuation; NOT fuzzy: to check whether a person is sanctioned use screen_names, since 0 hits here proves nothing), `status`, ' +
      '`subjectType`, `regime`, `measure`, `hideDeceased`, `sort`, `limit` (1..100), `offset`. Answers { data, total }.',
    input: schemas.watchlistQuerySchema,
    run: (snap, args) => snap.listWatchlist(args),
  },
  {
    name: 'get_designation',
    description: 'One designation by reference number such as QDi.001 (GET /watchlist/{ref}); `lang` translates its narrative.',
    input: z.strictObject({ ref: schemas.refSchema }).extend(schemas.designationQuerySchema.shape),
    run: (snap, args) => {
      const { ref, ...query } = args
      return snap.getDesignation(ref as string, query)
    },
  },
  {
    name: 'screen_names',
    description:
      'Screens people or entities against the UN Security Council sanctions list (POST /watchlist/screen): `entries` [{ name, ' +
      'birthDate?, nationality?, id? }] (1..10,000), `threshold` (0..1, default 0.8), `limit` per name (default 5), `includeDelisted`. ' +
      'Tolerates word order, "Surname, Given" forms, typos, missing middle names, transliteration variants (Mohammed/Muhammad, ' +
      'al-/el-, bin/ibn, Usama/Osama) and Arabic, Cyrillic or Chinese script. A score (0..1) says how alike the names are: 1 is a listed ' +
      'name word for word; a birth year or nationality that agrees raises it, one that disagrees lowers it; `reasons` says why. ' +
      'A match is a lead for a person to review, not a finding. 0 matches is NOT proof that someone is not sanctioned: a name ' +
      'spelled far from every listed alias, or a person listed under another name, is missed; check `heldBackRemovals` and ' +
      '`listDateGenerated` for how current the list is. Answers { results: one per entry in input order, threshold, listDateGenerated, heldBackRemovals, watchlistVersion }.',
    input: schemas.screenRequestSchema,
    run: (snap, args) => snap.screenReport(args as Parameters<Snapshot['screenReport']>[0]),
  },
  {
    name: 'find_stakeholders',
    description:
      'Finds stakeholders of every house (deputies, senators, state deputies, organs) by name, tolerant of accents, case, prefixes ' +
      'and typos: the ids the `authors`, `rapporteurs` and `stakeholders` filters take. An exact name ranks first, then one that ' +
      'stored documents name (`records`); each match gives its party and state (`party`, `uf`) and its `kind` (person, ' +
      'committee, party, organ, unknown); `kind` keeps only the kinds given (e.g. "committee" for the committees that author bills).',
    input: schemas.findStakeholdersSchema,
    run: (snap, args) => snap.findStakeholders(args as FindStakeholdersInput),
  },
  {
    name: 'get_stakeholder',
    description: 'One stakeholder by id (GET /stakeholders/{id}).',
    input: z.strictObject({ id: schemas.stakeholderIdSchema }),
    run: (snap, args) => {
      const { id, ...rest } = args
      const extra = Object.keys(rest)[0]
      if (extra !== undefined) throw invalid(`arguments: unknown argument '${clipped(extra)}'; get_stakeholder takes id`)
      return snap.getStakeholder(id as string)
    },
  },
  {
    name: 'get_document',
    description:
      'One document by its id (GET /documents/{collection}/{id}): `collection` (propositions, social, dou, bacen, notices, irs) and ' +
      '`id` (a search result’s `id`). Answers the document as that corpus’s search results show it (no highlights, relevance 0, the ' +
      'client’s saved references): the full record of a hit found by a search.',
    input: z.strictObject({ collection: schemas.collectionSchema, id: schemas.documentIdSchema }),
    run: (snap, args, clientId) => {
      const { collection, id, ...rest } = args
      const extra = Object.keys(rest)[0]
      if (extra !== undefined) throw invalid(`arguments: unknown argument '${clipped(extra)}'; get_document takes collection, id`)
      return snap.getDocument(collection as CorpusName, id as string, clientId === undefined ? undefined : { clientId })
    },
  },
  {
    name: 'list_monitors',
    description: 'The client’s monitors (folders of saved documents and saved searches), oldest first (GET /monitors). Answers { data }.',
    input: z.strictObject({}),
    run: (snap, _args, clientId) => ({ data: snap.listMonitors(alertsClient(snap, clientId, false)) }),
  },
  {
    name: 'save_search',
    description:
      'Saves a search in one of the client’s monitors (POST /monitors/{monitorId}/searches): `collection`, `query` (q, modes, sort: ' +
      'an object or a query string), `body` (the filters), optional `name` and `webhook` (an http(s) URL each check POSTs the new ' +
      'documents to, signed). check_alerts then lists the documents matching it that are added or changed after now. Needs --writable.',
    input: z.strictObject({ monitorId: monitorIdArg }).extend(schemas.saveSearchInputSchema.shape),
    writes: true,
    run: (snap, args, clientId) => {
      const { monitorId, ...input } = args
      return snap.saveSearch(alertsClient(snap, clientId, true), monitorId as string, input as never)
    },
  },
  {
    name: 'list_saved_searches',
    description: 'The saved searches of one of the client’s monitors, oldest first (GET /monitors/{monitorId}/searches). Answers { data }.',
    input: z.strictObject({ monitorId: monitorIdArg }),
    run: (snap, args, clientId) => ({ data: snap.listSavedSearches(alertsClient(snap, clientId, false), args['monitorId'] as string) }),
  },
  {
    name: 'check_alerts',
    description:
      'Checks the client’s saved searches (of one monitor with `monitorId`, else of every monitor): the documents each matches that ' +
      'were added or changed (by ingest time) since its last check, at most `limit` per saved search (1..1000, default 100), oldest ' +
      'write first, then marks only those seen, so the next check goes on where this one stopped; each saved search’s webhook gets ' +
      'the same documents. Answers { data: [{ searchId, collection, document }], more: [searchId, …] (the saved searches with more ' +
      'waiting: check again), deliveries }. Needs --writable.',
    input: z.strictObject({ monitorId: monitorIdArg.optional() }).extend(schemas.alertCheckOptionsSchema.shape),
    writes: true,
    run: async (snap, args, clientId) => {
      const { data, more, deliveries } = snap.checkAlertsAndNotify(
        alertsClient(snap, clientId, true),
        args['monitorId'] as string | undefined,
        {
          limit: args['limit'] as number | undefined,
        },
      )
      return { data, more, deliveries: await deliveries }
    },
  },
]

/** A tool's input schema as MCP lists it: the JSON Schema of the schema's input form. */
export function inputSchemaOf(tool: Tool): { type: 'object'; [k: string]: unknown } {
  const { $schema: _schema, ...json } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  return { ...json, type: 'object' }
}
