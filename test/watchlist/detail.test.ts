/**
 * `GET /watchlist/{ref}` (`getDesignation`), narrative translations (`importNarrativeTranslations`)
 * and a designation's audit history (`getDesignationHistory`), over the real UN list
 * (interface-spec §2.6, §4.9; DECISIONS §6).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Designation, ReconcileReport } from '../../src/index.js'
import { errorOf } from '../helpers/errors.js'
import {
  DELISTED_2026,
  FROM_2024_TO_2026,
  LIST_2024,
  LIST_2026,
  ONLY_2026,
  type RawRecord,
  allDesignations,
  hasUnLists,
  isDateTime,
  rawRecords,
  snapshotWith,
} from './support.js'

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()
type Translation = { sourceRefNumber: string; lang: string; text: string }

describe.skipIf(!hasUnLists)('GET /watchlist/{ref} over the real UN list (needs ../shared/data/un_sc)', () => {
  const snap = snapshotWith(FROM_2024_TO_2026)
  const detail = (ref: string, query?: Record<string, unknown>) => snap().getDesignation(ref, query as { lang?: string })
  const importing = (items: unknown) => snap().importNarrativeTranslations(items as Translation[])
  let byRef = new Map<string, Designation>()
  let raw2024 = new Map<string, RawRecord>()
  let raw2026 = new Map<string, RawRecord>()

  beforeAll(() => {
    byRef = new Map(allDesignations(snap()).map((d) => [d.sourceRefNumber, d]))
    raw2024 = rawRecords(readFileSync(LIST_2024, 'utf8'))
    raw2026 = rawRecords(readFileSync(LIST_2026, 'utf8'))
  })

  it('an unknown ref → 404 not_found', () => {
    for (const ref of ['QDi.999', 'XXi.001', 'QDe.004x', 'qde.0041']) {
      const e = errorOf(() => detail(ref))
      expect([e.status, e.code], ref).toEqual([404, 'not_found'])
      expect(e.toJSON()).toEqual({ error: e.message, code: 'not_found' })
    }
  })

  it('returns the designation (no wrapper): the list’s record plus the detail-only translation fields', () => {
    for (const ref of ['QDe.004', 'CDi.002', 'IQi.001', DELISTED_2026[0]]) {
      const d = detail(ref)
      const { narrativeTranslated, narrativeTranslatedLang, ...rest } = d
      expect(rest, ref).toEqual(byRef.get(ref))
      expect([narrativeTranslated, narrativeTranslatedLang]).toEqual([null, 'en'])
    }
    expect(detail(DELISTED_2026[0]).status).toBe('delisted')
  })

  it('lang absent or `en` → narrativeTranslated null and narrativeTranslatedLang `en`', () => {
    for (const q of [undefined, {}, { lang: 'en' }]) {
      const d = detail('QDe.004', q)
      expect([d.narrativeTranslated, d.narrativeTranslatedLang], JSON.stringify(q)).toEqual([null, 'en'])
    }
  })

  it('a malformed lang → 400 invalid_parameters naming lang', () => {
    for (const lang of ['PT', 'por', 'p1', '', 'pt-BR', 'pt_BR', ' pt', 'Pt']) {
      const e = errorOf(() => detail('QDe.004', { lang }))
      expect([e.status, e.code], JSON.stringify(lang)).toEqual([400, 'invalid_parameters'])
      expect(e.message, JSON.stringify(lang)).toContain('lang')
    }
    const e = errorOf(() => detail('QDe.004', { language: 'pt' }))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toContain('language')
    expect(e.message).toContain('lang')
  })

  it('serves an imported translation in narrativeTranslated and narrativeTranslations, never replacing the narrative', () => {
    const original = detail('QDe.004').narrative
    expect(original.length).toBeGreaterThan(0)
    const text = 'Tradução automática da narrativa da Al-Qaida (teste).'
    expect(importing([{ sourceRefNumber: 'QDe.004', lang: 'pt', text }])).toEqual({ imported: 1 })

    const pt = detail('QDe.004', { lang: 'pt' })
    expect([pt.narrativeTranslated, pt.narrativeTranslatedLang]).toEqual([text, 'pt'])
    expect(pt.narrativeTranslations).toEqual({ pt: text })
    expect(pt.narrative).toBe(original)

    // A language with no translation: null, in that language.
    const es = detail('QDe.004', { lang: 'es' })
    expect([es.narrativeTranslated, es.narrativeTranslatedLang]).toEqual([null, 'es'])
    expect(es.narrativeTranslations).toEqual({ pt: text })
    // `en` performs no lookup even when translations exist.
    const en = detail('QDe.004', { lang: 'en' })
    expect([en.narrativeTranslated, en.narrativeTranslatedLang, en.narrative]).toEqual([null, 'en', original])
    // Another designation has none.
    expect(detail('CDi.002', { lang: 'pt' }).narrativeTranslated).toBeNull()
    // The list serves the translations too (never narrativeTranslated).
    const listed = snap().listWatchlist({ search: 'AL-QAIDA', limit: 100 }).data.find((d) => d.sourceRefNumber === 'QDe.004')
    expect(listed?.narrativeTranslations).toEqual({ pt: text })
    expect(listed?.narrative).toBe(original)

    // Importing again for the same (ref, lang) replaces that translation only.
    importing([
      { sourceRefNumber: 'QDe.004', lang: 'pt', text: `${text} v2` },
      { sourceRefNumber: 'QDe.004', lang: 'es', text: 'Traducción.' },
    ])
    expect(detail('QDe.004', { lang: 'pt' }).narrativeTranslated).toBe(`${text} v2`)
    expect(detail('QDe.004', { lang: 'es' }).narrativeTranslations).toEqual({ es: 'Traducción.', pt: `${text} v2` })
    expect(importing([])).toEqual({ imported: 0 })
  })

  describe('importNarrativeTranslations validation: 400 naming the item, nothing imported', () => {
    const good = { sourceRefNumber: 'CDi.001', lang: 'fr', text: 'Traduction.' }
    const cases: [string, unknown, string[]][] = [
      ['an unknown ref', [good, { sourceRefNumber: 'QZi.999', lang: 'fr', text: 'x' }], ['translations[1]', 'QZi.999']],
      ['lang en', [good, good, { sourceRefNumber: 'CDi.001', lang: 'en', text: 'x' }], ['translations[2]', 'lang']],
      ['lang upper-case', [{ ...good, lang: 'FR' }], ['translations[0]', 'lang']],
      ['lang with region', [good, { ...good, lang: 'fr-CA' }], ['translations[1]', 'lang']],
      ['empty text', [good, { ...good, text: '' }], ['translations[1]', 'text']],
      ['blank text', [{ ...good, text: '  \n ' }, good], ['translations[0]', 'text']],
      ['a missing ref', [good, { lang: 'fr', text: 'x' }], ['translations[1]', 'sourceRefNumber']],
      ['an unknown field', [good, { ...good, language: 'fr' }], ['translations[1]', 'language']],
      ['not an array', good, ['translations']],
    ]
    it.each(cases)('%s', (_what, items, mentions) => {
      const e = errorOf(() => importing(items))
      expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
      for (const m of mentions) expect(e.message).toContain(m)
      // The valid items of the batch were not imported either.
      expect(detail('CDi.001', { lang: 'fr' }).narrativeTranslated).toBeNull()
      expect(detail('CDi.001').narrativeTranslations).toEqual({})
    })
  })

  describe('getDesignationHistory', () => {
    const AT_2024 = '2024-09-26T00:00:00.000Z'
    const AT_2026 = '2026-02-27T00:00:00.000Z'
    const GEN_2024 = '2024-09-26T00:00:07.514Z'
    const GEN_2026 = '2026-02-27T00:00:09.554Z'

    it('a delisted ref: listed on 2024-09-26, delisted on 2026-02-27', () => {
      for (const ref of DELISTED_2026) {
        const h = snap().getDesignationHistory(ref)
        expect(h.map((e) => [e.type, e.observedAt, e.listDateGenerated]), ref).toEqual([
          ['listed', AT_2024, GEN_2024],
          ['delisted', AT_2026, GEN_2026],
        ])
      }
    })

    it('a ref new in 2026: one listed event', () => {
      const added = [...raw2026.keys()].filter((r) => !raw2024.has(r))
      expect(added.length).toBe(1003 - (875 - DELISTED_2026.length))
      for (const ref of added.slice(0, 10)) {
        expect(snap().getDesignationHistory(ref), ref).toEqual([{ type: 'listed', observedAt: AT_2026, listDateGenerated: GEN_2026 }])
      }
    })

    it('a ref whose narrative changed: listed, then amended with the narrative before and after', () => {
      const changed = [...raw2026.values()].filter((r) => {
        const old = raw2024.get(r.ref)
        return old !== undefined && collapse(old.comments) !== collapse(r.comments)
      })
      expect(changed.map((r) => r.ref)).toContain('QDi.006')
      for (const r of changed) {
        const h = snap().getDesignationHistory(r.ref)
        expect(h.map((e) => e.type), r.ref).toEqual(['listed', 'amended'])
        const amended = h[1]
        expect(amended?.observedAt).toBe(AT_2026)
        expect(isDateTime(amended?.observedAt)).toBe(true)
        const before = collapse((raw2024.get(r.ref) as RawRecord).comments)
        const after = collapse(r.comments)
        expect(amended?.changes?.some((c) => c.before === before && c.after === after), `${r.ref}: no before/after narrative change`).toBe(true)
      }
    })

    it('an unknown ref → 404 not_found', () => {
      const e = errorOf(() => snap().getDesignationHistory('QDi.999'))
      expect([e.status, e.code]).toEqual([404, 'not_found'])
    })
  })
})

describe.skipIf(!hasUnLists)('translations after the origin amends a narrative (needs ../shared/data/un_sc)', () => {
  const snap = snapshotWith(ONLY_2026)
  const AMENDED_NARRATIVE = 'CDi.001' // COMMENTS1 changed
  const AMENDED_ELSEWHERE = 'CDi.002' // LAST_DAY_UPDATED changed, narrative kept
  const ADDED = ' Amended by the test: a later sentence.'
  let dir = ''
  let amendedFile = ''
  let original: Designation | undefined

  /** The 2026-02-27 file with two records changed and a later dateGenerated. */
  function craft(xml: string): string {
    const edit = (ref: string, change: (block: string) => string) => {
      const m = new RegExp(`<INDIVIDUAL>(?:(?!</INDIVIDUAL>)[\\s\\S])*?<REFERENCE_NUMBER>${ref.replace('.', '\\.')}</REFERENCE_NUMBER>[\\s\\S]*?</INDIVIDUAL>`).exec(xml)
      if (!m) throw new Error(`${ref} not found in the list`)
      const changed = change(m[0])
      if (changed === m[0]) throw new Error(`${ref}: the edit changed nothing`)
      xml = xml.replace(m[0], changed)
    }
    edit(AMENDED_NARRATIVE, (b) => b.replace(/<\/COMMENTS1>/, `${ADDED}</COMMENTS1>`))
    edit(AMENDED_ELSEWHERE, (b) => b.replace(/(<LAST_DAY_UPDATED>\s*<VALUE>)[^<]*(<\/VALUE>)/, '$12026-02-28$2'))
    const out = xml.replace('dateGenerated="2026-02-27T00:00:09.554Z"', 'dateGenerated="2026-03-01T00:00:00.000Z"')
    if (out === xml) throw new Error('dateGenerated not found')
    return out
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'legisearch-watchlist-'))
    amendedFile = join(dir, 'UN_consolidated_2026-03-01.xml')
    writeFileSync(amendedFile, craft(readFileSync(LIST_2026, 'utf8')))
    original = snap().getDesignation(AMENDED_NARRATIVE)
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('the old translation stops being served; one of an unchanged narrative still is; a new import serves again', () => {
    expect(original?.narrative.length).toBeGreaterThan(0)
    snap().importNarrativeTranslations([
      { sourceRefNumber: AMENDED_NARRATIVE, lang: 'pt', text: 'Tradução da narrativa antiga.' },
      { sourceRefNumber: AMENDED_NARRATIVE, lang: 'es', text: 'Traducción de la narrativa antigua.' },
      { sourceRefNumber: AMENDED_ELSEWHERE, lang: 'pt', text: 'Tradução que continua válida.' },
    ])
    expect(snap().getDesignation(AMENDED_NARRATIVE, { lang: 'pt' }).narrativeTranslated).toBe('Tradução da narrativa antiga.')

    const report: ReconcileReport = snap().reconcileWatchlist(readFileSync(amendedFile), { observedOn: '2026-03-01' })
    expect([...report.amended].sort()).toEqual([AMENDED_NARRATIVE, AMENDED_ELSEWHERE])
    expect(report.delisted).toEqual([])

    const after = snap().getDesignation(AMENDED_NARRATIVE, { lang: 'pt' })
    expect(after.narrative).toBe(`${original?.narrative}${ADDED}`)
    expect([after.narrativeTranslated, after.narrativeTranslatedLang]).toEqual([null, 'pt'])
    expect(after.narrativeTranslations).toEqual({})
    expect(after.lastEventType).toBe('amended')
    expect(snap().getDesignation(AMENDED_NARRATIVE, { lang: 'es' }).narrativeTranslated).toBeNull()
    const listed = snap().listWatchlist({ search: after.primaryName, limit: 100 }).data.find((d) => d.sourceRefNumber === AMENDED_NARRATIVE)
    expect(listed?.narrativeTranslations).toEqual({})

    const kept = snap().getDesignation(AMENDED_ELSEWHERE, { lang: 'pt' })
    expect(kept.lastEventType).toBe('amended')
    expect(kept.lastUpdatedOn).toBe('2026-02-28')
    expect(kept.narrativeTranslated).toBe('Tradução que continua válida.')

    const history = snap().getDesignationHistory(AMENDED_NARRATIVE)
    expect(history.map((e) => e.type)).toEqual(['listed', 'amended'])
    expect(history[1]?.listDateGenerated).toBe('2026-03-01T00:00:00.000Z')
    expect(history[1]?.changes?.some((c) => c.after === collapse(`${original?.narrative}${ADDED}`))).toBe(true)

    snap().importNarrativeTranslations([{ sourceRefNumber: AMENDED_NARRATIVE, lang: 'pt', text: 'Tradução da narrativa nova.' }])
    const again = snap().getDesignation(AMENDED_NARRATIVE, { lang: 'pt' })
    expect([again.narrativeTranslated, again.narrativeTranslatedLang]).toEqual(['Tradução da narrativa nova.', 'pt'])
    expect(again.narrativeTranslations).toEqual({ pt: 'Tradução da narrativa nova.' })
  })
})
