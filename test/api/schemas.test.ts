/**
 * The schemas are the single source of the API's description: each converts to JSON Schema (the
 * OpenAPI document and the MCP tools' inputs are made from them), with a type wherever the spec
 * names one, and the real responses of every endpoint are what the response schemas say.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { generate } from '../../scripts/generate/index.js'
import { COLLECTIONS, type CorpusName, LegisearchError, schemas, searchMethodOf } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import { sharedSnapshot } from '../helpers/tmp-snapshot.js'
import { LIST_2026 } from '../watchlist/support.js'
import { untyped as unchecked } from '../helpers/untyped.js'

const CORPORA = COLLECTIONS.filter((c): c is CorpusName => c !== 'stakeholders')

/** Every schema the module exports, by a readable name; per-corpus maps are flattened (`resultSchemas.dou`). */
function allSchemas(): [string, z.ZodType][] {
  const out: [string, z.ZodType][] = []
  for (const [name, value] of Object.entries(schemas)) {
    if (value instanceof z.ZodType) out.push([name, value])
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (inner instanceof z.ZodType) out.push([`${name}.${key}`, inner])
    }
  }
  return out
}

/**
 * The places of a JSON Schema where a value of no stated type is allowed (`{}`), except the values
 * of a free-form object (`additionalProperties: {}`), which the spec names as free-form.
 */
function untyped(schema: unknown, at = '#'): string[] {
  if (schema === null || typeof schema !== 'object') return []
  const s = schema as Record<string, unknown>
  const out: string[] = []
  const typed = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'not'].some((k) => k in s)
  if (!typed && at !== '#/$defs') out.push(at)
  for (const [key, value] of Object.entries(s)) {
    if (key === 'additionalProperties' || key === 'propertyNames') continue
    if (key === 'properties' || key === '$defs') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) out.push(...untyped(v, `${at}/${key}/${k}`))
    } else if (key === 'items' || key === 'not') {
      out.push(...untyped(value, `${at}/${key}`))
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') {
      ;(value as unknown[]).forEach((v, i) => out.push(...untyped(v, `${at}/${key}/${i}`)))
    }
  }
  return out
}

describe('schemas: JSON Schema', () => {
  const all = allSchemas()

  it('exports the request and response schemas of every endpoint, per corpus from the registry', () => {
    const names = all.map(([n]) => n)
    for (const c of CORPORA) {
      expect(names).toContain(`searchBodySchemas.${c}`)
      expect(names).toContain(`resultSchemas.${c}`)
      expect(names).toContain(`searchResponseSchemas.${c}`)
    }
    for (const n of [
      'searchQuerySchema',
      'searchContextSchema',
      'watchlistQuerySchema',
      'designationQuerySchema',
      'findStakeholdersSchema',
      'paginationSchema',
      'highlightSchema',
      'savedBucketRefSchema',
      'stakeholderSchema',
      'designationSchema',
      'designationDetailSchema',
      'watchlistPageSchema',
      'errorBodySchema',
    ]) {
      expect(names).toContain(n)
    }
  })

  it.each(allSchemas())('%s converts, as input and as output, with a type at every named place', (_name, schema) => {
    for (const io of ['input', 'output'] as const) {
      const json = z.toJSONSchema(schema, { io })
      expect(untyped(json), io).toEqual([])
    }
  })

  it('describes an integer query parameter as integer-or-string in, integer out', () => {
    const input = z.toJSONSchema(schemas.searchQuerySchema, { io: 'input' }) as { properties: Record<string, unknown> }
    const output = z.toJSONSchema(schemas.searchQuerySchema, { io: 'output' }) as { properties: Record<string, unknown> }
    expect(input.properties['limit']).toMatchObject({ type: ['number', 'string'] })
    expect(output.properties['limit']).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 })
    const body = z.toJSONSchema(schemas.searchBodySchemas.propositions, { io: 'input' }) as {
      $defs?: unknown
      properties: Record<string, unknown>
    }
    expect(JSON.stringify(body)).toContain('"format":"date"')
  })
})

describe('schemas: real responses of every endpoint', () => {
  const snap = sharedSnapshot((s) => {
    s.upsert('stakeholders', [...generate('stakeholders', 40)])
    for (const c of CORPORA) s.upsert(c, unchecked([...generate(c, 60)]))
    s.reconcileWatchlist(readFileSync(LIST_2026), { observedOn: '2026-02-27' })
  })

  it.each(CORPORA)('POST /search/%s: every result, highlights and saved references', (corpus) => {
    const s = snap()
    const first = s.search(corpus, { limit: 1 }).results[0] as { id: string } & Record<string, unknown>
    const monitor = s.createMonitor('client-1', 'pasta')
    expect(() => schemas.savedBucketRefSchema.parse(s.saveToMonitor('client-1', monitor.id, corpus, first.id))).not.toThrow()
    // A word of the corpus's text, so pages carry highlights.
    const texts = Object.values(first).filter((v): v is string => typeof v === 'string' && !/^https?:/.test(v))
    const words = texts.flatMap((t) => t.match(/\p{L}{5,}/gu) ?? [])
    const word = words.find((w) => s.search(corpus, { q: w, modes: 'sensitive' }).pagination.total > 0)
    expect(word).toBeDefined()
    for (const query of [
      { limit: 20 },
      { q: word as string, sort: 'relevance', limit: 20 },
      { q: word as string, modes: 'sensitive' },
    ] as const) {
      const response = s[searchMethodOf(corpus)](query, {}, { clientId: 'client-1' })
      expect(() => schemas.searchResponseSchemas[corpus].parse(response)).not.toThrow()
      expect(response.results.length).toBeGreaterThan(0)
    }
    const saved = s.search(corpus, { limit: 20 }, {}, { clientId: 'client-1' }).results as Record<string, unknown>[]
    expect(saved.some((r) => (r[corpus === 'propositions' ? 'savedPropositions' : 'savedBuckets'] as unknown[]).length > 0)).toBe(true)
  })

  it('stakeholders, monitors and errors', () => {
    const s = snap()
    const [stakeholder] = [...generate('stakeholders', 1)]
    expect(() => schemas.stakeholderSchema.parse(s.getStakeholder((stakeholder as { id: string }).id))).not.toThrow()
    const matches = s.findStakeholders({ q: (stakeholder as { name: string }).name })
    expect(matches.length).toBeGreaterThan(0)
    for (const m of matches) expect(() => schemas.stakeholderMatchSchema.parse(m)).not.toThrow()
    s.createMonitor('client-2', 'outra')
    for (const m of s.listMonitors('client-2')) expect(() => schemas.monitorSchema.parse(m)).not.toThrow()
    for (const e of [
      errorOf(() => s.searchPropositions({ limit: 50 })),
      errorOf(() => s.searchDou({}, { created_at: { to: '2024-01-01' } })),
      errorOf(() => s.getStakeholder('nobody')),
    ]) {
      expect(e).toBeInstanceOf(LegisearchError)
      expect(() => schemas.errorBodySchema.parse(e.toJSON())).not.toThrow()
    }
  })

  it('GET /watchlist and GET /watchlist/{ref} on the real 2026-02-27 list', () => {
    const s = snap()
    for (const query of [
      { limit: 100 },
      { search: 'al qaida' },
      { status: 'delisted' as const },
      { sort: 'name' as const, offset: 900, limit: 100 },
    ]) {
      const page = s.listWatchlist(query)
      expect(() => schemas.watchlistPageSchema.parse(page)).not.toThrow()
      for (const d of page.data)
        expect(() => schemas.designationDetailSchema.parse(s.getDesignation(d.sourceRefNumber, { lang: 'pt' }))).not.toThrow()
    }
  })
})
