/**
 * The error bodies a caller can cause, one or more per entrance, pinned as the HTTP API would
 * answer them (`{ error, code }` plus the status): the messages name the input and what is allowed.
 */
import { describe, expect, it } from 'vitest'
import { type LegisearchError, openSnapshot } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { sharedSnapshot, tempSnapshotPath } from '../helpers/tmp-snapshot.js'
import { untyped } from '../helpers/untyped.js'

const body = (e: LegisearchError) => ({ status: e.status, ...e.toJSON(), path: e.path, issues: e.issues.length })

describe('error bodies', () => {
  const snap = sharedSnapshot((s) => {
    s.upsert('notices', [{ id: 'n1', title: 'reforma tributária', date: '2024-03-01' }])
  })

  it('search: query string', () => {
    expect(body(errorOf(() => snap().searchPropositions({ limit: 50 })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "limit: must be an integer from 1 to 20 (got 50)",
        "issues": 1,
        "path": [
          "limit",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions(untyped({ page: '0', sort: 'best' }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "page: must be an integer ≥ 1 (got "0")",
        "issues": 2,
        "path": [
          "page",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({ size: 5 } as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "query: unknown field 'size'; the query string takes page, limit, q, modes, sort, facets, facetLimit, histogram",
        "issues": 1,
        "path": [
          "size",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions(untyped({ modes: 'fuzzy' }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "modes: unknown mode 'fuzzy'; allowed: sensitive, keyword (comma-separated)",
        "issues": 1,
        "path": [
          "modes",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({ q: '?!' })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "q: "?!" has no word with a letter or digit to search for",
        "issues": 1,
        "path": [
          "q",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({ q: 'a OR -b' })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "q: an excluded item (-word) cannot be an OR alternative in "a OR -b"; write the exclusion on its own",
        "issues": 1,
        "path": [
          "q",
        ],
        "status": 400,
      }
    `)
  })

  it('search: body', () => {
    expect(body(errorOf(() => snap().searchDou({}, untyped({ section: ['1'] }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "body: unknown field 'section'; dou takes keywords, sections, organizations, created_at",
        "issues": 1,
        "path": [
          "section",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchDou({}, untyped({ keywords: { any: ['x'] } }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "keywords: unknown field 'any'; keywords takes or, and, not",
        "issues": 1,
        "path": [
          "keywords",
          "any",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchDou({}, { keywords: { and: ['?'] } })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "keywords.and[0]: "?" has no letter or digit to search for",
        "issues": 1,
        "path": [
          "keywords",
          "and",
          0,
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({}, untyped({ processing: ['yes'] }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "processing[0]: must be 'true' or 'false' (strings)",
        "issues": 1,
        "path": [
          "processing",
          0,
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({}, untyped({ types: 'PL' }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "types: must be an array of strings",
        "issues": 1,
        "path": [
          "types",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchPropositions({}, untyped([]))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "body: must be a JSON object",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
  })

  it('search: DateRange', () => {
    expect(body(errorOf(() => snap().searchNotices({}, { created_at: { to: '2024-01-01' } })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_date_range",
        "error": "created_at: 'to' was given without 'from'; send both (only 'from' means up to today)",
        "issues": 1,
        "path": [
          "created_at",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchNotices({}, { created_at: { from: '2024-02-30' } })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_date_range",
        "error": "created_at.from: '2024-02-30' is not a date YYYY-MM-DD",
        "issues": 1,
        "path": [
          "created_at",
          "from",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchNotices({}, { created_at: { from: '2024-03-01', to: '2024-01-01' } })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_date_range",
        "error": "created_at: from (2024-03-01) is after to (2024-01-01)",
        "issues": 1,
        "path": [
          "created_at",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchNotices({}, untyped({ created_at: { from: 20240101 } }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_date_range",
        "error": "created_at.from: must be a date string YYYY-MM-DD (got 20240101)",
        "issues": 1,
        "path": [
          "created_at",
          "from",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().searchNotices({}, untyped({ created_at: { since: '2024-01-01' } }))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "created_at: unknown field 'since'; created_at takes from, to",
        "issues": 1,
        "path": [
          "created_at",
          "since",
        ],
        "status": 400,
      }
    `)
  })

  it('search: context and collection', () => {
    expect(body(errorOf(() => snap().searchNotices({}, {}, { client: 'x' } as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "ctx: unknown field 'client'; allowed: clientId",
        "issues": 1,
        "path": [
          "client",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().search('laws' as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "collection: must be one of propositions, social, dou, bacen, notices, irs (got "laws")",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
  })

  it('writes', () => {
    expect(body(errorOf(() => snap().upsert('notices', untyped([{ id: 'n2', title: 'x' }]))))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "records[0].date: is required (notices record 0; nothing of this call was written)",
        "issues": 1,
        "path": [
          "records",
          0,
          "date",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().upsert('notices', untyped([{ id: 'n2', date: '2024-01-01', colour: 'red' }])))))
      .toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "records[0]: unknown field 'colour'; allowed: id, openDataId, openDataResource, resource, site, title, description, descriptionEn, content, url, image, date (notices record 0; nothing of this call was written)",
        "issues": 1,
        "path": [
          "records",
          0,
          "colour",
        ],
        "status": 400,
      }
    `)
    expect(
      body(
        errorOf(() => snap().upsert('propositions', untyped([{ id: 'p', acronymType: 'PL', datePresentation: '2024-01-01', number: -1 }]))),
      ),
    ).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "records[0].number: must be ≥ 0 (propositions record 0; nothing of this call was written)",
        "issues": 2,
        "path": [
          "records",
          0,
          "number",
        ],
        "status": 400,
      }
    `)
    expect(
      body(
        errorOf(() =>
          snap().upsert('notices', [
            { id: 'd', date: '2024-01-01' },
            { id: 'd', date: '2024-01-01' },
          ]),
        ),
      ),
    ).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "records[1].id: 'd' repeats records[0].id; ids must be unique within one call",
        "issues": 1,
        "path": [
          "records",
          1,
          "id",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().remove('notices', [1] as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "ids[0]: must be an id string",
        "issues": 1,
        "path": [
          "ids",
          0,
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().upsert('laws' as never, [])))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "collection: must be one of propositions, social, dou, bacen, notices, irs, stakeholders (got "laws")",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
  })

  it('opening', () => {
    expect(body(errorOf(() => openSnapshot(tempSnapshotPath(), { readOnly: true } as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "options: unknown option "readOnly"; allowed: readonly, busyTimeoutMs, webhooks",
        "issues": 1,
        "path": [
          "readOnly",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => openSnapshot(tempSnapshotPath(), { busyTimeoutMs: 1.5 })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "options.busyTimeoutMs: must be an integer number of milliseconds from 0 to 600000",
        "issues": 1,
        "path": [
          "busyTimeoutMs",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => openSnapshot('/nonexistent/legisearch.db', { readonly: true })))).toMatchInlineSnapshot(`
      {
        "code": "not_found",
        "error": "snapshot file not found: /nonexistent/legisearch.db (a readonly snapshot must already exist)",
        "issues": 1,
        "path": [],
        "status": 404,
      }
    `)
  })

  it('stakeholders and monitors', () => {
    expect(body(errorOf(() => snap().getStakeholder('nobody')))).toMatchInlineSnapshot(`
      {
        "code": "not_found",
        "error": "stakeholder 'nobody' not found",
        "issues": 1,
        "path": [],
        "status": 404,
      }
    `)
    expect(body(errorOf(() => snap().getStakeholder('' as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "id: must be a non-empty stakeholder id string",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().findStakeholders({ q: 'x', limit: 500 })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "findStakeholders.limit: must be an integer from 1 to 100",
        "issues": 1,
        "path": [
          "limit",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().createMonitor(' ', 'pasta')))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "clientId: must be a non-empty string",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().saveToMonitor('c', 'm', 'laws' as never, 'x')))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "collection: must be one of propositions, social, dou, bacen, notices, irs (got "laws")",
        "issues": 1,
        "path": [],
        "status": 400,
      }
    `)
  })

  it('watchlist', () => {
    expect(body(errorOf(() => snap().listWatchlist({ q: 'x' } as never)))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "query: unknown parameter 'q'; allowed: search, limit, offset, status, subjectType, regime, measure, hideDeceased, sort",
        "issues": 1,
        "path": [
          "q",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().listWatchlist({ measure: 'embargo' })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "measure: must be one of asset freeze, travel ban, arms embargo, port entry ban, deflagging (compared case-insensitively)",
        "issues": 1,
        "path": [
          "measure",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().getDesignation('QDi.999')))).toMatchInlineSnapshot(`
      {
        "code": "not_found",
        "error": "designation 'QDi.999' not found",
        "issues": 1,
        "path": [],
        "status": 404,
      }
    `)
    expect(body(errorOf(() => snap().getDesignation('QDi.001', { lang: 'PT' })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "lang: must be a lower-case ISO 639-1 language code such as pt or es",
        "issues": 1,
        "path": [
          "lang",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().reconcileWatchlist('<x/>', { maxRemovalRatio: 2 })))).toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "options.maxRemovalRatio: must be a number from 0 to 1 (got 2)",
        "issues": 1,
        "path": [
          "maxRemovalRatio",
        ],
        "status": 400,
      }
    `)
    expect(body(errorOf(() => snap().importNarrativeTranslations([{ sourceRefNumber: 'QDi.001', lang: 'en', text: 'x' }]))))
      .toMatchInlineSnapshot(`
      {
        "code": "invalid_parameters",
        "error": "translations[0].lang: en is the original; give another language",
        "issues": 1,
        "path": [
          "translations",
          0,
          "lang",
        ],
        "status": 400,
      }
    `)
  })
})
