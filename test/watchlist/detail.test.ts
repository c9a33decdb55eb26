/**
 * `GET /watchlist/{ref}` (`getDesignation`), narrative translations (`importNarrativeTranslations`)
 * and a designation's audit history (`getDesignationHistory`), over the real UN list
 * (interface-spec §2.6, §4.9; DECISIONS §6).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Designation, ReconcileReport } from 'legisearch'
import { errorOf } from '../helpers/errors.js'
import {
  DELISTED_2026,
  FROM_2024_TO_2026,
  LIST_2024,
  LIST_2026,
  ONLY_2026,
  type RawRecord,
  allDesignations,
  isDateTime,
  rawRecords,
  snapshotWith,
} from './support.js'
import { sharedTempDir } from '../helpers/tmp-snapshot.js'

/** A narrative as compared: every whitespace character removed. */
const bare = (s: string) => s.replace(/\s+/g, '')
type Translation = { sourceRefNumber: string; lang: string; text: string; sourceText?: string }

describe('GET /watchlist/{ref} over the real UN list', () => {
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

  it('a malformed lang, or one that is no ISO 639-1 code → 400 invalid_parameters naming lang', () => {
    for (const lang of ['PT', 'por', 'p1', '', 'pt-BR', 'pt_BR', ' pt', 'Pt', 'zz', 'xx', 'qq', 'jp']) {
      const e = errorOf(() => detail('QDe.004', { lang }))
      expect([e.status, e.code], JSON.stringify(lang)).toEqual([400, 'invalid_parameters'])
      expect(e.message, JSON.stringify(lang)).toMatch(/\blang\b.*ISO 639-1/)
    }
    for (const lang of ['pt', 'es', 'fr', 'ar', 'zh', 'ru', 'ja', 'he'])
      expect(detail('QDe.004', { lang }).narrativeTranslatedLang, lang).toBe(lang)
    // An unknown parameter is named, and `lang` is given as the one allowed.
    const e = errorOf(() => detail('QDe.004', { language: 'pt' }))
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toMatch(/^query: unknown parameter .*language.*; allowed: lang$/)
  })

  it('the query may be URLSearchParams; a Map or other non-plain object → 400 (never read as no lang)', () => {
    const viaParams = snap().getDesignation('QDe.004', new URLSearchParams('lang=es') as unknown as { lang?: string })
    expect(viaParams).toEqual(detail('QDe.004', { lang: 'es' }))
    expect(viaParams.narrativeTranslatedLang).toBe('es')
    const twice = errorOf(() => snap().getDesignation('QDe.004', new URLSearchParams('lang=es&lang=pt') as unknown as { lang?: string }))
    expect([twice.status, twice.message]).toEqual([400, "query: parameter 'lang' is given more than once"])
    const bad = errorOf(() => snap().getDesignation('QDe.004', new URLSearchParams('lang=zz') as unknown as { lang?: string }))
    expect([bad.status, bad.message]).toEqual([400, expect.stringContaining('lang')])
    class Query {
      lang = 'es'
    }
    for (const query of [new Map([['lang', 'es']]), new Query(), ['lang', 'es'], 'lang=es']) {
      const e = errorOf(() => snap().getDesignation('QDe.004', query as unknown as { lang?: string }))
      expect([e.status, e.code, e.message], String(query)).toEqual([
        400,
        'invalid_parameters',
        'query: must be a plain object of query-string parameters (or URLSearchParams)',
      ])
    }
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
    const listed = snap()
      .listWatchlist({ search: 'AL-QAIDA', limit: 100 })
      .data.find((d) => d.sourceRefNumber === 'QDe.004')
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
      ['lang no ISO 639-1 code (zz)', [good, { ...good, lang: 'zz' }], ['translations[1].lang', 'ISO 639-1']],
      ['lang a three-letter code', [{ ...good, lang: 'fra' }], ['translations[0].lang', 'ISO 639-1']],
      [
        'a sourceText that is not the current narrative',
        [good, { ...good, lang: 'pt', sourceText: 'He fled to Rwanda in March 2013 and is still living there as of early 2017.' }],
        ["translations[1].sourceText: is not the current narrative of 'CDi.001'", 'nothing was imported'],
      ],
      ['a sourceText that is not a string', [good, { ...good, lang: 'pt', sourceText: 42 }], ['translations[1].sourceText']],
      [
        'a designation without narrative (HTi.008)',
        [good, { sourceRefNumber: 'HTi.008', lang: 'fr', text: 'x' }],
        ["translations[1]: designation 'HTi.008' has no narrative to translate"],
      ],
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

  it('sourceText: the narrative that was translated; equal to the current one, whitespace aside, it is accepted', () => {
    const current = detail('CDi.002').narrative
    expect(current).toMatch(/\n/)
    const reflowed = `  ${current.replace(/\s+/g, ' ').replace('web link:https', 'web link: https')}\n`
    expect(importing([{ sourceRefNumber: 'CDi.002', lang: 'it', text: 'Traduzione.', sourceText: reflowed }])).toEqual({ imported: 1 })
    expect(detail('CDi.002', { lang: 'it' }).narrativeTranslated).toBe('Traduzione.')
    expect(importing([{ sourceRefNumber: 'CDi.002', lang: 'de', text: 'Übersetzung.', sourceText: current }])).toEqual({ imported: 1 })
    expect(detail('CDi.002').narrativeTranslations).toEqual({ de: 'Übersetzung.', it: 'Traduzione.' })
    // One word off: refused, and the batch's other (valid) item is not imported either.
    const e = errorOf(() =>
      importing([
        { sourceRefNumber: 'CDi.002', lang: 'nl', text: 'Vertaling.' },
        { sourceRefNumber: 'CDi.002', lang: 'sv', text: 'Översättning.', sourceText: current.replace('Kinshasa', 'Goma') },
      ]),
    )
    expect([e.status, e.code]).toEqual([400, 'invalid_parameters'])
    expect(e.message).toBe(
      "translations[1].sourceText: is not the current narrative of 'CDi.002' (the origin amended it?); nothing was imported",
    )
    expect(Object.keys(detail('CDi.002').narrativeTranslations).sort()).toEqual(['de', 'it'])
    expect(detail('HTi.008').narrative).toBe('')
  })

  describe('getDesignationHistory', () => {
    const AT_2024 = '2024-09-26T00:00:00.000Z'
    const AT_2026 = '2026-02-27T00:00:00.000Z'
    const GEN_2024 = '2024-09-26T00:00:07.514Z'
    const GEN_2026 = '2026-02-27T00:00:09.554Z'

    it('a delisted ref: listed on 2024-09-26, delisted on 2026-02-27 (with its status changes)', () => {
      for (const ref of DELISTED_2026) {
        expect(snap().getDesignationHistory(ref), ref).toEqual([
          { type: 'listed', observedAt: AT_2024, listDateGenerated: GEN_2024 },
          {
            type: 'delisted',
            observedAt: AT_2026,
            listDateGenerated: GEN_2026,
            changes: [
              { field: 'status', before: 'listed', after: 'delisted' },
              { field: 'delistedOn', before: null, after: '2026-02-27' },
            ],
          },
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

    it('a ref whose narrative changed (whitespace aside): listed, then amended with the narratives as published before and after', () => {
      const changed = [...raw2026.values()].filter((r) => {
        const old = raw2024.get(r.ref)
        return old !== undefined && bare(old.comments) !== bare(r.comments)
      })
      expect(changed.map((r) => r.ref)).toContain('QDi.006')
      let multiline = 0
      for (const r of changed) {
        const h = snap().getDesignationHistory(r.ref)
        expect(
          h.map((e) => e.type),
          r.ref,
        ).toEqual(['listed', 'amended'])
        const amended = h[1]
        expect(amended?.observedAt).toBe(AT_2026)
        expect(isDateTime(amended?.observedAt)).toBe(true)
        const before = (raw2024.get(r.ref) as RawRecord).comments.trim()
        const after = r.comments.trim()
        if (/\s\s|\n/.test(before + after)) multiline++
        expect(
          amended?.changes?.filter((c) => c.field === 'narrative'),
          r.ref,
        ).toEqual([{ field: 'narrative', before, after }])
      }
      // Some of them hold line breaks or double spaces: kept in the history, not collapsed.
      expect(multiline).toBeGreaterThan(0)
    })

    it('a ref whose narrative is the same (whitespace aside) has no narrative change in its history', () => {
      let n = 0
      for (const r of raw2026.values()) {
        const old = raw2024.get(r.ref)
        if (old === undefined || bare(old.comments) !== bare(r.comments)) continue
        n++
        for (const e of snap().getDesignationHistory(r.ref))
          expect(e.changes?.some((c) => c.field === 'narrative') ?? false, r.ref).toBe(false)
      }
      expect(n).toBeGreaterThan(500)
    })

    it('an unknown ref → 404 not_found', () => {
      const e = errorOf(() => snap().getDesignationHistory('QDi.999'))
      expect([e.status, e.code]).toEqual([404, 'not_found'])
    })
  })
})

describe('translations after the origin amends a narrative', () => {
  const snap = snapshotWith(ONLY_2026)
  const AMENDED_NARRATIVE = 'CDi.001' // COMMENTS1 changed
  const AMENDED_ELSEWHERE = 'CDi.002' // LAST_DAY_UPDATED changed, narrative kept
  const ADDED = ' Amended by the test: a later sentence.'
  const dir = sharedTempDir()
  let amendedFile = ''
  let original: Designation | undefined

  /** The 2026-02-27 file with two records changed and a later dateGenerated. */
  function craft(xml: string): string {
    const edit = (ref: string, change: (block: string) => string) => {
      const m = new RegExp(
        `<INDIVIDUAL>(?:(?!</INDIVIDUAL>)[\\s\\S])*?<REFERENCE_NUMBER>${ref.replace('.', '\\.')}</REFERENCE_NUMBER>[\\s\\S]*?</INDIVIDUAL>`,
      ).exec(xml)
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
    amendedFile = join(dir(), 'UN_consolidated_2026-03-01.xml')
    writeFileSync(amendedFile, craft(readFileSync(LIST_2026, 'utf8')))
    original = snap().getDesignation(AMENDED_NARRATIVE)
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
    const listed = snap()
      .listWatchlist({ search: after.primaryName, limit: 100 })
      .data.find((d) => d.sourceRefNumber === AMENDED_NARRATIVE)
    expect(listed?.narrativeTranslations).toEqual({})

    const kept = snap().getDesignation(AMENDED_ELSEWHERE, { lang: 'pt' })
    expect(kept.lastEventType).toBe('amended')
    expect(kept.lastUpdatedOn).toBe('2026-02-28')
    expect(kept.narrativeTranslated).toBe('Tradução que continua válida.')

    const history = snap().getDesignationHistory(AMENDED_NARRATIVE)
    expect(history.map((e) => e.type)).toEqual(['listed', 'amended'])
    expect(history[1]?.listDateGenerated).toBe('2026-03-01T00:00:00.000Z')
    expect(history[1]?.changes).toEqual([{ field: 'narrative', before: original?.narrative, after: `${original?.narrative}${ADDED}` }])
    // The old narrative is no longer the one to translate.
    const stale = errorOf(() =>
      snap().importNarrativeTranslations([
        { sourceRefNumber: AMENDED_NARRATIVE, lang: 'pt', text: 'Tradução.', sourceText: original?.narrative } as Translation,
      ]),
    )
    expect([stale.status, stale.message]).toEqual([
      400,
      expect.stringMatching(/^translations\[0\]\.sourceText: is not the current narrative of 'CDi\.001'/),
    ])

    snap().importNarrativeTranslations([{ sourceRefNumber: AMENDED_NARRATIVE, lang: 'pt', text: 'Tradução da narrativa nova.' }])
    const again = snap().getDesignation(AMENDED_NARRATIVE, { lang: 'pt' })
    expect([again.narrativeTranslated, again.narrativeTranslatedLang]).toEqual(['Tradução da narrativa nova.', 'pt'])
    expect(again.narrativeTranslations).toEqual({ pt: 'Tradução da narrativa nova.' })
  })
})

describe('translations when the origin only reflows a narrative', () => {
  const snap = snapshotWith(ONLY_2026)
  const REF = 'CDi.002' // a narrative with line breaks and double spaces
  const dir = sharedTempDir()

  it('the reflowed narrative is stored as published, is no amendment, and keeps its translations', () => {
    const before = snap().getDesignation(REF)
    expect(before.narrative).toMatch(/\n/)
    expect(before.narrative).toContain('web link:https')
    snap().importNarrativeTranslations([{ sourceRefNumber: REF, lang: 'pt', text: 'Tradução da narrativa.' }])
    const history = snap().getDesignationHistory(REF)

    const xml = readFileSync(LIST_2026, 'utf8')
    const block =
      new RegExp(
        `<INDIVIDUAL>(?:(?!</INDIVIDUAL>)[\\s\\S])*?<REFERENCE_NUMBER>${REF.replace('.', '\\.')}</REFERENCE_NUMBER>[\\s\\S]*?</INDIVIDUAL>`,
      ).exec(xml)?.[0] ?? ''
    const reflowedBlock = block.replace(
      /<COMMENTS1>([\s\S]*?)<\/COMMENTS1>/,
      (_m, t: string) => `<COMMENTS1>${t.replace(/\s+/g, ' ').replace('web link:https', 'web link: https')}</COMMENTS1>`,
    )
    expect(reflowedBlock).not.toBe(block)
    const file = join(dir(), 'reflowed.xml')
    writeFileSync(
      file,
      xml.replace(block, reflowedBlock).replace('dateGenerated="2026-02-27T00:00:09.554Z"', 'dateGenerated="2026-03-01T00:00:00.000Z"'),
    )
    const report = snap().reconcileWatchlist(readFileSync(file), { observedOn: '2026-03-01' })
    expect({ amended: report.amended, unchanged: report.unchanged }).toEqual({ amended: [], unchanged: 1003 })

    const after = snap().getDesignation(REF, { lang: 'pt' })
    expect(after.narrative).toBe(before.narrative.replace(/\s+/g, ' ').replace('web link:https', 'web link: https'))
    expect(after.narrative).not.toBe(before.narrative)
    expect([after.narrativeTranslated, after.narrativeTranslatedLang]).toEqual(['Tradução da narrativa.', 'pt'])
    expect(after.narrativeTranslations).toEqual({ pt: 'Tradução da narrativa.' })
    expect(after.lastEventType).toBe(before.lastEventType)
    expect(snap().getDesignationHistory(REF)).toEqual(history)
    // The narrative as first published is still the one translated (whitespace aside).
    expect(
      snap().importNarrativeTranslations([
        { sourceRefNumber: REF, lang: 'es', text: 'Traducción.', sourceText: before.narrative } as Translation,
      ]),
    ).toEqual({ imported: 1 })
    expect(snap().getDesignation(REF, { lang: 'es' }).narrativeTranslated).toBe('Traducción.')
  })
})
